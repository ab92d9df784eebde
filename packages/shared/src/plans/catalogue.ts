import { PLAN_IDS, type PlanId } from './plan-ids.ts';

/**
 * The plans catalogue: the one editable place for names, prices (USD), texts and links of every
 * plan (spec 1 §3 Plan). Plan order comes from PLAN_IDS (lite → moon); the limits of each plan
 * live in `limits.ts`. Prices are whole US dollars; yearly prices are per year.
 */

/** A one-time purchase sold beside the plans; paying it sets the account's hasPaidAppPackage. */
export const APP_PACKAGE_ID = 'app_package' as const;
export type CatalogueItemId = PlanId | typeof APP_PACKAGE_ID;

export const CATALOGUE_ITEM_IDS = [...PLAN_IDS, APP_PACKAGE_ID] as const;

export function isCatalogueItemId(value: string): value is CatalogueItemId {
  return (CATALOGUE_ITEM_IDS as readonly string[]).includes(value);
}

export interface Plan {
  id: CatalogueItemId;
  name: string;
  /** Monthly price in USD (the one-time price when oneTimePayment). 0 for the free plan. */
  price: number;
  /** Yearly price in USD; null when the item is not sold yearly. */
  priceYearly: number | null;
  /** A promotional monthly price that replaces `price` while set (the card strikes `price` through). */
  discountedPrice: number | null;
  /** Paid once instead of monthly or yearly (the app package). */
  oneTimePayment: boolean;
  isMostPopular: boolean;
  description: string;
  buttonText: string;
  /** Where "learn more" about the plan points. */
  link: string;
  disabled: boolean;
}

export const PLAN_CURRENCY = 'USD';

const BASE_CATALOGUE: readonly Plan[] = [
  {
    id: 'lite',
    name: 'Lite',
    price: 0,
    priceYearly: 0,
    discountedPrice: null,
    oneTimePayment: false,
    isMostPopular: false,
    description: 'Try the builder: one live tool and one data item.',
    buttonText: 'Start for free',
    link: '/joinplan#lite',
    disabled: false,
  },
  {
    id: 'discover',
    name: 'Discover',
    price: 19,
    priceYearly: 190,
    discountedPrice: null,
    oneTimePayment: false,
    isMostPopular: false,
    description: 'For your first real tools: more data, photo fields and settings.',
    buttonText: 'Upgrade to Discover',
    link: '/joinplan#discover',
    disabled: false,
  },
  {
    id: 'explorer',
    name: 'Explorer',
    price: 49,
    priceYearly: 470,
    discountedPrice: null,
    oneTimePayment: false,
    isMostPopular: true,
    description: 'For builders who publish several tools and feed them their business data.',
    buttonText: 'Upgrade to Explorer',
    link: '/joinplan#explorer',
    disabled: false,
  },
  {
    id: 'monetizer',
    name: 'Monetizer',
    price: 99,
    priceYearly: 990,
    discountedPrice: null,
    oneTimePayment: false,
    isMostPopular: false,
    description: 'For builders who sell their apps: many live tools, large data and a deep web scraper.',
    buttonText: 'Upgrade to Monetizer',
    link: '/joinplan#monetizer',
    disabled: false,
  },
  {
    id: 'moon',
    name: 'Moon',
    price: 249,
    priceYearly: 2490,
    discountedPrice: null,
    oneTimePayment: false,
    isMostPopular: false,
    description: 'Everything, with advanced app settings and the highest limits.',
    buttonText: 'Upgrade to Moon',
    link: '/joinplan#moon',
    disabled: false,
  },
  {
    id: APP_PACKAGE_ID,
    name: 'App package',
    price: 499,
    priceYearly: null,
    discountedPrice: null,
    oneTimePayment: true,
    isMostPopular: false,
    description: 'A one-time payment: we set up your first app with you.',
    buttonText: 'Buy the app package',
    link: '/joinplan#app_package',
    disabled: false,
  },
];

export interface CatalogueOptions {
  /** Items switched off by configuration (e.g. the free plan on an invitation-only install). */
  disabled?: readonly CatalogueItemId[];
}

/**
 * The catalogue as served. Applies the spec's rule that the Discover plan is disabled whenever
 * the lite plan is disabled (spec 1 §4).
 */
export function buildCatalogue(options: CatalogueOptions = {}): Plan[] {
  const disabled = new Set(options.disabled ?? []);
  const plans = BASE_CATALOGUE.map((plan) => ({ ...plan, disabled: plan.disabled || disabled.has(plan.id) }));
  const lite = plans.find((plan) => plan.id === 'lite');
  if (lite?.disabled) {
    for (const plan of plans) if (plan.id === 'discover') plan.disabled = true;
  }
  return plans;
}

export function findPlan(plans: readonly Plan[], id: string): Plan | undefined {
  return plans.find((plan) => plan.id === id);
}

/** The display name of a plan id ("Lite" for lite). */
export function planName(id: CatalogueItemId): string {
  return BASE_CATALOGUE.find((plan) => plan.id === id)?.name ?? id;
}
