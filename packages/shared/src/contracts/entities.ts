import { z } from 'zod';
import { ENTITY_NAME_PATTERN, entitySchemaSchema, permissionRoleSchema } from '../app-files/entity-schema.ts';
import { COLUMN_DATA_TYPES } from '../entities/columns.ts';
import { CSV_DATA_TYPES, SPLIT_CHARACTERS } from '../entities/csv.ts';
import { appVersionSchema } from './apps.ts';

/**
 * Contracts of the app database: records of an app's entities (the entity API the app SDK and the
 * database panel call), the entity list of the panel, adding a column, and the CSV mapping.
 */

/** Most records one list call answers; the default when no limit is given is ENTITY_LIST_DEFAULT_LIMIT. */
export const ENTITY_LIST_MAX_LIMIT = 10_000;
export const ENTITY_LIST_DEFAULT_LIMIT = 1_000;
/** Most records one bulk call creates. */
export const ENTITY_BULK_MAX = 1_000;
/**
 * Most bytes of records one list answer holds: past it the page is shorter (the records that fit,
 * at least one) and the answer carries ENTITY_LIST_TRUNCATED_HEADER; ask for the rest with `skip`.
 */
export const ENTITY_LIST_MAX_BYTES = 16 * 1024 * 1024;
export const ENTITY_LIST_TRUNCATED_HEADER = 'x-atelier-truncated';
/** Largest record (its fields as JSON text), after a change too; the database enforces it as well. */
export const ENTITY_RECORD_MAX_BYTES = 512 * 1024;
/** Most top-level fields of one record, declared or not. */
export const ENTITY_RECORD_MAX_FIELDS = 1_000;

export const entityNameSchema = z.string().regex(ENTITY_NAME_PATTERN).max(100);

/** A stored record: the entity's fields plus id, creatorId, createdAt, updatedAt (spec 2 §3). */
export const entityRecordSchema = z
  .object({
    id: z.string(),
    creatorId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .catchall(z.unknown())
  .meta({ id: 'EntityRecord' });
export type EntityRecordView = z.infer<typeof entityRecordSchema>;

export const entityParamsSchema = z.object({
  appId: z.string().min(1).max(100),
  entity: entityNameSchema,
});
export const entityRecordParamsSchema = entityParamsSchema.extend({ id: z.string().min(1).max(200) });

/** `?sort=field|-field&limit=&skip=&q=<JSON filter>` of the list call (app SDK `list` / `filter`). */
export const entityListQuerySchema = z.object({
  sort: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(0).max(ENTITY_LIST_MAX_LIMIT).optional(),
  skip: z.coerce.number().int().min(0).max(1_000_000).optional(),
  q: z.string().max(20_000).optional(),
  /** `true`: the answer's `X-Total-Count` header carries how many records match (all pages). */
  count: z.enum(['true', 'false']).optional(),
});

/** The fields of a record to write; id, creatorId, createdAt and updatedAt are the platform's. */
export const entityWriteSchema = z.record(z.string(), z.unknown()).meta({ id: 'EntityWrite' });
export const entityBulkSchema = z
  .array(entityWriteSchema)
  .max(ENTITY_BULK_MAX)
  .meta({ id: 'EntityBulkWrite' });

/** One entity of the app's current version, for the database panel. */
export const entityInfoSchema = z
  .object({
    name: z.string(),
    /** The entity file (`entities/{name}.json`) and its stable id. */
    path: z.string(),
    fileId: z.string(),
    schema: entitySchemaSchema,
    /** The effective roles (defaults filled in); null when `schema.rls` holds rules in Base44's format. */
    rls: z.object({ read: permissionRoleSchema, write: permissionRoleSchema }).nullable(),
  })
  .meta({ id: 'EntityInfo' });
export type EntityInfo = z.infer<typeof entityInfoSchema>;

export const entitiesListResponseSchema = z
  .object({ versionId: z.string().nullable(), entities: z.array(entityInfoSchema) })
  .meta({ id: 'EntitiesList' });
export type EntitiesListResponse = z.infer<typeof entitiesListResponseSchema>;

/** Field names of a new column: a letter or `_`, then letters, digits or `_`. */
export const COLUMN_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const addColumnRequestSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { error: 'Give the column a name' })
      .max(64)
      .regex(COLUMN_NAME_PATTERN, { error: 'Use letters, digits and _ only, starting with a letter' }),
    dataType: z.enum(COLUMN_DATA_TYPES),
    options: z.array(z.string().trim().min(1).max(100)).max(100).optional(),
  })
  .meta({ id: 'AddColumnRequest' });
export type AddColumnRequest = z.infer<typeof addColumnRequestSchema>;

export const addColumnResponseSchema = z
  .object({ version: appVersionSchema, entity: entityInfoSchema })
  .meta({ id: 'AddColumnResponse' });
export type AddColumnResponse = z.infer<typeof addColumnResponseSchema>;

/**
 * The database panel's sort indexes of an entity: an index on a data field serves its sorts both
 * ways at any size. `pauseMs` (PGlite only): about how long building one holds the app (every
 * request waits), for the panel's warning; null where builds run beside the app (PostgreSQL).
 */
export const sortIndexSchema = z
  .object({
    field: z.string(),
    /** `creator`: for the lists of one end user's own records (built by itself, not by the panel). */
    scope: z.enum(['all', 'creator']),
    state: z.enum(['ready', 'building']),
    /** The share of a build done (0..1), where the database reports it. */
    progress: z.number().nullable(),
  })
  .meta({ id: 'SortIndex' });
export type SortIndexView = z.infer<typeof sortIndexSchema>;

export const sortIndexesResponseSchema = z
  .object({
    records: z.number().int(),
    /** From how many records the panel offers to index a field (SORT_INDEX_SUGGEST_ROWS). */
    suggestFrom: z.number().int(),
    pauseMs: z.number().int().nullable(),
    indexes: z.array(sortIndexSchema),
  })
  .meta({ id: 'SortIndexes' });
export type SortIndexesResponse = z.infer<typeof sortIndexesResponseSchema>;

export const sortIndexRequestSchema = z
  .object({ field: z.string().min(1).max(200) })
  .meta({ id: 'SortIndexRequest' });

export const sortIndexParamsSchema = entityParamsSchema.extend({ field: z.string().min(1).max(200) });
export const sortIndexDropQuerySchema = z.object({ scope: z.enum(['all', 'creator']).optional() });

/** `POST /api/csv/generateMapping` (spec 2 §7). */
export const csvMappingRequestSchema = z
  .object({
    appId: z.string().max(100).optional(),
    headers: z.array(z.string().max(500)).min(1).max(200),
    /** The first 5 rows (spec 2 §9). */
    previewData: z.array(z.record(z.string(), z.unknown())).max(5),
    schema: z.record(z.string(), z.unknown()),
    entityName: z.string().min(1).max(100),
  })
  .meta({ id: 'CsvMappingRequest' });
export type CsvMappingRequest = z.infer<typeof csvMappingRequestSchema>;

export const csvMappingSchema = z
  .object({
    csvHeader: z.string(),
    /** '' leaves the column out. */
    schemaField: z.string(),
    dataType: z.enum(CSV_DATA_TYPES),
    splitCharacter: z.enum(SPLIT_CHARACTERS).optional(),
  })
  .meta({ id: 'CsvMapping' });

export const csvMappingResponseSchema = z
  .object({ mappings: z.array(csvMappingSchema) })
  .meta({ id: 'CsvMappingResponse' });
export type CsvMappingResponse = z.infer<typeof csvMappingResponseSchema>;
