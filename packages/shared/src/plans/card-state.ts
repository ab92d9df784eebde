import type { Plan } from './catalogue.ts';
import { isPlanId, type PlanId, planRank } from './plan-ids.ts';

/** Spec 1 §4 Plan card state. */
export const PLAN_CARD_STATES = ['none', 'upgrade', 'downgrade', 'selected', 'disabled'] as const;
export type PlanCardState = (typeof PLAN_CARD_STATES)[number];

export interface CardAccount {
  plan: PlanId;
  hasPaidAppPackage: boolean;
}

/**
 * The state of one plan card for an account (undefined when nobody is signed in):
 * - the account's own plan (or an app package it already paid) is `selected` ("Current plan");
 * - a disabled plan is `disabled`;
 * - plan order decides `upgrade` (higher than the current plan) versus `downgrade` (lower);
 * - `none` when there is nothing to compare with (signed out, or a one-time item not bought yet).
 */
export function planCardState(
  plan: Pick<Plan, 'id' | 'disabled' | 'oneTimePayment'>,
  account?: CardAccount,
): PlanCardState {
  if (account && isOwned(plan, account)) return 'selected';
  if (plan.disabled) return 'disabled';
  if (!account || plan.oneTimePayment || !isPlanId(plan.id)) return 'none';
  return planRank(plan.id) > planRank(account.plan) ? 'upgrade' : 'downgrade';
}

function isOwned(plan: Pick<Plan, 'id' | 'oneTimePayment'>, account: CardAccount): boolean {
  return plan.oneTimePayment ? account.hasPaidAppPackage : plan.id === account.plan;
}

export const PLAN_CARD_LABELS = {
  selected: 'Current plan',
  downgrade: 'Downgrade',
  disabled: 'Not available',
} as const;

/** The button text of a card in a state: the plan's own text for `none` and `upgrade`. */
export function planCardButtonText(plan: Pick<Plan, 'buttonText'>, state: PlanCardState): string {
  switch (state) {
    case 'selected':
      return PLAN_CARD_LABELS.selected;
    case 'downgrade':
      return PLAN_CARD_LABELS.downgrade;
    case 'disabled':
      return PLAN_CARD_LABELS.disabled;
    case 'none':
    case 'upgrade':
      return plan.buttonText;
  }
}

export const PLAN_DIALOG_HEADLINES = { current: 'Your plan', upgrade: 'Upgrade your plan' } as const;

/** "Upgrade your plan" while an enabled plan above the current one exists, otherwise "Your plan". */
export function planDialogHeadline(plans: readonly Pick<Plan, 'id' | 'disabled'>[], current: PlanId): string {
  const canUpgrade = plans.some(
    (plan) => !plan.disabled && isPlanId(plan.id) && planRank(plan.id) > planRank(current),
  );
  return canUpgrade ? PLAN_DIALOG_HEADLINES.upgrade : PLAN_DIALOG_HEADLINES.current;
}

/** Title of the single-plan monthly/yearly chooser (spec 1 §2). */
export function unlockTitle(planName: string): string {
  return `Unlock ${planName} to reach your goals faster`;
}
