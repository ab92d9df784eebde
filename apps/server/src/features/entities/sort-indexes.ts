import { createHash } from 'node:crypto';
import type { Database } from '../../platform/db/database.ts';
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
};

export type SortIndexLimits = typeof SORT_INDEX_LIMITS;

const PREFIX = 'er_sort_';

type DataSortKey = SortKey & { field: { kind: 'data' } };

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

/** The start of the names of an app's sort indexes. */
const appPart = (appId: string) => `${PREFIX}${hash(appId)}`;

/**
 * Whose rows a list reads: an end user's own only (the rule `creator` for a member who is no app
 * admin), so the index starts with the creator and a page reads exactly that user's next rows; or
 * every row of the entity.
 */
export type SortScope = 'creator' | 'all';

/** `er_sort_{app}_{key}`: the app's part lets its indexes be found by name. */
export function sortIndexName(
  appId: string,
  entity: string,
  key: DataSortKey,
  scope: SortScope = 'all',
): string {
  const parts = [entity, key.field.path, key.descending, ...(scope === 'creator' ? ['creator'] : [])];
  return `${appPart(appId)}_${hash(JSON.stringify(parts))}`;
}

/** A SQL string literal (standard_conforming_strings is on: only quotes need doubling). */
const literal = (text: string) => {
  if (text.includes('\0')) throw new Error('NUL in an identifier');
  return `'${text.replaceAll("'", "''")}'`;
};

/**
 * The index's definition: the terms of `sortSql` for this key, over the app's entity only; built
 * concurrently on PostgreSQL (writes go on), in one go on PGlite (which has no other connection).
 */
export function sortIndexSql(
  name: string,
  appId: string,
  entity: string,
  key: DataSortKey,
  concurrently = true,
  scope: SortScope = 'all',
): string {
  const at = ['data', ...key.field.path.map(literal)].join(' -> ');
  const direction = key.descending ? 'desc' : 'asc';
  const creator = scope === 'creator' ? 'creator_id, ' : '';
  return `create index ${concurrently ? 'concurrently ' : ''}if not exists "${name}" on entity_records
    (${creator}(${at}) ${direction} nulls last, created_at ${direction}, id ${direction})
    where app_id = ${literal(appId)} and entity = ${literal(entity)}`;
}

export class SortIndexes {
  private readonly building = new Map<string, Promise<void>>();
  private readonly known = new Set<string>();

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
    private readonly limits: SortIndexLimits = SORT_INDEX_LIMITS,
  ) {}

  /**
   * Notes a list of `entity` sorted by `key` that took `elapsedMs`, reading the rows of `scope`; a
   * slow data-field sort gets its index (creator first for lists of one user's own rows).
   */
  observe(appId: string, entity: string, key: SortKey, elapsedMs: number, scope: SortScope = 'all'): void {
    const slow = this.postgres ? this.limits.slowListMs : this.limits.embeddedSlowListMs;
    if (elapsedMs < slow) return;
    const { field } = key;
    if (field.kind !== 'data') return;
    const dataKey = { field, descending: key.descending };
    const name = sortIndexName(appId, entity, dataKey, scope);
    if (this.known.has(name) || this.building.has(name)) return;
    const build = this.build(name, appId, entity, dataKey, scope).finally(() => this.building.delete(name));
    this.building.set(name, build);
  }

  /** Resolves when the builds under way have ended (tests). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.building.values()]);
  }

  /** Drops the sort indexes of an app that no longer exists (its rows went with it). */
  async forgetApp(appId: string): Promise<void> {
    const indexes = await this.indexesOf(appId);
    if (indexes.length === 0) return;
    const [row] = (await this.database.query<{ n: number }>('select 1 as n from apps where id = $1', [appId]))
      .rows;
    if (row) return;
    for (const index of indexes) {
      await this.drop(index.name);
      this.known.delete(index.name);
    }
  }

  private get postgres(): boolean {
    return this.database.kind === 'postgres';
  }

  private drop(name: string): Promise<void> {
    return this.database.maintenance(`drop index ${this.postgres ? 'concurrently ' : ''}if exists "${name}"`);
  }

  /** PGlite: whether the entity is small enough to build an index while every other statement waits (bounded read). */
  private async smallEnough(appId: string, entity: string): Promise<boolean> {
    const { rows } = await this.database.query<{ n: number | string }>(
      `select count(*) as n from (select 1 from entity_records
         where app_id = $1 and entity = $2 limit $3) r`,
      [appId, entity, this.limits.embeddedMaxRows + 1],
    );
    return Number(rows[0]?.n ?? 0) <= this.limits.embeddedMaxRows;
  }

  private async indexesOf(appId: string): Promise<{ name: string; valid: boolean }[]> {
    const { rows } = await this.database.query<{ name: string; valid: boolean }>(
      `select c.relname as name, i.indisvalid as valid from pg_class c join pg_index i on i.indexrelid = c.oid
       where c.relname like $1`,
      [`${appPart(appId)}\\_%`],
    );
    return rows;
  }

  private async build(name: string, appId: string, entity: string, key: DataSortKey, scope: SortScope) {
    try {
      const existing = await this.indexesOf(appId);
      const same = existing.find((index) => index.name === name);
      if (same?.valid) {
        this.known.add(name);
        return;
      }
      if (same) await this.drop(name);
      else if (existing.length >= this.limits.perApp) return;
      if (!this.postgres && !(await this.smallEnough(appId, entity))) {
        // Not tried again by this process: the entity only grows past the bound.
        this.known.add(name);
        this.logger.info(
          { appId, entity, index: name },
          'sort index not built: the entity is too large for PGlite',
        );
        return;
      }
      const started = Date.now();
      await this.database.maintenance(sortIndexSql(name, appId, entity, key, this.postgres, scope));
      this.known.add(name);
      this.logger.info({ appId, entity, index: name, scope, ms: Date.now() - started }, 'sort index built');
    } catch (error) {
      this.logger.warn({ err: error, appId, entity, index: name }, 'sort index not built');
      await this.drop(name).catch(() => {});
    }
  }
}
