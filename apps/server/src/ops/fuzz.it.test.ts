import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  json,
  SAME_ORIGIN,
  STRONG_PASSWORD,
  sessionCookieOf,
  signUpVerified,
} from '../../test/support/accounts.ts';
import { createEntityApp, endUser } from '../../test/support/entities.ts';
import { type FakeProvider, startFakeOpenAI } from '../../test/support/fake-openai.ts';
import {
  bodyFor,
  type FuzzBody,
  type FuzzOperation,
  type OpenApiDocument,
  operationsOf,
  pathFor,
  queryFor,
} from '../../test/support/fuzz.ts';
import { createTestApp, type TestApp } from '../../test/support/test-app.ts';
import { chatRuntime } from '../features/chat/chat.module.ts';

/**
 * Property-based fuzzing of every JSON endpoint of the OpenAPI document, as an anonymous caller, a
 * builder (an admin: the first account) and an end user of a published app: schema-shaped bodies
 * broken in one place (wrong types, huge strings, deep nesting, odd unicode, missing and extra
 * fields), hostile bodies, non-JSON bodies, random queries, and path ids of real seeded objects or
 * random ones. Asserts: no answer ≥ 500, no thrown error, the server still answers its probes, and
 * a refused (4xx) request stores nothing (row counts of every table are unchanged).
 *
 * FUZZ_RUNS (default 6) sets the cases per endpoint; FUZZ_SEED (default 14) the seed; FUZZ_TIMING=1
 * prints where the time went.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = Number(process.env.FUZZ_SEED ?? 14);

/**
 * Tables that change by design on a refused request (rate-limit counters, failed-login marks), or by
 * background work between requests (the ingestion jobs write chunks and terms; model calls log usage).
 */
const VOLATILE_TABLES = new Set([
  'rate_limits',
  'sessions',
  'dev_outbox',
  'context_chunks',
  'context_terms',
  'llm_usage',
]);

/**
 * Calls that ask the model for structured output: the fake model answers plain text, so they give
 * their designed upstream-failure answer (503 service_unavailable with the spec's retry message).
 */
const MODEL_BACKED = new Set([
  'POST /csv/generateMapping',
  'POST /builder/magicCreate',
  'POST /admin/enhanceContextQuery',
  'POST /apps/{appId}/versions/{versionId}/repair',
]);

type Identity = 'anonymous' | 'builder' | 'endUser';

interface Case {
  identity: Identity;
  path: string;
  query: [string, string][];
  body: FuzzBody;
}

let t: TestApp;
let fake: FakeProvider;
let doc: OpenApiDocument;
const known: Record<string, string[]> = {};
let headersOf: Record<Identity, Record<string, string>>;
let tables: string[] = [];
let casesRun = 0;
const failures: string[] = [];
const timing = { counts: 0, requests: 0, signIn: 0 };

async function rowCounts(): Promise<Map<string, number>> {
  const started = performance.now();
  try {
    return await countRows();
  } finally {
    timing.counts += performance.now() - started;
  }
}

async function countRows(): Promise<Map<string, number>> {
  const union = tables
    .map((name) => `select '${name}' as name, count(*)::int as n from "${name}"`)
    .join(' union all ');
  const result = await t.deps.database.query<{ name: string; n: number }>(union);
  return new Map(result.rows.map((row) => [row.name, Number(row.n)]));
}

/** Signs the builder and the end user in again when a fuzzed call ended their sessions (logout, revoke-all). */
async function signInAgain() {
  if (headersOf) {
    const builderSession = await t.app.request('/api/auth/session', { headers: headersOf.builder });
    const userSession = await t.app.request('/api/auth/session', { headers: headersOf.endUser });
    if (builderSession.status === 200 && userSession.status === 200) return;
  }
  const builderLogin = await t.app.request(
    '/api/auth/login',
    json('POST', { email: 'fuzz-owner@example.com', password: STRONG_PASSWORD }),
  );
  const cookie = sessionCookieOf(builderLogin);
  const userLogin = await t.app.request(
    `/api/auth/login?appId=${known.appId?.[0]}`,
    json('POST', { email: 'fuzz-user@example.com', password: STRONG_PASSWORD }),
  );
  const token = ((await userLogin.json()) as { accessToken?: string }).accessToken;
  headersOf = {
    anonymous: {},
    builder: cookie ? { cookie, origin: SAME_ORIGIN } : {},
    endUser: token ? { authorization: `Bearer ${token}` } : {},
  };
}

function requestOf(c: Case, method: string): { url: string; init: RequestInit } {
  const search = new URLSearchParams(c.query).toString();
  const headers: Record<string, string> = { ...headersOf[c.identity] };
  let body: string | undefined;
  if (c.body.kind === 'json' && method !== 'GET') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(c.body.value) ?? 'null';
  } else if (c.body.kind === 'raw' && method !== 'GET') {
    headers['content-type'] = c.body.contentType;
    body = c.body.text;
  }
  return { url: `/api${c.path}${search ? `?${search}` : ''}`, init: { method, headers, body } };
}

function describeCase(op: FuzzOperation, c: Case, status: number | string, answer: string): string {
  const body =
    c.body.kind === 'json'
      ? (JSON.stringify(c.body.value) ?? 'undefined').slice(0, 300)
      : c.body.kind === 'raw'
        ? `${c.body.contentType}: ${c.body.text.slice(0, 100)}`
        : '(no body)';
  return `${op.method} ${op.path} ${c.path.length > 300 ? `${c.path.slice(0, 150)}…${c.path.slice(-150)}` : c.path} as ${c.identity} → ${status} ${answer.slice(0, 300)}; query ${JSON.stringify(c.query).slice(0, 200)}; body ${body}`;
}

/** Row counts after the previous request: the "before" of the next one. */
let lastCounts: Map<string, number> | undefined;

async function runCase(op: FuzzOperation, c: Case) {
  const before = lastCounts ?? (await rowCounts());
  lastCounts = undefined;
  const { url, init } = requestOf(c, op.method);
  let res: Response;
  const started = performance.now();
  try {
    res = await t.app.request(url, init);
    timing.requests += performance.now() - started;
  } catch (error) {
    failures.push(describeCase(op, c, 'threw', String((error as Error).stack ?? error)));
    return;
  }
  casesRun++;
  let answer = '';
  if (res.headers.get('content-type')?.includes('text/event-stream')) await res.body?.cancel();
  else answer = await res.text();
  // Chat replies are stored in the background: let them land before the next row count.
  if (res.status < 400) await chatRuntime(t.deps).settled();
  const modelFailure =
    res.status === 503 &&
    MODEL_BACKED.has(`${op.method} ${op.path}`) &&
    answer.includes('"service_unavailable"');
  if (res.status >= 500 && !modelFailure) failures.push(describeCase(op, c, res.status, answer));
  const after = await rowCounts();
  lastCounts = after;
  if (res.status >= 400 && res.status < 500) {
    const changed = [...after].filter(([name, n]) => !VOLATILE_TABLES.has(name) && before.get(name) !== n);
    if (changed.length > 0) {
      failures.push(
        describeCase(op, c, res.status, `stored after a refusal: ${JSON.stringify(changed)} ${answer}`),
      );
    }
  }
}

beforeAll(async () => {
  // A model provider (the fake one) so the AI endpoints answer instead of refusing offline.
  fake = await startFakeOpenAI();
  t = await createTestApp({
    env: { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.baseUrl, LLM_TIMEOUT_MS: '5000' },
    llm: { retry: { maxRetries: 1, baseDelayMs: 5, maxDelayMs: 20 }, settingsTtlMs: 0 },
  });
  // As in production: the job queue runs (ingestion jobs, readiness).
  await t.deps.queue.start();
  doc = (await (await t.app.request('/api/openapi.json')).json()) as OpenApiDocument;
  const app = await createEntityApp(t, 'fuzz-owner@example.com', {
    Task: {
      properties: {
        title: { type: 'string' },
        done: { type: 'boolean' },
        due: { type: 'string', format: 'date' },
      },
      required: ['title'],
      rls: { read: 'anonymous', write: 'anonymous' },
    },
    Note: { properties: { text: { type: 'string' } }, rls: { read: 'creator', write: 'creator' } },
  });
  known.appId = [app.appId];
  known.entity = ['Task', 'Note', 'User'];
  await endUser(t, app.appId, 'fuzz-user@example.com');
  await signUpVerified(t, 'fuzz-other-builder@example.com');
  const record = await t.app.request(`/api/apps/${app.appId}/entities/Task`, json('POST', { title: 'seed' }));
  const recordId = ((await record.json()) as { id: string }).id;
  const item = await t.app.request(
    `/api/context/ingest/text?appId=${app.appId}`,
    json('POST', { title: 'Seed notes', text: 'Opening hours are 9 to 5.' }, app.owner.headers),
  );
  const itemIds = item.ok
    ? ((await item.json()) as { items?: { id: string }[] }).items?.map((i) => i.id)
    : [];
  const versions = await t.app.request(`/api/apps/${app.appId}/versions`, { headers: app.owner.headers });
  const versionList = ((await versions.json()) as { versions?: { id: string }[] }).versions ?? [];
  known.id = [recordId, ...(itemIds ?? [])];
  known.versionId = versionList.map((v) => v.id).slice(0, 2);
  known.name = ['hello', 'API_KEY'];
  known.provider = ['notion', 'google_drive'];
  known.domain = ['example.com'];
  const result = await t.deps.database.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
  );
  tables = result.rows.map((row) => row.table_name).filter((name) => !name.startsWith('__'));
  await signInAgain();
}, 120_000);

afterAll(async () => {
  console.info(`API fuzzing: ${casesRun} requests, ${failures.length} failures`);
  for (const failure of failures) console.info(`  ${failure}`);
  if (process.env.FUZZ_TIMING) console.info(JSON.stringify(timing));
  await chatRuntime(t.deps).settled();
  await t?.close();
  await fake?.close();
});

/** Destructive calls (delete the seeded app, sign everybody out) go last so the others keep real ids. */
function destructive(op: FuzzOperation): boolean {
  return (
    (op.method === 'DELETE' && (op.path === '/apps/{appId}' || op.path === '/auth/account')) ||
    op.path === '/auth/sessions/revoke-all'
  );
}

describe('API fuzzing (OpenAPI document, fast-check)', () => {
  it('covers the JSON endpoints of the document', () => {
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThan(80);
  });

  it('answers every generated request below 500, stays healthy, and stores nothing when it refuses', async () => {
    const ops = operationsOf(doc).sort((a, b) => Number(destructive(a)) - Number(destructive(b)));
    for (const [index, op] of ops.entries()) {
      const signInStarted = performance.now();
      await signInAgain();
      lastCounts = undefined;
      timing.signIn += performance.now() - signInStarted;
      const cases = fc.sample(
        fc.record({
          identity: fc.constantFrom<Identity>('anonymous', 'builder', 'endUser'),
          path: pathFor(op.path, known),
          query: queryFor(op.operation, doc, known),
          body: bodyFor(op.operation, doc),
        }),
        { numRuns: RUNS, seed: SEED + index },
      );
      for (const c of cases) await runCase(op, c);
      const health = await t.app.request('/api/health');
      const database = await t.app.request('/api/plans');
      if (health.status !== 200 || database.status !== 200) {
        failures.push(
          `${op.method} ${op.path}: then /api/health answered ${health.status}, /api/plans ${database.status}`,
        );
      }
    }
    expect(casesRun).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  }, 600_000);
});
