import type { CatalogueItemId, PaymentProviderId, SaleInterval } from '@atelier/shared';
import type { SaleKind } from '../../../platform/db/schema/index.ts';

/** What a provider needs to open a checkout for one sale. */
export interface CheckoutInput {
  sale: {
    id: string;
    kind: SaleKind;
    itemId: string;
    itemName: string;
    interval: SaleInterval;
    amountCents: number;
    currency: string;
  };
  /** The buyer's account; absent for a visitor who pays before signing up (the provider asks the e-mail). */
  customer?: { userId: string; email: string; customerId: string | undefined } | undefined;
  successUrl: string;
  cancelUrl: string;
  /** A provider price to charge instead of an inline amount (configured Stripe prices). */
  priceId?: string | undefined;
  /** Extra metadata copied onto the provider's session and subscription. */
  metadata?: Record<string, string>;
}

export interface CheckoutSession {
  checkoutUrl: string;
  sessionId: string;
  /** The provider's customer the checkout belongs to (created when the input had none). */
  customerId: string | undefined;
}

/** A subscription as the provider describes it, in our terms. */
export interface SubscriptionSnapshot {
  id: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  /** When a cancelled subscription ends (the period end), else null. */
  cancelAt: Date | null;
  currentPeriodEnd: Date | null;
  itemId: CatalogueItemId | undefined;
  interval: 'month' | 'year' | undefined;
  /** The sale that created it (from the metadata we set at checkout). */
  saleId: string | undefined;
  customerId: string | undefined;
  /** The product sold (app memberships). */
  productId: string | undefined;
}

/** A provider notification in our terms; `eventId` makes its application idempotent. */
export type BillingEvent =
  | {
      type: 'checkout.completed';
      eventId: string;
      saleId: string;
      sessionId: string;
      subscriptionId: string | null;
      customerId: string | null;
    }
  | { type: 'checkout.expired'; eventId: string; saleId: string }
  | { type: 'subscription.updated'; eventId: string; subscription: SubscriptionSnapshot }
  | { type: 'subscription.deleted'; eventId: string; subscription: SubscriptionSnapshot }
  | { type: 'ignored'; eventId: string; providerType: string };

/** The platform's payment provider for builders' plans: the test-mode provider or Stripe. */
export interface PaymentProvider {
  readonly id: PaymentProviderId;
  createCheckout(input: CheckoutInput): Promise<CheckoutSession>;
  /** The subscription a completed checkout created (sale is the one completed). */
  describeSubscription(
    subscriptionId: string,
    sale: { id: string; itemId: string; interval: SaleInterval },
  ): Promise<SubscriptionSnapshot>;
  setCancelAtPeriodEnd(current: SubscriptionSnapshot, cancel: boolean): Promise<SubscriptionSnapshot>;
  changePlan(
    current: SubscriptionSnapshot,
    target: { itemId: CatalogueItemId; interval: 'month' | 'year'; amountCents: number; name: string },
  ): Promise<SubscriptionSnapshot>;
  cancelNow(subscriptionId: string): Promise<void>;
  portalUrl(customerId: string | undefined, returnUrl: string): Promise<string>;
  /** Verifies and reads a webhook; throws AppError (400) when the signature is wrong. */
  parseWebhook(payload: string, signature: string | undefined): BillingEvent;
}

/** The end of a period that starts at `from`. */
export function addInterval(from: Date, interval: 'month' | 'year'): Date {
  const end = new Date(from);
  if (interval === 'month') end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
}
