import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { apiCall, createTaskApp, PUBLISH_FOR_END_USERS_SQL } from '../lib/atelier.ts';
import { startBenchPostgres } from '../lib/bench-postgres.ts';
import { median, record, repoRoot, round } from '../lib/harness.ts';
import { freePort, type Started, spawnUntilHealthy } from '../lib/processes.ts';
import {
  CREATE_BODY,
  cpuSeconds,
  ENTITY,
  LISTS,
  PASSWORD,
  SCHEMA,
  seed,
  UPDATE_BODY,
} from './entities-apps.ts';

/**
 * The entity API's server CPU time per request (from /proc) of this build, and of another build
 * (`BENCH_BASE_MAIN`, e.g. a copy of an earlier `apps/server/dist`) when given: both servers on one
 * PostgreSQL with 10,000 records (`BENCH_CPU_RECORDS`), loaded in turn, operation by operation, for
 * `BENCH_CPU_ROUNDS` rounds of `BENCH_CPU_SECONDS` after a warm-up round. On a shared machine the
 * throughput swings with the other work; the CPU a request costs the server swings much less, and
 * alternating the builds spreads what is left over both.
 */
const ROUNDS = Number(process.env.BENCH_CPU_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_CPU_SECONDS ?? 2);
const RECORDS = Number(process.env.BENCH_CPU_RECORDS ?? 10_000);
const OPERATIONS = (process.env.BENCH_OPERATIONS ?? 'list newest,list filtered,get,create,update').split(',');
const builds: Record<string, string> = {
  this: process.env.BENCH_SERVER_MAIN ?? path.join(repoRoot, 'apps/server/dist/main.js'),
  ...(process.env.BENCH_BASE_MAIN ? { base: process.env.BENCH_BASE_MAIN } : {}),
};

export async function run() {
  const { cluster, databaseUrl } = await startBenchPostgres();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const secretsKey = randomBytes(32).toString('base64');
  const servers: { build: string; base: string; started: Started }[] = [];
  const figures: Record<string, number> = {};
  const loadAtStart = os.loadavg()[0]!;
  try {
    for (const [build, main] of Object.entries(builds)) {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const started = await spawnUntilHealthy(
        process.execPath,
        [main],
        {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-cpu-')),
          LOG_LEVEL: 'warn',
          // A builder verifies through the dev outbox (signUpBuilder): not production.
          NODE_ENV: 'development',
          MODEL_CATALOGUE_URL: 'off',
          PUBLIC_URL: base,
          SECRETS_KEY: secretsKey,
          DATABASE_URL: databaseUrl,
          RATE_LIMIT_SIGNED_IN_PER_MINUTE: '1000000',
        },
        `${base}/api/health`,
      );
      servers.push({ build, base, started });
    }
    const first = servers[0]!.base;
    const { appId } = await createTaskApp(first, { email: 'bench@example.com', password: PASSWORD }, SCHEMA);
    await pool.query(PUBLISH_FOR_END_USERS_SQL, [appId]);
    const user = (
      await apiCall(first, 'POST', `/api/auth/signup?appId=${appId}`, {
        email: 'user@example.com',
        password: PASSWORD,
      })
    ).json as { user: { id: string }; accessToken: string };
    await seed(
      async (text, params) => (await pool.query(text, params)).rows,
      appId,
      user.user.id,
      0,
      RECORDS,
    );
    const ids = (
      await pool.query('select id from entity_records where app_id = $1 and creator_id = $2 limit 1000', [
        appId,
        user.user.id,
      ])
    ).rows.map((row) => encodeURIComponent(row.id as string));
    let next = 0;
    const anId = () => ids[next++ % ids.length]!;
    const bearer = { authorization: `Bearer ${user.accessToken}` };
    const json = { ...bearer, 'content-type': 'application/json' };
    const entityPath = `/api/apps/${appId}/entities/${ENTITY}`;
    const list = (query: Record<string, string | number>) =>
      `${entityPath}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;
    const requests: Record<string, () => { method: string; path: string; headers: object; body?: string }> = {
      'list newest': () => ({ method: 'GET', path: list(LISTS['list newest']), headers: bearer }),
      'list filtered': () => ({ method: 'GET', path: list(LISTS['list filtered']), headers: bearer }),
      get: () => ({ method: 'GET', path: `${entityPath}/${anId()}`, headers: bearer }),
      create: () => ({ method: 'POST', path: entityPath, headers: json, body: JSON.stringify(CREATE_BODY) }),
      update: () => ({
        method: 'PATCH',
        path: `${entityPath}/${anId()}`,
        headers: json,
        body: JSON.stringify(UPDATE_BODY),
      }),
    };
    const load = (server: (typeof servers)[number], request: () => object, seconds: number) =>
      autocannon({
        url: server.base,
        connections: 10,
        duration: seconds,
        requests: [{ setupRequest: (r) => ({ ...r, ...request() }) as never }],
      });
    // Every operation warms both servers first: a just-started server compiles its code during its
    // first seconds of load (V8's compiler threads count in its CPU).
    const unknown = OPERATIONS.filter((operation) => !requests[operation]);
    if (unknown.length > 0) throw new Error(`unknown operations: ${unknown.join(', ')}`);
    for (const operation of OPERATIONS)
      for (const server of servers) await load(server, requests[operation]!, SECONDS);
    for (const operation of OPERATIONS) {
      const request = requests[operation]!;
      const perRequest: Record<string, number[]> = {};
      for (let n = 0; n <= ROUNDS; n++) {
        for (const server of servers) {
          const pid = server.started.child.pid;
          const before = cpuSeconds(pid);
          const result = await load(server, request, SECONDS);
          if (result.non2xx > 0 || result.errors > 0) throw new Error(`${operation}: requests failed`);
          // The first round warms the servers up (JIT, caches) and is left out.
          if (n > 0) {
            perRequest[server.build] ??= [];
            perRequest[server.build]!.push(((cpuSeconds(pid) - before) * 1000) / result.requests.total);
          }
        }
      }
      for (const [build, values] of Object.entries(perRequest)) {
        figures[`${operation}, ${build} build: server CPU per request, median (ms)`] = round(
          median(values),
          3,
        );
        figures[`${operation}, ${build} build: server CPU per request, least (ms)`] = round(
          Math.min(...values),
          3,
        );
      }
      console.log(
        `${operation}: ${Object.entries(perRequest)
          .map(
            ([build, values]) =>
              `${build} ${round(median(values), 3)} ms (${values.map((v) => round(v, 3)).join(', ')})`,
          )
          .join('; ')}`,
      );
    }
  } finally {
    for (const server of servers) await server.started.stop();
    await pool.end();
    cluster.stop();
  }
  figures['load average at the start (1 min)'] = round(loadAtStart, 2);
  figures['load average at the end (1 min)'] = round(os.loadavg()[0]!, 2);
  const ratios = Object.fromEntries(
    OPERATIONS.filter((op) => figures[`${op}, base build: server CPU per request, median (ms)`]).map((op) => [
      `${op}: this / base build, CPU per request`,
      round(
        figures[`${op}, this build: server CPU per request, median (ms)`]! /
          figures[`${op}, base build: server CPU per request, median (ms)`]!,
      ),
    ]),
  );
  record({
    name: 'entities-cpu',
    description: `entity API server CPU per request (rules on: creator; an end user's token; ${RECORDS.toLocaleString('en')} records on PostgreSQL), this build${builds.base ? ' against BENCH_BASE_MAIN, alternating' : ''}`,
    figures,
    ratios,
    notes: [
      `autocannon, 10 connections, ${ROUNDS} rounds of ${SECONDS} s per operation and build after a warm-up round; CPU time (user + system) of the server process from /proc divided by the requests answered`,
      'the machine may be shared: compare builds of the same run',
    ],
  });
}
