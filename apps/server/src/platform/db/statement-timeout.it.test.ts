import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createPostgresDatabase,
  silentLogger,
  type TestDatabaseUrl,
  testDbKind,
} from '../../../test/support/test-db.ts';
import type { AppEnv } from '../http/env.ts';
import { errorHandler } from '../http/error-handler.ts';
import { requestContext } from '../http/request-context.ts';
import { type Database, openDatabase } from './database.ts';

/**
 * Both engines bound a statement's time: PostgreSQL by `statement_timeout`; PGlite runs in a worker
 * thread that is ended and started again on its data directory when one statement keeps it busy
 * past the limit (pglite-thread.ts).
 */
describe('statement time limit', () => {
  let created: TestDatabaseUrl | undefined;
  let dataDir: string | undefined;
  let database: Database;
  beforeAll(async () => {
    if (testDbKind === 'postgres') {
      created = await createPostgresDatabase();
      database = await openDatabase({
        databaseUrl: created.url,
        dataDir: 'unused',
        logger: silentLogger,
        statementTimeoutMs: 1000,
      });
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-timeout-'));
      const template = inject('pgliteTemplateFile');
      database = await openDatabase({
        dataDir,
        loadDataDir: template ? new Blob([fs.readFileSync(template)]) : undefined,
        logger: silentLogger,
        statementTimeoutMs: 1000,
      });
    }
    await database.exec('create table kept (id int primary key)');
  });
  afterAll(async () => {
    await database?.close();
    await created?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('cancels a statement that runs past the limit, and every statement queued behind it, yet keeps the loop turning', async () => {
    const slow = Promise.allSettled(Array.from({ length: 3 }, () => database.query('select pg_sleep(30)')));
    // The event loop turns while the statements run (in process, PGlite would hold it to the end).
    const first = await Promise.race([
      slow.then(() => 'database'),
      new Promise<string>((resolve) => setImmediate(() => resolve('loop'))),
    ]);
    expect(first).toBe('loop');
    for (const result of await slow) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason.code).toBe('57014');
    }
    expect((await database.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('keeps what was committed before, and rolls back the transaction a stopped statement was in', async () => {
    await database.query('insert into kept values (1)');
    const stopped = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into kept values (2)`);
      await tx.execute(sql`select pg_sleep(30)`);
    });
    await expect(stopped).rejects.toMatchObject({ cause: { code: '57014' } });
    await database.query('insert into kept values (3)');
    const { rows } = await database.query<{ id: number }>('select id from kept order by id');
    expect(rows.map((row) => row.id)).toEqual([1, 3]);
  });

  it('answers a cancelled statement 503 with a clear message', async () => {
    const app = new Hono<AppEnv>();
    app.onError(errorHandler);
    app.use('*', requestContext(silentLogger));
    // Through Drizzle, whose error carries the driver's as `cause`.
    app.get('/slow', async (c) => c.json(await database.db.execute(sql`select pg_sleep(30)`)));
    const res = await app.request('/slow');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      error: {
        code: 'service_unavailable',
        message: 'The request took too long and was stopped; narrow it and try again',
      },
    });
  });

  it('closes while a statement runs (SIGTERM is handled; the statement is stopped)', async () => {
    const running = database.query('select pg_sleep(30)');
    running.catch(() => {});
    await database.close();
    await expect(running).rejects.toBeTruthy();
  });
});
