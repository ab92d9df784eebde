import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunctionPool, type InvokeResult } from './index.ts';

/**
 * Issue 20 item 5: one app's slow calls hold at most its share of the pool, other apps' calls go
 * ahead, and the queues are bounded (app_busy / overloaded instead of waiting without end).
 */

const SLOW = 60_000;

describe('function pool fairness and bounded queues', () => {
  let pool: FunctionPool;
  let server: http.Server;
  let origin = '';
  const held: http.ServerResponse[] = [];

  beforeAll(async () => {
    // `/hold` answers only when the test releases it: a function that fetches it is "slow".
    server = http.createServer((req, res) => {
      if (req.url === '/hold') held.push(res);
      else res.end('quick');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Two slots; each app runs one at a time and may queue one more; the pool queues two at most.
    pool = new FunctionPool({
      size: 1,
      concurrency: 2,
      tenantConcurrency: 1,
      tenantQueued: 1,
      maxQueued: 2,
      allowLoopback: true,
    });
    await pool.warmUp();
  }, SLOW);

  afterAll(async () => {
    for (const res of held.splice(0)) res.end('released');
    await pool?.close();
    server?.close();
  });

  const call = (tenant: string, path: string) =>
    pool.invoke({
      key: `${tenant}${path}`,
      tenant,
      code: `globalThis.__atelierHandler = async () => new Response(await (await fetch(${JSON.stringify(origin + path)})).text());`,
      env: {},
      request: { method: 'GET', url: 'https://fn.test/api/apps/x/functions/f', headers: [], body: null },
    });
  const text = (result: InvokeResult) =>
    result.outcome.ok
      ? new TextDecoder().decode(result.outcome.response.body ?? new Uint8Array())
      : result.outcome.kind;
  const heldCount = async (count: number) => {
    while (held.length < count) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  it(
    'lets another app run while one app waits on slow calls, and refuses past the queues',
    async () => {
      let slowDone = false;
      const slowA = call('app-a', '/hold').then((result) => {
        slowDone = true;
        return result;
      });
      await heldCount(1);
      const queuedA = call('app-a', '/hold');
      // App A's queue (one) is full: refused at once, without running.
      expect((await call('app-a', '/quick')).outcome).toMatchObject({ ok: false, kind: 'app_busy' });
      // App B is not held behind app A's backlog: it runs in the slot A may not take.
      expect(text(await call('app-b', '/quick'))).toBe('quick');
      expect(slowDone).toBe(false);
      // Fill the pool: B holds the second slot, C queues; the pool's queue (two) is then full.
      const slowB = call('app-b', '/hold');
      await heldCount(2);
      const queuedC = call('app-c', '/quick');
      expect((await call('app-d', '/quick')).outcome).toMatchObject({ ok: false, kind: 'overloaded' });
      // Released (A's queued call runs once A's first is done, and is released too), every accepted call completes.
      let settled = false;
      const all = Promise.all([slowA, queuedA, slowB, queuedC]).finally(() => {
        settled = true;
      });
      while (!settled) {
        for (const res of held.splice(0)) res.end('released');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect((await all).map(text)).toEqual(['released', 'released', 'released', 'quick']);
    },
    SLOW,
  );
});
