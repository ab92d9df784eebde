import {
  ENTITY_API_MESSAGES,
  ENTITY_LIST_DEFAULT_LIMIT,
  ENTITY_LIST_MAX_BYTES,
  type EntityRecordView,
} from '@atelier/shared';
import { and, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import type { EntityTarget } from '../entities/context.ts';
import type { EntitiesModule } from '../entities/entities.module.ts';
import type { RecordRow } from '../entities/entities.repo.ts';
import { accessCondition, entityModel, readCondition } from '../entities/entities.service.ts';
import { publishChange } from '../entities/events.ts';
import { compileFilter, compileSort, type FieldResolver } from '../entities/filter.ts';
import { base44Fields, base44Sort, mapCreatedBy, writableFields } from './records.ts';
import { applyUpdateOperators } from './update-operators.ts';

/** PostgreSQL's "invalid regular expression": a `$regex` the engine refused (400, not 500). */
const INVALID_REGEX = '2201B';

/** Records one `updateMany` call changes at most (Base44's batch; `has_more` tells the rest). */
export const UPDATE_MANY_BATCH = 500;
/** Records one `bulkUpdate` call may name (Base44's limit). */
export const BULK_UPDATE_MAX = 500;

/**
 * Most bytes of records one Base44 list answer holds. Unlike Atelier's list, whose rows leave as
 * PostgreSQL built them, these records become objects on the event loop (renamed and projected for
 * the SDK) before they are sent: 16 MB of them held it 0.3 s a call. So a quarter of
 * ENTITY_LIST_MAX_BYTES; a page cut shorter is flagged (`truncated`) and `v2/list` goes on after it.
 */
export const BASE44_LIST_MAX_BYTES = ENTITY_LIST_MAX_BYTES / 4;

export interface ReadQuery {
  q?: unknown;
  sort?: string | undefined;
  limit?: number | undefined;
  skip?: number | undefined;
  /** An order already compiled (the Supabase REST API's several keys); `sort` is then ignored. */
  order?: SQL | undefined;
}

/**
 * The entity calls of `@base44/sdk` that Atelier's entity API has no twin for (count, deleteMany,
 * updateMany, bulkUpdate) and the Base44 forms of list and filter. Every statement carries the
 * entity's rules in its WHERE, like the entity service (features/entities/README.md).
 */
export function createBase44Entities(
  module: EntitiesModule,
  /** How names of a query resolve (Base44's system names and undeclared fields by default). */
  resolver: (fields: FieldResolver) => FieldResolver = base44Fields,
) {
  /** The compiled filter (Base44 names mapped) and the read rule of the target. */
  async function where(target: EntityTarget, q: unknown): Promise<{ filter: SQL; read: SQL }> {
    const { fields } = entityModel(target);
    const query =
      q === undefined || q === null ? undefined : await mapCreatedBy(module.repo, target.appId, q);
    const filter = query === undefined ? sql`true` : compileFilter(query, resolver(fields));
    return { filter, read: readCondition(target) };
  }

  function run<Row>(statement: SQL): Promise<Row[]> {
    return guarded(() => module.repo.run<Row>(statement));
  }

  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: string }).code === INVALID_REGEX) {
        throw new AppError('bad_request', '$regex is not a valid regular expression');
      }
      throw error;
    }
  }

  /** Up to `limit` records matching `q` that the caller may read and change (oldest first). */
  async function writable(
    target: EntityTarget,
    q: unknown,
    operation: 'update' | 'delete',
    limit: number,
  ): Promise<RecordRow[]> {
    const { source } = entityModel(target);
    const { filter, read } = await where(target, q ?? {});
    const write = accessCondition(target, operation);
    return run<RecordRow>(sql`select r.id, r.creator_id, r.data, r.created_at, r.updated_at
      from ${source.from} where ${source.scope} and ${and(read, write)} and ${filter}
      order by r.created_at, r.id limit ${limit}`);
  }

  return {
    writable,

    /**
     * The records the caller may read that match `q`, in Atelier's view: at most
     * BASE44_LIST_MAX_BYTES of them (`truncated` when fewer than asked), read as Atelier's list
     * reads them (`listJson`: no statement builds more than 1 MB of them).
     */
    async list(
      target: EntityTarget,
      query: ReadQuery,
    ): Promise<{ records: EntityRecordView[]; truncated: boolean }> {
      const { source, fields } = entityModel(target);
      const { filter, read } = await where(target, query.q);
      const order = query.order ?? compileSort(base44Sort(query.sort), resolver(fields));
      return guarded(async () => {
        const page = await module.repo.listJson(source, read, filter, order, {
          limit: query.limit ?? ENTITY_LIST_DEFAULT_LIMIT,
          skip: query.skip ?? 0,
          maxBytes: BASE44_LIST_MAX_BYTES,
        });
        let json = page.json;
        if (page.more) for await (const part of page.more) json += part;
        return { records: JSON.parse(json) as EntityRecordView[], truncated: page.truncated };
      });
    },

    async count(target: EntityTarget, q: unknown): Promise<number> {
      const { source } = entityModel(target);
      const { filter, read } = await where(target, q);
      const [row] = await run<{ count: number | string }>(sql`select count(*) as count from ${source.from}
        where ${source.scope} and ${read} and ${filter}`);
      return Number(row?.count ?? 0);
    },

    /** Deletes the records matching `q` that the caller may read and write; answers how many. */
    async deleteMany(target: EntityTarget, q: unknown): Promise<number> {
      if (target.kind === 'users') throw new AppError('bad_request', ENTITY_API_MESSAGES.usersAreSignUps);
      const { source } = entityModel(target);
      const { filter, read } = await where(target, q ?? {});
      const write = accessCondition(target, 'delete');
      const deleted = await run<{
        id: string;
        creator_id: string | null;
      }>(sql`delete from entity_records as r
        where ${source.scope} and ${write} and r.id in (select r.id from ${source.from}
          where ${source.scope} and ${read} and ${filter})
        returning r.id, r.creator_id`);
      if (deleted.length > 0) {
        await publishChange(module.bus, target, {
          type: 'delete',
          ids: deleted.map((row) => row.id),
          creators: deleted.map((row) => row.creator_id),
        });
      }
      return deleted.length;
    },

    /**
     * Applies Mongo update operators to up to UPDATE_MANY_BATCH matching records the caller may
     * read and write; each change goes through the entity service (schema check, rules, events).
     */
    async updateMany(
      target: EntityTarget,
      q: unknown,
      update: unknown,
    ): Promise<{ updated: number; has_more: boolean }> {
      const rows = await writable(target, q, 'update', UPDATE_MANY_BATCH + 1);
      const batch = rows.slice(0, UPDATE_MANY_BATCH);
      for (const row of batch) {
        await module.service.update(target, row.id, applyUpdateOperators(row.data, update));
      }
      return { updated: batch.length, has_more: rows.length > UPDATE_MANY_BATCH };
    },

    /** Updates each named record with its own fields (hidden ones answer 404, like `update`). */
    async bulkUpdate(target: EntityTarget, items: unknown): Promise<EntityRecordView[]> {
      if (!Array.isArray(items)) throw new AppError('bad_request', 'bulkUpdate takes an array of records');
      if (items.length > BULK_UPDATE_MAX) {
        throw new AppError('bad_request', `bulkUpdate takes at most ${BULK_UPDATE_MAX} records`);
      }
      const ids = items.map((item, index) => {
        const id = (item as { id?: unknown } | null)?.id;
        if (typeof id !== 'string' || id === '') {
          throw new AppError('bad_request', `Record ${index + 1}: id is required`);
        }
        return id;
      });
      // The answer holds every updated record: like a list, at most BASE44_LIST_MAX_BYTES of them
      // (500 records of 512 KB were a 256 MB answer built on the event loop).
      const { source } = entityModel(target);
      const [stored] = await run<{ bytes: string | number | null }>(sql`select
          sum(coalesce(r.data_size, octet_length(r.data::text))) as bytes from ${source.from}
        where ${source.scope} and ${readCondition(target)}
          and r.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`);
      if (Number(stored?.bytes ?? 0) > BASE44_LIST_MAX_BYTES) {
        throw new AppError(
          'bad_request',
          `bulkUpdate changes at most ${BASE44_LIST_MAX_BYTES / 1024 / 1024} MB of records at once: update fewer records per call`,
        );
      }
      const updated: EntityRecordView[] = [];
      for (const [index, item] of items.entries()) {
        updated.push(await module.service.update(target, ids[index] as string, writableFields(item)));
      }
      return updated;
    },
  };
}

export type Base44Entities = ReturnType<typeof createBase44Entities>;
