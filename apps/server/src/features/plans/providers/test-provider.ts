import { AppError } from '../../../platform/errors.ts';
import {
  addInterval,
  type CheckoutInput,
  type CheckoutSession,
  type PaymentProvider,
  type SubscriptionSnapshot,
} from './payment-provider.ts';

/**
 * The built-in test-mode provider (the default): checkouts open the local test checkout page, a
 * click on Pay (or `POST /api/billing/test/complete`) completes the sale; subscriptions live only
 * in our database. Nothing leaves the machine.
 */
export function createTestProvider(publicUrl: string): PaymentProvider {
  return {
    id: 'test',
    async createCheckout(input: CheckoutInput): Promise<CheckoutSession> {
      return {
        checkoutUrl: `${publicUrl}/billing/test-checkout/${encodeURIComponent(input.sale.id)}`,
        sessionId: `cs_test_${input.sale.id}`,
        customerId: input.customer
          ? (input.customer.customerId ?? `cus_test_${input.customer.userId}`)
          : undefined,
      };
    },
    async describeSubscription(subscriptionId, sale): Promise<SubscriptionSnapshot> {
      const interval = sale.interval === 'year' ? 'year' : 'month';
      return {
        id: subscriptionId,
        status: 'active',
        cancelAtPeriodEnd: false,
        cancelAt: null,
        currentPeriodEnd: addInterval(new Date(), interval),
        itemId: undefined,
        interval,
        saleId: sale.id,
        customerId: undefined,
        productId: undefined,
      };
    },
    async setCancelAtPeriodEnd(current, cancel) {
      return { ...current, cancelAtPeriodEnd: cancel, cancelAt: cancel ? current.currentPeriodEnd : null };
    },
    async changePlan(current, target) {
      return { ...current, itemId: target.itemId, interval: target.interval };
    },
    async cancelNow() {},
    async portalUrl() {
      return `${publicUrl}/joinplan`;
    },
    parseWebhook() {
      throw new AppError('not_found', 'The test-mode provider takes no webhooks');
    },
  };
}

/** The event id of completing a test sale: the same sale always gives the same id (idempotent). */
export const testCompletionEventId = (saleId: string) => `evt_test_${saleId}_completed`;
export const testSubscriptionId = (saleId: string) => `sub_test_${saleId}`;
