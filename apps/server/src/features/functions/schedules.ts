import cronParser from 'cron-parser';
import { z } from 'zod';
import type { StoredScheduledAutomation } from '../../platform/db/schema/index.ts';

/**
 * Bounds of scheduled automations. Base44 refuses schedules more often than every 5 minutes; the
 * same floor here keeps an app's share of the function pool predictable (20 schedules at the floor
 * are 240 runs an hour, a few percent of one runner's time at the 10 s wall limit) and matches
 * what exports were written for, so no export's schedule is refused for it.
 */
export const SCHEDULE_LIMITS = {
  /** Shortest time between two runs of one schedule. */
  minIntervalMinutes: 5,
  /** Scheduled automations per function, and per app (all its functions). */
  perFunction: 10,
  perApp: 20,
} as const;

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;
const ends = {
  ends_type: z.enum(['never', 'on', 'after']).nullish(),
  ends_on_date: z.string().nullish(),
  ends_after_count: z.number().int().positive().nullish(),
};
const common = {
  name: z.string().min(1).max(200).optional(),
  type: z.literal('scheduled'),
  function_args: z.record(z.string(), z.unknown()).nullish(),
  is_active: z.boolean().optional(),
};
const oneTime = z.object({
  ...common,
  schedule_mode: z.literal('one-time'),
  one_time_date: z.string().min(1),
});
const cron = z.object({
  ...common,
  ...ends,
  schedule_mode: z.literal('recurring').optional(),
  schedule_type: z.literal('cron').optional(),
  cron_expression: z.string().min(1).max(200),
});
const simple = z.object({
  ...common,
  ...ends,
  schedule_mode: z.literal('recurring').optional(),
  schedule_type: z.literal('simple'),
  repeat_unit: z.enum(['minutes', 'hours', 'days', 'weeks', 'months']),
  repeat_interval: z.number().int().positive().max(1000).nullish(),
  start_time: z.string().regex(TIME, 'must be HH:MM').nullish(),
  repeat_on_days: z.array(z.number().int().min(0).max(6)).min(1).max(7).nullish(),
  repeat_on_day_of_month: z.number().int().min(1).max(31).nullish(),
});

type Parsed = { ok: true; schedule: StoredScheduledAutomation } | { ok: false; problem: string };

/** A Base44 scheduled automation (`type: "scheduled"`) as Atelier stores it, or what is wrong with it. */
export function parseSchedule(label: string, item: unknown): Parsed {
  const args = (item as { function_args?: unknown }).function_args;
  const base = {
    name: label,
    ...(args && typeof args === 'object' && !Array.isArray(args)
      ? { args: args as Record<string, unknown> }
      : {}),
  };
  const once = oneTime.safeParse(item);
  if (once.success) {
    const at = new Date(once.data.one_time_date);
    if (Number.isNaN(at.getTime())) return { ok: false, problem: 'one_time_date must be a date' };
    return { ok: true, schedule: { ...base, runAt: at.toISOString() } };
  }
  const recurring = (item as { schedule_type?: unknown }).schedule_type === 'simple' ? simple : cron;
  const parsed = recurring.safeParse(item);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      problem: `${issue?.path.join('.') ?? ''} ${issue?.message ?? 'is not valid'}`.trim(),
    };
  }
  const data = parsed.data;
  const expression = 'cron_expression' in data ? data.cron_expression.trim() : simpleToCron(data);
  if (typeof expression !== 'string') return { ok: false, problem: expression.problem };
  const problem = cronProblem(expression);
  if (problem) return { ok: false, problem };
  const schedule: StoredScheduledAutomation = { ...base, cron: expression };
  if (data.ends_type === 'on') {
    const end = new Date(data.ends_on_date ?? '');
    if (Number.isNaN(end.getTime())) return { ok: false, problem: 'ends_on_date must be a date' };
    schedule.endsOn = end.toISOString();
  }
  if (data.ends_type === 'after') {
    if (!data.ends_after_count) return { ok: false, problem: 'ends_after_count must be a positive number' };
    schedule.maxRuns = data.ends_after_count;
  }
  return { ok: true, schedule };
}

/** Divisors of 60 from the floor up: "every N minutes" runs at the same minutes of every hour. */
const MINUTE_STEPS = [5, 6, 10, 12, 15, 20, 30];

/** Base44's simple schedule as a cron expression (UTC), or why it has none. */
function simpleToCron(data: z.infer<typeof simple>): string | { problem: string } {
  const every = data.repeat_interval ?? 1;
  const [hour, minute] = data.start_time ? data.start_time.split(':').map(Number) : [0, 0];
  switch (data.repeat_unit) {
    case 'minutes': {
      if (every < SCHEDULE_LIMITS.minIntervalMinutes) {
        return { problem: `runs at most every ${SCHEDULE_LIMITS.minIntervalMinutes} minutes` };
      }
      // A step that does not divide the hour would give a shorter gap at each hour's turn.
      const step = MINUTE_STEPS.find((candidate) => candidate >= every);
      return step ? `*/${step} * * * *` : `${minute} * * * *`;
    }
    case 'hours':
      if (every >= 24) return `${minute} ${hour} * * *`;
      return `${minute} ${(hour ?? 0) % every}-23/${every} * * *`;
    case 'days':
      return every === 1 ? `${minute} ${hour} * * *` : `${minute} ${hour} */${every} * *`;
    case 'weeks':
      if (every !== 1) return { problem: 'every N weeks (N > 1) has no cron form; use a cron expression' };
      return `${minute} ${hour} * * ${[...new Set(data.repeat_on_days ?? [1])].sort().join(',')}`;
    case 'months': {
      const day = data.repeat_on_day_of_month ?? 1;
      return every === 1 ? `${minute} ${hour} ${day} * *` : `${minute} ${hour} ${day} */${every} *`;
    }
  }
}

/** Why a five-field cron expression cannot be a schedule (unreadable, or runs too often). */
export function cronProblem(expression: string): string | null {
  if (expression.split(/\s+/).length !== 5) {
    return 'cron_expression must have five fields (minute hour day-of-month month day-of-week)';
  }
  let fields: { minute: readonly number[]; hour: readonly number[] };
  try {
    fields = cronParser.parseExpression(expression, { tz: 'UTC' }).fields;
  } catch (error) {
    return `cron_expression ${(error as Error).message}`;
  }
  return shortestGapMinutes(fields.minute, fields.hour) < SCHEDULE_LIMITS.minIntervalMinutes
    ? `runs more often than every ${SCHEDULE_LIMITS.minIntervalMinutes} minutes (the shortest interval)`
    : null;
}

/**
 * The shortest time between two runs, from the minute and hour fields (the day fields only spread
 * runs further apart): between two minutes of one hour, or across the turn of an hour when two
 * consecutive hours run (23 and 0 count as consecutive, whichever days run).
 */
export function shortestGapMinutes(minutes: readonly number[], hours: readonly number[]): number {
  const sorted = [...minutes].sort((a, b) => a - b);
  let gap = Number.POSITIVE_INFINITY;
  for (let i = 1; i < sorted.length; i++) gap = Math.min(gap, sorted[i]! - sorted[i - 1]!);
  const hourSet = new Set(hours);
  const consecutive = [...hourSet].some((hour) => hourSet.has((hour + 1) % 24));
  if (consecutive) gap = Math.min(gap, 60 - sorted[sorted.length - 1]! + sorted[0]!);
  return gap;
}

/** When a schedule runs next after `after` (null: never again). */
export function nextRun(schedule: StoredScheduledAutomation, after: Date): Date | null {
  if (schedule.runAt) {
    const at = new Date(schedule.runAt);
    return at > after ? at : null;
  }
  if (!schedule.cron) return null;
  const next = cronParser.parseExpression(schedule.cron, { tz: 'UTC', currentDate: after }).next().toDate();
  if (schedule.endsOn && next > new Date(schedule.endsOn)) return null;
  return next;
}
