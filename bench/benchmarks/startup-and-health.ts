import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchDir, median, record, repoRoot, round } from '../lib/harness.ts';
import { freePort, spawnUntilHealthy } from '../lib/processes.ts';

const RUNS = 5;
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 5);
const serverMain = path.join(repoRoot, 'apps/server/dist/main.js');
const baselineMain = path.join(benchDir, 'benchmarks/baseline-http-server.mjs');

async function startAtelier(dataDir: string) {
  const port = await freePort();
  const started = await spawnUntilHealthy(
    process.execPath,
    [serverMain],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SECRETS_KEY: Buffer.alloc(32).toString('base64'),
      MODEL_CATALOGUE_URL: 'off',
    },
    `http://127.0.0.1:${port}/api/health`,
  );
  return { ...started, port };
}

async function startBaseline() {
  const port = await freePort();
  const started = await spawnUntilHealthy(
    process.execPath,
    [baselineMain],
    { PORT: String(port) },
    `http://127.0.0.1:${port}/api/health`,
  );
  return { ...started, port };
}

async function throughput(port: number) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api/health`,
    connections: 20,
    duration: LOAD_SECONDS,
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** Time from process start to a healthy /api/health, and /api/health throughput, against bare node:http. */
export async function run() {
  if (!fs.existsSync(serverMain)) throw new Error('Build the server first: node scripts/build-if-stale.mjs');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-'));
  try {
    const cold: number[] = [];
    const warm: number[] = [];
    const baseline: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-cold-'));
      const c = await startAtelier(fresh);
      cold.push(c.startMs);
      await c.stop();
      fs.rmSync(fresh, { recursive: true, force: true });
    }
    // Warm: the data directory already exists and is migrated.
    await (await startAtelier(dataDir)).stop();
    for (let i = 0; i < RUNS; i++) {
      const w = await startAtelier(dataDir);
      warm.push(w.startMs);
      await w.stop();
      const b = await startBaseline();
      baseline.push(b.startMs);
      await b.stop();
    }

    const atelier = await startAtelier(dataDir);
    const base = await startBaseline();
    const ours = await throughput(atelier.port);
    const theirs = await throughput(base.port);
    await atelier.stop();
    await base.stop();

    record({
      name: 'startup-and-health',
      description:
        'process start → healthy /api/health (PGlite), and /api/health throughput, vs bare node:http',
      figures: {
        'cold start, fresh data dir (median ms)': round(median(cold)),
        'warm start, existing data dir (median ms)': round(median(warm)),
        'bare node:http start (median ms)': round(median(baseline)),
        'atelier /api/health (req/s)': round(ours.rps),
        'atelier /api/health p99 (ms)': ours.p99,
        'bare node:http (req/s)': round(theirs.rps),
        'bare node:http p99 (ms)': theirs.p99,
        'errors (atelier + baseline)': ours.errors + theirs.errors,
      },
      ratios: {
        'warm start / bare start': round(median(warm) / median(baseline)),
        'health req/s / bare req/s': round(ours.rps / theirs.rps),
      },
      targets: { 'warm start to healthy': '≤ 1500 ms' },
      notes: [`${RUNS} starts each; throughput: autocannon, 20 connections, ${LOAD_SECONDS} s`],
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
