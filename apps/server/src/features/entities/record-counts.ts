import type { Database } from '../../platform/db/database.ts';
import type { Logger } from '../../platform/logger.ts';

/**
 * The number of records of each app's entity, read from `entity_record_counts` (kept by the
 * database's triggers, migration 0026: one +n / -n row per writing statement) instead of counting
 * the records: an exact total in a few rows whatever the entity's size (issue 22 #3: the database
 * panel's count was `count(*)` over a million records, 1.9 s on PGlite). The rows of an entity are
 * summed into one when a count finds more than COMPACT_AFTER_ROWS of them, and by a sweep every
 * COUNT_SWEEP_MS for the entities nobody counts, so they stay few.
 *
 * A sum stays exact under concurrency without locks: a compaction deletes rows and inserts their
 * sum in one statement (a reader's snapshot sees both or neither); two compactions of one entity
 * never delete the same row (the second skips rows the first deleted, and sums only what it did
 * delete); writers only append.
 */
export const COMPACT_AFTER_ROWS = 32;
export const COUNT_SWEEP_MS = 60_000;

const COMPACT = `with d as (delete from entity_record_counts where app_id = $1 and entity = $2 returning n)
  insert into entity_record_counts (app_id, entity, n)
  select $1, $2, sum(n) from d having count(*) > 0 and sum(n) <> 0`;

export function createRecordCounts(database: Database) {
  const recordCounts = {
    /** How many records the app's entity holds. */
    async of(appId: string, entity: string): Promise<number> {
      const { rows } = await database.query<{ n: string | number | null; parts: string | number }>(
        `select sum(n) as n, count(*) as parts from entity_record_counts where app_id = $1 and entity = $2`,
        [appId, entity],
      );
      const [row] = rows;
      if (Number(row?.parts ?? 0) > COMPACT_AFTER_ROWS) await recordCounts.compact(appId, entity);
      return Number(row?.n ?? 0);
    },

    /** Sums an entity's rows into one (none when the entity holds no records). */
    async compact(appId: string, entity: string): Promise<void> {
      await database.query(COMPACT, [appId, entity]);
    },

    /** Compacts every entity with more than one row (at most `limit` of them); answers how many. */
    async sweep(limit = 200): Promise<number> {
      const { rows } = await database.query<{ app_id: string; entity: string }>(
        `select app_id, entity from entity_record_counts group by app_id, entity having count(*) > 1 limit $1`,
        [limit],
      );
      for (const row of rows) await recordCounts.compact(row.app_id, row.entity);
      return rows.length;
    },
  };
  return recordCounts;
}

export type RecordCounts = ReturnType<typeof createRecordCounts>;

/** Runs `RecordCounts.sweep` every `intervalMs`; the returned function stops it. */
export function startRecordCountSweep(
  database: Database,
  logger: Logger,
  intervalMs = COUNT_SWEEP_MS,
): () => Promise<void> {
  const counts = createRecordCounts(database);
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = counts.sweep().catch((error: unknown) => {
      logger.warn({ err: error }, 'entity record count sweep failed');
    });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
