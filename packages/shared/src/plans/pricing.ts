import type { Plan } from './catalogue.ts';

/** Billing intervals of a subscription (spec 1 §9: plans are billed monthly or yearly). */
export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** The yearly saving badge is shown only from this saving on (spec 1 §2, §5). */
export const YEARLY_BADGE_MIN_SAVING_PERCENT = 10;

/** The monthly price actually charged: the discounted price while one is set. */
export function effectiveMonthlyPrice(plan: Pick<Plan, 'price' | 'discountedPrice'>): number {
  return plan.discountedPrice ?? plan.price;
}

/** Per-month price of a yearly payment: the yearly price divided by 12 (spec 1 §5). */
export function perMonthOfYearly(priceYearly: number): number {
  return priceYearly / 12;
}

/**
 * Percentage saved by paying yearly instead of 12 monthly payments; 0 when nothing is saved or
 * the plan is free or not sold yearly.
 */
export function yearlySavingPercent(plan: Pick<Plan, 'price' | 'discountedPrice' | 'priceYearly'>): number {
  const twelveMonths = effectiveMonthlyPrice(plan) * 12;
  if (plan.priceYearly === null || twelveMonths <= 0) return 0;
  const saving = ((twelveMonths - plan.priceYearly) / twelveMonths) * 100;
  return Math.max(saving, 0);
}

/** True when the yearly saving badge is shown: a saving of at least 10 percent. */
export function showsYearlyBadge(plan: Pick<Plan, 'price' | 'discountedPrice' | 'priceYearly'>): boolean {
  // Rounded to 1e-9 so a saving of exactly 10 % computed in floating point still counts.
  return Math.round(yearlySavingPercent(plan) * 1e9) / 1e9 >= YEARLY_BADGE_MIN_SAVING_PERCENT;
}

/** The text of the yearly badge, e.g. "Save 17%". */
export function yearlyBadgeText(plan: Pick<Plan, 'price' | 'discountedPrice' | 'priceYearly'>): string {
  return `Save ${Math.floor(yearlySavingPercent(plan))}%`;
}

/** The amount charged for one checkout of a plan at an interval, in USD. */
export function checkoutAmount(plan: Plan, interval: BillingInterval): number {
  if (plan.oneTimePayment) return plan.price;
  if (interval === 'year') return plan.priceYearly ?? effectiveMonthlyPrice(plan) * 12;
  return effectiveMonthlyPrice(plan);
}

/** Whole cents of a USD amount (what payment providers are sent). */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Money always shows two decimals (spec 1 §5): 15.833 → "$15.83", 1234 → "$1,234.00". */
export function formatMoney(amount: number, currency = 'USD'): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    moneyFormats.set(currency, format);
  }
  return format.format(amount);
}

/**
 * Numbers use K for thousands and M for millions (spec 1 §5): 950 → "950", 1000 → "1K",
 * 1500 → "1.5K", 2_500_000 → "2.5M". One decimal at most, trailing ".0" dropped.
 */
export function formatCompactNumber(value: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const oneDecimal = (n: number) => {
    const rounded = Math.round(n * 10) / 10;
    return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
  };
  if (abs >= 1_000_000 || Math.round(abs / 100) / 10 >= 1000) return `${sign}${oneDecimal(abs / 1_000_000)}M`;
  if (abs >= 1000) return `${sign}${oneDecimal(abs / 1000)}K`;
  return `${sign}${oneDecimal(abs)}`;
}
