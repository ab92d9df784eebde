import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startPgCluster } from '../../apps/server/test/support/pg-cluster.ts';
import { apiCall, signUpBuilder } from '../lib/atelier.ts';
import { percentile, record, repoRoot, round } from '../lib/harness.ts';
import { freePort, spawnUntilHealthy } from '../lib/processes.ts';

/**
 * Issue 20 "no request may stall the event loop": `/api/health` latency (p99) while each attack of
 * the red-team review runs against the built server, on PGlite and on PostgreSQL. The baseline is
 * the same probe with no attack, same run. Target: p99 < 50 ms during every attack.
 */

const ATTACK_SECONDS = Number(process.env.BENCH_ATTACK_SECONDS ?? 4);
const serverMain = path.join(repoRoot, 'apps/server/dist/main.js');

type Engine = 'pglite' | 'postgres';

async function startServer(engine: Engine) {
  let cluster: Awaited<ReturnType<typeof startPgCluster>> | undefined;
  let databaseUrl: string | undefined;
  if (engine === 'postgres') {
    cluster = await startPgCluster();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database bench');
    await admin.end();
    databaseUrl = cluster.url.replace(/\/postgres$/, '/bench');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-avail-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await spawnUntilHealthy(
    process.execPath,
    [serverMain],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      LOG_LEVEL: 'warn',
      // A builder verifies through the dev outbox (signUpBuilder): not production.
      NODE_ENV: 'development',
      MODEL_CATALOGUE_URL: 'off',
      PUBLIC_URL: base,
      SECRETS_KEY: randomBytes(32).toString('base64'),
      // The attacks themselves are measured, not the rate limits in front of them.
      RATE_LIMIT_SIGNED_IN_PER_MINUTE: '0',
      RATE_LIMIT_ANONYMOUS_PER_MINUTE: '0',
    },
    `${base}/api/health`,
  );
  return {
    base,
    async stop() {
      await server.stop();
      await cluster?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `/api/health` latencies (ms), probed one after another while `attack` runs (or for the attack time). */
async function probeWhile(base: string, attack: (until: () => boolean) => Promise<unknown>) {
  const end = performance.now() + ATTACK_SECONDS * 1000;
  const until = () => performance.now() > end;
  const latencies: number[] = [];
  const probing = (async () => {
    while (!until()) {
      const started = performance.now();
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  await Promise.all([probing, attack(until).catch(() => {})]);
  return latencies.sort((a, b) => a - b);
}

/** Runs `one` over and over from `parallel` callers until the time is up. */
const repeat = (parallel: number, one: () => Promise<unknown>) => (until: () => boolean) =>
  Promise.all(
    Array.from({ length: parallel }, async () => {
      while (!until()) await one().catch(() => {});
    }),
  );

async function attacks(base: string) {
  const email = `avail-${randomBytes(4).toString('hex')}@example.com`;
  const headers = {
    cookie: await signUpBuilder(base, { email, password: 'Bench-password-1!' }),
    origin: base,
  };
  const app = (await apiCall(base, 'POST', '/api/apps', { name: 'Avail', type: 'GEN_APP' }, headers))
    .json as {
    id: string;
  };
  const entity = {
    type: 'object',
    properties: {
      title: { type: 'string' },
      code: { type: 'string', pattern: '^(a+)+$' },
      body: { type: 'string' },
    },
    rls: { read: 'anonymous', write: 'anonymous' },
  };
  const write = (filePath: string, content: string) =>
    apiCall(base, 'POST', `/api/apps/${app.id}/files/update`, { file: { path: filePath, content } }, headers);
  // Entity files are read-only in the code editor (files/update); an admin's merge writes one.
  await apiCall(
    base,
    'POST',
    `/api/apps/${app.id}/merge`,
    { files: [{ path: 'entities/Note.json', content: JSON.stringify(entity) }] },
    headers,
  );
  await write(
    'functions/sleep.ts',
    'export default async () => { await new Promise((r) => setTimeout(r, 3000)); return Response.json({ ok: true }); };',
  );
  await apiCall(base, 'POST', `/api/apps/${app.id}/functions/sleep/deploy`, undefined, headers);
  const entities = `${base}/api/apps/${app.id}/entities/Note`;
  await apiCall(base, 'POST', `/api/apps/${app.id}/entities/Note`, { title: 'a'.repeat(50) }, headers);
  // 30 records of 400 KB for the list attack.
  for (let i = 0; i < 30; i++) {
    await fetch(entities, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ title: `big ${i}`, body: 'x'.repeat(400_000) }),
    });
  }
  const csv = `Name,Notes\n${Array.from({ length: 20_000 }, (_, i) => `Row ${i},some notes about row ${i}`).join('\n')}\n`;
  const regexQ = encodeURIComponent(JSON.stringify({ title: { $regex: '((a{1,50}){1,50}){1,50}g' } }));
  return {
    'nested $regex filter': repeat(4, () =>
      fetch(`${entities}?q=${regexQ}`, { headers }).then((r) => r.arrayBuffer()),
    ),
    'CSV upload, 20,000 rows': async () => {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'rows.csv');
      await fetch(`${base}/api/context/ingest/file?appId=${app.id}`, { method: 'POST', body: form, headers });
    },
    'list ?limit=10000 of 30 × 400 KB': repeat(2, () =>
      fetch(`${entities}?limit=10000`, { headers }).then((r) => r.arrayBuffer()),
    ),
    'schema pattern ^(a+)+$': repeat(4, () =>
      fetch(entities, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ title: 'x', code: `${'a'.repeat(40)}!` }),
      }).then((r) => r.arrayBuffer()),
    ),
    '32 concurrent slow function calls': repeat(32, () =>
      fetch(`${base}/api/apps/${app.id}/functions/sleep`, { method: 'POST', headers }).then((r) =>
        r.arrayBuffer(),
      ),
    ),
  } satisfies Record<string, (until: () => boolean) => Promise<unknown>>;
}

export async function run() {
  if (!fs.existsSync(serverMain)) throw new Error('Build the server first: node scripts/build-if-stale.mjs');
  const figures: Record<string, number> = {};
  const ratios: Record<string, number> = {};
  for (const engine of ['pglite', 'postgres'] as const) {
    const server = await startServer(engine);
    try {
      const quiet = await probeWhile(server.base, async () => {});
      const quietP99 = percentile(quiet, 0.99);
      figures[`${engine}: /api/health p99, no attack (ms)`] = round(quietP99);
      for (const [name, attack] of Object.entries(await attacks(server.base))) {
        const latencies = await probeWhile(server.base, attack);
        const p99 = percentile(latencies, 0.99);
        figures[`${engine}: /api/health p99 during ${name} (ms)`] = round(p99);
        figures[`${engine}: probes during ${name}`] = latencies.length;
        ratios[`${engine}: ${name} / no attack`] = round(p99 / Math.max(quietP99, 0.01));
      }
    } finally {
      await server.stop();
    }
  }
  record({
    name: 'availability',
    description: '/api/health p99 while each attack of issue 20 runs, PGlite and PostgreSQL',
    figures,
    ratios,
    targets: { 'p99 during every attack': '< 50 ms' },
    notes: [
      `each attack runs ${ATTACK_SECONDS} s (BENCH_ATTACK_SECONDS) with /api/health probed every 10 ms`,
      'the machine may be shared: figures are noisy',
    ],
  });
}
