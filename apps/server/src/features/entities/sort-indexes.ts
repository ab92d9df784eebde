import { createHash } from 'node:crypto';
import { ENTITY_API_MESSAGES } from '@atelier/shared';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import type { SortKey } from './filter.ts';

/**
 * Indexes for the data fields apps sort on (issue 22 #1). Newest-first and oldest-first lists are
 * served by `entity_records_created_idx`; a list sorted on a data field (`sort=-priority`) has no
 * index, so PostgreSQL reads every row of the entity and keeps the top of a sort: about 35 ms at
 * 100,000 small rows, seconds at a million. When such a list is slow, an index on exactly the
 * list's ORDER BY (`sortSql`), partial to the app's entity, is built in the background with
 * `create index concurrently` (writes go on meanwhile); later lists read their page from it.
 *
 * A list of an end user's own rows (the rule `creator`, a member who is no app admin) gets an index
 * that starts with the creator (`SortScope`): the entity-wide one would pass over every other
 * user's rows to fill the page (all of them for a user with few records), this one reads the page.
 * ("My records newest first" needs none: `entity_records_creator_idx` serves it.)
 *
 * Why on demand rather than for every field: each index costs every write of the entity, and apps
 * sort on few of their fields. Bounded: at most `perApp` per app; a build that fails (or is cut by a
 * restart, leaving an invalid index) is dropped and may be tried again later.
 *
 * PGlite has no concurrent build: it runs statements one at a time on its one connection (in its
 * own thread), so an index build holds every other statement, and so every request that reads or
 * writes, for as long as it takes (about 0.4 s at 10,000 rows, 1.6 s at 50,000, 5.7 s at 100,000
 * on this 2-core machine under load). There a sort index is built on demand too, but only while
 * the entity is small: once a data-field sort of it takes `embeddedSlowListMs` and only if it
 * holds at most `embeddedMaxRows` rows (a bounded pause, counted with a bounded read). The index
 * then grows with the entity, so an app that sorts on a field keeps its pages fast at a million
 * rows; an entity first sorted when already larger is not indexed (the pause would be seconds) and
 * its sorted lists read its rows. Keyset paging would not help: the first page of a sort on an
 * unindexed field still reads every row.
 *
 * One index per field serves both directions (issue 22 #3): `sortSql` orders a missing value as the
 * smallest (first ascending, last descending, as MongoDB does), so a descending list is the
 * ascending index read backwards. (Nulls last both ways, as before, needed an index per direction:
 * the "sort back" of the database panel found none and sorted the million rows again.)
 *
 * For an entity too large for PGlite to build by itself, the builder chooses: the panel's column
 * menu offers "Index this field for fast sorting" (`request`), saying how long the app pauses
 * (`pauseMs`, from the entity's stored count) before it starts; the panel lists the entity's indexes
 * (`list`, with the share done of a concurrent build on PostgreSQL) and drops one (`remove`). An
 * explicit, announced pause was chosen over the alternatives: PGlite has no way to build an index
 * beside other statements (one connection, no concurrent build, and a build cannot be split), and
 * indexes declared in the entity schema would pause the app at a version change nobody connects
 * with it. On PostgreSQL the same menu item starts the concurrent build at once, before any slow
 * sort. The first sort of an unindexed field at a million rows stays a full read there (about 1 s
 * on 2 cores, parallel): a first page in the wrong order with a "sorting…" state was not built.
 */
export const SORT_INDEX_LIMITS = {
  /** A data-field sort whose list took at least this long asks for an index. */
  slowListMs: 150,
  /** Most sort indexes per app. */
  perApp: 8,
  /** PGlite: a data-field sort whose list took at least this long asks for an index... */
  embeddedSlowListMs: 20,
  /** ...which is built only while the entity holds at most this many rows (it holds every statement). */
  embeddedMaxRows: 20_000,
  /**
   * PGlite: about how long a build holds every statement per row of the entity, for the panel's
   * warning (measured on 2 cores under load: 1.3 s for 200,000 small rows at load average 14,
   * 13.6 s for 1,000,000 in the database-grid bench at 37–42; rounded up).
   */
  embeddedBuildMsPerRow: 0.015,
};

export type SortIndexLimits = typeof SORT_INDEX_LIMITS;

const PREFIX = 'er_sort_';

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

/** The start of the names of an app's sort indexes. */
const appPart = (appId: string) => `${PREFIX}${hash(appId)}`;

/**
 * Whose rows a list reads: an end user's own only (the rule `creator` for a member who is no app
 * admin), so the index starts with the creator and a page reads exactly that user's next rows; or
 * every row of the entity.
 */
export type SortScope = 'creator' | 'all';

/**
 * `er_sort_{app}_{field}`: the app's part lets its indexes be found by name. One per field (and
 * scope), not per direction: `sortSql`'s two directions are mirrors, read forwards or backwards.
 */
export function sortIndexName(
  appId: string,
  entity: string,
  path: string[],
  scope: SortScope = 'all',
): string {
  const parts = [entity, path, 'mirror', ...(scope === 'creator' ? ['creator'] : [])];
  return `${appPart(appId)}_${hash(JSON.stringify(parts))}`;
}

/** A SQL string literal (standard_conforming_strings is on: only quotes need doubling). */
const literal = (text: string) => {
  if (text.includes('\0')) throw new Error('NUL in an identifier');
  return `'${text.replaceAll("'", "''")}'`;
};

/**
 * The index's definition: the terms of `sortSql` for the field ascending (read backwards for
 * descending), over the app's entity only; built concurrently on PostgreSQL (writes go on), in one
 * go on PGlite (which has no other connection).
 */
export function sortIndexSql(
  name: string,
  appId: string,
  entity: string,
  path: string[],
  concurrently = true,
  scope: SortScope = 'all',
): string {
  const at = ['data', ...path.map(literal)].join(' -> ');
  const creator = scope === 'creator' ? 'creator_id, ' : '';
  return `create index ${concurrently ? 'concurrently ' : ''}if not exists "${name}" on entity_records
    (${creator}(${at}) asc nulls first, created_at asc, id asc)
    where app_id = ${literal(appId)} and entity = ${literal(entity)}`;
}

const SCOPES: SortScope[] = ['all', 'creator'];

/** A sort index of an entity as the database panel lists it (`share` of a build done, PostgreSQL only). */
export interface SortIndexInfo {
  field: string;
  scope: SortScope;
  state: 'ready' | 'building';
  progress: number | null;
}

interface IndexRow {
  name: string;
  valid: boolean;
  phase: string | null;
  blocks_total?: number | string | null;
  blocks_done?: number | string | null;
  tuples_total?: number | string | null;
  tuples_done?: number | string | null;
}

const PROGRESS_COLUMNS = 'p.phase, p.blocks_total, p.blocks_done, p.tuples_total, p.tuples_done';

/**
 * The share of a concurrent build done, from pg_stat_progress_create_index: scanning the table is
 * most of it (to 0.6), loading the sorted tuples next (to 0.8), validation the rest.
 */
function progressShare(row: IndexRow): number | null {
  if (!row.phase) return null;
  const part = (done: unknown, total: unknown) => (Number(total) > 0 ? Number(done) / Number(total) : 0);
  const blocks = part(row.blocks_done, row.blocks_total);
  if (row.phase.startsWith('building index: scanning')) return round(0.6 * blocks);
  if (row.phase.startsWith('building index: sorting')) return 0.6;
  if (row.phase.startsWith('building index'))
    return round(0.6 + 0.2 * part(row.tuples_done, row.tuples_total));
  if (row.phase.startsWith('index validation') || row.phase.includes('before validation'))
    return round(0.8 + 0.2 * blocks);
  if (row.phase.startsWith('waiting for old snapshots')) return 0.99;
  return 0;
}

const round = (share: number) => Math.min(1, Math.round(share * 100) / 100);

/** An index of the earlier scheme (one per direction, nulls last both ways): no list reads it now. */
const stale = (definition: string) => !definition.includes('NULLS FIRST');

export type SortIndexes = ReturnType<typeof createSortIndexes>;

/** The sort indexes of this process: which it knows, which it is building (one factory per process). */
export function createSortIndexes(
  database: Database,
  logger: Logger,
  limits: SortIndexLimits = SORT_INDEX_LIMITS,
) {
  const building = new Map<string, Promise<void>>();
  const known = new Set<string>();
  const postgres = database.kind === 'postgres';

  /**
   * Notes a list of `entity` sorted by `key` that took `elapsedMs`, reading the rows of `scope`; a
   * slow data-field sort gets its index (creator first for lists of one user's own rows).
   */
  function observe(
    appId: string,
    entity: string,
    key: SortKey,
    elapsedMs: number,
    scope: SortScope = 'all',
  ): void {
    const slow = postgres ? limits.slowListMs : limits.embeddedSlowListMs;
    if (elapsedMs < slow) return;
    const { field } = key;
    if (field.kind !== 'data') return;
    const name = sortIndexName(appId, entity, field.path, scope);
    if (known.has(name) || building.has(name)) return;
    start(name, appId, entity, field.path, scope, false);
  }

  /**
   * The builder's choice in the database panel (column menu: Index this field for fast sorting):
   * the field's index for every reader of the entity, built whatever the entity's size; on PGlite
   * the panel has said that the app pauses meanwhile (`pauseMs`). Answers once the build has
   * started; `list` follows it.
   */
  async function request(appId: string, entity: string, path: string[]): Promise<void> {
    const name = sortIndexName(appId, entity, path);
    if (building.has(name)) return;
    const existing = (await indexesOf(appId)).filter((index) => !stale(index.definition));
    const same = existing.find((index) => index.name === name);
    if (same?.valid) return;
    if (!same && existing.length >= limits.perApp)
      throw new AppError('conflict', ENTITY_API_MESSAGES.sortIndexLimit(limits.perApp));
    known.delete(name);
    start(name, appId, entity, path, 'all', true);
  }

  /** About how long a build holds PGlite (every request waits) for an entity of `rows`; null on PostgreSQL. */
  function pauseMs(rows: number): number | null {
    return postgres ? null : Math.ceil(rows * limits.embeddedBuildMsPerRow);
  }

  /**
   * The sort indexes of the entity's `fields` (top-level data fields), ready or being built (with
   * the share done, on PostgreSQL), for the database panel to list.
   */
  async function list(appId: string, entity: string, fields: string[]): Promise<SortIndexInfo[]> {
    const wanted = fields.flatMap((field) =>
      SCOPES.map((scope) => ({ field, scope, name: sortIndexName(appId, entity, [field], scope) })),
    );
    const { rows } = await database.query<IndexRow>(
      `select c.relname as name, i.indisvalid as valid, ${postgres ? PROGRESS_COLUMNS : 'null as phase'}
       from pg_class c join pg_index i on i.indexrelid = c.oid
       ${postgres ? 'left join pg_stat_progress_create_index p on p.index_relid = c.oid' : ''}
       where c.relname = any($1::text[])`,
      [wanted.map((index) => index.name)],
    );
    const found = new Map(rows.map((row) => [row.name, row]));
    return wanted.flatMap(({ field, scope, name }): SortIndexInfo[] => {
      const row = found.get(name);
      if (row?.valid) return [{ field, scope, state: 'ready', progress: null }];
      // An invalid index no build of this process is making is a cut one: dropped by the next build.
      if (!building.has(name)) return [];
      return [{ field, scope, state: 'building', progress: row ? progressShare(row) : null }];
    });
  }

  /** The builder drops a field's index (the panel's list); this process does not build it again by itself. */
  async function remove(appId: string, entity: string, path: string[], scope: SortScope): Promise<void> {
    const name = sortIndexName(appId, entity, path, scope);
    await building.get(name);
    await drop(name);
    known.add(name);
  }

  /** Resolves when the builds under way have ended (tests). */
  async function settled(): Promise<void> {
    await Promise.allSettled([...building.values()]);
  }

  /** Drops the sort indexes of an app that no longer exists (its rows went with it). */
  async function forgetApp(appId: string): Promise<void> {
    const indexes = await indexesOf(appId);
    if (indexes.length === 0) return;
    const [row] = (await database.query<{ n: number }>('select 1 as n from apps where id = $1', [appId]))
      .rows;
    if (row) return;
    for (const index of indexes) {
      await drop(index.name);
      known.delete(index.name);
    }
  }

  function drop(name: string): Promise<void> {
    return database.maintenance(`drop index ${postgres ? 'concurrently ' : ''}if exists "${name}"`);
  }

  /** PGlite: whether the entity is small enough to build an index while every other statement waits (bounded read). */
  async function smallEnough(appId: string, entity: string): Promise<boolean> {
    const { rows } = await database.query<{ n: number | string }>(
      `select count(*) as n from (select 1 from entity_records
         where app_id = $1 and entity = $2 limit $3) r`,
      [appId, entity, limits.embeddedMaxRows + 1],
    );
    return Number(rows[0]?.n ?? 0) <= limits.embeddedMaxRows;
  }

  async function indexesOf(appId: string): Promise<{ name: string; valid: boolean; definition: string }[]> {
    const { rows } = await database.query<{ name: string; valid: boolean; definition: string }>(
      `select c.relname as name, i.indisvalid as valid, pg_get_indexdef(c.oid) as definition
       from pg_class c join pg_index i on i.indexrelid = c.oid
       where c.relname like $1`,
      [`${appPart(appId)}\\_%`],
    );
    return rows;
  }

  /** Starts `build` and keeps it in `building` until it ends (one build per index at a time). */
  function start(
    name: string,
    appId: string,
    entity: string,
    path: string[],
    scope: SortScope,
    requested: boolean,
  ) {
    building.set(
      name,
      build(name, appId, entity, path, scope, requested).finally(() => building.delete(name)),
    );
  }

  async function build(
    name: string,
    appId: string,
    entity: string,
    path: string[],
    scope: SortScope,
    requested: boolean,
  ) {
    try {
      let existing = await indexesOf(appId);
      for (const index of existing.filter((candidate) => stale(candidate.definition))) await drop(index.name);
      existing = existing.filter((index) => !stale(index.definition));
      const same = existing.find((index) => index.name === name);
      if (same?.valid) {
        known.add(name);
        return;
      }
      if (same) await drop(name);
      else if (existing.length >= limits.perApp) return;
      if (!postgres && !requested && !(await smallEnough(appId, entity))) {
        // Not tried again by this process: the entity only grows past the bound.
        known.add(name);
        logger.info(
          { appId, entity, index: name },
          'sort index not built: the entity is too large for PGlite',
        );
        return;
      }
      const started = Date.now();
      await database.maintenance(sortIndexSql(name, appId, entity, path, postgres, scope));
      known.add(name);
      logger.info(
        { appId, entity, index: name, scope, requested, ms: Date.now() - started },
        'sort index built',
      );
    } catch (error) {
      logger.warn({ err: error, appId, entity, index: name }, 'sort index not built');
      await drop(name).catch(() => {});
    }
  }

  return { observe, request, pauseMs, list, remove, settled, forgetApp };
}
