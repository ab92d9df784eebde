import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type RunningServer, startServer } from '../../src/server.ts';
import {
  createPostgresDatabase,
  silentLogger,
  type TestDatabaseUrl,
  testDbKind,
} from '../support/test-db.ts';

// Two server instances on one PostgreSQL: what scale-out relies on.
describe.runIf(testDbKind === 'postgres')('two instances on one PostgreSQL', () => {
  let db: TestDatabaseUrl;
  let a: RunningServer;
  let b: RunningServer;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-multi-'));

  beforeAll(async () => {
    db = await createPostgresDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    });
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
});
