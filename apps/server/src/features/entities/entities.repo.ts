import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/db/database.ts';
import { createRecordCounts } from './record-counts.ts';

/**
 * The SQL of the entity store (table `entity_records`, rows aliased `r`). Every function takes the
 * access conditions it must apply (`read`, `write`: SQL from `access.ts`) and puts them in the
 * statement's WHERE, so a row the actor may not see is never read, changed or deleted.
 */

export interface RecordRow {
  id: string;
  creator_id: string | null;
  data: Record<string, unknown>;
  created_at: Date | string;
  updated_at: Date | string;
}

/** Where the rows of an entity come from: the table (scoped to app and entity) or the User view. */
export interface RecordSource {
  /** `entity_records r`, or a subquery aliased `r` with the same columns. */
  from: SQL;
  /** The condition that scopes the source to one app's entity. */
  scope: SQL;
}

/** A new row for `insertMany`: creator null for an anonymous create. */
export interface NewRecord {
  id: string;
  creatorId: string | null;
  data: Record<string, unknown>;
}

const dialect = new PgDialect();

/**
 * A change signal sent by the writing statement itself (`pg_notify` in the same SQL): one round
 * trip instead of two. Only for small writes, so the payload stays under NOTIFY's limit.
 */
export interface InlineSignal {
  channel: string;
  topic: string;
  type: 'create' | 'update' | 'delete';
  /** Adds the creators of the rows (deletes: subscribers check their read rule on them). */
  withCreators?: boolean;
  /**
   * Adds each row as it was before the write (`previous`, updates and deletes: entity hooks'
   * `old_data`), null for a row whose data is over PREVIOUS_ROW_MAX_BYTES.
   */
  withPrevious?: boolean;
}

/**
 * Most bytes of a row's data JSON that a signal carries as the previous row: with the signal's
 * other fields it stays under NOTIFY's 8,000-byte payload (the bus's MAX_EVENT_BYTES).
 */
export const PREVIOUS_ROW_MAX_BYTES = 6000;

/** A row as JSON for a signal's `previous`: null past PREVIOUS_ROW_MAX_BYTES. */
const previousJson = (alias: string) =>
  sql.raw(`case when octet_length(${alias}.data::text) <= ${PREVIOUS_ROW_MAX_BYTES}
    then json_build_object('id', ${alias}.id, 'creator_id', ${alias}.creator_id, 'data', ${alias}.data,
      'created_at', ${alias}.created_at, 'updated_at', ${alias}.updated_at) end`);

/** Most rows whose ids go into an inline signal. */
export const INLINE_SIGNAL_MAX_ROWS = 20;

/**
 * Wraps a data-modifying statement (RETURNING the row columns) so that it also sends `signal`, with
 * a key of its own (`EntityChangeSignal.key`). `before` selects the rows as they were (`o`: the
 * statement's snapshot, before its own update) for an update's `previous`; a delete's are the rows
 * it returns.
 */
function withSignal(statement: SQL, signal: InlineSignal | undefined, before?: SQL): SQL {
  if (!signal) return statement;
  const creators = signal.withCreators ? sql`, 'creators', json_agg(w.creator_id)` : sql``;
  const previous = !signal.withPrevious
    ? sql``
    : before
      ? sql`, 'previous', (select json_agg(${previousJson('o')}) from o where o.id in (select id from w))`
      : sql`, 'previous', json_agg(${previousJson('w')})`;
  const prelude = signal.withPrevious && before ? sql`o as (${before}), ` : sql``;
  return sql`with ${prelude}w as (${statement}),
    n as (select pg_notify(${signal.channel}, json_build_object('topic', ${signal.topic}::text,
      'data', json_build_object('type', ${signal.type}::text, 'ids', json_agg(w.id)${creators}${previous},
      'key', ${randomUUID()}::text))::text) from w having count(*) > 0)
    select w.*, (select count(*) from n) as signalled from w`;
}
const COLUMNS = sql.raw('r.id, r.creator_id, r.data, r.created_at, r.updated_at');

/** A timestamp as `toISOString` writes it (UTC, milliseconds). */
const isoTimestamp = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A row as the API answers it, as JSON text (the SQL twin of `toRecordView`): its fields, then id,
 * creatorId, createdAt and updatedAt, which win over fields of those names.
 */
export const RECORD_VIEW_JSON = sql.raw(
  `(r.data || jsonb_build_object('id', r.id, 'creatorId', r.creator_id, 'createdAt', ${isoTimestamp('r.created_at')}, 'updatedAt', ${isoTimestamp('r.updated_at')}))::text`,
);

/** Most bytes of row JSON one statement of a list builds (`listJson`). */
export const LIST_CHUNK_BYTES = 1024 * 1024;

/** The ids of `rows` in order, in runs of at most `maxBytes` (at least one row each). */
function chunksBySize(rows: { id: string; size: number | string }[], maxBytes: number): string[][] {
  const chunks: string[][] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = Number(row.size);
    if (current.length > 0 && bytes + size > maxBytes) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(row.id);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** The bytes `RECORD_VIEW_JSON` adds to a row's data: id, creatorId, both timestamps and a comma. */
const VIEW_OVERHEAD = 200;

export const tableSource = (appId: string, entity: string): RecordSource => ({
  from: sql`entity_records r`,
  scope: sql`r.app_id = ${appId} and r.entity = ${entity}`,
});

/** `r.data - 'a' - 'b'`: the data without the given top-level keys. */
const without = (keys: readonly string[]): SQL =>
  keys.length === 0
    ? sql`r.data`
    : sql`(${sql.join([sql`r.data`, ...keys.map((key) => sql`${key}::text`)], sql` - `)})`;

export function createEntitiesRepo(database: Database) {
  const counts = createRecordCounts(database);

  /** The rows of a page past its first statement, `chunkBytes` at a time, in the page's order, then `]`. */
  async function* restOfPage(
    source: RecordSource,
    read: SQL,
    filter: SQL,
    rows: { id: string; size: number | string }[],
    chunkBytes: number,
  ): AsyncGenerator<string> {
    for (const ids of chunksBySize(rows, chunkBytes)) {
      // Read and filter again: a row changed since the first statement is left out, never shown
      // to a reader it is no longer for.
      const views = await entitiesRepo.run<{ view: string }>(sql`select ${RECORD_VIEW_JSON} as view
        from ${source.from} join jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) with ordinality as k(id, n) on r.id = k.id
        where ${source.scope} and ${read} and ${filter}
        order by k.n`);
      if (views.length > 0) yield `,${views.map((row) => row.view).join(',')}`;
    }
    yield ']';
  }

  const entitiesRepo = {
    async run<Row>(query: SQL): Promise<Row[]> {
      const { sql: text, params } = dialect.sqlToQuery(query);
      return (await database.query<Row>(text, params)).rows;
    },

    /** Whether a condition holds (one row, no table). */
    async holds(condition: SQL): Promise<boolean> {
      const [row] = await entitiesRepo.run<{ ok: boolean }>(sql`select (${condition}) as ok`);
      return row?.ok === true;
    },

    /**
     * The page of rows as the JSON array the API answers, each row's JSON built by PostgreSQL
     * (`RECORD_VIEW_JSON`): no row is parsed into objects and serialised again on the way out. The
     * page holds the rows that fit in `maxBytes` (at least one), counted from the stored size so the
     * rows left out are never serialised; `truncated` tells that rows were left out.
     *
     * One statement builds at most `chunkBytes` of row JSON (at least one row): a page larger than
     * that comes as `json` (its first rows) plus `more`, which builds the rest in further statements
     * of that size as the answer is read, so no statement of a large page holds the process (PGlite
     * runs in it) or its memory for long (issue 20 #3).
     */
    async listJson(
      source: RecordSource,
      read: SQL,
      filter: SQL,
      order: SQL,
      page: { limit: number; skip: number; maxBytes: number; chunkBytes?: number },
    ): Promise<{ json: string; more?: AsyncGenerator<string>; truncated: boolean }> {
      const chunkBytes = page.chunkBytes ?? LIST_CHUNK_BYTES;
      // The windows have no ORDER BY of their own: they run over the ordered page as it comes, so the
      // page is still read from an index in order (list-plan.it.test.ts) and never sorted again.
      const rows = await entitiesRepo.run<{
        view: string | null;
        id: string;
        size: number | string;
        page_rows: number | string;
      }>(sql`select case when r.running <= ${chunkBytes} or r.running = r.size then ${RECORD_VIEW_JSON} end as view,
          r.id, r.size, r.page_rows
        from (select p.*, sum(p.size) over (rows between unbounded preceding and current row) as running,
            count(*) over () as page_rows
          from (select ${COLUMNS}, coalesce(r.data_size, octet_length(r.data::text)) + ${VIEW_OVERHEAD} as size
            from ${source.from}
            where ${source.scope} and ${read} and ${filter}
            order by ${order} limit ${page.limit} offset ${page.skip}) p) r
        where r.running <= ${page.maxBytes} or r.running = r.size`);
      const total = Number(rows[0]?.page_rows ?? 0);
      const truncated = rows.length < total;
      const first = rows.filter((row) => row.view !== null).map((row) => row.view as string);
      const rest = rows.slice(first.length);
      if (rest.length === 0) return { json: `[${first.join(',')}]`, truncated };
      return {
        json: `[${first.join(',')}`,
        more: restOfPage(source, read, filter, rest, chunkBytes),
        truncated,
      };
    },

    /** Every record of an app's entity, counted without reading them (`record-counts.ts`). */
    storedCount(appId: string, entity: string): Promise<number> {
      return counts.of(appId, entity);
    },

    async count(source: RecordSource, read: SQL, filter: SQL): Promise<number> {
      const [row] = await entitiesRepo.run<{
        n: string | number;
      }>(sql`select count(*) as n from ${source.from}
        where ${source.scope} and ${read} and ${filter}`);
      return Number(row?.n ?? 0);
    },

    /**
     * Up to `limit` rows newest first, after the row whose `cursor` is given (keyset on created_at and
     * id, read from the newest-first index). `cursor` carries created_at exactly (microseconds), which
     * a JavaScript Date would round.
     */
    newestAfter(
      source: RecordSource,
      read: SQL,
      after: { cursor: string; id: string } | undefined,
      limit: number,
    ): Promise<(RecordRow & { cursor: string })[]> {
      const keyset = after
        ? sql`and (r.created_at, r.id) < (${after.cursor}::timestamptz, ${after.id})`
        : sql``;
      return entitiesRepo.run(sql`select ${COLUMNS}, r.created_at::text as cursor from ${source.from}
        where ${source.scope} and ${read} ${keyset}
        order by r.created_at desc, r.id desc limit ${limit}`);
    },

    /** The rows with these ids that `read` lets through. */
    getMany(source: RecordSource, ids: readonly string[], read: SQL): Promise<RecordRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return entitiesRepo.run<RecordRow>(sql`select ${COLUMNS} from ${source.from}
        where ${source.scope} and r.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)) and ${read}`);
    },

    async get(source: RecordSource, id: string, read: SQL): Promise<RecordRow | undefined> {
      const [row] = await entitiesRepo.run<RecordRow>(sql`select ${COLUMNS} from ${source.from}
        where ${source.scope} and r.id = ${id} and ${read} limit 1`);
      return row;
    },

    /**
     * Inserts rows (one statement) when `allowed` holds for each new row (`allowed` refers to the new
     * row's creator as `n.creator_id`). A row whose id exists is overwritten only where the existing
     * row passes `overwrite` (read and write on the stored row). Answers the rows written, in order.
     */
    insertMany(
      appId: string,
      entity: string,
      rows: readonly NewRecord[],
      allowed: SQL,
      overwrite: SQL,
      signal?: InlineSignal,
    ): Promise<RecordRow[]> {
      const payload = JSON.stringify(
        rows.map((row, ord) => ({ id: row.id, creator_id: row.creatorId, data: row.data, ord })),
      );
      return entitiesRepo
        .run<RecordRow>(
          withSignal(
            sql`insert into entity_records as r (app_id, entity, id, creator_id, data, created_at, updated_at)
        select ${appId}, ${entity}, n.id, n.creator_id, n.data,
          now() + (n.ord * interval '1 microsecond'), now() + (n.ord * interval '1 microsecond')
        from jsonb_to_recordset(${payload}::jsonb) as n(id text, creator_id text, data jsonb, ord bigint)
        where ${allowed}
        on conflict (app_id, entity, id) do update
          set data = excluded.data, creator_id = excluded.creator_id, updated_at = excluded.updated_at
          where ${overwrite}
        returning ${COLUMNS}`,
            signal,
          ),
        )
        .then((written) => orderLike(rows, written));
    },

    /** Merges `patch` into the row's data and drops `remove`, where the row passes `read` and `write`. */
    async update(
      source: RecordSource,
      id: string,
      change: { patch: Record<string, unknown>; remove: readonly string[] },
      read: SQL,
      write: SQL,
      signal?: InlineSignal,
    ): Promise<RecordRow | undefined> {
      const [row] = await entitiesRepo.run<RecordRow>(
        withSignal(
          sql`update entity_records as r
        set data = ${without(change.remove)} || ${JSON.stringify(change.patch)}::jsonb, updated_at = now()
        where ${source.scope} and r.id = ${id} and ${read} and ${write}
        returning ${COLUMNS}`,
          signal,
          sql`select ${COLUMNS} from entity_records r where ${source.scope} and r.id = ${id}`,
        ),
      );
      return row;
    },

    async delete(
      source: RecordSource,
      id: string,
      read: SQL,
      write: SQL,
      signal?: InlineSignal,
    ): Promise<RecordRow | undefined> {
      const [row] = await entitiesRepo.run<RecordRow>(
        withSignal(
          sql`delete from entity_records as r
        where ${source.scope} and r.id = ${id} and ${read} and ${write}
        returning ${COLUMNS}`,
          signal,
        ),
      );
      return row;
    },

    /** Whether every one of these new rows (alias `n`, as `insertMany` reads them) passes `condition`. */
    async allNew(rows: readonly NewRecord[], condition: SQL): Promise<boolean> {
      const payload = JSON.stringify(
        rows.map((row) => ({ id: row.id, creator_id: row.creatorId, data: row.data })),
      );
      const [row] = await entitiesRepo.run<{ ok: boolean | null }>(sql`select bool_and(${condition}) as ok
        from jsonb_to_recordset(${payload}::jsonb) as n(id text, creator_id text, data jsonb)`);
      return row?.ok !== false;
    },

    /** Whether rows with these creators pass `condition` (on `r.creator_id`): for change events of deleted rows. */
    async passes(creators: readonly (string | null)[], condition: SQL): Promise<boolean[]> {
      if (creators.length === 0) return [];
      const payload = JSON.stringify(creators.map((creator, index) => ({ creator_id: creator, ord: index })));
      const rows = await entitiesRepo.run<{
        ord: number | string;
        ok: boolean;
      }>(sql`select r.ord, (${condition}) as ok
        from jsonb_to_recordset(${payload}::jsonb) as r(creator_id text, ord int) order by r.ord`);
      return rows.map((row) => row.ok === true);
    },
  };
  return entitiesRepo;
}

export type EntitiesRepo = ReturnType<typeof createEntitiesRepo>;

/** The written rows in the order of the input (RETURNING does not promise one). */
function orderLike(input: readonly NewRecord[], written: RecordRow[]): RecordRow[] {
  const position = new Map(input.map((row, index) => [row.id, index]));
  return written.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
}
