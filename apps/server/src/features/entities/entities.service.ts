import { randomUUID } from 'node:crypto';
import {
  ENTITY_API_MESSAGES,
  ENTITY_LIST_DEFAULT_LIMIT,
  ENTITY_LIST_MAX_BYTES,
  type EntityOperation,
  type EntityRecordView,
  type EntityRules,
} from '@atelier/shared';
import { and, type SQL, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../platform/errors.ts';
import { EVENTS_CHANNEL, type EventBus } from '../../platform/events/event-bus.ts';
import {
  type AccessActor,
  allows,
  creatorIdOf,
  grantsAll,
  knowingAdmin,
  mayManage,
  NEW_ROW,
  STORED_ROW,
} from './access.ts';
import type { RuleRow } from './base44-access.ts';
import { type EntityTarget, refused } from './context.ts';
import {
  type EntitiesRepo,
  INLINE_SIGNAL_MAX_ROWS,
  type InlineSignal,
  type NewRecord,
  type RecordRow,
  type RecordSource,
  tableSource,
} from './entities.repo.ts';
import { entityTopic, publishChange } from './events.ts';
import { FIELDS_FREE, fieldWriteCondition, maskedSource } from './field-access.ts';
import { compileQueryParam, type FieldResolver, parseSort, schemaFieldResolver, sortSql } from './filter.ts';
import {
  invalidRecord,
  prepareCreate,
  preparePatch,
  splitSystemFields,
  toRecordView,
  withinRecordLimits,
} from './record-input.ts';
import type { SortIndexes, SortScope } from './sort-indexes.ts';
import { USER_BUILT_IN_FIELDS, USER_RULES, updateUser, usersSource } from './users-entity.ts';

export interface ListQuery {
  sort?: string | undefined;
  limit?: number | undefined;
  skip?: number | undefined;
  q?: string | undefined;
}

/** PostgreSQL's "invalid regular expression": a `$regex` the engine refused (400, not 500). */
const INVALID_REGEX = '2201B';
/** Rows per statement of a streamed export. */
const EXPORT_BATCH_ROWS = 1000;

/** The rules, the source of rows and the field names of a resolved entity. */
export function entityModel(target: EntityTarget): {
  rules: EntityRules;
  source: RecordSource;
  fields: FieldResolver;
} {
  if (target.kind === 'users') {
    return {
      rules: USER_RULES,
      source: usersSource(target.appId),
      fields: schemaFieldResolver(target.entity?.schema ?? { properties: {} }, USER_BUILT_IN_FIELDS),
    };
  }

  const entity = target.entity!;
  return {
    rules: entity.rules,
    source:
      maskedSource(target.appId, target.name, entity.fieldRules, target.access) ??
      tableSource(target.appId, target.name),
    fields: schemaFieldResolver(entity.schema),
  };
}

/** The fields of a new row (`n`) that carry field-level write rules: each must be the caller's to write. */
const fieldCreateCondition = (target: EntityTarget): SQL =>
  target.kind === 'users'
    ? FIELDS_FREE
    : fieldWriteCondition(
        target.appId,
        target.entity!.fieldRules,
        target.access,
        NEW_ROW,
        (field) => sql`((n.data -> ${field}::text) is not null)`,
      );

/** The fields a change to a stored row (`r`) gives a new value or removes, under their write rules. */
const fieldUpdateCondition = (
  target: EntityTarget,
  change: { patch: Record<string, unknown>; remove: readonly string[] },
): SQL =>
  fieldWriteCondition(target.appId, target.entity!.fieldRules, target.access, STORED_ROW, (field) => {
    if (Object.hasOwn(change.patch, field)) {
      return sql`((r.data -> ${field}::text) is distinct from ${JSON.stringify(change.patch[field])}::jsonb)`;
    }
    return change.remove.includes(field) ? sql`((r.data -> ${field}::text) is not null)` : undefined;
  });

/** The condition under which the target's actor may do `operation` on `row` (a stored row by default). */
export const accessCondition = (
  target: EntityTarget,
  operation: EntityOperation,
  row: RuleRow = STORED_ROW,
): SQL => allows(entityModel(target).rules[operation], target.access, row, target.appId);

/** Read access to stored rows (`r`) for this target's actor. */
export const readCondition = (target: EntityTarget): SQL => accessCondition(target, 'read');

/** The change signal a small write sends itself (see `InlineSignal`). */
const inlineSignal = (target: EntityTarget, type: InlineSignal['type']): InlineSignal => ({
  channel: EVENTS_CHANNEL,
  topic: entityTopic(target.appId, target.name),
  type,
  withCreators: type === 'delete',
  withPrevious: type !== 'create',
});

const recordNotFound = () => notFound(ENTITY_API_MESSAGES.recordNotFound);

/** A member who is no app admin under the rule `creator` reads only their own rows (`SortScope`). */
function sortScope(target: EntityTarget): SortScope {
  const rule = entityModel(target).rules.read;
  const own = target.access.kind === 'member' && target.access.isAdmin === false;
  return own && 'role' in rule && rule.role === 'creator' ? 'creator' : 'all';
}

/**
 * The behaviour of the entity API (README.md in this folder): every call takes a target resolved
 * for the caller (`EntityContexts.resolve`) and applies the entity's rules in the SQL it runs.
 */
export function createEntitiesService(repo: EntitiesRepo, bus: EventBus, sortIndexes?: SortIndexes) {
  /**
   * The target with its member's admin flag asked first when the read rule depends on it: the rule's
   * SQL is then plain (`creator = me` for a member who is no admin) and the creator index serves it,
   * where `creator = me or (is admin)` makes PostgreSQL read the entity's rows in date order.
   */
  async function readerKnown(target: EntityTarget): Promise<EntityTarget> {
    const rule = entityModel(target).rules.read;
    if ('role' in rule && rule.role !== 'creator' && rule.role !== 'admin') return target;
    return { ...target, access: await knowingAdmin(repo, target.access) };
  }

  async function insert(
    target: EntityTarget,
    bodies: Record<string, unknown>[],
  ): Promise<EntityRecordView[]> {
    if (target.kind === 'users') throw new AppError('bad_request', ENTITY_API_MESSAGES.usersAreSignUps);
    if (bodies.length === 0) return [];
    const entity = target.entity!;
    const { access } = target;
    // Imports by the builder or an app admin may keep ids (overwriting) and assign creators (spec 2 §5).
    const assigns = bodies.some((body) => body.id !== undefined || body.creatorId !== undefined);
    const mayAssign = assigns && (await mayManage(repo, access));
    const rows: NewRecord[] = bodies.map((body, index) => {
      const { data, id, creatorId } = splitSystemFields(body);
      const extra = bodies.length > 1 ? { index } : {};
      const at = (message: string) => (bodies.length > 1 ? `Record ${index + 1}: ${message}` : message);
      let prepared: Record<string, unknown>;
      try {
        prepared = prepareCreate(data, entity.validators, extra);
      } catch (error) {
        if (error instanceof AppError && bodies.length > 1) {
          throw new AppError(error.code, at(error.message), error.details);
        }
        throw error;
      }
      const givenId = mayAssign && id !== undefined && id !== null && id !== '' ? id : undefined;
      if (givenId !== undefined && (typeof givenId !== 'string' || givenId.length > 200)) {
        throw invalidRecord('id', 'must be a text of at most 200 characters', extra);
      }
      const givenCreator = mayAssign && creatorId !== undefined && creatorId !== '' ? creatorId : undefined;
      if (givenCreator !== undefined && givenCreator !== null && typeof givenCreator !== 'string') {
        throw invalidRecord('creatorId', 'must be a text', extra);
      }
      return {
        id: (givenId as string | undefined) ?? randomUUID(),
        creatorId: givenCreator === undefined ? creatorIdOf(access) : (givenCreator as string | null),
        data: prepared,
      };
    });
    if (new Set(rows.map((row) => row.id)).size !== rows.length) {
      throw new AppError('validation_error', ENTITY_API_MESSAGES.duplicateIds);
    }
    // Field-level write rules are asked of every new row first: the insert below leaves out the rows
    // its condition refuses, and a batch must not be stored in part.
    const fieldsWritable = fieldCreateCondition(target);
    if (fieldsWritable !== FIELDS_FREE && !(await repo.allNew(rows, fieldsWritable))) {
      throw refused(access, ENTITY_API_MESSAGES.cannotCreate);
    }
    const allowed = and(accessCondition(target, 'create', NEW_ROW), fieldsWritable) as SQL;
    const overwrite = and(readCondition(target), accessCondition(target, 'update')) as SQL;
    const inline = rows.length <= INLINE_SIGNAL_MAX_ROWS;
    const written = await withinRecordLimits(
      repo.insertMany(
        target.appId,
        target.name,
        rows,
        allowed,
        overwrite,
        inline ? inlineSignal(target, 'create') : undefined,
      ),
    );
    if (written.length === 0) {
      throw refused(
        access,
        access.kind === 'anonymous' ? ENTITY_API_MESSAGES.signInToWrite : ENTITY_API_MESSAGES.cannotCreate,
      );
    }
    if (!inline) await publishChange(bus, target, { type: 'create', ids: written.map((row) => row.id) });
    return (await asSeen(target, written)).map(toRecordView);
  }

  /** Written rows as the caller may see them: without the fields their field-level rules hide. */
  async function asSeen(target: EntityTarget, rows: RecordRow[]): Promise<RecordRow[]> {
    if (target.kind === 'users') return rows;
    const masked = maskedSource(target.appId, target.name, target.entity!.fieldRules, target.access);
    if (!masked || rows.length === 0) return rows;
    const seen = new Map(
      (
        await repo.getMany(
          masked,
          rows.map((row) => row.id),
          sql`true`,
        )
      ).map((row) => [row.id, row]),
    );
    return rows.map((row) => seen.get(row.id) ?? { ...row, data: {} });
  }

  /** Why a change found no row: hidden records answer 404, visible ones the actor may not change 403. */
  async function refusal(
    target: EntityTarget,
    source: RecordSource,
    id: string,
    read: SQL,
  ): Promise<AppError> {
    const visible = await repo.get(source, id, read);
    return visible ? refused(target.access, ENTITY_API_MESSAGES.cannotChange) : recordNotFound();
  }

  return {
    /**
     * The records the caller may read, as the JSON array text the API answers: at most
     * ENTITY_LIST_MAX_BYTES of them (`truncated` when the page was cut shorter than asked); a large
     * page's `json` is its start and `more` builds the rest as it is read (`EntitiesRepo.listJson`).
     */
    async listJson(
      target: EntityTarget,
      query: ListQuery,
    ): Promise<{ json: string; more?: AsyncGenerator<string>; truncated: boolean }> {
      const { source, fields } = entityModel(target);
      const filter = compileQueryParam(query.q, fields);
      const sort = parseSort(query.sort, fields);
      const reader = await readerKnown(target);
      const read = readCondition(reader);
      try {
        const started = performance.now();
        const page = await repo.listJson(source, read, filter, sortSql(sort), {
          limit: query.limit ?? ENTITY_LIST_DEFAULT_LIMIT,
          skip: query.skip ?? 0,
          maxBytes: ENTITY_LIST_MAX_BYTES,
        });
        if (target.kind === 'table')
          sortIndexes?.observe(
            target.appId,
            target.name,
            sort,
            performance.now() - started,
            sortScope(reader),
          );
        return page;
      } catch (error) {
        if ((error as { code?: string }).code === INVALID_REGEX) {
          throw new AppError('bad_request', '$regex is not a valid regular expression');
        }
        throw error;
      }
    },

    /** How many records the caller may read that match the filter (the list's `count=true`). */
    async count(target: EntityTarget, query: Pick<ListQuery, 'q'>): Promise<number> {
      const { source, fields } = entityModel(target);
      const filter = compileQueryParam(query.q, fields);
      const read = readCondition(await readerKnown(target));
      // Every record of a table, unfiltered (the database panel, exports): the kept count, not count(*).
      if (target.kind === 'table' && !query.q?.trim() && grantsAll(read)) {
        return repo.storedCount(target.appId, target.name);
      }
      return repo.count(source, read, filter);
    },

    /**
     * Every record the caller may read, newest first, in batches read by keyset from the newest-first
     * index (no deep offsets), for streaming exports of any size.
     */
    async *allRecords(
      target: EntityTarget,
      batchSize = EXPORT_BATCH_ROWS,
    ): AsyncGenerator<EntityRecordView[]> {
      const { source } = entityModel(target);
      const read = readCondition(target);
      let after: { cursor: string; id: string } | undefined;
      for (;;) {
        const rows = await repo.newestAfter(source, read, after, batchSize);
        if (rows.length > 0) yield rows.map(toRecordView);
        if (rows.length < batchSize) return;
        after = rows[rows.length - 1];
      }
    },

    async get(target: EntityTarget, id: string): Promise<EntityRecordView> {
      const { source } = entityModel(target);
      const row = await repo.get(source, id, readCondition(target));
      if (!row) throw recordNotFound();
      return toRecordView(row);
    },

    async create(target: EntityTarget, body: Record<string, unknown>): Promise<EntityRecordView> {
      const [record] = await insert(target, [body]);
      return record as EntityRecordView;
    },

    /** Creates every record or none (one statement); 400 names the first invalid record and field. */
    bulkCreate(target: EntityTarget, bodies: Record<string, unknown>[]): Promise<EntityRecordView[]> {
      return insert(target, bodies);
    },

    async update(target: EntityTarget, id: string, body: Record<string, unknown>): Promise<EntityRecordView> {
      const { source } = entityModel(target);
      const read = readCondition(target);
      const write = accessCondition(target, 'update');
      const { data } = splitSystemFields(body);
      let row: RecordRow | undefined;
      if (target.kind === 'users') {
        const ok = await withinRecordLimits(
          updateUser(repo, target.appId, id, data, target.entity, target.access, and(read, write) as SQL),
        );
        row = ok ? await repo.get(source, id, read) : undefined;
      } else {
        const change = preparePatch(data, target.entity!.validators);
        const updated = await withinRecordLimits(
          repo.update(
            source,
            id,
            change,
            read,
            and(write, fieldUpdateCondition(target, change)) as SQL,
            inlineSignal(target, 'update'),
          ),
        );
        row = updated && (await asSeen(target, [updated]))[0];
      }
      if (!row) throw await refusal(target, source, id, read);
      if (target.kind === 'users') await publishChange(bus, target, { type: 'update', ids: [row.id] });
      return toRecordView(row);
    },

    async delete(target: EntityTarget, id: string): Promise<void> {
      if (target.kind === 'users') throw new AppError('bad_request', ENTITY_API_MESSAGES.usersAreSignUps);
      const { source } = entityModel(target);
      const read = readCondition(target);
      const write = accessCondition(target, 'delete');
      const row = await repo.delete(source, id, read, write, inlineSignal(target, 'delete'));
      if (!row) throw await refusal(target, source, id, read);
    },
  };
}

export type EntitiesService = ReturnType<typeof createEntitiesService>;

export type { AccessActor };
