import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, silentLogger, testDbKind } from '../../../test/support/test-db.ts';
import type { Database } from './database.ts';
import { maintainPglite } from './pglite-maintenance.ts';

/** PGlite has no autovacuum workers: the server's own round reclaims dead rows and refreshes statistics. */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe.runIf(testDbKind === 'pglite')('PGlite maintenance', () => {
  it('vacuums and analyses a table past the thresholds, and leaves the others', async () => {
    await database.exec(`create table churn (id int primary key, v text);
      insert into churn select i, 'x' from generate_series(1, 5000) i;
      update churn set v = 'y';
      delete from churn where id % 2 = 0;
      create table calm (id int primary key);`);
    // Statistics reach the shared counters at most once a second; the test does not wait for that.
    await database.query('select pg_stat_force_next_flush()');
    await database.query('select 1');
    const stats = async () =>
      (
        await database.query<{ relname: string; dead: number; vacuumed: boolean; analyzed: boolean }>(
          `select relname, n_dead_tup::int as dead, last_vacuum is not null as vacuumed,
             last_analyze is not null as analyzed from pg_stat_user_tables where relname in ('churn', 'calm')
           order by relname`,
        )
      ).rows;
    expect((await stats()).find((row) => row.relname === 'churn')?.dead).toBeGreaterThan(5000);

    const done = await maintainPglite(database, silentLogger);
    expect(done).toContain('public.churn');
    expect(done).not.toContain('public.calm');
    expect(await stats()).toEqual([
      { relname: 'calm', dead: 0, vacuumed: false, analyzed: false },
      { relname: 'churn', dead: 0, vacuumed: true, analyzed: true },
    ]);
    // Nothing is due any more.
    expect(await maintainPglite(database, silentLogger)).not.toContain('public.churn');
  });
});
