/**
 * Constants and texts of plans, payments and paid memberships (spec 1 §2, §9; spec 2 §4, §8, §9;
 * spec 3 §9). Server, web app and tests read them from here.
 */

/** `?goto=upgrade_app_plan` opens the plan dialog on any page (spec 1 §2). */
export const GOTO_PARAM = 'goto';
export const GOTO_UPGRADE_APP_PLAN = 'upgrade_app_plan';
/** `?sale_id=` carries a sale identifier back from the checkout (spec 1 §2). */
export const SALE_ID_PARAM = 'sale_id';

/** Account refresh after payment: every 4000 ms, up to 15 attempts (spec 3 §9). */
export const ACCOUNT_REFRESH_AFTER_PAYMENT = { intervalMs: 4000, maxAttempts: 15 } as const;

/** Payment access token input debounce (spec 2 §9). */
export const PAYMENT_TOKEN_DEBOUNCE_MS = 1000;

/** Subscription statuses of a plan, as payment providers name them. */
export const PLAN_SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'canceled',
  'paused',
] as const;
export type PlanSubscriptionStatus = (typeof PLAN_SUBSCRIPTION_STATUSES)[number];

/** Statuses in which a paid plan is "alive" (spec 3 §9): the plan's limits apply. */
export const ALIVE_PLAN_STATUSES: readonly string[] = ['active', 'trialing'];

export function isPlanStatusAlive(status: string | null | undefined): boolean {
  return status !== null && status !== undefined && ALIVE_PLAN_STATUSES.includes(status);
}

/**
 * The account refresh after a payment stops once the sale is among the account's payments, or
 * the plan status is alive (spec 3 §9).
 */
export function isSaleSettled(
  saleId: string,
  state: { payments: readonly { saleId: string; status: string }[]; planSubscriptionStatus: string | null },
): boolean {
  const paid = state.payments.some((payment) => payment.saleId === saleId && payment.status === 'completed');
  return paid || isPlanStatusAlive(state.planSubscriptionStatus);
}

export const PAYMENT_PROVIDER_IDS = ['stripe', 'test'] as const;
export type PaymentProviderId = (typeof PAYMENT_PROVIDER_IDS)[number];

export const PAYMENT_PROVIDER_NAMES: Record<PaymentProviderId, string> = {
  stripe: 'Stripe',
  test: 'Test payments',
};

export const BILLING_TEXTS = {
  demoBanner: 'Demo mode: payments are simulated and no card is charged.',
  monthly: 'Monthly',
  yearly: 'Yearly',
  perMonth: '/month',
  perYear: '/year',
  oneTime: 'one-time',
  mostPopular: 'Most popular',
  billedYearly: (amount: string) => `${amount} billed yearly`,
  cancelsOn: (date: string) => `Your plan ends on ${date}`,
  paymentPending: 'Confirming your payment…',
  paymentConfirmed: (plan: string) => `You're on the ${plan} plan now`,
  paymentReceived: 'Payment received, thank you!',
  upgrade: 'Upgrade',
  manage: 'Manage plan',
  cancelPlan: 'Cancel plan',
  keepPlan: 'Keep my plan',
  confirmDowngrade: 'Confirm downgrade',
  continueToPayment: 'Continue to payment',
  currentPlanLine: (plan: string, status: string) => `Current plan: ${plan} (${status})`,
  renewsOn: (date: string) => `Renews on ${date}`,
  paymentNotConfirmed: 'We could not confirm your payment yet. Refresh the page in a minute or contact us.',
  testCheckoutTitle: 'Test checkout',
  testCheckoutNotice: 'This is the built-in test checkout: no card is needed and nothing is charged.',
  pay: (amount: string) => `Pay ${amount}`,
  cancelCheckout: 'Cancel',
} as const;

export const BILLING_MESSAGES = {
  planNotFound: 'This plan does not exist',
  planDisabled: 'This plan is not available',
  alreadyOnPlan: 'You are already on this plan',
  alreadyPaid: 'You already have the app package',
  useDowngrade: 'To move to a lower plan, downgrade your plan',
  freePlanNoCheckout: 'The free plan needs no payment; to move to it, cancel your subscription',
  downgradeNotLower: 'Choose a plan below your current plan to downgrade',
  noSubscription: 'You have no subscription to change',
  saleNotFound: 'Payment not found',
  saleNotPending: 'This payment is no longer open',
  /** A visitor's paid sale can be claimed by one account only. */
  saleClaimed: 'This payment is already linked to another account',
  checkoutFailed: 'Could not start the checkout, try again later',
  providerUnavailable: 'Payments are not available right now, try again later',
  invalidSignature: 'Invalid webhook signature',
  testModeOnly: 'The test checkout is not enabled on this server',
  cancelled: 'Your subscription will end at the end of the billing period',
  resumed: 'Your subscription continues',
} as const;

/** Spec 2 §8: payment provider messages for paid memberships, naming the provider. */
export const MEMBERSHIP_MESSAGES = {
  fetchProductsFailed: (provider: string) => `Failed to fetch products from ${provider}`,
  connectFailed: (provider: string) => `Failed to connect to ${provider}`,
  connected: (provider: string) => `Connected to ${provider}, you're all set!`,
  resynced: (provider: string) => `Resynced with ${provider}`,
  invalidToken: (provider: string) => `${provider} did not accept this access token`,
  unknownToken: 'This access token is not recognised. Paste a secret key of your payment provider.',
  productNotFound: 'This product was not found in your payment provider account',
  productHasNoPrice: 'This product has no default price; add one in your payment provider and resync',
  noAccessToken: 'Paste your payment provider access token first',
  notSetUp: 'Paid memberships are not set up for this app yet',
  signupRequired: 'Turn on user signup before enabling paid memberships',
  /** Shown when user signup is switched off while paid memberships were on (they go off with it). */
  switchedOffWithSignup: 'Paid memberships are off: they need user signup',
  membersOnly: 'This app needs a paid membership',
  alreadyMember: 'You are already a member',
  checkoutFailed: (provider: string) => `Could not open the ${provider} checkout, try again later`,
  changeProductConfirm:
    'Changing the product moves new members to it. Existing members keep their subscription.',
} as const;

export const MEMBERSHIP_TEXTS = {
  title: 'Paid memberships',
  enableLabel: 'Enable paid memberships',
  tokenLabel: 'Payment provider access token',
  tokenPlaceholder: 'sk_live_… or sk_test_…',
  tokenSaved: 'Access token saved',
  productLabel: 'Membership product',
  connect: 'Connect',
  changeProduct: 'Change product',
  confirmChange: 'Change product',
  resync: 'Resync',
  paywallTitle: 'Members only',
  paywallBody: 'Subscribe to use this app.',
  subscribe: 'Subscribe',
} as const;
