import { BILLING_MESSAGES, type CatalogueItemId } from '@atelier/shared';
import type Stripe from 'stripe';
import { AppError } from '../../../platform/errors.ts';
import { stripeClient, verifyStripeWebhook } from '../../../platform/stripe/stripe.ts';
import type { StripeConfig } from '../billing-config.ts';
import type { CheckoutInput, PaymentProvider } from './payment-provider.ts';
import {
  idOf,
  type PriceLookup,
  type StripeSubscription,
  toBillingEvent,
  toSnapshot,
} from './stripe-objects.ts';

/**
 * The Stripe adapter: Checkout Sessions for plans (mode `subscription`) and the app package (mode
 * `payment`), the customer portal, subscription changes, and signed webhooks. Prices come from
 * configuration; an item without a configured price is sold with an inline `price_data` amount.
 */
export function createStripeProvider(config: StripeConfig): PaymentProvider {
  const client = stripeClient(config.secretKey, config.apiBase);
  const retrieve = async (id: string) => (await client.subscriptions.retrieve(id)) as StripeSubscription;
  const lookUpPrice: PriceLookup = (priceId) => {
    for (const [itemId, byInterval] of Object.entries(config.prices)) {
      if (Object.values(byInterval ?? {}).includes(priceId)) return itemId as CatalogueItemId;
    }
    return undefined;
  };
  const configuredPrice = (itemId: string, interval: string) =>
    config.prices[itemId as CatalogueItemId]?.[interval as 'month' | 'year' | 'once'];

  return {
    id: 'stripe',
    async createCheckout(input) {
      return createStripeCheckout(client, {
        ...input,
        priceId: input.priceId ?? configuredPrice(input.sale.itemId, input.sale.interval),
      });
    },
    async describeSubscription(subscriptionId) {
      return toSnapshot(await retrieve(subscriptionId), lookUpPrice);
    },
    async setCancelAtPeriodEnd(current, cancel) {
      const updated = await client.subscriptions.update(current.id, { cancel_at_period_end: cancel });
      return toSnapshot(updated, lookUpPrice);
    },
    async changePlan(current, target) {
      const subscription = await retrieve(current.id);
      const item = subscription.items.data[0];
      if (!item) throw new AppError('conflict', BILLING_MESSAGES.noSubscription);
      const priceId = configuredPrice(target.itemId, target.interval);
      // An item's price always names its product (an id, or the object when expanded).
      const product = idOf(item.price.product) as string;
      const updated = await client.subscriptions.update(current.id, {
        items: [
          priceId
            ? { id: item.id, price: priceId }
            : {
                id: item.id,
                price_data: {
                  currency: 'usd',
                  unit_amount: target.amountCents,
                  recurring: { interval: target.interval },
                  product,
                },
              },
        ],
        proration_behavior: 'create_prorations',
        metadata: { itemId: target.itemId, interval: target.interval },
      });
      return toSnapshot(updated, lookUpPrice);
    },
    async cancelNow(subscriptionId) {
      await client.subscriptions.cancel(subscriptionId);
    },
    async portalUrl(customerId, returnUrl) {
      if (!customerId) throw new AppError('conflict', BILLING_MESSAGES.noSubscription);
      const session = await client.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    },
    parseWebhook(payload, signature) {
      const check = verifyStripeWebhook(payload, signature, config.webhookSecret);
      if (!check.ok)
        throw new AppError('bad_request', BILLING_MESSAGES.invalidSignature, { reason: check.reason });
      return toBillingEvent(check.event, lookUpPrice);
    },
  };
}

/**
 * Opens a Stripe Checkout Session for a sale (also used with a builder's own key for app
 * memberships). The sale id travels as client_reference_id and in the metadata of the session
 * and of the subscription or payment it creates.
 */
export async function createStripeCheckout(client: Stripe, input: CheckoutInput) {
  let customerId = input.customer?.customerId;
  // A visitor without an account (no customer): Checkout asks the e-mail and makes the customer.
  if (!customerId && input.customer && input.sale.kind !== 'membership') {
    const customer = await client.customers.create(
      { email: input.customer.email, metadata: { userId: input.customer.userId } },
      { idempotencyKey: `customer-${input.customer.userId}` },
    );
    customerId = customer.id;
  }
  const interval = input.sale.interval;
  const recurring = interval === 'month' || interval === 'year';
  const metadata = {
    saleId: input.sale.id,
    ...(input.customer ? { userId: input.customer.userId } : {}),
    itemId: input.sale.itemId,
    interval: input.sale.interval,
    ...input.metadata,
  };
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: recurring ? 'subscription' : 'payment',
    client_reference_id: input.sale.id,
    customer: customerId,
    customer_email: customerId ? undefined : input.customer?.email,
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    line_items: [
      input.priceId
        ? { price: input.priceId, quantity: 1 }
        : {
            quantity: 1,
            price_data: {
              currency: input.sale.currency.toLowerCase(),
              unit_amount: input.sale.amountCents,
              product_data: { name: input.sale.itemName },
              recurring: recurring ? { interval } : undefined,
            },
          },
    ],
    metadata,
    subscription_data: recurring ? { metadata } : undefined,
    payment_intent_data: recurring ? undefined : { metadata },
  };
  const session = await client.checkout.sessions.create(params, {
    idempotencyKey: `checkout-${input.sale.id}`,
  });
  if (!session.url) throw new Error('Stripe answered a checkout session without a url');
  return { checkoutUrl: session.url, sessionId: session.id, customerId };
}
