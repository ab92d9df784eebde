import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STRONG_PASSWORD } from '../../test/support/accounts.ts';
import { trackLeaks } from '../../test/support/leaks.ts';
import { testConfig } from '../../test/support/test-config.ts';
import { createServerDatabase, silentLogger } from '../../test/support/test-db.ts';
import { functionsRuntime } from '../features/functions/functions.runtime.ts';
import { openDatabase } from '../platform/db/database.ts';
import { type RunningServer, startServer } from '../server.ts';

// Graceful shutdown (SIGTERM → RunningServer.close): readiness answers 503 at once, in-flight requests
// finish, running jobs finish within the budget or go back to the queue. Each test starts a real
// server (on a copy of the migrated template), which is slow on a busy machine: hence the long bounds.
const TEST_TIMEOUT_MS = 120_000;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(env: Record<string, string> = {}): Promise<{
  server: RunningServer;
  /** A query on the database after the server has closed it. */
  queryAfter: (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-drain-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const db = await createServerDatabase(dataDir);
  cleanups.push(() => db.drop());
  const config = testConfig(dataDir, {
    HOST: '127.0.0.1',
    PORT: '0',
    PREVIEW_PORT: '0',
    ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
    ...env,
  });
  const server = await startServer(config, silentLogger);
  cleanups.push(() => server.close());
  return {
    server,
    async queryAfter(text, params) {
      const database = await openDatabase({ databaseUrl: db.databaseUrl, dataDir, logger: silentLogger });
      try {
        return (await database.query(text, params)).rows;
      } finally {
        await database.close();
      }
    },
  };
}

/** A POST whose body arrives in two parts: in flight until `finish()` sends the rest. */
function slowPost(url: string, body: unknown) {
  const text = JSON.stringify(body);
  const half = Math.floor(text.length / 2);
  const req = http.request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
  });
  const answer = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      req.once('error', reject);
      req.once('response', (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          data += chunk;
        });
        res.once('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data }));
      });
    },
  );
  req.write(text.slice(0, half));
  return { answer, finish: () => req.end(text.slice(half)) };
}

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('graceful shutdown', () => {
  it(
    'answers 503 on /api/ready as soon as it drains, finishes the request in flight, then stops listening',
    async () => {
      const leaks = trackLeaks();
      cleanups.push(() => leaks.stop());
      const { server } = await start({ FUNCTION_RUNNERS: '2' });
      // The function runner processes are running (they start on first use)…
      const pool = functionsRuntime(server.deps).pool();
      await pool.warmUp();
      const runners = pool.pids();
      expect(runners).toHaveLength(2);
      const email = 'drain@example.com';
      const signup = await fetch(`${server.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: STRONG_PASSWORD }),
      });
      expect(signup.status).toBe(201);
      expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);

      const signin = slowPost(`${server.url}/api/auth/login`, { email, password: STRONG_PASSWORD });
      await until(() => server.drain.inFlight === 1);
      const closed = server.close();
      expect(server.drain.draining).toBe(true);

      // A load balancer's probe during the drain: not ready (a new connection is still accepted).
      const ready = await fetch(`${server.url}/api/ready`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('connection')).toBe('close');
      expect(await ready.json()).toEqual({
        status: 'unavailable',
        database: 'ok',
        queue: 'ok',
        draining: true,
      });
      // Liveness stays up while it drains.
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

      signin.finish();
      const answer = await signin.answer;
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ user: { email } });
      expect(answer.headers.connection).toBe('close');

      await closed;
      await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
      // …and stopped with the server (signal 0 only asks whether a process exists).
      for (const pid of runners) expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
      // Nothing else it started is left: no interval, no listener, socket or child process.
      await vi.waitFor(() => expect(leaks.leftOver()).toEqual({ intervals: [], handles: {} }), {
        timeout: 5_000,
      });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'keeps serving for SHUTDOWN_DRAIN_DELAY_MS with nothing in flight, so load balancers notice',
    async () => {
      const { server } = await start({ SHUTDOWN_DRAIN_DELAY_MS: '5000' });
      expect(server.drain.inFlight).toBe(0);
      const closed = server.close();
      const ready = await fetch(`${server.url}/api/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'unavailable', draining: true });
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      await closed;
      await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'lets a running job finish within the budget, and puts one that does not back in the queue',
    async () => {
      const { server, queryAfter } = await start({ SHUTDOWN_TIMEOUT_MS: '1500' });
      const started: string[] = [];
      let releaseQuick!: () => void;
      const quickReleased = new Promise<void>((resolve) => {
        releaseQuick = resolve;
      });
      await server.queue.defineQueue('drain-quick', { retryLimit: 2 });
      await server.queue.defineQueue('drain-stuck', { retryLimit: 2 });
      await server.queue.work(
        'drain-quick',
        async (job) => {
          started.push(job.id);
          await quickReleased;
        },
        { pollingIntervalSeconds: 0.5 },
      );
      await server.queue.work(
        'drain-stuck',
        async (job) => {
          started.push(job.id);
          await new Promise(() => {}); // never finishes
        },
        { pollingIntervalSeconds: 0.5 },
      );
      const quick = await server.queue.send('drain-quick', { n: 1 });
      const stuck = await server.queue.send('drain-stuck', { n: 2 });
      await until(() => started.length === 2);

      const closed = server.close();
      releaseQuick();
      await closed;

      const states = await queryAfter(
        'select id, state, retry_count from pgboss.job where id = any($1::uuid[])',
        [[quick, stuck]],
      );
      const byId = new Map(states.map((row) => [String(row.id), row]));
      expect(byId.get(quick!)).toMatchObject({ state: 'completed' });
      // Failed by the shutdown with retries left: back in the queue for the next instance or start.
      expect(byId.get(stuck!)).toMatchObject({ state: 'retry' });
    },
    TEST_TIMEOUT_MS,
  );
});
