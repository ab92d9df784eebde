import { describe, expect, it } from 'vitest';
import { planCardButtonText, planCardState, planDialogHeadline, unlockTitle } from './card-state.ts';
import { buildCatalogue, findPlan } from './catalogue.ts';
import type { PlanId } from './plan-ids.ts';

const plans = buildCatalogue();
const plan = (id: string, disabled = false) => ({ ...findPlan(plans, id)!, disabled });
const account = (current: PlanId, hasPaidAppPackage = false) => ({ plan: current, hasPaidAppPackage });

describe('plan card state', () => {
  it.each([
    ['lite', 'lite', 'selected'],
    ['explorer', 'lite', 'upgrade'],
    ['moon', 'monetizer', 'upgrade'],
    ['lite', 'explorer', 'downgrade'],
    ['discover', 'moon', 'downgrade'],
    ['monetizer', 'monetizer', 'selected'],
  ] as const)('a %s card for a %s account is %s', (card, current, state) => {
    expect(planCardState(plan(card), account(current))).toBe(state);
  });

  it('is disabled for a disabled plan, whatever the order', () => {
    expect(planCardState(plan('moon', true), account('lite'))).toBe('disabled');
    expect(planCardState(plan('lite', true), account('moon'))).toBe('disabled');
  });

  it('still marks the current plan as selected when it has been disabled since', () => {
    expect(planCardState(plan('discover', true), account('discover'))).toBe('selected');
  });

  it('disables the Discover card whenever lite is disabled', () => {
    const catalogue = buildCatalogue({ disabled: ['lite'] });
    expect(planCardState(findPlan(catalogue, 'discover')!, account('lite'))).toBe('disabled');
    expect(planCardState(findPlan(catalogue, 'discover')!, account('explorer'))).toBe('disabled');
    expect(planCardState(findPlan(catalogue, 'explorer')!, account('lite'))).toBe('upgrade');
  });

  it('is none when nobody is signed in', () => {
    expect(planCardState(plan('explorer'))).toBe('none');
  });

  it('treats the one-time app package as none until paid, then selected', () => {
    expect(planCardState(plan('app_package'), account('moon'))).toBe('none');
    expect(planCardState(plan('app_package'), account('lite', true))).toBe('selected');
  });

  it.each([
    ['selected', 'Current plan'],
    ['downgrade', 'Downgrade'],
    ['disabled', 'Not available'],
    ['upgrade', 'Upgrade to Explorer'],
    ['none', 'Upgrade to Explorer'],
  ] as const)('labels the button of a %s card "%s"', (state, text) => {
    expect(planCardButtonText(plan('explorer'), state)).toBe(text);
  });
});

describe('plan dialog texts', () => {
  it('asks to upgrade while a higher enabled plan exists', () => {
    expect(planDialogHeadline(plans, 'lite')).toBe('Upgrade your plan');
    expect(planDialogHeadline(plans, 'monetizer')).toBe('Upgrade your plan');
  });

  it('says "Your plan" on the highest plan or when every higher plan is disabled', () => {
    expect(planDialogHeadline(plans, 'moon')).toBe('Your plan');
    expect(planDialogHeadline(buildCatalogue({ disabled: ['moon'] }), 'monetizer')).toBe('Your plan');
  });

  it('titles the single-plan chooser', () => {
    expect(unlockTitle('Moon')).toBe('Unlock Moon to reach your goals faster');
  });
});
