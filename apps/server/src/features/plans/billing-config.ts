import {
  CATALOGUE_ITEM_IDS,
  type CatalogueItemId,
  isCatalogueItemId,
  type PaymentProviderId,
  type SaleInterval,
} from '@atelier/shared';
import { z } from 'zod';
import { DEFAULT_STRIPE_API_BASE } from '../../platform/stripe/stripe.ts';

/** Stripe price ids by catalogue item and interval (`once` for the one-time app package). */
export type StripePrices = Partial<Record<CatalogueItemId, Partial<Record<SaleInterval, string>>>>;

/** Payments settings from the environment (README "Configuration"). Keys are never logged. */
export interface BillingConfig {
  /** `stripe` when STRIPE_SECRET_KEY is set, else the built-in test-mode provider. */
  provider: PaymentProviderId;
  /** Payments are simulated: the plan dialog shows the demo banner; `test_` membership tokens work. */
  demoMode: boolean;
  /** Catalogue items switched off (discover follows lite). */
  disabledPlans: CatalogueItemId[];
  stripe: StripeConfig | undefined;
  /** Stripe's API address (also for builders' own Stripe accounts of paid memberships). */
  stripeApiBase: string;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  apiBase: string;
  prices: StripePrices;
}

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const PRICE_VARIABLES = CATALOGUE_ITEM_IDS.filter((id) => id !== 'lite').flatMap((id) =>
  (id === 'app_package' ? ['ONCE'] : ['MONTH', 'YEAR']).map(
    (interval) => `STRIPE_PRICE_${id.toUpperCase()}_${interval}`,
  ),
);

export const billingEnvSchema = z.object({
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.url().optional(),
  STRIPE_PRICES: z.string().optional(),
  BILLING_DEMO_MODE: booleanish.optional(),
  BILLING_DISABLED_PLANS: z.string().optional(),
  ...Object.fromEntries(PRICE_VARIABLES.map((name) => [name, z.string().optional()])),
});

export type BillingEnv = z.infer<typeof billingEnvSchema>;

const pricesJsonSchema = z.record(
  z.string(),
  z.partialRecord(z.enum(['month', 'year', 'once']), z.string().min(1)),
);

/** The billing settings, plus the problems that make the environment invalid. */
export function toBillingConfig(e: BillingEnv): { billing: BillingConfig; problems: string[] } {
  const problems: string[] = [];
  const disabledPlans: CatalogueItemId[] = [];
  for (const id of (e.BILLING_DISABLED_PLANS ?? '').split(',').map((part) => part.trim())) {
    if (!id) continue;
    if (isCatalogueItemId(id)) disabledPlans.push(id);
    else
      problems.push(`BILLING_DISABLED_PLANS: unknown plan "${id}" (one of ${CATALOGUE_ITEM_IDS.join(', ')})`);
  }

  let stripe: StripeConfig | undefined;
  const secretKey = e.STRIPE_SECRET_KEY;
  const stripeApiBase = (e.STRIPE_API_BASE ?? DEFAULT_STRIPE_API_BASE).replace(/\/$/, '');
  if (secretKey) {
    if (!e.STRIPE_WEBHOOK_SECRET)
      problems.push('STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set');
    stripe = {
      secretKey,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '',
      apiBase: stripeApiBase,
      prices: readPrices(e, problems),
    };
  }
  const provider: PaymentProviderId = stripe ? 'stripe' : 'test';
  return {
    billing: {
      provider,
      demoMode: typeof e.BILLING_DEMO_MODE === 'boolean' ? e.BILLING_DEMO_MODE : provider === 'test',
      disabledPlans,
      stripe,
      stripeApiBase,
    },
    problems,
  };
}

function readPrices(e: BillingEnv, problems: string[]): StripePrices {
  const prices: StripePrices = {};
  if (e.STRIPE_PRICES) {
    let json: unknown;
    try {
      json = JSON.parse(e.STRIPE_PRICES);
    } catch {
      problems.push('STRIPE_PRICES: not valid JSON');
    }
    const parsed = pricesJsonSchema.safeParse(json);
    if (json !== undefined && !parsed.success) {
      problems.push('STRIPE_PRICES: expected {"<plan>": {"month"|"year"|"once": "price_…"}}');
    }
    for (const [id, byInterval] of Object.entries(parsed.success ? parsed.data : {})) {
      if (!isCatalogueItemId(id)) problems.push(`STRIPE_PRICES: unknown plan "${id}"`);
      else prices[id] = { ...byInterval };
    }
  }
  for (const name of PRICE_VARIABLES) {
    const value = (e as Record<string, unknown>)[name];
    if (typeof value !== 'string' || !value) continue;
    const [, id, interval] = /^STRIPE_PRICE_([A-Z_]+)_(MONTH|YEAR|ONCE)$/.exec(name)!;
    const item = id!.toLowerCase() as CatalogueItemId;
    prices[item] = { ...prices[item], [interval!.toLowerCase()]: value };
  }
  return prices;
}
