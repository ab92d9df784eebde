import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// PGlite cannot interrupt a running statement: there the inputs are validated instead (filter.ts).
describe.runIf(testDbKind === 'postgres')('statement time limit on PostgreSQL', () => {
  let created: TestDatabaseUrl;
  let database: Database;
  beforeAll(async () => {
    created = await createPostgresDatabase();
    database = await openDatabase({
      databaseUrl: created.url,
      dataDir: 'unused',
      logger: silentLogger,
      statementTimeoutMs: 200,
    });
  });
  afterAll(async () => {
    await database?.close();
    await created?.drop();
  });

  it('cancels a statement that runs past the limit, on every pooled connection', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 3 }, () => database.query('select pg_sleep(30)')),
    );
    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason.code).toBe('57014');
    }
    expect((await database.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('answers a cancelled statement 503 with a clear message', async () => {
    const app = new Hono<AppEnv>();
    app.onError(errorHandler);
    app.use('*', requestContext(silentLogger));
    app.get('/slow', async (c) => c.json(await database.query('select pg_sleep(30)')));
    const res = await app.request('/slow');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      error: {
        code: 'service_unavailable',
        message: 'The request took too long and was stopped; narrow it and try again',
      },
    });
  });
});
