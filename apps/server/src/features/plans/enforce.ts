import {
  type CountLimitName,
  DEFAULT_PLAN,
  type FeatureLimitName,
  isLiftedByUpgrade,
  isPlanId,
  type LimitName,
  limitsFor,
  PLATFORM_TENANT,
  type PlanId,
  planLimitMessage,
} from '@atelier/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { apps, users } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * Server-side enforcement of plan limits: every feature that owns a plan-gated action calls one of
 * these before acting (hiding a control in the UI is never enough). Refusals are 403
 * `plan_limit_reached` with `details: { limit, plan, max, upgrade }`; `upgrade` says whether a
 * higher plan lifts the limit (the web app then offers the upgrade dialog).
 */
export function planLimitError(plan: PlanId, limit: LimitName): AppError {
  const max = limitsFor(plan)[limit];
  return new AppError('plan_limit_reached', planLimitMessage(limit, plan, max), {
    limit,
    plan,
    max,
    upgrade: isLiftedByUpgrade(limit),
  });
}

/**
 * For limits on how many of a thing may exist (data items, live tools, tools per app): refuses
 * when `currentCount` existing ones plus `adding` new ones would exceed the plan's limit.
 */
export function assertWithinLimit(
  plan: PlanId,
  limit: CountLimitName,
  currentCount: number,
  adding = 1,
): void {
  if (currentCount + adding > limitsFor(plan)[limit]) throw planLimitError(plan, limit);
}

/** For limits on one request (files per upload, bytes per file, scraper depth and pages): refuses `value` above the limit. */
export function assertAtMost(plan: PlanId, limit: CountLimitName, value: number): void {
  if (value > limitsFor(plan)[limit]) throw planLimitError(plan, limit);
}

/** For features a plan has or lacks (photo fields, settings editing, app settings). */
export function assertPlanAllows(plan: PlanId, feature: FeatureLimitName): void {
  if (!limitsFor(plan)[feature]) throw planLimitError(plan, feature);
}

/** Reads whose plan applies: a builder's own, or for an app the plan of its owner. */
export interface PlanReader {
  planOf(userId: string): Promise<PlanId>;
  appOwnerPlan(appId: string): Promise<PlanId | undefined>;
}

const asPlan = (value: string | undefined): PlanId => (value && isPlanId(value) ? value : DEFAULT_PLAN);

export function createPlanReader(db: Db): PlanReader {
  return {
    async planOf(userId) {
      const [row] = await db
        .select({ plan: users.plan })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.tenantId, PLATFORM_TENANT)))
        .limit(1);
      return asPlan(row?.plan);
    },
    async appOwnerPlan(appId) {
      const [row] = await db
        .select({ plan: users.plan })
        .from(apps)
        .innerJoin(users, eq(users.id, apps.ownerId))
        .where(eq(apps.id, appId))
        .limit(1);
      return row ? asPlan(row.plan) : undefined;
    },
  };
}
