import { USAGE_TEXT, type UsageRecord } from '@atelier/shared';

/** US dollars: cents for amounts of a cent or more, up to six decimals below (token costs are tiny). */
export function formatUsd(value: number): string {
  if (value === 0) return '$0';
  if (Math.abs(value) >= 0.01) return `$${value.toFixed(2)}`;
  if (Math.abs(value) < 0.000001) return '< $0.000001';
  return `$${value.toFixed(6).replace(/0+$/, '')}`;
}

/** A price per 1M tokens as the catalogue shows it: "$0.15". */
export function formatPrice(value: number): string {
  return `$${Number(value.toFixed(4))}`;
}

/** Token counts with K and M (spec 1 §5: K for thousands, M for millions). */
export function formatTokens(value: number): string {
  if (value >= 1_000_000) return `${Number((value / 1_000_000).toFixed(1))}M`;
  if (value >= 1_000) return `${Number((value / 1_000).toFixed(1))}K`;
  return String(value);
}

/** A context window: "128K tokens", or "—" when unknown. */
export function formatContext(value: number | null): string {
  return value === null ? '—' : `${formatTokens(value)} tokens`;
}

type UsageFlags = Pick<UsageRecord, 'estimated' | 'priceUnknown'>;

/** A token count, "≈ 1,234" when the provider sent none and it was counted here (issue 21 §11). */
export const tokensText = (tokens: number, usage: UsageFlags, format = (n: number) => n.toLocaleString()) =>
  usage.estimated ? `${USAGE_TEXT.estimatedMark} ${format(tokens)}` : format(tokens);

/**
 * A cost, never $0 for a model without a price: "price unknown", or what the priced calls cost
 * "+ price unknown" when a total holds both.
 */
export function costText(cost: number, usage: UsageFlags): string {
  if (!usage.priceUnknown) return formatUsd(cost);
  return cost > 0 ? `${formatUsd(cost)} + ${USAGE_TEXT.priceUnknown}` : USAGE_TEXT.priceUnknown;
}
