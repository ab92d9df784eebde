import { describe, expect, it } from 'vitest';
import { buildCatalogue, findPlan } from './catalogue.ts';
import {
  checkoutAmount,
  effectiveMonthlyPrice,
  formatCompactNumber,
  formatMoney,
  perMonthOfYearly,
  showsYearlyBadge,
  toCents,
  yearlyBadgeText,
  yearlySavingPercent,
} from './pricing.ts';

const priced = (price: number, priceYearly: number | null, discountedPrice: number | null = null) => ({
  price,
  priceYearly,
  discountedPrice,
});

describe('yearly saving', () => {
  it.each([
    [priced(10, 120), 0, false],
    [priced(10, 108), 10, true],
    [priced(10, 108.01), 9.991666, false],
    [priced(19, 190), 16.666666, true],
    [priced(49, 470), 20.068027, true],
    [priced(10, 130), 0, false],
    [priced(0, 0), 0, false],
    [priced(10, null), 0, false],
    [priced(20, 120, 10), 0, false],
    [priced(20, 108, 10), 10, true],
  ])('%j saves %d %% (badge: %s)', (plan, percent, badge) => {
    expect(yearlySavingPercent(plan)).toBeCloseTo(percent, 5);
    expect(showsYearlyBadge(plan)).toBe(badge);
  });

  it('labels the badge with the whole percent saved', () => {
    expect(yearlyBadgeText(priced(19, 190))).toBe('Save 16%');
    expect(yearlyBadgeText(priced(49, 470))).toBe('Save 20%');
  });

  it('shows the badge on every paid catalogue plan and not on lite', () => {
    const plans = buildCatalogue();
    expect(showsYearlyBadge(findPlan(plans, 'lite')!)).toBe(false);
    for (const id of ['discover', 'explorer', 'monetizer', 'moon']) {
      expect(showsYearlyBadge(findPlan(plans, id)!)).toBe(true);
    }
  });
});

describe('prices', () => {
  it.each([
    [120, 10],
    [190, 15.833333],
    [0, 0],
  ])('a yearly price of %d is %d per month', (yearly, perMonth) => {
    expect(perMonthOfYearly(yearly)).toBeCloseTo(perMonth, 5);
  });

  it('charges the discounted price while one is set', () => {
    expect(effectiveMonthlyPrice(priced(49, 470, 39))).toBe(39);
    expect(effectiveMonthlyPrice(priced(49, 470))).toBe(49);
  });

  it('charges the monthly, yearly or one-time amount', () => {
    const plans = buildCatalogue();
    expect(checkoutAmount(findPlan(plans, 'explorer')!, 'month')).toBe(49);
    expect(checkoutAmount(findPlan(plans, 'explorer')!, 'year')).toBe(470);
    expect(checkoutAmount(findPlan(plans, 'app_package')!, 'year')).toBe(499);
    expect(toCents(15.835)).toBe(1584);
    expect(toCents(19)).toBe(1900);
  });
});

describe('formatting', () => {
  it.each([
    [0, '$0.00'],
    [19, '$19.00'],
    [15.833333, '$15.83'],
    [15.835, '$15.84'],
    [1234.5, '$1,234.50'],
    [2490, '$2,490.00'],
  ])('money %d shows as %s', (amount, text) => {
    expect(formatMoney(amount)).toBe(text);
  });

  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1K'],
    [1500, '1.5K'],
    [1049, '1K'],
    [12_345, '12.3K'],
    [999_949, '999.9K'],
    [999_999, '1M'],
    [1_000_000, '1M'],
    [2_500_000, '2.5M'],
    [12_340_000, '12.3M'],
    [-1500, '-1.5K'],
  ])('number %d shows as %s', (value, text) => {
    expect(formatCompactNumber(value)).toBe(text);
  });
});
