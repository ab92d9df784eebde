import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { AUTH_LIMITS, AUTH_MESSAGES } from '@atelier/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, verifyByMail } from '../../test/support/accounts.ts';
import { freePort } from '../../test/support/pg-cluster.ts';
import {
  buildServerBundle,
  type ServerBundle,
  type ServerProcess,
  startServerProcess,
} from '../../test/support/server-process.ts';
import { createPostgresDatabase, type TestDatabaseUrl, testDbKind } from '../../test/support/test-db.ts';
import { INGEST_QUEUE } from '../features/data-sources/pipeline/item-options.ts';

// Scale-out (ARCHITECTURE §1): two real server processes on one PostgreSQL behind a round-robin
// proxy. Sessions, rate limits, jobs and live events must not care which instance answers.

const STARTUP_TIMEOUT_MS = 150_000;
const HOOK_RUNS_PER_MINUTE = 5;

interface Proxy {
  url: string;
  close(): Promise<void>;
}

/**
 * A minimal load balancer: each request goes to the next upstream in turn, bodies and answers are
 * streamed both ways (SSE included), `X-Forwarded-For` carries the client, and `X-Served-By` says
 * which instance answered.
 */
async function startProxy(upstreams: { name: string; port: number }[]): Promise<Proxy> {
  let next = 0;
  const server = http.createServer((req, res) => {
    const target = upstreams[next++ % upstreams.length]!;
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': target.name });
        res.flushHeaders();
        answer.pipe(res);
      },
    );
    upstream.once('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    res.once('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.runIf(testDbKind === 'postgres')('two server processes behind a round-robin proxy', () => {
  let db: TestDatabaseUrl;
  let bundle: ServerBundle;
  let proxy: Proxy;
  const servers: ServerProcess[] = [];
  const dataDirs: string[] = [];

  /** A JSON call through the proxy; `servedBy` names the instance that answered. */
  async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${proxy.url}${url}`, {
      method,
      headers: { 'content-type': 'application/json', origin: proxy.url, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return {
      status: res.status,
      servedBy: res.headers.get('x-served-by'),
      cookie: res.headers.getSetCookie()[0]?.split(';')[0],
      // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field with expect()
      json: (text ? JSON.parse(text) : undefined) as any,
    };
  }

  async function signUp(email: string) {
    const res = await call('POST', '/api/auth/signup', { email, password: STRONG_PASSWORD });
    expect(res.status).toBe(201);
    // Builders act once verified (the mail is in the shared database's outbox; asked of one instance
    // directly, so the proxy's turns stay as the tests expect).
    await verifyByMail(servers[0]!.url, email);
    return { cookie: res.cookie!, servedBy: res.servedBy, userId: res.json.user.id as string };
  }

  beforeAll(async () => {
    const ports = [await freePort(), await freePort()];
    [db, bundle, proxy] = await Promise.all([
      createPostgresDatabase(),
      buildServerBundle(),
      startProxy([
        { name: 'a', port: ports[0]! },
        { name: 'b', port: ports[1]! },
      ]),
    ]);
    const secretsKey = randomBytes(32).toString('base64');
    // Started together: their migrations serialise on the advisory lock.
    const started = await Promise.allSettled(
      ports.map((port) => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-multi-proc-'));
        dataDirs.push(dataDir);
        return startServerProcess({
          main: bundle.main,
          port,
          timeoutMs: STARTUP_TIMEOUT_MS,
          env: {
            DATABASE_URL: db.url,
            DATA_DIR: dataDir,
            SECRETS_KEY: secretsKey,
            PUBLIC_URL: proxy.url,
            TRUST_PROXY: 'true',
            // Code writes (the entity files of the live and hook tests) are for admins.
            ADMIN_EMAILS: 'live@example.com,hooks@example.com',
            // The per-app budget of entity-hook runs, small enough to reach in a test.
            FUNCTION_HOOK_RUNS_PER_MINUTE: String(HOOK_RUNS_PER_MINUTE),
          },
        });
      }),
    );
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  }, STARTUP_TIMEOUT_MS + 30_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill('SIGTERM')));
    await proxy?.close();
    bundle?.remove();
    await db?.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a session made on one instance on the other', async () => {
    const signed = await signUp('session@example.com');
    const session = await call('GET', '/api/auth/session', undefined, { cookie: signed.cookie });
    expect(session.servedBy).not.toBe(signed.servedBy);
    expect(session.status).toBe(200);
    expect(session.json).toMatchObject({ user: { id: signed.userId, email: 'session@example.com' } });
  });

  it('counts failed logins across both instances: the back-off starts after the same number of tries', async () => {
    await signUp('limits@example.com');
    const servedBy = new Set<string | null>();
    for (let attempt = 1; attempt <= AUTH_LIMITS.loginFreeFailures + 1; attempt++) {
      const res = await call('POST', '/api/auth/login', {
        email: 'limits@example.com',
        password: 'wrong-password-1',
      });
      expect(res.status).toBe(401);
      servedBy.add(res.servedBy);
    }
    expect(servedBy).toEqual(new Set(['a', 'b']));
    // This address now waits out its back-off whichever instance answers, even with the right password.
    for (const password of ['wrong-password-1', STRONG_PASSWORD]) {
      const refused = await call('POST', '/api/auth/login', { email: 'limits@example.com', password });
      expect(refused.status).toBe(429);
      expect(refused.json).toMatchObject({
        error: { code: 'rate_limited', message: AUTH_MESSAGES.login.tooManyAttempts },
      });
    }
  });

  it('runs a data-source ingestion enqueued on one instance exactly once', async () => {
    const builder = await signUp('ingest@example.com');
    const app = await call(
      'POST',
      '/api/apps',
      { name: 'Ingest', type: 'GEN_APP' },
      { cookie: builder.cookie },
    );
    expect(app.status).toBe(201);
    const text = 'Opening hours: the shop opens at nine and closes at six. '.repeat(40);
    const ingest = await call(
      'POST',
      `/api/context/ingest/text?appId=${app.json.id}`,
      { context: text, name: 'Hours' },
      { cookie: builder.cookie },
    );
    expect(ingest.status).toBe(201);
    const itemId = ingest.json.contextItems[0].id as string;
    let item: { status: string; chunkCount: number } | undefined;
    while (item?.status !== 'synced') {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const items = await call('GET', `/api/context/items?appId=${app.json.id}`, undefined, {
        cookie: builder.cookie,
      });
      item = items.json.contextItems.find((row: { id: string }) => row.id === itemId);
      expect(item?.status).not.toBe('error');
    }
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const claimed = await client.query('select attempts, chunk_count from context_items where id = $1', [
        itemId,
      ]);
      // Claimed once (attempts counts the runs that claimed it), chunks indexed once.
      expect(claimed.rows).toEqual([{ attempts: 1, chunk_count: item.chunkCount }]);
      const chunks = await client.query('select count(*)::int as n from context_chunks where item_id = $1', [
        itemId,
      ]);
      expect(chunks.rows[0].n).toBe(item.chunkCount);
      const jobs = await client.query(
        `select state from pgboss.job where name = $1 and data->>'itemId' = $2`,
        [INGEST_QUEUE, itemId],
      );
      expect(jobs.rows).toEqual([{ state: 'completed' }]);
    } finally {
      await client.end();
    }
  });

  it('streams an entity change made through one instance to a subscriber on the other', async () => {
    const builder = await signUp('live@example.com');
    const headers = { cookie: builder.cookie };
    const app = await call('POST', '/api/apps', { name: 'Live', type: 'GEN_APP' }, headers);
    const schema = {
      type: 'object',
      properties: { title: { type: 'string' } },
      required: ['title'],
      rls: { read: 'creator', write: 'creator' },
    };
    // Entity files are read-only in the code editor (files/update); an admin's merge writes one.
    const file = await call(
      'POST',
      `/api/apps/${app.json.id}/merge`,
      { files: [{ path: 'entities/Note.json', content: JSON.stringify(schema) }] },
      headers,
    );
    expect(file.status, JSON.stringify(file.json)).toBeLessThan(300);
    // Each instance sees the new version once the app-change signal reached it.
    for (let seen = 0; seen < 2; ) {
      const list = await call('GET', `/api/apps/${app.json.id}/entities/Note`, undefined, headers);
      seen = list.status === 200 ? seen + 1 : 0;
    }

    const controller = new AbortController();
    const stream = await fetch(`${proxy.url}/api/apps/${app.json.id}/entities/Note/subscribe`, {
      headers,
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const subscribedOn = stream.headers.get('x-served-by');
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    const readUntil = async (needle: string) => {
      while (!received.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before ${needle}: ${received}`);
        received += decoder.decode(value, { stream: true });
      }
    };
    await readUntil(': connected');

    const created = await call(
      'POST',
      `/api/apps/${app.json.id}/entities/Note`,
      { title: 'Across' },
      headers,
    );
    expect(created.status).toBe(201);
    expect(created.servedBy).not.toBe(subscribedOn);
    await readUntil(created.json.id);
    controller.abort();
    expect(received).toContain('event: create');
    const data = received
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice('data: '.length)));
    expect(data).toContainEqual(
      expect.objectContaining({
        type: 'create',
        id: created.json.id,
        data: expect.objectContaining({ title: 'Across' }),
      }),
    );
  });

  it("holds an app's entity-hook budget across both instances: runs past it are skipped wherever they are taken", async () => {
    const builder = await signUp('hooks@example.com');
    const headers = { cookie: builder.cookie };
    const app = await call('POST', '/api/apps', { name: 'Hooks', type: 'GEN_APP' }, headers);
    const hook = {
      automations: [{ name: 'On item', type: 'entity', entity_name: 'Item', event_types: ['create'] }],
    };
    const merged = await call(
      'POST',
      `/api/apps/${app.json.id}/merge`,
      {
        files: [
          {
            path: 'entities/Item.json',
            content: JSON.stringify({ type: 'object', properties: { title: { type: 'string' } } }),
          },
          { path: 'functions/audit/index.ts', content: 'Deno.serve(() => Response.json({ ok: true }));' },
          { path: 'functions/audit/function.jsonc', content: JSON.stringify(hook) },
        ],
      },
      headers,
    );
    expect(merged.status, JSON.stringify(merged.json)).toBeLessThan(300);
    const deployed = await call('POST', `/api/apps/${app.json.id}/functions/audit/deploy`, {}, headers);
    expect(deployed.status, JSON.stringify(deployed.json)).toBe(200);
    for (let seen = 0; seen < 2; ) {
      const list = await call('GET', `/api/apps/${app.json.id}/entities/Item`, undefined, headers);
      seen = list.status === 200 ? seen + 1 : 0;
    }
    // Twelve creates through both instances: each run is one job, taken by either instance.
    const writes = 12;
    const servedBy = new Set<string | null>();
    for (let i = 0; i < writes; i++) {
      const created = await call(
        'POST',
        `/api/apps/${app.json.id}/entities/Item`,
        { title: `#${i}` },
        headers,
      );
      expect(created.status).toBe(201);
      servedBy.add(created.servedBy);
    }
    expect(servedBy).toEqual(new Set(['a', 'b']));
    const outcomes = async () => {
      const res = await call(
        'GET',
        `/api/apps/${app.json.id}/functions/audit/invocations?limit=50`,
        undefined,
        headers,
      );
      return (res.json.invocations as { status: string; httpStatus: number }[]).map(
        (run) => `${run.status} ${run.httpStatus}`,
      );
    };
    await expect.poll(async () => (await outcomes()).length, { timeout: 60_000 }).toBe(writes);
    const runs = await outcomes();
    expect(runs.filter((run) => run === 'success 200')).toHaveLength(HOOK_RUNS_PER_MINUTE);
    expect(runs.filter((run) => run === 'error 429')).toHaveLength(writes - HOOK_RUNS_PER_MINUTE);
  });
});
