import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { apiCall, setUpTaskApp, TASK_SCHEMA } from '../lib/atelier.ts';
import { startBenchPostgres } from '../lib/bench-postgres.ts';
import { benchDir, record, repoRoot, round } from '../lib/harness.ts';
import { freePort, spawnUntilHealthy } from '../lib/processes.ts';
import { type SteadyLoadResult, steadyLoad } from '../lib/steady-load.ts';
import { entityApiStatements } from './entities-sql.ts';

/**
 * The entity API on PostgreSQL with access rules on (read and write: creator), 10,000 records:
 * list and create throughput and p99 through HTTP, against the same queries on bare node:http +
 * node-postgres (same pool size), and against node-postgres alone, in the same run.
 */
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/**
 * The latency phases offer this share of the API's own measured throughput, at a steady rate (the
 * same rate to the API and to the baseline): p99 at saturation is the queue of CONNECTIONS closed
 * loops on 2 cores (Little's law), not the time a request takes.
 */
const LATENCY_LOAD = Number(process.env.BENCH_LATENCY_LOAD ?? 0.5);
/** Rounds of each comparison (API and baseline in turn); the median round is reported. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const RECORDS = 10_000;
/** The built server; BENCH_SERVER_MAIN runs another build (e.g. an earlier commit's, to compare). */
const serverMain = process.env.BENCH_SERVER_MAIN ?? path.join(repoRoot, 'apps/server/dist/main.js');
const rawServer = path.join(benchDir, 'benchmarks/entities-raw-server.mjs');
const PASSWORD = 'violet-canyon-maple-42';
/** BENCH_CPU_PROF=dir: both servers write a V8 CPU profile there when they stop. */
const profileFlags = process.env.BENCH_CPU_PROF
  ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
  : [];

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); NaN elsewhere. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** The machine's CPU time so far, and the part of it stolen by the hypervisor (/proc/stat; Linux). */
function cpuTimes(): { total: number; steal: number } {
  try {
    const fields = fs
      .readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number);
    return { total: fields.reduce((sum, value) => sum + value, 0), steal: fields[7] ?? 0 };
  } catch {
    return { total: Number.NaN, steal: Number.NaN };
  }
}

/**
 * autocannon against one server: req/s, p99, errors, and the server's CPU time per request (ms),
 * which the load of other processes on the machine changes far less than req/s.
 */
async function load(options: autocannon.Options, server: { pid?: number | undefined }) {
  const cpuBefore = cpuSeconds(server.pid);
  const result = await autocannon({ connections: CONNECTIONS, duration: LOAD_SECONDS, ...options });
  const cpuMs = ((cpuSeconds(server.pid) - cpuBefore) * 1000) / result.requests.total;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuMs,
  };
}

/** `CONNECTIONS` loops issuing one query after another on a pool of 10 for LOAD_SECONDS. */
async function rawLoop(pool: pg.Pool, query: () => Promise<unknown>) {
  const latencies: number[] = [];
  const end = performance.now() + LOAD_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        await query();
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  void pool;
  return { rps: latencies.length / LOAD_SECONDS, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0 };
}

export async function run() {
  if (!fs.existsSync(serverMain)) throw new Error('Build the server first: node scripts/build-if-stale.mjs');
  const { cluster, databaseUrl } = await startBenchPostgres();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-entities-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const atelier = await spawnUntilHealthy(
    process.execPath,
    [...profileFlags, serverMain],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      // A builder verifies through the dev outbox (signUpBuilder): not production.
      NODE_ENV: 'development',
      MODEL_CATALOGUE_URL: 'off',
      PUBLIC_URL: base,
      SECRETS_KEY: randomBytes(32).toString('base64'),
    },
    `${base}/api/health`,
  );
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  let raw: Awaited<ReturnType<typeof spawnUntilHealthy>> | undefined;
  try {
    // A builder, an app with a Task entity (rules: creator reads and writes), an end user.
    const { appId } = await setUpTaskApp(base, pool, { email: 'bench@example.com', password: PASSWORD });
    const endUser = (
      await apiCall(base, 'POST', `/api/auth/signup?appId=${appId}`, {
        email: 'user@example.com',
        password: PASSWORD,
      })
    ).json as { user: { id: string }; accessToken: string };
    const userId = endUser.user.id;
    const bearer = { authorization: `Bearer ${endUser.accessToken}` };
    // 10,000 records: a tenth belong to the end user, the rest to 50 other users.
    await pool.query(
      `insert into entity_records (app_id, entity, id, creator_id, data, created_at, updated_at)
       select $1, 'Task', gen_random_uuid()::text, case when i % 10 = 0 then $2 else 'other-' || (i % 50) end,
         jsonb_build_object('title', 'Task ' || i, 'points', i % 100, 'done', i % 3 = 0),
         now() - (i * interval '1 second'), now() - (i * interval '1 second')
       from generate_series(1, $3::int) as i`,
      [appId, userId, RECORDS],
    );
    await pool.query('analyze entity_records');
    const check = await fetch(`${base}/api/apps/${appId}/entities/Task?limit=20`, { headers: bearer });
    const listed = (await check.json()) as { creatorId: string }[];
    if (listed.length !== 20 || listed.some((r) => r.creatorId !== userId))
      throw new Error('the rules are not applied');

    // The statements the API runs for this user (the rules in the WHERE, the change signal of a
    // create): the baseline and "pg alone" run exactly these.
    const fields = { title: 'New task', points: 3, done: false };
    const statements = await entityApiStatements({
      appId,
      entity: 'Task',
      userId,
      schema: TASK_SCHEMA,
      body: fields,
    });
    const rawPort = await freePort();
    raw = await spawnUntilHealthy(
      process.execPath,
      [...profileFlags, rawServer],
      { PORT: String(rawPort), DATABASE_URL: databaseUrl, STATEMENTS: JSON.stringify(statements) },
      `http://127.0.0.1:${rawPort}/api/health`,
    );
    const body = JSON.stringify(fields);
    const post = { method: 'POST' as const, body, headers: { 'content-type': 'application/json' } };

    /** What one side of a comparison calls: the API (with the token) or the baseline. */
    interface Target {
      url: string;
      method?: 'GET' | 'POST';
      headers?: Record<string, string>;
      body?: string;
    }
    /** Lets the work of the phase before finish: autovacuum and checkpoints stall whoever runs next. */
    const settle = async () => {
      await pool.query('vacuum analyze entity_records');
      await pool.query('checkpoint');
    };
    /**
     * API against baseline in ROUNDS rounds, taking turns within each: throughput and p99 at
     * saturation (autocannon), then p99 at a steady half load (an open-loop rate of LATENCY_LOAD ×
     * the API's throughput of that round, the same rate to both; 1 s unmeasured first). This VM
     * stalls every process now and then for 20–50 ms (both servers' figures swing with it), so
     * one round decides little: the median round is reported (by ratio for throughput, by p99 for
     * latency), and every round in the notes.
     */
    const baselineChild = raw.child;
    const compare = async (api: Target, baselineTarget: Target) => {
      const steady = async (target: Target, rate: number) => {
        await settle();
        await steadyLoad({ ...target, rate, seconds: 1 });
        return steadyLoad({ ...target, rate, seconds: LOAD_SECONDS });
      };
      type Saturated = Awaited<ReturnType<typeof load>>;
      type Round = {
        apiSaturated: Saturated;
        baselineSaturated: Saturated;
        ratio: number;
        rate: number;
        apiSteady: SteadyLoadResult;
        baselineSteady: SteadyLoadResult;
      };
      const rounds: Round[] = [];
      for (let n = 0; n < ROUNDS; n++) {
        await settle();
        const apiSaturated = await load(api, atelier.child);
        await settle();
        const baselineSaturated = await load(baselineTarget, baselineChild);
        const rate = apiSaturated.rps * LATENCY_LOAD;
        rounds.push({
          apiSaturated,
          baselineSaturated,
          ratio: apiSaturated.rps / baselineSaturated.rps,
          rate,
          apiSteady: await steady(api, rate),
          baselineSteady: await steady(baselineTarget, rate),
        });
      }
      const medianBy = (key: (round: Round) => number) =>
        [...rounds].sort((a, b) => key(a) - key(b))[Math.floor(rounds.length / 2)] as Round;
      const byRatio = medianBy((round) => round.ratio);
      return {
        api: byRatio.apiSaturated,
        baseline: byRatio.baselineSaturated,
        ratio: byRatio.ratio,
        rate: medianBy((round) => round.rate).rate,
        apiSteady: medianBy((round) => round.apiSteady.p99).apiSteady,
        baselineSteady: medianBy((round) => round.baselineSteady.p99).baselineSteady,
        errors: rounds.reduce(
          (sum, round) =>
            sum +
            round.apiSaturated.errors +
            round.baselineSaturated.errors +
            round.apiSteady.errors +
            round.baselineSteady.errors,
          0,
        ),
        rounds: rounds
          .map(
            (each) =>
              `${each.ratio.toFixed(2)} (${Math.round(each.apiSaturated.rps)}/${Math.round(each.baselineSaturated.rps)} req/s), p99 at ${Math.round(each.rate)} req/s ${round(each.apiSteady.p99, 1)}/${round(each.baselineSteady.p99, 1)} ms`,
          )
          .join('; '),
      };
    };
    const server = atelier.child;
    const timesBefore = cpuTimes();
    const health = await load({ url: `${base}/api/health` }, server);
    const session = await load({ url: `${base}/api/auth/session?appId=${appId}`, headers: bearer }, server);
    const listing = await compare(
      { url: `${base}/api/apps/${appId}/entities/Task?limit=20`, headers: bearer },
      { url: `http://127.0.0.1:${rawPort}/list` },
    );
    const { list, create } = statements;
    const pgList = await rawLoop(pool, () => pool.query(list.text, list.params));
    const creating = await compare(
      { url: `${base}/api/apps/${appId}/entities/Task`, ...post, headers: { ...post.headers, ...bearer } },
      { url: `http://127.0.0.1:${rawPort}/create`, ...post },
    );
    const [apiList, rawList, apiCreate, rawCreate] = [
      listing.api,
      listing.baseline,
      creating.api,
      creating.baseline,
    ];
    const [apiListSteady, rawListSteady] = [listing.apiSteady, listing.baselineSteady];
    const [apiCreateSteady, rawCreateSteady] = [creating.apiSteady, creating.baselineSteady];
    const [listRate, createRate] = [listing.rate, creating.rate];
    const pgCreate = await rawLoop(pool, () => {
      const params = [...create.params];
      const [record] = JSON.parse(params[create.payloadIndex] as string) as Record<string, unknown>[];
      params[create.payloadIndex] = JSON.stringify([{ ...record, id: randomUUID() }]);
      return pool.query(create.text, params);
    });

    const timesAfter = cpuTimes();
    const stealPercent =
      (100 * (timesAfter.steal - timesBefore.steal)) / (timesAfter.total - timesBefore.total);
    record({
      name: 'entities',
      description: `entity API list (20 newest of the caller's) and create on PostgreSQL, ${RECORDS.toLocaleString('en')} records, rules on (creator), vs node:http + node-postgres with the same queries`,
      figures: {
        'API list p99 at half load (ms)': round(apiListSteady.p99),
        'node:http + pg list p99 at half load (ms)': round(rawListSteady.p99),
        'API list p50 at half load (ms)': round(apiListSteady.p50),
        'node:http + pg list p50 at half load (ms)': round(rawListSteady.p50),
        'API create p99 at half load (ms)': round(apiCreateSteady.p99),
        'node:http + pg create p99 at half load (ms)': round(rawCreateSteady.p99),
        'half load: how late the load generator sent, p99 over all four phases (ms)': round(
          Math.max(
            apiListSteady.sendLateP99,
            rawListSteady.sendLateP99,
            apiCreateSteady.sendLateP99,
            rawCreateSteady.sendLateP99,
          ),
        ),
        'API create p50 at half load (ms)': round(apiCreateSteady.p50),
        'node:http + pg create p50 at half load (ms)': round(rawCreateSteady.p50),
        'half load: list rate offered, median round (req/s)': round(listRate),
        'half load: create rate offered, median round (req/s)': round(createRate),
        'API list (req/s)': round(apiList.rps),
        'API list p99 at saturation (ms)': apiList.p99,
        'node:http + pg list (req/s)': round(rawList.rps),
        'node:http + pg list p99 at saturation (ms)': rawList.p99,
        'pg alone list (queries/s)': round(pgList.rps),
        'pg alone list p99 (ms)': round(pgList.p99),
        'API create (req/s)': round(apiCreate.rps),
        'API create p99 at saturation (ms)': apiCreate.p99,
        'node:http + pg create (req/s)': round(rawCreate.rps),
        'node:http + pg create p99 at saturation (ms)': rawCreate.p99,
        'pg alone create (queries/s)': round(pgCreate.rps),
        'pg alone create p99 (ms)': round(pgCreate.p99),
        'API floor: /api/health (req/s)': round(health.rps),
        'API floor: /api/auth/session with the token (req/s)': round(session.rps),
        'server CPU per request: API list (ms)': round(apiList.cpuMs, 3),
        'server CPU per request: node:http + pg list (ms)': round(rawList.cpuMs, 3),
        'server CPU per request: API create (ms)': round(apiCreate.cpuMs, 3),
        'server CPU per request: node:http + pg create (ms)': round(rawCreate.cpuMs, 3),
        'server CPU per request: /api/health (ms)': round(health.cpuMs, 3),
        'server CPU per request: /api/auth/session (ms)': round(session.cpuMs, 3),
        'CPU time stolen by the hypervisor during the run (%)': round(stealPercent, 1),
        'errors (all HTTP runs)': health.errors + session.errors + listing.errors + creating.errors,
      },
      ratios: {
        'API list / node:http + pg list': round(listing.ratio),
        'API create / node:http + pg create': round(creating.ratio),
        'API list / pg alone list': round(apiList.rps / pgList.rps),
        'API list / signed-in floor (/api/auth/session)': round(apiList.rps / session.rps),
        'server CPU per request, node:http + pg list / API list': round(rawList.cpuMs / apiList.cpuMs),
        'server CPU per request, node:http + pg create / API create': round(
          rawCreate.cpuMs / apiCreate.cpuMs,
        ),
        'API create / pg alone create': round(apiCreate.rps / pgCreate.rps),
      },
      targets: { 'API p99 at half load': '< 20 ms', 'API / raw (node:http + pg)': '≥ 0.5' },
      notes: [
        `autocannon, ${CONNECTIONS} connections (BENCH_CONNECTIONS), ${LOAD_SECONDS} s per phase; "pg alone": ${CONNECTIONS} loops on a pool of 10 (no HTTP)`,
        `throughput (req/s) and "p99 at saturation": ${CONNECTIONS} connections sending as fast as answered; at saturation the p99 is mostly the queue of ${CONNECTIONS} requests on 2 cores shared by the server, PostgreSQL and autocannon (the baseline's too)`,
        `rounds, list: API / node:http + pg ${listing.rounds}`,
        `rounds, create: API / node:http + pg ${creating.rounds}`,
        `the median of ${ROUNDS} rounds (BENCH_ROUNDS), API and baseline in turn, each phase from a settled database (vacuum analyze, checkpoint): throughput figures from the round with the median ratio, p99 at half load the median round of each side`,
        `"at half load": after 1 s unmeasured, an open-loop steady rate (bench/lib/steady-load.ts: each request sent when due, latency counted from then) of ${LATENCY_LOAD * 100} % of the API's measured throughput (BENCH_LATENCY_LOAD), the same rate offered to the baseline: the latency a caller sees when the instance is busy but not overloaded`,
        'the signed-in floor is GET /api/auth/session with the same token: what resolving the caller alone costs',
        'the baseline and "pg alone" run the exact statements of the API (captured from its service: the rule `creator = me or an app admin` in the WHERE, the create with its rule check and change signal), with the same parameters',
        'server CPU per request: user + system CPU time of the server process (/proc) over a phase / requests answered; less sensitive than req/s to other load on the machine',
        'API requests carry an end user’s access token (JWT + session lookup), resolve the app and its entity schemas (cached by version), apply the rules in SQL, validate creates with ajv',
        'PostgreSQL: throwaway cluster from test/support/pg-cluster.ts (fsync off); server and baseline both use a pool of 10',
      ],
    });
  } finally {
    await raw?.stop();
    await atelier.stop();
    await pool.end();
    cluster.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
