import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPostgresDatabase,
  silentLogger,
  type TestDatabaseUrl,
  testDbKind,
} from '../../../test/support/test-db.ts';
import { type Database, openDatabase } from './database.ts';

/** Polls `check` every 20 ms until it holds; false when `withinMs` passes first. */
async function eventually(check: () => boolean, withinMs: number): Promise<boolean> {
  const end = Date.now() + withinMs;
  while (!check()) {
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

// PGlite listens in its own thread of this process and never loses the connection.
describe.runIf(testDbKind === 'postgres')('LISTEN on PostgreSQL', () => {
  let created: TestDatabaseUrl;
  let database: Database;
  let admin: pg.Client;
  const name = () => new URL(created.url).pathname.slice(1);
  beforeAll(async () => {
    created = await createPostgresDatabase();
    database = await openDatabase({ databaseUrl: created.url, dataDir: 'unused', logger: silentLogger });
    admin = new pg.Client({ connectionString: created.url.replace(/\/[^/]+$/, '/postgres') });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.query(`alter database ${name()} allow_connections true`).catch(() => {});
    await admin?.end();
    await database?.close();
    await created?.drop();
  });

  it('reconnects once the database takes connections again: one "down", one "up", each notification once', async () => {
    const received: string[] = [];
    const states: boolean[] = [];
    const unlisten = await database.listen(
      'listen_test',
      (payload) => received.push(payload),
      (up) => states.push(up),
    );
    // Refuse new connections for a while (each retry fails), then drop the listening one.
    await admin.query(`alter database ${name()} allow_connections false`);
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query ilike 'LISTEN%'`,
      [name()],
    );
    expect(await eventually(() => states.length > 0, 2000)).toBe(true);
    // Retries at 0.5 s, 1 s, 2 s: at least two fail.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await admin.query(`alter database ${name()} allow_connections true`);
    expect(await eventually(() => states.includes(true), 10_000)).toBe(true);
    // Any second round of retries would have opened a second listening connection by now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(states).toEqual([false, true]);
    await database.query(`select pg_notify('listen_test', 'after')`);
    expect(await eventually(() => received.length > 0, 2000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toEqual(['after']);
    await unlisten();
  });
});
