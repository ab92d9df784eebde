import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const micros = (name: string) =>
  numeric(name, { precision: 20, scale: 6, mode: 'number' }).notNull().default(0);
const tokens = (name: string) => integer(name).notNull().default(0);

/**
 * One row per AI call (chat reply, tool run, magic create…): model, tokens, cost and timing.
 * Costs are micro-dollars (1e-6 USD); rates are US dollars per 1M tokens at the time of the call.
 * app_id / user_id / message_id are plain text ids (no foreign keys: usage outlives what it measured).
 */
export const llmUsage = pgTable(
  'llm_usage',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    model: text('model').notNull(),
    provider: text('provider').notNull(),
    purpose: text('purpose').notNull(),
    appId: text('app_id'),
    userId: text('user_id'),
    messageId: text('message_id'),
    promptTokens: tokens('prompt_tokens'),
    completionTokens: tokens('completion_tokens'),
    cacheReadTokens: tokens('cache_read_tokens'),
    cacheWriteTokens: tokens('cache_write_tokens'),
    promptCostMicros: micros('prompt_cost_micros'),
    completionCostMicros: micros('completion_cost_micros'),
    cacheReadCostMicros: micros('cache_read_cost_micros'),
    cacheWriteCostMicros: micros('cache_write_cost_micros'),
    promptRate: doublePrecision('prompt_rate').notNull().default(0),
    completionRate: doublePrecision('completion_rate').notNull().default(0),
    cacheReadRate: doublePrecision('cache_read_rate').notNull().default(0),
    cacheWriteRate: doublePrecision('cache_write_rate').notNull().default(0),
    latencyMs: integer('latency_ms').notNull(),
    timeToFirstTokenMs: integer('time_to_first_token_ms'),
    /** stop, length, content-filter, tool-calls, other, error, aborted. */
    finishReason: text('finish_reason').notNull(),
    error: text('error'),
    /** The provider sent no usage: the tokens were counted here (tokenizer or estimate), issue 21 §11. */
    tokensEstimated: boolean('tokens_estimated').notNull().default(false),
    /** False for a model neither the catalogue nor the public list prices: its cost is unknown, not 0. */
    priceKnown: boolean('price_known').notNull().default(true),
  },
  (t) => [
    index('llm_usage_app_created_idx').on(t.appId, t.createdAt),
    index('llm_usage_message_idx').on(t.messageId),
  ],
);

export type LlmUsageRow = typeof llmUsage.$inferSelect;
export type NewLlmUsageRow = typeof llmUsage.$inferInsert;
