import type { Logger } from '../logger.ts';
import type { Database } from './database.ts';

/**
 * PostgreSQL's autovacuum for PGlite. PGlite runs PostgreSQL as a single process with no
 * autovacuum workers, so without this, rows that updates and deletes leave behind are never
 * reclaimed (tables and indexes only grow) and the planner's statistics are never refreshed after
 * bulk writes. Every `intervalMs`, the tables past autovacuum's own thresholds (dead rows over
 * 50 + 20 % of the table; changes since the last analyze over 50 + 10 %) are vacuumed and
 * analysed, one at a time. Each runs in the database's thread (about 150 ms for 250,000 changed rows
 * on this machine; other statements wait meanwhile): the price of an embedded engine, paid in small
 * steps instead of never.
 * PostgreSQL servers have their own autovacuum; nothing runs there.
 */
export const PGLITE_MAINTENANCE_INTERVAL_MS = 5 * 60_000;

interface TableStats {
  name: string;
  needsVacuum: boolean;
}

/** The tables autovacuum would process now (its default thresholds and scale factors). */
async function tablesDue(database: Database): Promise<TableStats[]> {
  const { rows } = await database.query<{ name: string; vacuum: boolean; analyze: boolean }>(
    `select quote_ident(s.schemaname) || '.' || quote_ident(s.relname) as name,
        s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) as vacuum,
        s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) as analyze
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      order by s.n_dead_tup + s.n_mod_since_analyze desc`,
  );
  return rows
    .filter((row) => row.vacuum || row.analyze)
    .map((row) => ({ name: row.name, needsVacuum: row.vacuum }));
}

/** One round: vacuums and/or analyses each table that is due. Answers the tables processed. */
export async function maintainPglite(database: Database, logger: Logger): Promise<string[]> {
  const done: string[] = [];
  for (const table of await tablesDue(database)) {
    const started = Date.now();
    await database.maintenance(`${table.needsVacuum ? 'vacuum (analyze)' : 'analyze'} ${table.name}`);
    logger.debug({ table: table.name, ms: Date.now() - started }, 'pglite maintenance');
    done.push(table.name);
  }
  return done;
}

/** Runs `maintainPglite` every `intervalMs` on a PGlite database; the returned function stops it. */
export function startPgliteMaintenance(
  database: Database,
  logger: Logger,
  intervalMs = PGLITE_MAINTENANCE_INTERVAL_MS,
): () => Promise<void> {
  if (database.kind !== 'pglite') return async () => {};
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = maintainPglite(database, logger).catch((error: unknown) => {
      logger.warn({ err: error }, 'pglite maintenance failed');
    });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
