import { desc, sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { apps } from './apps.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The records of generated apps' entities (features/entities): one JSONB document per record, keyed
 * by app, entity and id. `creator_id` is the app end user who created it (null when created
 * anonymously). Access rules live in the entity schemas of the app's versions and are applied in
 * the SQL of every query (`features/entities/access.ts`).
 */
export const entityRecords = pgTable(
  'entity_records',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    entity: text('entity').notNull(),
    id: text('id').notNull(),
    creatorId: text('creator_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /**
     * The size of `data` as JSON text and its number of top-level fields, kept by the database: list
     * answers are capped in bytes from the size without serialising the rows they leave out, and the
     * checks below bound a record (ENTITY_RECORD_MAX_BYTES / _FIELDS), after a PATCH's merge too.
     */
    dataSize: integer('data_size').generatedAlwaysAs(sql`octet_length(data::text)`),
    dataFields: integer('data_fields').generatedAlwaysAs(
      sql`jsonb_array_length(jsonb_path_query_array(data, '$.keyvalue().key'))`,
    ),
  },
  (t) => [
    check('entity_records_data_size', sql`data_size <= 524288`),
    check('entity_records_data_fields', sql`data_fields <= 1000`),
    primaryKey({ name: 'entity_records_pkey', columns: [t.appId, t.entity, t.id] }),
    index('entity_records_data_gin').using('gin', t.data.op('jsonb_path_ops')),
    // Newest first with the id as tie-breaker (`compileSort`'s default order), read straight from the
    // index: without `id` rows created in one statement (same `created_at`) were all read and sorted.
    // Oldest first is the same index scanned backward.
    index('entity_records_created_idx').on(t.appId, t.entity, desc(t.createdAt), desc(t.id)),
    index('entity_records_creator_idx').on(t.appId, t.entity, t.creatorId, desc(t.createdAt), desc(t.id)),
  ],
);

/**
 * How many records each app's entity holds, kept by the database (migration 0026's triggers): every
 * statement that inserts or deletes records adds one row of +n / -n here, and the rows of an entity
 * are summed into one now and then (`features/entities/record-counts.ts`). The sum is the entity's
 * exact count, read without reading its records (the database panel's total at a million records).
 * Rows, not one counter per entity: concurrent writes append and never wait on each other's lock.
 */
export const entityRecordCounts = pgTable(
  'entity_record_counts',
  {
    appId: text('app_id').notNull(),
    entity: text('entity').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [index('entity_record_counts_entity_idx').on(t.appId, t.entity)],
);
