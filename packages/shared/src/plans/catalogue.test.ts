import { describe, expect, it } from 'vitest';
import { APP_PACKAGE_ID, buildCatalogue, findPlan, planName } from './catalogue.ts';
import { PLAN_IDS } from './plan-ids.ts';

describe('plans catalogue', () => {
  it('lists the five plans in upgrade order, then the one-time app package', () => {
    expect(buildCatalogue().map((plan) => plan.id)).toEqual([...PLAN_IDS, APP_PACKAGE_ID]);
  });

  it('gives every plan every field of spec 1 §3 Plan', () => {
    for (const plan of buildCatalogue()) {
      expect(Object.keys(plan).sort()).toEqual(
        [
          'buttonText',
          'description',
          'disabled',
          'discountedPrice',
          'id',
          'isMostPopular',
          'link',
          'name',
          'oneTimePayment',
          'price',
          'priceYearly',
        ].sort(),
      );
    }
  });

  it('makes lite free and only the app package a one-time payment', () => {
    const plans = buildCatalogue();
    expect(findPlan(plans, 'lite')).toMatchObject({ price: 0, priceYearly: 0, oneTimePayment: false });
    expect(plans.filter((plan) => plan.oneTimePayment).map((plan) => plan.id)).toEqual([APP_PACKAGE_ID]);
    expect(plans.filter((plan) => plan.isMostPopular).map((plan) => plan.id)).toEqual(['explorer']);
  });

  it('prices every paid plan above the one below it', () => {
    const plans = buildCatalogue();
    for (let i = 1; i < PLAN_IDS.length; i++) {
      expect(findPlan(plans, PLAN_IDS[i]!)!.price).toBeGreaterThan(findPlan(plans, PLAN_IDS[i - 1]!)!.price);
    }
  });

  it.each([
    [[], []],
    [['moon'], ['moon']],
    [['lite'], ['lite', 'discover']],
    [
      ['lite', 'explorer'],
      ['lite', 'discover', 'explorer'],
    ],
    [['discover'], ['discover']],
  ] as const)('with %j switched off, disables %j (discover follows lite)', (off, expected) => {
    const disabled = buildCatalogue({ disabled: off })
      .filter((plan) => plan.disabled)
      .map((plan) => plan.id);
    expect(disabled).toEqual(expected);
  });

  it('does not let one caller change the catalogue another caller sees', () => {
    buildCatalogue({ disabled: ['lite'] })[0]!.name = 'Changed';
    expect(buildCatalogue()[0]).toMatchObject({ name: 'Lite', disabled: false });
  });

  it('names plans by id', () => {
    expect(planName('monetizer')).toBe('Monetizer');
    expect(planName(APP_PACKAGE_ID)).toBe('App package');
  });
});
