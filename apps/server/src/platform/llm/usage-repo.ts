import type { MessageUsage, UsageRecord, UsageSummary, UsageTotals } from '@atelier/shared';
import { llmErrorReason } from '@atelier/shared';
import { type AnyColumn, and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { type LlmUsageRow, llmUsage, type NewLlmUsageRow } from '../db/schema/index.ts';
import { microsToDollars } from './cost.ts';

/**
 * Queries of `llm_usage`. Usage is install-wide admin data (spec 3 §6: admins see the token usage
 * summary and the per-message table); callers filter by app.
 */
export async function insertUsage(db: Db, row: NewLlmUsageRow): Promise<LlmUsageRow> {
  const [inserted] = await db.insert(llmUsage).values(row).returning();
  return inserted!;
}

const sumInt = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

function totalsColumns() {
  return {
    calls: sql<number>`count(*)`.mapWith(Number),
    promptTokens: sumInt(llmUsage.promptTokens),
    completionTokens: sumInt(llmUsage.completionTokens),
    cacheReadTokens: sumInt(llmUsage.cacheReadTokens),
    cacheWriteTokens: sumInt(llmUsage.cacheWriteTokens),
    promptCostMicros: sumInt(llmUsage.promptCostMicros),
    completionCostMicros: sumInt(llmUsage.completionCostMicros),
    cacheReadCostMicros: sumInt(llmUsage.cacheReadCostMicros),
    cacheWriteCostMicros: sumInt(llmUsage.cacheWriteCostMicros),
  };
}

type TotalsRow = { [K in keyof ReturnType<typeof totalsColumns>]: number };

function toTotals(row: TotalsRow | undefined): UsageTotals {
  const r = row ?? {
    calls: 0,
    promptTokens: 0,
    completionTokens: 0,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    promptCostMicros: 0,
    completionCostMicros: 0,
    cacheReadCostMicros: 0,
    cacheWriteCostMicros: 0,
  };
  const totalMicros =
    r.promptCostMicros + r.completionCostMicros + r.cacheReadCostMicros + r.cacheWriteCostMicros;
  return {
    calls: r.calls,
    promptTokens: r.promptTokens,
    completionTokens: r.completionTokens,
    totalTokens: r.promptTokens + r.completionTokens,
    cacheReadTokens: r.cacheReadTokens,
    cacheWriteTokens: r.cacheWriteTokens,
    promptCost: microsToDollars(r.promptCostMicros),
    completionCost: microsToDollars(r.completionCostMicros),
    cacheReadCost: microsToDollars(r.cacheReadCostMicros),
    cacheWriteCost: microsToDollars(r.cacheWriteCostMicros),
    totalCost: microsToDollars(totalMicros),
  };
}

const appFilter = (appId: string | undefined) => (appId ? eq(llmUsage.appId, appId) : undefined);

/** Whether any of the calls was of a model without a price (false over no calls). */
const anyPriceUnknown = () =>
  sql<boolean>`coalesce(bool_or(not ${llmUsage.priceKnown}), false)`.mapWith(Boolean);

/** Totals, flagged when a call without a price is among them (its cost is unknown, not $0). */
function withPriceFlag(row: (TotalsRow & { priceUnknown: boolean }) | undefined): UsageTotals {
  return { ...toTotals(row), ...(row?.priceUnknown ? { priceUnknown: true } : {}) };
}

/** Totals, and totals per model and per purpose, for one app or the whole install. */
export async function usageSummary(db: Db, filter: { appId?: string | undefined }): Promise<UsageSummary> {
  const where = appFilter(filter.appId);
  const columns = { ...totalsColumns(), priceUnknown: anyPriceUnknown() };
  const [total] = await db.select(columns).from(llmUsage).where(where);
  const byModel = await db
    .select({ model: llmUsage.model, ...columns })
    .from(llmUsage)
    .where(where)
    .groupBy(llmUsage.model)
    .orderBy(llmUsage.model);
  const byPurpose = await db
    .select({ purpose: llmUsage.purpose, ...columns })
    .from(llmUsage)
    .where(where)
    .groupBy(llmUsage.purpose)
    .orderBy(llmUsage.purpose);
  return {
    ...withPriceFlag(total),
    byModel: byModel.map((row) => ({ model: row.model, ...withPriceFlag(row) })),
    byPurpose: byPurpose.map((row) => ({ purpose: row.purpose, ...withPriceFlag(row) })),
  };
}

/** The latest value of a column within a message's calls. */
const latest = <T>(column: AnyColumn) =>
  sql<T>`(array_agg(${column} order by ${llmUsage.createdAt} desc))[1]`;

/** Usage per assistant message (all of its calls added up), newest first. */
export async function usageByMessage(
  db: Db,
  filter: { appId?: string | undefined; messageId?: string | undefined; limit: number },
): Promise<MessageUsage[]> {
  const lastAt = sql<Date>`max(${llmUsage.createdAt})`;
  const rows = await db
    .select({
      messageId: sql<string>`${llmUsage.messageId}`,
      ...totalsColumns(),
      lastAt: lastAt.mapWith((value: string | Date) => new Date(value)),
      model: latest<string>(llmUsage.model),
      finishReason: latest<string>(llmUsage.finishReason),
      error: latest<string | null>(llmUsage.error),
      promptRate: latest<number>(llmUsage.promptRate).mapWith(Number),
      completionRate: latest<number>(llmUsage.completionRate).mapWith(Number),
      cacheReadRate: latest<number>(llmUsage.cacheReadRate).mapWith(Number),
      cacheWriteRate: latest<number>(llmUsage.cacheWriteRate).mapWith(Number),
      estimated: sql<boolean>`bool_or(${llmUsage.tokensEstimated})`.mapWith(Boolean),
      priceUnknown: anyPriceUnknown(),
    })
    .from(llmUsage)
    .where(
      and(
        isNotNull(llmUsage.messageId),
        appFilter(filter.appId),
        filter.messageId ? eq(llmUsage.messageId, filter.messageId) : undefined,
      ),
    )
    .groupBy(llmUsage.messageId)
    .orderBy(desc(lastAt))
    .limit(filter.limit);
  return rows.map((row) => ({
    messageId: row.messageId,
    calls: row.calls,
    ...(row.error ? { error: row.error, errorReason: llmErrorReason(row.error) } : {}),
    usage: toUsageRecord(toTotals(row), {
      rates: {
        prompt: row.promptRate,
        completion: row.completionRate,
        cacheRead: row.cacheReadRate,
        cacheWrite: row.cacheWriteRate,
      },
      model: row.model,
      finishReason: row.finishReason,
      timestamp: row.lastAt,
      estimated: row.estimated,
      priceUnknown: row.priceUnknown,
    }),
  }));
}

/** Spec 3 §3 "Usage record" from totals and the call's model, rates and end. */
export function toUsageRecord(
  totals: UsageTotals,
  call: {
    rates: UsageRecord['rates'];
    model: string;
    finishReason: string;
    timestamp: Date;
    estimated?: boolean;
    priceUnknown?: boolean;
  },
): UsageRecord {
  return {
    promptTokens: totals.promptTokens,
    promptCost: totals.promptCost,
    completionTokens: totals.completionTokens,
    completionCost: totals.completionCost,
    totalTokens: totals.totalTokens,
    totalCost: totals.totalCost,
    cacheReadTokens: totals.cacheReadTokens,
    cacheWriteTokens: totals.cacheWriteTokens,
    cacheReadCost: totals.cacheReadCost,
    cacheWriteCost: totals.cacheWriteCost,
    rates: call.rates,
    modelInfo: { model: call.model },
    finishReason: call.finishReason,
    timestamp: call.timestamp.toISOString(),
    ...(call.estimated ? { estimated: true } : {}),
    ...(call.priceUnknown ? { priceUnknown: true } : {}),
  };
}

/** The usage record of one stored call. */
export function rowToUsageRecord(row: LlmUsageRow): UsageRecord {
  return toUsageRecord(
    toTotals({
      calls: 1,
      promptTokens: row.promptTokens,
      completionTokens: row.completionTokens,
      cacheReadTokens: row.cacheReadTokens,
      cacheWriteTokens: row.cacheWriteTokens,
      promptCostMicros: row.promptCostMicros,
      completionCostMicros: row.completionCostMicros,
      cacheReadCostMicros: row.cacheReadCostMicros,
      cacheWriteCostMicros: row.cacheWriteCostMicros,
    }),
    {
      rates: {
        prompt: row.promptRate,
        completion: row.completionRate,
        cacheRead: row.cacheReadRate,
        cacheWrite: row.cacheWriteRate,
      },
      model: row.model,
      finishReason: row.finishReason,
      timestamp: row.createdAt,
      estimated: row.tokensEstimated,
      priceUnknown: !row.priceKnown,
    },
  );
}
