import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { apps } from './apps.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Tools of an app (spec 2 §2 "App tools panel", spec 1 §3 Tool: toolId, title, path, status,
 * imageUrl). A single-tool app (AI_TOOL, AI_APP) has exactly one, whose content is the app's own;
 * a generated app's tools keep their texts, fields and prompt in `content`. The path is unique
 * across the platform, ignoring case: `/tool/{path}` names one tool.
 */
export const tools = pgTable(
  'tools',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    path: text('path').notNull(),
    status: text('status').$type<'active' | 'draft'>().notNull().default('draft'),
    imageUrl: text('image_url'),
    position: integer('position').notNull().default(0),
    /** A generated app's tool: header, description, gptPrompt and the builder keys (fields, texts, CTA). */
    content: jsonb('content'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tools_path_key').on(sql`lower(${t.path})`),
    index('tools_app_idx').on(t.appId, t.position),
    index('tools_status_idx').on(t.status),
  ],
);

/**
 * Runs of a tool (for limits, credits and analytics). `subject` is who ran it: `user:{id}` for a
 * signed-in user, `anon:{hash of the address}` otherwise. `inputs` keeps the field values except
 * personal fields; `output` is the answer with personal values redacted. Status: running →
 * success | error. `credits` is what the run counted against the user's daily and weekly limits.
 */
export const toolRuns = pgTable(
  'tool_runs',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    toolId: text('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    userId: text('user_id'),
    subject: text('subject').notNull(),
    status: text('status').$type<'running' | 'success' | 'error'>().notNull(),
    credits: integer('credits').notNull().default(0),
    inputs: jsonb('inputs').$type<Record<string, unknown>>().notNull().default({}),
    output: text('output'),
    error: text('error'),
    model: text('model'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('tool_runs_app_idx').on(t.appId, t.createdAt),
    index('tool_runs_subject_idx').on(t.toolId, t.subject, t.createdAt),
  ],
);

/** An end user's last answer to each memorized field of an app's tools (prefilled next time). */
export const toolMemories = pgTable(
  'tool_memories',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    fieldName: text('field_name').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.userId, t.fieldName] })],
);
