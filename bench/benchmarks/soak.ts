import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startFakeOpenAI } from '../../apps/server/test/support/fake-openai.ts';
import { startPgCluster } from '../../apps/server/test/support/pg-cluster.ts';
import { apiCall, setUpTaskApp } from '../lib/atelier.ts';
import { percentile, record, repoRoot, round } from '../lib/harness.ts';
import { freePort, spawnUntilHealthy } from '../lib/processes.ts';
import { openLoop } from '../lib/steady-load.ts';

/**
 * Load and soak: the built server on a throwaway PostgreSQL cluster with the fake OpenAI-compatible
 * provider, driven by an open-loop scripted mix at a steady rate (sign-in, session, entity
 * list/create/update, app saves, chat, plus open SSE subscriptions) for BENCH_SOAK_SECONDS.
 * Reports throughput, p50/p99 per kind, errors, and the server's RSS after the warm-up and at the end.
 */
const DURATION_S = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 20);
const WARMUP_S = Number(process.env.BENCH_SOAK_WARMUP_SECONDS ?? Math.min(60, Math.max(5, DURATION_S / 10)));
const SSE_CLIENTS = 20;
const END_USERS = 20;
const CHAT_APPS = 6;
const PASSWORD = 'violet-canyon-maple-42';
const serverMain = path.join(repoRoot, 'apps/server/dist/main.js');

type Kind = 'sign-in' | 'session' | 'entity list' | 'entity create' | 'entity update' | 'app save' | 'chat';

/** The mix, by weight (sums to 100); BENCH_SOAK_MIX="entity list=50,chat=50" replaces it (to study one kind). */
const DEFAULT_MIX: [Kind, number][] = [
  ['sign-in', 4],
  ['session', 10],
  ['entity list', 36],
  ['entity create', 20],
  ['entity update', 20],
  ['app save', 5],
  ['chat', 5],
];
const MIX: [Kind, number][] = process.env.BENCH_SOAK_MIX
  ? process.env.BENCH_SOAK_MIX.split(',').map((part) => {
      const [kind, weight] = part.split('=');
      return [kind?.trim() as Kind, Number(weight)];
    })
  : DEFAULT_MIX;

function rssBytes(pid: number | undefined): number {
  try {
    const line = fs
      .readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return Number(line?.split(/\s+/)[1]) * 1024;
  } catch {
    return Number.NaN;
  }
}

export async function run() {
  if (!fs.existsSync(serverMain)) throw new Error('Build the server first: node scripts/build-if-stale.mjs');
  const cluster = await startPgCluster();
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('create database soak');
  await admin.end();
  const databaseUrl = cluster.url.replace(/\/postgres$/, '/soak');
  const fake = await startFakeOpenAI({
    defaultReply: { chunks: ['Sure. ', 'Here is a short answer ', 'from the fake provider.'] },
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-soak-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await spawnUntilHealthy(
    process.execPath,
    [serverMain],
    {
      PORT: String(port),
      PREVIEW_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      // A builder verifies through the dev outbox (signUpBuilder): not production.
      NODE_ENV: 'development',
      MODEL_CATALOGUE_URL: 'off',
      PUBLIC_URL: base,
      SECRETS_KEY: randomBytes(32).toString('base64'),
      OPENAI_API_KEY: 'bench-key',
      OPENAI_BASE_URL: fake.baseUrl,
      // One client address plays every user here: the per-address budgets would stop it.
      RATE_LIMIT_AUTH_PER_MINUTE: '0',
      RATE_LIMIT_ANONYMOUS_PER_MINUTE: '0',
    },
    `${base}/api/health`,
  );
  const pid = server.child.pid;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const sseControllers: AbortController[] = [];
  try {
    // Set-up: a builder (admin: first account), an app with a Task entity open to its users,
    // end users with tokens, and apps to chat in.
    const { appId, cookie } = await setUpTaskApp(base, pool, {
      email: 'soak@example.com',
      password: PASSWORD,
    });
    const app = { id: appId };
    const users: { email: string; bearer: Record<string, string>; records: string[] }[] = [];
    for (let i = 0; i < END_USERS; i++) {
      const email = `user${i}@example.com`;
      const res = (
        await apiCall(base, 'POST', `/api/auth/signup?appId=${app.id}`, { email, password: PASSWORD })
      ).json as { accessToken: string };
      users.push({ email, bearer: { authorization: `Bearer ${res.accessToken}` }, records: [] });
    }
    const chatApps: { id: string; busy: boolean }[] = [];
    for (let i = 0; i < CHAT_APPS; i++) {
      const created = (
        await apiCall(base, 'POST', '/api/apps', { name: `Chat ${i}`, type: 'GEN_APP' }, cookie)
      ).json as { id: string };
      chatApps.push({ id: created.id, busy: false });
    }

    // SSE subscriptions held open for the whole run (reconnected when they drop).
    let sseEvents = 0;
    let sseDrops = 0;
    for (let i = 0; i < SSE_CLIENTS; i++) {
      const user = users[i % users.length]!;
      const controller = new AbortController();
      sseControllers.push(controller);
      void (async () => {
        while (!controller.signal.aborted) {
          try {
            const res = await fetch(`${base}/api/apps/${app.id}/entities/Task/subscribe`, {
              headers: user.bearer,
              signal: controller.signal,
            });
            const reader = res.body!.getReader();
            for (;;) {
              const { done, value } = await reader.read();
              if (done) break;
              sseEvents += (new TextDecoder().decode(value).match(/\n\n/g) ?? []).length;
            }
          } catch {
            // aborted at the end, or dropped
          }
          if (!controller.signal.aborted) sseDrops++;
        }
      })();
    }

    const latencies = new Map<Kind, number[]>(MIX.map(([kind]) => [kind, []]));
    const errors = new Map<Kind, number>(MIX.map(([kind]) => [kind, 0]));
    const errorSamples: string[] = [];
    let saves = 0;
    let counter = 0;
    const pick = (): Kind => {
      let roll = Math.random() * MIX.reduce((sum, [, weight]) => sum + weight, 0);
      for (const [kind, weight] of MIX) {
        roll -= weight;
        if (roll < 0) return kind;
      }
      return 'entity list';
    };

    async function one(kind: Kind): Promise<void> {
      const user = users[counter++ % users.length]!;
      switch (kind) {
        case 'sign-in': {
          const res = (
            await apiCall(base, 'POST', `/api/auth/login?appId=${app.id}`, {
              email: user.email,
              password: PASSWORD,
            })
          ).json as { accessToken: string };
          user.bearer = { authorization: `Bearer ${res.accessToken}` };
          return;
        }
        case 'session':
          await apiCall(base, 'GET', `/api/auth/session?appId=${app.id}`, undefined, user.bearer);
          return;
        case 'entity list':
          await apiCall(base, 'GET', `/api/apps/${app.id}/entities/Task?limit=20`, undefined, user.bearer);
          return;
        case 'entity create': {
          const created = (
            await apiCall(
              base,
              'POST',
              `/api/apps/${app.id}/entities/Task`,
              { title: `Task ${counter}`, points: counter % 100, done: false },
              user.bearer,
            )
          ).json as { id: string };
          user.records.push(created.id);
          if (user.records.length > 50) user.records.shift();
          return;
        }
        case 'entity update': {
          const id = user.records[Math.floor(Math.random() * user.records.length)];
          if (!id) return one('entity create');
          await apiCall(
            base,
            'PATCH',
            `/api/apps/${app.id}/entities/Task/${id}`,
            { done: true, points: 7 },
            user.bearer,
          );
          return;
        }
        case 'app save':
          saves++;
          await apiCall(
            base,
            'POST',
            `/api/apps/${app.id}/files/update`,
            {
              file: {
                path: 'components/Banner.jsx',
                content: `export default function Banner() {\n  return <p>Saved ${saves} times</p>;\n}\n`,
              },
              description: 'Soak save',
            },
            cookie,
          );
          return;
        case 'chat': {
          const target = chatApps.find((a) => !a.busy);
          if (!target) return one('entity list');
          target.busy = true;
          try {
            await apiCall(
              base,
              'POST',
              `/api/apps/${target.id}/chat`,
              { text: 'How are my tasks going?', discuss: true },
              cookie,
            );
          } finally {
            target.busy = false;
          }
          return;
        }
      }
    }

    const runPhase = (seconds: number, measure: boolean) =>
      openLoop(RATE, seconds, () => {
        const kind = pick();
        const t0 = performance.now();
        return one(kind)
          .then(() => {
            if (measure) latencies.get(kind)!.push(performance.now() - t0);
          })
          .catch((error: Error) => {
            if (!measure) return;
            errors.set(kind, (errors.get(kind) ?? 0) + 1);
            if (errorSamples.length < 10) errorSamples.push(`${kind}: ${error.message}`);
          });
      });

    console.log(`soak: warm-up ${WARMUP_S} s, then ${DURATION_S} s at ${RATE} req/s`);
    await runPhase(WARMUP_S, false);
    const loadStart = os.loadavg()[0] ?? Number.NaN;
    const rssStart = rssBytes(pid);
    const samples: number[] = [rssStart];
    const sampler = setInterval(() => samples.push(rssBytes(pid)), 10_000);
    const elapsed = await runPhase(DURATION_S, true);
    clearInterval(sampler);
    const rssEnd = rssBytes(pid);
    samples.push(rssEnd);
    const peak = Math.max(...samples);

    const figures: Record<string, number> = {};
    let completed = 0;
    let failed = 0;
    for (const [kind] of MIX) {
      const sorted = latencies.get(kind)!.sort((a, b) => a - b);
      completed += sorted.length;
      failed += errors.get(kind) ?? 0;
      figures[`${kind}: requests`] = sorted.length;
      figures[`${kind}: p50 (ms)`] = round(percentile(sorted, 0.5));
      figures[`${kind}: p99 (ms)`] = round(percentile(sorted, 0.99));
      figures[`${kind}: errors`] = errors.get(kind) ?? 0;
    }
    const all = [...latencies.values()].flat().sort((a, b) => a - b);
    const mib = (bytes: number) => round(bytes / 2 ** 20, 1);
    const growth = ((rssEnd - rssStart) / rssStart) * 100;
    record({
      name: 'soak',
      description: `load and soak: ${DURATION_S} s at ${RATE} req/s (open loop) of a mix of sign-in, session, entity list/create/update, app saves and chat (fake provider), with ${SSE_CLIENTS} SSE subscriptions open, on PostgreSQL`,
      figures: {
        'duration (s)': round(elapsed, 1),
        'target rate (req/s)': RATE,
        'throughput (req/s)': round(completed / elapsed, 1),
        'requests completed': completed,
        errors: failed,
        'all: p50 (ms)': round(percentile(all, 0.5)),
        'all: p99 (ms)': round(percentile(all, 0.99)),
        ...figures,
        'SSE subscriptions': SSE_CLIENTS,
        'SSE events received': sseEvents,
        'SSE drops': sseDrops,
        'RSS after warm-up (MiB)': mib(rssStart),
        'RSS at the end (MiB)': mib(rssEnd),
        'RSS peak (MiB)': mib(peak),
        'RSS growth (%)': round(growth, 1),
        'machine load average (1 min) after warm-up': round(loadStart, 1),
        'machine load average (1 min) at the end': round(os.loadavg()[0] ?? Number.NaN, 1),
      },
      ratios: {
        'throughput / target rate': round(completed / elapsed / RATE),
        'RSS end / RSS after warm-up': round(rssEnd / rssStart),
      },
      targets: { 'RSS growth': '≤ 10 %', errors: '0' },
      notes: [
        `mix (weights): ${MIX.map(([kind, weight]) => `${kind} ${weight}`).join(', ')}; ${END_USERS} end users with access tokens (creator rules), the builder's cookie for app saves and chat (${CHAT_APPS} apps, one reply at a time each)`,
        `open loop: a request is started every ${round(1000 / RATE, 1)} ms whatever the answers; latencies are from start to the whole answer read (chat: the whole streamed reply)`,
        `warm-up ${WARMUP_S} s not measured (BENCH_SOAK_WARMUP_SECONDS); duration BENCH_SOAK_SECONDS, rate BENCH_SOAK_RATE`,
        'RSS of the server process from /proc/<pid>/status, sampled after the warm-up, every 10 s, and at the end',
        'rate limits off (RATE_LIMIT_*=0): one client address plays every user',
        ...errorSamples.map((sample) => `error sample: ${sample}`),
      ],
    });
  } finally {
    for (const controller of sseControllers) controller.abort();
    await server.stop();
    await fake.close();
    await pool.end();
    cluster.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
