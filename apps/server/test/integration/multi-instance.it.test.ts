import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appsRuntime } from '../../src/features/apps/apps.runtime.ts';
import { HOOK_DEPLOYS_TOPIC } from '../../src/features/functions/entity-triggers.ts';
import { type RunningServer, startServer } from '../../src/server.ts';
import { STRONG_PASSWORD } from '../support/accounts.ts';
import { createEntityApp } from '../support/entities.ts';
import type { TestApp } from '../support/test-app.ts';
import { testConfig } from '../support/test-config.ts';
import {
  createPostgresDatabase,
  silentLogger,
  type TestDatabaseUrl,
  testDbKind,
} from '../support/test-db.ts';

/** Polls `check` every 20 ms until it holds; false when `withinMs` passes first. */
async function eventually(check: () => Promise<boolean> | boolean, withinMs: number): Promise<boolean> {
  const end = Date.now() + withinMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// Two server instances on one PostgreSQL: what scale-out relies on.
describe.runIf(testDbKind === 'postgres')('two instances on one PostgreSQL', () => {
  let db: TestDatabaseUrl;
  let a: RunningServer;
  let b: RunningServer;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-multi-'));

  beforeAll(async () => {
    db = await createPostgresDatabase();
    const config = testConfig(dataDir, { HOST: '127.0.0.1', PORT: '0', DATABASE_URL: db.url });
    // Started together: migrations must serialise on the advisory lock.
    [a, b] = await Promise.all([startServer(config, silentLogger), startServer(config, silentLogger)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await db.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('both report a healthy postgres database over HTTP', async () => {
    for (const server of [a, b]) {
      const res = await fetch(`${server.url}/api/health`);
      expect(await res.json()).toMatchObject({ status: 'ok', database: 'postgres' });
    }
  });

  it('fans an event published on one instance out to subscribers on the other', async () => {
    const onB = new Promise((resolve) => b.bus.subscribe('fanout', (event) => resolve(event.data)));
    const onA = new Promise((resolve) => a.bus.subscribe('fanout', (event) => resolve(event.data)));
    await a.bus.publish('fanout', { from: 'a' });
    expect(await onB).toEqual({ from: 'a' });
    expect(await onA).toEqual({ from: 'a' });

    const back = new Promise((resolve) => a.bus.subscribe('fanback', (event) => resolve(event.data)));
    await b.bus.publish('fanback', { from: 'b' });
    expect(await back).toEqual({ from: 'b' });
  });

  it('runs each job once, on whichever instance fetches it', async () => {
    const ran: { id: string; by: string }[] = [];
    const total = 12;
    let finish!: () => void;
    const allDone = new Promise<void>((resolve) => {
      finish = resolve;
    });
    for (const [name, server] of [
      ['a', a],
      ['b', b],
    ] as const) {
      await server.queue.work(
        'multi-once',
        async (job) => {
          ran.push({ id: job.id, by: name });
          if (ran.length === total) finish();
        },
        { pollingIntervalSeconds: 0.5 },
      );
    }
    const ids = await Promise.all(Array.from({ length: total }, (_, n) => a.queue.send('multi-once', { n })));
    await allDone;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(ran).toHaveLength(total);
    expect(new Set(ran.map((r) => r.id))).toEqual(new Set(ids));
  });

  // Each instance caches looked-up sessions for 30 s (SESSION_CACHE_TTL_MS); the database's signals
  // must end them everywhere within moments, so these wait 2 s at most.
  it('runs an entity hook once per change across instances; a deploy on one is heard by the other', async () => {
    // The support helpers drive instance A over HTTP, as a TestApp would in process.
    // (Origin: A's own, as its pages would send.)
    const onA = {
      app: {
        request: (url: string, init: RequestInit = {}) => {
          const headers = new Headers(init.headers);
          if (headers.has('origin')) headers.set('origin', a.url);
          return fetch(`${a.url}${url}`, { ...init, headers });
        },
      },
      deps: a.deps,
    } as unknown as TestApp;
    const { appId, owner } = await createEntityApp(onA, 'multi-hooks@example.com', {
      Order: {
        properties: { item: { type: 'string' }, status: { type: 'string' } },
        rls: { create: true, read: true, update: true, delete: true },
      },
      AuditLog: {
        properties: { action: { type: 'string' }, record_id: { type: 'string' }, detail: { type: 'string' } },
      },
    });
    const folder = path.resolve(import.meta.dirname, '../fixtures/deno-functions/on-order-created');
    await appsRuntime(a.deps).versions.createVersion({ userId: owner.user.id }, appId, {
      changes: ['index.ts', 'function.jsonc'].map((file) => ({
        op: 'upsert' as const,
        path: `functions/on-order-created/${file}`,
        content: fs.readFileSync(path.join(folder, file), 'utf8'),
      })),
      description: 'An entity hook',
    });
    const heardOnB = new Promise((resolve) =>
      b.bus.subscribe(HOOK_DEPLOYS_TOPIC, (event) => resolve(event.data)),
    );
    const deployed = await fetch(`${a.url}/api/apps/${appId}/functions/on-order-created/deploy`, {
      method: 'POST',
      headers: { ...owner.headers, origin: a.url, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(deployed.status).toBe(200);
    expect(await heardOnB).toMatchObject({
      appId,
      automations: [
        { entity: 'Order', events: ['create', 'update'] },
        { entity: 'Order', events: ['delete'] },
      ],
    });

    const audit = async () => {
      const res = await fetch(`${a.url}/api/apps/${appId}/entities/AuditLog?limit=50`, {
        headers: owner.headers,
      });
      return ((await res.json()) as { record_id: string }[]).map((row) => row.record_id);
    };
    const created: string[] = [];
    for (const [server, item] of [
      [b, 'Lamp'],
      [a, 'Desk'],
      [b, 'Chair'],
    ] as const) {
      const res = await fetch(`${server.url}/api/apps/${appId}/entities/Order`, {
        method: 'POST',
        headers: { ...owner.headers, origin: server.url, 'content-type': 'application/json' },
        body: JSON.stringify({ item, status: 'open' }),
      });
      expect(res.status).toBe(201);
      const id = ((await res.json()) as { id: string }).id;
      created.push(id);
      expect(await eventually(async () => (await audit()).includes(id), 20_000)).toBe(true);
    }
    // Both instances heard every change; each ran once, on one of them.
    expect((await audit()).sort()).toEqual([...created].sort());
  });

  describe('sessions cached per instance', () => {
    const signUpOnA = async (email: string) => {
      const res = await fetch(`${a.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: a.url },
        body: JSON.stringify({ email, password: STRONG_PASSWORD }),
      });
      expect(res.status).toBe(201);
      const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
      const sessionOnB = async () =>
        (await fetch(`${b.url}/api/auth/session`, { headers: { cookie } })).status;
      // Looked up on B, twice: from here on B answers from its cache.
      expect(await sessionOnB()).toBe(200);
      expect(await sessionOnB()).toBe(200);
      return { cookie, sessionOnB };
    };
    const signOutOnA = async (cookie: string) => {
      const res = await fetch(`${a.url}/api/auth/logout`, {
        method: 'POST',
        headers: { cookie, origin: a.url },
      });
      expect(res.status).toBe(200);
    };
    const withClient = async <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      try {
        return await fn(client);
      } finally {
        await client.end();
      }
    };

    it('a sign-out on one instance is refused on the other', async () => {
      const { cookie, sessionOnB } = await signUpOnA('multi-signout@example.com');
      await signOutOnA(cookie);
      expect(await eventually(async () => (await sessionOnB()) === 401, 2000)).toBe(true);
    });

    it('a user disabled in the database is refused on every instance', async () => {
      const { sessionOnB } = await signUpOnA('multi-disabled@example.com');
      await withClient((client) =>
        client.query(`update users set disabled_at = now() where email = 'multi-disabled@example.com'`),
      );
      expect(await eventually(async () => (await sessionOnB()) === 401, 2000)).toBe(true);
    });

    it('a lost LISTEN connection empties the cache and comes back; sign-outs meanwhile are honoured', async () => {
      const { cookie, sessionOnB } = await signUpOnA('multi-listen@example.com');
      const states: boolean[] = [];
      const off = b.bus.onListenState((up) => states.push(up));
      await withClient((client) =>
        client.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and query ilike 'LISTEN%'`,
        ),
      );
      expect(await eventually(() => states.includes(false), 2000)).toBe(true);
      // The signal of this sign-out may never reach B: B must not answer from memory.
      await signOutOnA(cookie);
      expect(await sessionOnB()).toBe(401);
      expect(await eventually(() => b.bus.isListening(), 5000)).toBe(true);
      off();
      expect(states).toEqual([false, true]);
      // Events flow to B again.
      const onB = new Promise((resolve) =>
        b.bus.subscribe('after-reconnect', (event) => resolve(event.data)),
      );
      await a.bus.publish('after-reconnect', { back: true });
      expect(await onB).toEqual({ back: true });
    });
  });
});
