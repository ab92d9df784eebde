import { type CatalogueItemId, isCatalogueItemId } from '@atelier/shared';
import type Stripe from 'stripe';
import type { BillingEvent, SubscriptionSnapshot } from './payment-provider.ts';

/**
 * A subscription as the SDK types it, and as older API versions (and their webhooks) send it: before
 * 2025-03-31 the period end is on the subscription, from then on on its item.
 */
export type StripeSubscription = Stripe.Subscription & { current_period_end?: number | null };

export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);
const date = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** Finds the catalogue item a configured Stripe price sells. */
export type PriceLookup = (priceId: string) => CatalogueItemId | undefined;

export function toSnapshot(subscription: StripeSubscription, lookUpPrice: PriceLookup = () => undefined) {
  const item = subscription.items?.data?.[0];
  const metadata = subscription.metadata ?? {};
  const periodEnd = date(subscription.current_period_end ?? item?.current_period_end);
  const metaItem = metadata.itemId && isCatalogueItemId(metadata.itemId) ? metadata.itemId : undefined;
  const recurring: string | undefined = item?.price?.recurring?.interval;
  const metaInterval = metadata.interval;
  const interval =
    metaInterval === 'month' || metaInterval === 'year'
      ? metaInterval
      : recurring === 'month' || recurring === 'year'
        ? recurring
        : undefined;
  const cancelAtPeriodEnd = subscription.cancel_at_period_end === true || Boolean(subscription.cancel_at);
  const snapshot: SubscriptionSnapshot = {
    id: subscription.id,
    status: subscription.status,
    cancelAtPeriodEnd,
    cancelAt: cancelAtPeriodEnd ? (date(subscription.cancel_at) ?? periodEnd) : null,
    currentPeriodEnd: periodEnd,
    itemId: metaItem ?? (item?.price?.id ? lookUpPrice(item.price.id) : undefined),
    interval,
    saleId: metadata.saleId || undefined,
    customerId: idOf(subscription.customer) ?? undefined,
    productId: idOf(item?.price?.product) ?? undefined,
  };
  return snapshot;
}

/** Our reading of a (verified) Stripe event. */
export function toBillingEvent(
  event: Stripe.Event,
  lookUpPrice: PriceLookup = () => undefined,
): BillingEvent {
  const object = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = object as Stripe.Checkout.Session;
      const saleId = session.metadata?.saleId ?? session.client_reference_id ?? undefined;
      // An asynchronous payment method completes the session unpaid; its success comes later.
      if (!saleId || session.payment_status === 'unpaid') return ignored(event);
      return {
        type: 'checkout.completed',
        eventId: event.id,
        saleId,
        sessionId: session.id,
        subscriptionId: idOf(session.subscription),
        customerId: idOf(session.customer),
      };
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const session = object as Stripe.Checkout.Session;
      const saleId = session.metadata?.saleId ?? session.client_reference_id ?? undefined;
      return saleId ? { type: 'checkout.expired', eventId: event.id, saleId } : ignored(event);
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
      return {
        type: 'subscription.updated',
        eventId: event.id,
        subscription: toSnapshot(object as StripeSubscription, lookUpPrice),
      };
    case 'customer.subscription.deleted':
      return {
        type: 'subscription.deleted',
        eventId: event.id,
        subscription: toSnapshot(object as StripeSubscription, lookUpPrice),
      };
    default:
      return ignored(event);
  }
}

const ignored = (event: Stripe.Event): BillingEvent => ({
  type: 'ignored',
  eventId: event.id,
  providerType: event.type,
});
