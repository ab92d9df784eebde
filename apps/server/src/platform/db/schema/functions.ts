import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { apps } from './apps.ts';

export type FunctionDeploymentStatus = 'pending' | 'deploying' | 'success' | 'error';

export interface StoredDeployError {
  type: 'missing_secrets' | 'compile';
  message: string;
  missingSecrets?: string[];
  missingSecretDetails?: { key: string; description: string }[];
  diagnostics?: string[];
}

/**
 * Deployments of an app's backend functions (`functions/{name}.ts`): one row per deploy, moving
 * pending → deploying → success | error. The latest successful row of a function answers its calls;
 * `bundle` is the compiled script the runtime loads.
 */
export const functionDeployments = pgTable(
  'function_deployments',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').$type<FunctionDeploymentStatus>().notNull(),
    /** The app version the source came from. */
    versionId: text('version_id'),
    /** SHA-256 of the function's source file (to tell whether the file changed since). */
    sourceHash: text('source_hash'),
    bundle: text('bundle'),
    envReads: jsonb('env_reads').$type<string[]>().notNull().default([]),
    /** Entity-hook automations of the function's `function.jsonc` (features/functions/automations.ts). */
    automations: jsonb('automations').$type<StoredEntityAutomation[] | null>(),
    error: jsonb('error').$type<StoredDeployError | null>(),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deployedAt: timestamp('deployed_at', { withTimezone: true }),
  },
  (t) => [index('function_deployments_app_name_idx').on(t.appId, t.name, t.createdAt)],
);

export interface StoredEntityAutomation {
  name: string;
  entity: string;
  events: ('create' | 'update' | 'delete')[];
  /** `function_args`: merged into the hook's JSON body. */
  args?: Record<string, unknown> | undefined;
}

/** A scheduled automation of `function.jsonc` (features/functions/schedules.ts): a cron (UTC) or one time. */
export interface StoredScheduledAutomation {
  name: string;
  /** Five-field cron expression, UTC. */
  cron?: string;
  /** One-time run (ISO date). */
  runAt?: string;
  /** Runs stop after this date (`ends_type: "on"`) … */
  endsOn?: string;
  /** … or after this many runs (`ends_type: "after"`). */
  maxRuns?: number;
  /** `function_args`: the JSON body of each run. */
  args?: Record<string, unknown> | undefined;
}

/**
 * The scheduled automations of the live deployments, with their run state: one row per function
 * and automation name. `next_run_at` is when the minute tick (features/functions/scheduled-runs.ts)
 * sends the next run (null: paused, finished, or never again); the builder pauses and resumes here.
 */
export const functionSchedules = pgTable(
  'function_schedules',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    automation: text('automation').notNull(),
    spec: jsonb('spec').$type<StoredScheduledAutomation>().notNull(),
    paused: boolean('paused').notNull().default(false),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    runCount: integer('run_count').notNull().default(0),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastStatus: text('last_status').$type<'success' | 'error' | 'timeout'>(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('function_schedules_app_name_automation_idx').on(t.appId, t.name, t.automation),
    index('function_schedules_next_run_idx').on(t.nextRunAt),
  ],
);

export interface StoredLogLine {
  level: 'debug' | 'info' | 'warn' | 'error';
  message: string;
  at: number;
}

/**
 * Recent invocations of a function (the last 50 per function are kept): outcome, timing and the
 * captured console lines — trimmed, with secret values redacted.
 */
export const functionInvocations = pgTable(
  'function_invocations',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    deploymentId: text('deployment_id'),
    status: text('status').$type<'success' | 'error' | 'timeout'>().notNull(),
    httpStatus: integer('http_status').notNull(),
    durationMs: integer('duration_ms').notNull(),
    cold: boolean('cold').notNull().default(false),
    trigger: text('trigger').$type<'webhook' | 'sdk' | 'entity' | 'schedule'>().notNull(),
    error: text('error'),
    logs: jsonb('logs').$type<StoredLogLine[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('function_invocations_app_name_idx').on(t.appId, t.name, t.createdAt)],
);
