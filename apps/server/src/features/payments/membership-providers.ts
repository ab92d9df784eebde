import { PAYMENT_PROVIDER_NAMES, type PaymentProduct, type PaymentProviderId } from '@atelier/shared';
import type Stripe from 'stripe';
import { isStripeStatus, stripeClient } from '../../platform/stripe/stripe.ts';
import {
  addInterval,
  type CheckoutInput,
  type CheckoutSession,
  type SubscriptionSnapshot,
} from '../plans/providers/payment-provider.ts';
import { idOf, type StripeSubscription, toSnapshot } from '../plans/providers/stripe-objects.ts';
import { createStripeCheckout } from '../plans/providers/stripe-provider.ts';

export interface ProductDetails extends PaymentProduct {
  priceId: string | null;
}

export interface PriceDetails {
  amountCents: number;
  currency: string;
  interval: 'month' | 'year';
}

/**
 * A builder's own payment provider account, reached with the access token the builder pasted:
 * products, prices, webhooks, checkouts and subscriptions of the app's members.
 */
export interface MembershipProvider {
  readonly id: PaymentProviderId;
  readonly name: string;
  listProducts(token: string): Promise<PaymentProduct[]>;
  getProduct(token: string, productId: string): Promise<ProductDetails | undefined>;
  getPrice(token: string, priceId: string): Promise<PriceDetails>;
  /** Registers our webhook endpoint in the builder's account; undefined when the provider has none. */
  createWebhook(
    token: string,
    url: string,
    appId: string,
  ): Promise<{ endpointId: string; secret: string } | undefined>;
  createCheckout(token: string, input: CheckoutInput): Promise<CheckoutSession>;
  describeSubscription(token: string, subscriptionId: string): Promise<SubscriptionSnapshot>;
  /** Every subscription to a price, with the member ids we put in their metadata. */
  listSubscriptions(
    token: string,
    priceId: string,
  ): Promise<(SubscriptionSnapshot & { appId?: string | undefined; userId?: string | undefined })[]>;
}

/** Products of the demo-mode test provider (tokens starting with `test_`). */
export const TEST_MEMBERSHIP_PRODUCTS: readonly (ProductDetails & PriceDetails)[] = [
  {
    id: 'prod_test_monthly',
    name: 'Members (monthly)',
    priceId: 'price_test_monthly',
    amountCents: 900,
    currency: 'USD',
    interval: 'month',
  },
  {
    id: 'prod_test_yearly',
    name: 'Members (yearly)',
    priceId: 'price_test_yearly',
    amountCents: 9000,
    currency: 'USD',
    interval: 'year',
  },
];

export const TEST_TOKEN_PREFIX = 'test_';

export function createTestMembershipProvider(publicUrl: string): MembershipProvider {
  return {
    id: 'test',
    name: PAYMENT_PROVIDER_NAMES.test,
    async listProducts() {
      return TEST_MEMBERSHIP_PRODUCTS.map(({ id, name }) => ({ id, name }));
    },
    async getProduct(_token, productId) {
      const product = TEST_MEMBERSHIP_PRODUCTS.find((item) => item.id === productId);
      return product ? { id: product.id, name: product.name, priceId: product.priceId } : undefined;
    },
    async getPrice(_token, priceId) {
      const product = TEST_MEMBERSHIP_PRODUCTS.find((item) => item.priceId === priceId);
      if (!product) throw new Error(`unknown test price ${priceId}`);
      return { amountCents: product.amountCents, currency: product.currency, interval: product.interval };
    },
    async createWebhook() {
      return undefined;
    },
    async createCheckout(_token, input) {
      return {
        checkoutUrl: `${publicUrl}/billing/test-checkout/${encodeURIComponent(input.sale.id)}`,
        sessionId: `cs_test_${input.sale.id}`,
        customerId: undefined,
      };
    },
    async describeSubscription(_token, subscriptionId) {
      const interval = 'month';
      return {
        id: subscriptionId,
        status: 'active',
        cancelAtPeriodEnd: false,
        cancelAt: null,
        currentPeriodEnd: addInterval(new Date(), interval),
        itemId: undefined,
        interval,
        saleId: undefined,
        customerId: undefined,
        productId: undefined,
      };
    },
    async listSubscriptions() {
      return [];
    },
  };
}

const MEMBERSHIP_EVENTS: Stripe.WebhookEndpointCreateParams.EnabledEvent[] = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
  'customer.subscription.updated',
  'customer.subscription.deleted',
];

export function createStripeMembershipProvider(apiBase: string): MembershipProvider {
  const client = (token: string) => stripeClient(token, apiBase);
  return {
    id: 'stripe',
    name: PAYMENT_PROVIDER_NAMES.stripe,
    async listProducts(token) {
      const list = await client(token).products.list({ active: true, limit: 100 });
      return list.data.map((product) => ({ id: product.id, name: product.name }));
    },
    async getProduct(token, productId) {
      try {
        const product = await client(token).products.retrieve(productId);
        return { id: product.id, name: product.name, priceId: idOf(product.default_price) };
      } catch (error) {
        if (isStripeStatus(error, 404)) return undefined;
        throw error;
      }
    },
    async getPrice(token, priceId) {
      const price = await client(token).prices.retrieve(priceId);
      return {
        amountCents: price.unit_amount ?? 0,
        currency: price.currency.toUpperCase(),
        interval: price.recurring?.interval === 'year' ? 'year' : 'month',
      };
    },
    async createWebhook(token, url, appId) {
      const endpoint = await client(token).webhookEndpoints.create({
        url,
        enabled_events: MEMBERSHIP_EVENTS,
        description: 'Atelier paid memberships',
        metadata: { appId },
      });
      return { endpointId: endpoint.id, secret: endpoint.secret ?? '' };
    },
    async createCheckout(token, input) {
      return createStripeCheckout(client(token), input);
    },
    async describeSubscription(token, subscriptionId) {
      return toSnapshot((await client(token).subscriptions.retrieve(subscriptionId)) as StripeSubscription);
    },
    async listSubscriptions(token, priceId) {
      const list = await client(token).subscriptions.list({ price: priceId, status: 'all', limit: 100 });
      return list.data.map((subscription: StripeSubscription) => ({
        ...toSnapshot(subscription),
        appId: subscription.metadata?.appId,
        userId: subscription.metadata?.userId,
      }));
    },
  };
}

/** The provider a pasted token belongs to: `test_…` in demo mode, otherwise Stripe. */
export function providerIdForToken(token: string, demoMode: boolean): PaymentProviderId {
  return demoMode && token.startsWith(TEST_TOKEN_PREFIX) ? 'test' : 'stripe';
}
