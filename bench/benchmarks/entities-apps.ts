import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import pg from 'pg';
import { apiCall, createTaskApp, PUBLISH_FOR_END_USERS_SQL } from '../lib/atelier.ts';
import { startBenchPostgres } from '../lib/bench-postgres.ts';
import { inPhase, type Phase, summarisePhases } from '../lib/cpu-profile.ts';
import { benchDir, record, repoRoot, round } from '../lib/harness.ts';
import { freePort, type Started, spawnUntilHealthy } from '../lib/processes.ts';
import { steadyLoad } from '../lib/steady-load.ts';
import { APP_OPERATIONS, type AppOperation, entityAppOperations } from './entities-sql.ts';

/**
 * The entity API as apps use it (issue 22 #2): list newest first, list filtered by a field's
 * equality, list sorted by a data field, get, create and update, with the rules on (the creator
 * reads and writes), at 10,000 and 1,000,000 records, on PostgreSQL and on PGlite, each against a
 * floor running the same statements (bare node:http over node-postgres, or over PGlite in its
 * process as the server runs it). Throughput at saturation, p99 at half the API's throughput, and
 * the plan of every list, which must read its page, not the entity: a list that reads more than
 * `readBudget` rows fails the run (after its figures are written).
 */
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** Unmeasured load on each operation of both servers before the first measured phase (`BENCH_WARM_UP_SECONDS`). */
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 2);
const LATENCY_LOAD = Number(process.env.BENCH_LATENCY_LOAD ?? 0.5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',') as Engine[];
const SIZES = (process.env.BENCH_SIZES ?? '10000,1000000').split(',').map(Number);
/** The operations measured (`BENCH_OPERATIONS`, e.g. `list newest,create`): all by default. */
const OPERATIONS = process.env.BENCH_OPERATIONS
  ? APP_OPERATIONS.filter((name) => process.env.BENCH_OPERATIONS!.split(',').includes(name))
  : APP_OPERATIONS;
const serverMain = process.env.BENCH_SERVER_MAIN ?? path.join(repoRoot, 'apps/server/dist/main.js');
const floorServer = path.join(benchDir, 'benchmarks/entities-apps-floor.mjs');
const profileDir = process.env.BENCH_CPU_PROF;
const profileFlags = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
/** With BENCH_CPU_PROF: the window of each measured phase, to read its servers' profiles by phase. */
const phases: Phase[] | undefined = profileDir ? [] : undefined;

type Engine = 'postgres' | 'pglite';
export const PASSWORD = 'violet-canyon-maple-42';
export const ENTITY = 'Task';
const STATUSES = ['todo', 'doing', 'done', 'archived'];
/** The entity: what a task app's model writes; the creator reads and writes. */
export const SCHEMA = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    points: { type: 'number' },
    done: { type: 'boolean' },
    status: { type: 'string', enum: STATUSES },
  },
  required: ['title'],
  rls: { read: 'creator', write: 'creator' },
};
export const LISTS = {
  'list newest': { limit: 20 },
  'list filtered': { limit: 20, q: JSON.stringify({ status: 'doing' }) },
  'list sorted': { limit: 20, sort: '-points' },
} as const;
export const CREATE_BODY = { title: 'New task', points: 3, done: false, status: 'todo' };
export const UPDATE_BODY = { points: 5, status: 'doing' };
/** Records per end user: a tenth of the records are the bench user's, the rest 50 others'. */
const USER_SHARE = 10;

/** Most rows a list's plan may read from entity_records: the page and a margin, never the entity. */
const readBudget = (records: number) => Math.min(10_000, records / 2);

/** A query on whichever engine holds the data while the servers are stopped (PGlite) or not. */
export type Sql = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** The machine's CPU time and the part stolen by the hypervisor so far (/proc/stat; Linux). */
function cpuTimes(): { total: number; steal: number; idle: number } {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9);
    const values = fields.map(Number);
    return {
      total: values.reduce((sum, value) => sum + value, 0),
      steal: values[7] ?? 0,
      idle: (values[3] ?? 0) + (values[4] ?? 0),
    };
  } catch {
    return { total: Number.NaN, steal: Number.NaN, idle: Number.NaN };
  }
}

/**
 * Seeds `entity_records` from `from` to `to` records in one statement (generate_series), with the
 * secondary indexes dropped meanwhile and built again after (as a bulk load does), then analyses.
 */
export async function seed(sql: Sql, appId: string, userId: string, from: number, to: number) {
  const indexes = (await sql(
    `select indexname as name, indexdef as def from pg_indexes
     where tablename = 'entity_records' and indexname <> 'entity_records_pkey'`,
  )) as { name: string; def: string }[];
  for (const index of indexes) await sql(`drop index "${index.name}"`);
  await sql(
    `insert into entity_records (app_id, entity, id, creator_id, data, created_at, updated_at)
     select $1, $2, gen_random_uuid()::text, case when i % ${USER_SHARE} = 0 then $3 else 'other-' || (i % 50) end,
       jsonb_build_object('title', 'Task ' || i, 'points', (i / 10) % 100, 'done', i % 3 = 0,
         'status', (array['todo', 'doing', 'done', 'archived'])[(i / 7) % 4 + 1]),
       now() - interval '1 day' - (i * interval '1 second'), now() - interval '1 day' - (i * interval '1 second')
     from generate_series($4::int, $5::int) as i`,
    [appId, ENTITY, userId, from + 1, to],
  );
  for (const index of indexes) await sql(index.def);
  await sql('vacuum analyze entity_records');
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

type Plan = [{ Plan: PlanNode; 'Execution Time': number }];

/** Rows a plan read from entity_records (kept or filtered out), the indexes it used, whether it sorted. */
function planSummary(plan: Plan) {
  const nodes = nodesOf(plan[0].Plan);
  const scans = nodes.filter((node) => node['Relation Name'] === 'entity_records');
  const read = scans.reduce(
    (sum, node) =>
      sum +
      ((node['Actual Rows'] ?? 0) +
        (node['Rows Removed by Filter'] ?? 0) +
        (node['Rows Removed by Index Recheck'] ?? 0)) *
        (node['Actual Loops'] ?? 1),
    0,
  );
  return {
    read,
    ms: plan[0]['Execution Time'],
    how: scans.map((node) => `${node['Node Type']}${node['Index Name'] ? ` on ${node['Index Name']}` : ''}`),
    sorted: nodes.some((node) => node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort'),
  };
}

/** The floor's EXPLAIN ANALYZE of each list statement. */
async function explainLists(floorBase: string): Promise<Record<string, Plan>> {
  return (await (await fetch(`${floorBase}/explain`, { method: 'POST' })).json()) as Record<string, Plan>;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); NaN elsewhere. */
export function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** One side of a comparison: a base URL and, per request, the path (which record), method and body. */
interface Target {
  /** The process answering (its CPU time per request is measured). */
  pid: () => number | undefined;
  base: string;
  path: () => string;
  method: 'GET' | 'POST' | 'PATCH';
  headers?: Record<string, string>;
  body?: string;
}

async function saturate(target: Target, seconds = LOAD_SECONDS) {
  const cpuBefore = cpuSeconds(target.pid());
  const result = await autocannon({
    url: target.base,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: target.method,
        headers: target.headers ?? {},
        ...(target.body ? { body: target.body } : {}),
        setupRequest: (request) => ({ ...request, path: target.path() }),
      },
    ],
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuMs: ((cpuSeconds(target.pid()) - cpuBefore) * 1000) / result.requests.total,
  };
}

async function steady(target: Target, rate: number) {
  const options = {
    url: () => `${target.base}${target.path()}`,
    method: target.method,
    headers: target.headers,
    body: target.body,
    rate,
  };
  await steadyLoad({ ...options, seconds: 1 });
  const waitedBefore = runQueueSeconds(target.pid());
  const result = await steadyLoad({ ...options, seconds: LOAD_SECONDS });
  const waited = runQueueSeconds(target.pid()) - waitedBefore;
  return { ...result, runQueueMs: (waited * 1000) / (result.rps * LOAD_SECONDS) };
}

/**
 * Seconds the threads of a process spent runnable but waiting for a CPU so far (the run queue;
 * /proc/<pid>/task/<tid>/schedstat, Linux): on a shared machine the part of a latency that is not
 * the process's own work nor its I/O. Threads that ended meanwhile are not counted.
 */
function runQueueSeconds(pid: number | undefined): number {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .reduce(
        (sum, tid) =>
          sum + Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[1]) / 1e9,
        0,
      );
  } catch {
    return Number.NaN;
  }
}

interface OperationResult {
  /** The server's CPU time per request at saturation (ms), API and floor. */
  apiCpuMs: number;
  floorCpuMs: number;
  api: number;
  floor: number;
  ratio: number;
  rate: number;
  apiP99: number;
  floorP99: number;
  apiP50: number;
  /** How late the load generator sent the API's requests at half load, p99 (ms): its own share of the p99. */
  apiSendLateP99: number;
  /** The server's threads' wait for a CPU per request at half load (ms): the run queue's share of a latency. */
  apiRunQueueMs: number;
  errors: number;
}

/** Starts, stops and reaches one engine's servers and data. */
interface EngineSetUp {
  startServer(): Promise<void>;
  /** The running server's process id. */
  serverPid(): number | undefined;
  stopServer(): Promise<void>;
  /** SQL on the data: PostgreSQL any time; PGlite with the server stopped (it holds the directory). */
  withData<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
  /** The floor's environment, on this engine's data as it is now. */
  floorEnv(): Promise<Record<string, string>>;
  /** Lets earlier phases' work finish (vacuum, checkpoint) before the next phase (PostgreSQL). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

async function postgresSetUp(serverEnv: Record<string, string>): Promise<EngineSetUp> {
  const { cluster, databaseUrl } = await startBenchPostgres();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  let server: Started | undefined;
  const sql: Sql = async (text, params) => (await pool.query(text, params)).rows;
  return {
    async startServer() {
      server = await spawnUntilHealthy(
        process.execPath,
        [...profileFlags, serverMain],
        { ...serverEnv, DATABASE_URL: databaseUrl },
        `${serverEnv.PUBLIC_URL}/api/health`,
      );
    },
    serverPid: () => server?.child.pid,
    async stopServer() {
      await server?.stop();
    },
    withData: (work) => work(sql),
    floorEnv: async () => ({ ENGINE: 'postgres', DATABASE_URL: databaseUrl }),
    async settle() {
      await sql('vacuum analyze entity_records');
      await sql('checkpoint');
    },
    async close() {
      await server?.stop();
      await pool.end();
      cluster.stop();
    },
  };
}

async function pgliteSetUp(serverEnv: Record<string, string>): Promise<EngineSetUp> {
  const dataDir = serverEnv.DATA_DIR!;
  const floorDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-floor-'));
  let server: Started | undefined;
  let running = false;
  const setUp: EngineSetUp = {
    async startServer() {
      server = await spawnUntilHealthy(
        process.execPath,
        [...profileFlags, serverMain],
        serverEnv,
        `${serverEnv.PUBLIC_URL}/api/health`,
      );
      running = true;
    },
    serverPid: () => server?.child.pid,
    async stopServer() {
      await server?.stop();
      running = false;
    },
    async withData(work) {
      const wasRunning = running;
      if (wasRunning) await setUp.stopServer();
      const client = await PGlite.create(path.join(dataDir, 'pglite'));
      try {
        return await work(async (text, params) => (await client.query(text, params)).rows as never);
      } finally {
        await client.close();
        if (wasRunning) await setUp.startServer();
      }
    },
    async floorEnv() {
      // A copy of the data for the floor's own PGlite (one process per data directory), taken
      // with the server stopped.
      const wasRunning = running;
      if (wasRunning) await setUp.stopServer();
      fs.rmSync(floorDir, { recursive: true, force: true });
      fs.cpSync(path.join(dataDir, 'pglite'), floorDir, { recursive: true });
      if (wasRunning) await setUp.startServer();
      return { ENGINE: 'pglite', PGLITE_DIR: floorDir };
    },
    settle: async () => {},
    async close() {
      await server?.stop();
      fs.rmSync(floorDir, { recursive: true, force: true });
    },
  };
  return setUp;
}

/** Every operation of one engine at each size: figures by "<engine> <records> <operation>". */
async function runEngine(
  engine: Engine,
  figures: Record<string, number>,
  notes: string[],
  failures: string[],
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-apps-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const serverEnv = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // A builder verifies through the dev outbox (signUpBuilder): not production.
    NODE_ENV: 'development',
    MODEL_CATALOGUE_URL: 'off',
    PUBLIC_URL: base,
    SECRETS_KEY: randomBytes(32).toString('base64'),
    // Counted, as in production, but never reached by one user's load.
    RATE_LIMIT_SIGNED_IN_PER_MINUTE: process.env.BENCH_RL ?? '1000000',
  };
  const setUp = engine === 'postgres' ? await postgresSetUp(serverEnv) : await pgliteSetUp(serverEnv);
  let floor: Started | undefined;
  try {
    await setUp.startServer();
    const { appId } = await createTaskApp(base, { email: 'bench@example.com', password: PASSWORD }, SCHEMA);
    await setUp.withData((sql) => sql(PUBLISH_FOR_END_USERS_SQL, [appId]));
    const signup = async () =>
      (
        await apiCall(base, 'POST', `/api/auth/signup?appId=${appId}`, {
          email: 'user@example.com',
          password: PASSWORD,
        })
      ).json as { user: { id: string }; accessToken: string };
    const endUser = await signup();
    const userId = endUser.user.id;
    const operations = await entityAppOperations({
      appId,
      entity: ENTITY,
      userId,
      schema: SCHEMA,
      lists: LISTS,
      create: CREATE_BODY,
      update: UPDATE_BODY,
    });
    let seeded = 0;
    for (const size of SIZES) {
      const label = `${engine} ${size.toLocaleString('en')}`;
      const seedStarted = performance.now();
      await setUp.withData((sql) => seed(sql, appId, userId, seeded, size));
      figures[`${label}: seeding ${(size - seeded).toLocaleString('en')} records (s)`] = round(
        (performance.now() - seedStarted) / 1000,
        1,
      );
      seeded = size;
      // A fresh token per size (they last an hour).
      const login = (
        await apiCall(base, 'POST', `/api/auth/login?appId=${appId}`, {
          email: 'user@example.com',
          password: PASSWORD,
        })
      ).json as { accessToken: string };
      const bearer = { authorization: `Bearer ${login.accessToken}` };
      const ids = (
        await setUp.withData((sql) =>
          sql('select id from entity_records where app_id = $1 and creator_id = $2 limit 1000', [
            appId,
            userId,
          ]),
        )
      ).map((row) => row.id as string);
      let next = 0;
      const anId = () => encodeURIComponent(ids[next++ % ids.length]!);
      const entityPath = `/api/apps/${appId}/entities/${ENTITY}`;
      const query = (list: { limit: number; q?: string; sort?: string }) =>
        `?${new URLSearchParams(Object.entries(list).map(([key, value]): [string, string] => [key, String(value)]))}`;
      // Each list once through the API first: a slow data-field sort asks for its index, built in
      // the background on PostgreSQL; the run waits for it as an app's later users would.
      for (const name of ['list newest', 'list filtered', 'list sorted'] as const) {
        const started = performance.now();
        const res = await fetch(`${base}${entityPath}${query(LISTS[name])}`, { headers: bearer });
        const rows = (await res.json()) as { creatorId: string }[];
        if (res.status !== 200 || rows.length !== 20 || rows.some((row) => row.creatorId !== userId))
          throw new Error(`${label} ${name}: the rules are not applied (${res.status})`);
        figures[`${label} ${name}: first call (ms)`] = round(performance.now() - started, 1);
      }
      await waitForSortIndexes(setUp, engine, async () =>
        (
          await fetch(`${base}${entityPath}${query(LISTS['list sorted'])}`, { headers: bearer })
        ).arrayBuffer(),
      );
      const floorPort = await freePort();
      const floorBase = `http://127.0.0.1:${floorPort}`;
      floor = await spawnUntilHealthy(
        process.execPath,
        [...profileFlags, floorServer],
        { PORT: String(floorPort), OPERATIONS: JSON.stringify(operations), ...(await setUp.floorEnv()) },
        `${floorBase}/api/health`,
      );
      const plans = await explainLists(floorBase);
      for (const [name, plan] of Object.entries(plans)) {
        const summary = planSummary(plan);
        figures[`${label} ${name}: rows read by its plan`] = summary.read;
        figures[`${label} ${name}: plan execution (ms)`] = round(summary.ms, 2);
        notes.push(
          `${label} ${name} plan: ${summary.how.join(', ')}${summary.sorted ? ', then a sort' : ''}`,
        );
        if (summary.read > readBudget(size))
          failures.push(
            `${label} ${name} reads ${summary.read} rows (budget ${readBudget(size)}): ${summary.how.join(', ')}`,
          );
      }
      const json = { 'content-type': 'application/json' };
      const apiPid = () => setUp.serverPid();
      const floorPid = () => floor?.child.pid;
      const targets: Record<AppOperation, [Target, Target]> = {
        'list newest': [
          {
            pid: apiPid,
            base,
            path: () => `${entityPath}${query(LISTS['list newest'])}`,
            method: 'GET',
            headers: bearer,
          },
          { pid: floorPid, base: floorBase, path: () => '/list/newest', method: 'GET' },
        ],
        'list filtered': [
          {
            pid: apiPid,
            base,
            path: () => `${entityPath}${query(LISTS['list filtered'])}`,
            method: 'GET',
            headers: bearer,
          },
          { pid: floorPid, base: floorBase, path: () => '/list/filtered', method: 'GET' },
        ],
        'list sorted': [
          {
            pid: apiPid,
            base,
            path: () => `${entityPath}${query(LISTS['list sorted'])}`,
            method: 'GET',
            headers: bearer,
          },
          { pid: floorPid, base: floorBase, path: () => '/list/sorted', method: 'GET' },
        ],
        get: [
          { pid: apiPid, base, path: () => `${entityPath}/${anId()}`, method: 'GET', headers: bearer },
          { pid: floorPid, base: floorBase, path: () => `/get/${anId()}`, method: 'GET' },
        ],
        create: [
          {
            pid: apiPid,
            base,
            path: () => entityPath,
            method: 'POST',
            headers: { ...bearer, ...json },
            body: JSON.stringify(CREATE_BODY),
          },
          {
            pid: floorPid,
            base: floorBase,
            path: () => '/create',
            method: 'POST',
            headers: json,
            body: JSON.stringify(CREATE_BODY),
          },
        ],
        update: [
          {
            pid: apiPid,
            base,
            path: () => `${entityPath}/${anId()}`,
            method: 'PATCH',
            headers: { ...bearer, ...json },
            body: JSON.stringify(UPDATE_BODY),
          },
          {
            pid: floorPid,
            base: floorBase,
            path: () => `/update/${anId()}`,
            method: 'PATCH',
            headers: json,
            body: JSON.stringify(UPDATE_BODY),
          },
        ],
      };
      // Both servers warm (JIT, caches) before anything is measured: a server that just started
      // spends its first seconds of load compiling its code (V8's compiler threads count in its CPU).
      figures[`${label}: load average before its phases (1 min)`] = round(os.loadavg()[0]!, 2);
      for (const name of OPERATIONS)
        for (const target of targets[name]) await saturate(target, WARM_UP_SECONDS);
      for (const name of OPERATIONS) {
        const key = `${label} ${name}`;
        const result = await compare(setUp, key, ...targets[name]);
        figures[`${key}: API (req/s)`] = round(result.api);
        figures[`${key}: floor (req/s)`] = round(result.floor);
        figures[`${key}: API / floor`] = round(result.ratio);
        figures[`${key}: API p99 at half load (ms)`] = round(result.apiP99);
        figures[`${key}: floor p99 at half load (ms)`] = round(result.floorP99);
        figures[`${key}: API p50 at half load (ms)`] = round(result.apiP50);
        figures[`${key}: API requests sent late at half load, p99 (ms)`] = round(result.apiSendLateP99);
        figures[`${key}: API server's wait for a CPU per request at half load (ms)`] = round(
          result.apiRunQueueMs,
          3,
        );
        figures[`${key}: half load (req/s)`] = round(result.rate);
        figures[`${key}: API server CPU per request (ms)`] = round(result.apiCpuMs, 3);
        figures[`${key}: floor server CPU per request (ms)`] = round(result.floorCpuMs, 3);
        figures[`${key}: errors`] = result.errors;
        if (result.errors > 0) failures.push(`${key}: ${result.errors} requests failed (API or floor)`);
        console.log(
          `${key}: API ${Math.round(result.api)} req/s, floor ${Math.round(result.floor)} req/s (${round(result.ratio)}); p99 at ${Math.round(result.rate)} req/s ${round(result.apiP99, 1)} / ${round(result.floorP99, 1)} ms`,
        );
      }
      figures[`${label}: load average after its phases (1 min)`] = round(os.loadavg()[0]!, 2);
      // A plan the phases changed (e.g. a sort index the API asked for while it was loaded) is noted:
      // the phases before and after the change did not read the same way.
      for (const [name, plan] of Object.entries(await explainLists(floorBase))) {
        const [before, after] = [planSummary(plans[name]!).how, planSummary(plan).how].map((how) =>
          how.join(', '),
        );
        if (after !== before)
          notes.push(`${label} ${name} plan after its phases: ${after} (before: ${before})`);
      }
      await floor.stop();
      floor = undefined;
      // The records the create phase added (status todo, the user's newest) would come first in the
      // next size's lists of the user's records: the filtered list would pass over them all.
      await setUp.withData((sql) =>
        sql(`delete from entity_records where app_id = $1 and created_at > now() - interval '12 hours'`, [
          appId,
        ]),
      );
    }
  } finally {
    await floor?.stop();
    await setUp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Lets the sort index a slow sorted list asked for be built: on PostgreSQL waits (up to 5 minutes)
 * until a sort index is valid and none is being built, or, when none was asked for, 5 s passed with
 * no build (the list starts its build a moment after it answers); on PGlite the build runs in the
 * server's thread right after the list, and a later request is answered only after it, so one more
 * list after a pause suffices.
 */
async function waitForSortIndexes(setUp: EngineSetUp, engine: Engine, sortedList: () => Promise<unknown>) {
  if (engine === 'pglite') {
    await new Promise((resolve) => setTimeout(resolve, 5000));
    await sortedList();
    return;
  }
  const started = Date.now();
  while (Date.now() < started + 300_000) {
    const [row] = await setUp.withData((sql) =>
      sql(`select (select count(*) from pg_stat_progress_create_index)::int as building,
          (select count(*) from pg_index i join pg_class c on c.oid = i.indexrelid
            where c.relname like 'er\\_sort\\_%' and i.indisvalid)::int as valid`),
    );
    if (Number(row?.building) === 0 && (Number(row?.valid) > 0 || Date.now() > started + 5000)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('a sort index was still being built after 5 minutes');
}

/** API against floor in ROUNDS rounds, in turn: saturation, then p99 at half the API's throughput. */
async function compare(
  setUp: EngineSetUp,
  label: string,
  api: Target,
  floor: Target,
): Promise<OperationResult> {
  const rounds: OperationResult[] = [];
  const phase = <T>(side: string, target: Target, work: () => Promise<T>) =>
    inPhase(phases, `${label}, ${side}`, target.pid(), work);
  for (let n = 0; n < ROUNDS; n++) {
    await setUp.settle();
    const apiSaturated = await phase('API saturated', api, () => saturate(api));
    await setUp.settle();
    const floorSaturated = await phase('floor saturated', floor, () => saturate(floor));
    const rate = apiSaturated.rps * LATENCY_LOAD;
    await setUp.settle();
    const apiSteady = await phase('API at half load', api, () => steady(api, rate));
    await setUp.settle();
    const floorSteady = await phase('floor at half load', floor, () => steady(floor, rate));
    rounds.push({
      api: apiSaturated.rps,
      floor: floorSaturated.rps,
      apiCpuMs: apiSaturated.cpuMs,
      floorCpuMs: floorSaturated.cpuMs,
      ratio: apiSaturated.rps / floorSaturated.rps,
      rate,
      apiP99: apiSteady.p99,
      floorP99: floorSteady.p99,
      apiP50: apiSteady.p50,
      apiSendLateP99: apiSteady.sendLateP99,
      apiRunQueueMs: apiSteady.runQueueMs,
      errors: apiSaturated.errors + floorSaturated.errors + apiSteady.errors + floorSteady.errors,
    });
  }
  return [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)]!;
}

export async function run() {
  if (!fs.existsSync(serverMain)) throw new Error('Build the server first: node scripts/build-if-stale.mjs');
  const figures: Record<string, number> = {};
  const notes: string[] = [];
  const failures: string[] = [];
  const load = os.loadavg();
  const before = cpuTimes();
  try {
    for (const engine of ENGINES) await runEngine(engine, figures, notes, failures);
  } finally {
    if (profileDir && phases) {
      summarisePhases(profileDir, phases);
      console.log(`CPU profiles and each phase's top frames: ${path.join(profileDir, 'phases.txt')}`);
    }
  }
  const after = cpuTimes();
  const total = after.total - before.total;
  figures['CPU time stolen by the hypervisor during the run (%)'] = round(
    (100 * (after.steal - before.steal)) / total,
    1,
  );
  figures['machine busy during the run, all processes (%)'] = round(
    100 - (100 * (after.idle - before.idle)) / total,
    1,
  );
  figures['load average at the start (1 min)'] = round(load[0]!, 2);
  figures['load average at the end (1 min)'] = round(os.loadavg()[0]!, 2);
  const ratios = Object.fromEntries(
    Object.entries(figures)
      .filter(([key]) => key.endsWith(': API / floor'))
      .map(([key, value]) => [key.replace(': API / floor', ''), value]),
  );
  record({
    name: 'entities-apps',
    description: `entity API as apps use it (list newest, list filtered by a field, list sorted by a data field, get, create, update; rules on: creator) on ${ENGINES.join(' and ')} at ${SIZES.map((size) => size.toLocaleString('en')).join(' and ')} records, vs node:http + the same statements on the same engine`,
    figures,
    ratios,
    targets: {
      'list and create, API / floor, 10,000 records': '≥ 0.5',
      'list and create, API / floor, 1,000,000 records': '≥ 0.3',
      'API p99 at half load': '< 20 ms',
      'rows a list reads': '≤ min(10,000, half the records)',
    },
    notes: [
      `autocannon, ${CONNECTIONS} connections (BENCH_CONNECTIONS), ${LOAD_SECONDS} s per phase (BENCH_LOAD_SECONDS), after ${WARM_UP_SECONDS} s of unmeasured load on each operation of both servers (BENCH_WARM_UP_SECONDS); ${ROUNDS} round(s) (BENCH_ROUNDS), API and floor in turn, the median round by ratio`,
      `"at half load": after 1 s unmeasured, an open-loop steady rate of ${LATENCY_LOAD * 100} % of the API's measured throughput (BENCH_LATENCY_LOAD), the same rate offered to the floor`,
      `records: a tenth the end user's (every tenth), the rest 50 other users'; fields title, points (0–99, independent of the creator), done, status (4 values, independent of the creator); the list pages are 20 records; get and update go round 1,000 of the user's records`,
      'data-field sorts: the first sorted list (at 10,000 records) asks for its index (PostgreSQL: built concurrently; PGlite: built in the thread while the entity is small, features/entities/sort-indexes.ts); the seeding to 1,000,000 rebuilds it with the other indexes, as for an app that sorted on the field from early on',
      'the floor runs every statement the API sends for the operation (captured from its own service: the end user’s admin flag comes with the session, so a list is its page statement alone), on node-postgres with a pool of 10 (PostgreSQL) or on PGlite in its own process on a copy of the data (PGlite)',
      'seeding: generate_series in one statement, secondary indexes dropped and rebuilt, then vacuum analyze',
      'PostgreSQL: throwaway cluster from test/support/pg-cluster.ts (fsync off); PGlite: durable commits, as the server runs it',
      'the machine is shared with other work: compare the API with its floor in the same run, not the absolute figures',
      `the bench and every process it started ran at nice ${os.getPriority()} (BENCH_NICE: other work yields to them)`,
      ...notes,
      ...failures.map((failure) => `FAILED: ${failure}`),
    ],
  });
  if (failures.length > 0) throw new Error(`the run failed:\n${failures.join('\n')}`);
}
