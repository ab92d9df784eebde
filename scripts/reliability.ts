// `npm run reliability`: durability under kill -9. For each engine (PGlite in a temp DATA_DIR, and
// PostgreSQL on a throwaway cluster) it runs ROUNDS rounds of: concurrent clients write entity
// records over HTTP to the real server process, the server is SIGKILLed at a random moment, it is
// restarted on the same data, and every write that was acknowledged (201 with its id) must be there.
// Prints each round and the totals, writes bench/results/reliability.json, exits 1 on any loss.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { findPostgresBinDir, freePort, startPgCluster } from '../apps/server/test/support/pg-cluster.ts';
import {
  buildServerBundle,
  type ServerProcess,
  startServerProcess,
} from '../apps/server/test/support/server-process.ts';

const ROUNDS = Number(process.env.RELIABILITY_ROUNDS ?? 10);
const WRITERS = Number(process.env.RELIABILITY_WRITERS ?? 8);
/** The kill lands at a random moment, 0–KILL_WINDOW_MS after the writers' first MIN_ACKS acknowledged writes. */
const MIN_ACKS = 20;
const KILL_WINDOW_MS = 1000;
const PASSWORD = 'violet-canyon-maple-42';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultFile = path.join(root, 'bench/results/reliability.json');

type Engine = 'pglite' | 'postgres';

interface RoundResult {
  round: number;
  killedAfterMs: number;
  attempted: number;
  acknowledged: number;
  lost: number;
  /** Writes that were in flight when the server died (no answer) but committed anyway. */
  unacknowledgedPresent: number;
  restartMs: number;
}

interface EngineResult {
  engine: Engine;
  rounds: RoundResult[];
  totals: {
    rounds: number;
    attempted: number;
    acknowledged: number;
    lost: number;
    unacknowledgedPresent: number;
  };
  lostIds: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class Client {
  cookie = '';
  constructor(public base: string) {}
  async call<T>(method: string, url: string, body?: unknown): Promise<{ status: number; json: T }> {
    const res = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        origin: this.base,
        ...(this.cookie ? { cookie: this.cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('atelier_session='));
    if (cookie) this.cookie = cookie.split(';')[0] ?? '';
    return { status: res.status, json: (text ? JSON.parse(text) : undefined) as T };
  }
  async ok<T>(method: string, url: string, body?: unknown): Promise<T> {
    const res = await this.call<T>(method, url, body);
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.json)}`);
    return res.json;
  }
}

/** A builder, an app and its `Note` entity (rules: the creator reads and writes; the builder holds every role). */
async function setUpApp(client: Client): Promise<string> {
  await client.ok('POST', '/api/auth/signup', { email: 'reliability@example.com', password: PASSWORD });
  const app = await client.ok<{ id: string }>('POST', '/api/apps', { name: 'Reliability', type: 'GEN_APP' });
  const schema = {
    type: 'object',
    properties: { key: { type: 'string' }, writer: { type: 'number' }, n: { type: 'number' } },
    required: ['key'],
    rls: { read: 'creator', write: 'creator' },
  };
  // Entity files are read-only in the code editor (files/update); an admin's merge writes one.
  await client.ok('POST', `/api/apps/${app.id}/merge`, {
    files: [{ path: 'entities/Note.json', content: JSON.stringify(schema) }],
  });
  // The entity API may take a moment to see the new version (app rows are cached per process).
  for (let i = 0; ; i++) {
    const res = await client.call('GET', `/api/apps/${app.id}/entities/Note?limit=1`);
    if (res.status === 200) break;
    if (i > 100) throw new Error(`the Note entity is not available: ${res.status}`);
    await sleep(50);
  }
  return app.id;
}

/** Every record of the entity (paged list): id → key. */
async function listAll(client: Client, appId: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const limit = 10_000;
  for (let skip = 0; ; skip += limit) {
    const page = await client.ok<{ id: string; key: string }[]>(
      'GET',
      `/api/apps/${appId}/entities/Note?sort=createdAt&limit=${limit}&skip=${skip}`,
    );
    for (const record of page) found.set(record.id, record.key);
    if (page.length < limit) return found;
  }
}

async function runEngine(engine: Engine, main: string): Promise<EngineResult> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `atelier-reliability-${engine}-`));
  const cluster = engine === 'postgres' ? await startPgCluster() : undefined;
  let databaseUrl: string | undefined;
  if (cluster) {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database reliability');
    await admin.end();
    databaseUrl = cluster.url.replace(/\/postgres$/, '/reliability');
  }
  const env = {
    DATA_DIR: dataDir,
    SECRETS_KEY: randomBytes(32).toString('base64'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const start = () => startServerProcess({ main, port, env, timeoutMs: 120_000 });
  let server: ServerProcess | undefined;
  const rounds: RoundResult[] = [];
  /** id → key of every acknowledged write so far (all rounds). */
  const acknowledged = new Map<string, string>();
  const lostIds: string[] = [];
  try {
    server = await start();
    const client = new Client(server.url);
    const appId = await setUpApp(client);
    for (let round = 1; round <= ROUNDS; round++) {
      const attempted = new Set<string>();
      const ackedThisRound = new Map<string, string>();
      let dead = false;
      const writers = Array.from({ length: WRITERS }, async (_, writer) => {
        for (let n = 0; !dead; n++) {
          const key = `r${round}-w${writer}-${n}`;
          attempted.add(key);
          try {
            const res = await client.call<{ id: string; key: string }>(
              'POST',
              `/api/apps/${appId}/entities/Note`,
              { key, writer, n },
            );
            if (res.status === 201 && res.json.key === key) ackedThisRound.set(res.json.id, key);
            else if (!dead) throw new Error(`write answered ${res.status}: ${JSON.stringify(res.json)}`);
          } catch (error) {
            if (dead) return;
            throw error;
          }
        }
      });
      const writersStarted = performance.now();
      // A writer that fails (an answer other than 201 before the kill) ends the run.
      const failed = Promise.all(writers).then(() => {
        if (!dead) throw new Error('the writers stopped before the kill');
      });
      failed.catch(() => {});
      const warm = (async () => {
        while (ackedThisRound.size < MIN_ACKS) await sleep(5);
      })();
      await Promise.race([warm, failed]);
      await sleep(Math.random() * KILL_WINDOW_MS);
      const killedAfterMs = Math.round(performance.now() - writersStarted);
      dead = true;
      await server.kill('SIGKILL');
      await Promise.all(writers);
      for (const [id, key] of ackedThisRound) acknowledged.set(id, key);

      const restartStarted = performance.now();
      server = await start();
      const restartMs = Math.round(performance.now() - restartStarted);
      const present = await listAll(client, appId);
      let lost = 0;
      for (const [id, key] of acknowledged) {
        if (present.get(id) !== key) {
          lost++;
          if (!lostIds.includes(id)) lostIds.push(id);
        }
      }
      const ackedKeys = new Set(ackedThisRound.values());
      let unacknowledgedPresent = 0;
      for (const key of present.values())
        if (attempted.has(key) && !ackedKeys.has(key)) unacknowledgedPresent++;
      const result: RoundResult = {
        round,
        killedAfterMs,
        attempted: attempted.size,
        acknowledged: ackedThisRound.size,
        lost,
        unacknowledgedPresent,
        restartMs,
      };
      rounds.push(result);
      console.log(
        `  ${engine} round ${round}: killed after ${killedAfterMs} ms, ${result.acknowledged} acknowledged, ` +
          `${lost} lost (of ${acknowledged.size} so far), ${unacknowledgedPresent} unacknowledged but present, ` +
          `restart ${restartMs} ms`,
      );
    }
  } finally {
    await server?.kill('SIGTERM');
    cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return {
    engine,
    rounds,
    totals: {
      rounds: rounds.length,
      attempted: rounds.reduce((sum, r) => sum + r.attempted, 0),
      acknowledged: acknowledged.size,
      lost: lostIds.length,
      unacknowledgedPresent: rounds.reduce((sum, r) => sum + r.unacknowledgedPresent, 0),
    },
    lostIds,
  };
}

async function main() {
  const engines: Engine[] = ['pglite'];
  if (findPostgresBinDir()) engines.push('postgres');
  else console.warn('PostgreSQL is not installed (apt-get install -y postgresql): PGlite only.');
  const only = process.argv[2] as Engine | undefined;
  const selected = only ? engines.filter((e) => e === only) : engines;
  console.log(
    `Reliability: ${ROUNDS} rounds × SIGKILL, ${WRITERS} concurrent writers, engines: ${selected.join(', ')}`,
  );
  const bundle = await buildServerBundle();
  const results: EngineResult[] = [];
  try {
    for (const engine of selected) results.push(await runEngine(engine, bundle.main));
  } finally {
    bundle.remove();
  }
  const cpus = os.cpus();
  fs.mkdirSync(path.dirname(resultFile), { recursive: true });
  fs.writeFileSync(
    resultFile,
    `${JSON.stringify(
      {
        name: 'reliability',
        description: `acknowledged entity writes after SIGKILL and restart: ${ROUNDS} rounds per engine, ${WRITERS} concurrent HTTP writers, killed 0–${KILL_WINDOW_MS} ms (random) after the round's first ${MIN_ACKS} acknowledged writes`,
        engines: results,
        date: new Date().toISOString(),
        node: process.version,
        machine: `${cpus.length} × ${cpus[0]?.model ?? 'unknown cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
      },
      null,
      2,
    )}\n`,
  );
  console.log('');
  for (const r of results) {
    const t = r.totals;
    console.log(
      `${r.engine}: ${t.rounds} rounds, ${t.acknowledged} acknowledged, ${t.lost} lost, ${t.unacknowledgedPresent} unacknowledged but present`,
    );
  }
  console.log(`→ ${path.relative(root, resultFile)}`);
  if (results.some((r) => r.totals.lost > 0)) {
    console.error('FAILED: acknowledged writes were lost');
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
