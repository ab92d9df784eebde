/** Plan ids in upgrade order: a later plan is an upgrade of an earlier one (spec 1 §4 "Plan order"). */
export const PLAN_IDS = ['lite', 'discover', 'explorer', 'monetizer', 'moon'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const DEFAULT_PLAN: PlanId = 'lite';

export function isPlanId(value: string): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value);
}

/** Position of a plan in the upgrade order (lite = 0). */
export function planRank(plan: PlanId): number {
  return PLAN_IDS.indexOf(plan);
}

/** True when `plan` is `floor` or above it (e.g. "plan MOON and above", spec 2 §6). */
export function isAtLeast(plan: PlanId, floor: PlanId): boolean {
  return planRank(plan) >= planRank(floor);
}
