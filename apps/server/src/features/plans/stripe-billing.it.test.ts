import { BILLING_MESSAGES, type BillingStatus, type CheckoutResponse } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUpVerified } from '../../../test/support/accounts.ts';
import { call } from '../../../test/support/billing.ts';
import { FakeStripe, type SignedEvent } from '../../../test/support/fake-stripe.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { billingSales } from '../../platform/db/schema/index.ts';

const KEY = 'sk_test_platform';
const WEBHOOK_SECRET = 'whsec_platform_secret';

let t: TestApp;
let stripe: FakeStripe;
let ada: SignedIn;

beforeAll(async () => {
  stripe = await FakeStripe.start([KEY]);
  t = await createTestApp({
    env: {
      PUBLIC_URL: 'http://atelier.test',
      STRIPE_SECRET_KEY: KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
      STRIPE_PRICES: JSON.stringify({
        discover: { month: 'price_discover_month', year: 'price_discover_year' },
      }),
    },
  });
  ada = await signUpVerified(t, 'ada@example.com');
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const status = async () => (await call<BillingStatus>(t, 'GET', '/api/billing/status', ada.headers)).body;

async function deliver(event: Pick<SignedEvent, 'payload' | 'signature'>) {
  const res = await t.app.request('/api/billing/webhooks/stripe', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    body: event.payload,
  });
  return {
    status: res.status,
    body: (await res.json()) as { received?: true; duplicate?: boolean; error?: { message: string } },
  };
}

const sessionOf = (saleId: string) =>
  [...stripe.account(KEY).sessions.values()].find((session) => session.client_reference_id === saleId)!;

describe('Stripe: checkout → signed webhook → plan change', () => {
  let sale: CheckoutResponse;
  let events: SignedEvent[];

  it('opens a Stripe Checkout Session in subscription mode for the sale', async () => {
    const res = await call<CheckoutResponse>(t, 'POST', '/api/billing/checkout', ada.headers, {
      planId: 'explorer',
      interval: 'year',
    });
    expect(res.status).toBe(200);
    sale = res.body;
    const session = sessionOf(sale.saleId);
    expect(sale.checkoutUrl).toBe(`${stripe.url}/pay/${session.id}`);
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: sale.saleId,
      success_url: `http://atelier.test/joinplan?sale_id=${sale.saleId}`,
      cancel_url: 'http://atelier.test/joinplan?goto=upgrade_app_plan',
      metadata: { saleId: sale.saleId, itemId: 'explorer', interval: 'year', userId: ada.user.id },
      subscription_data: { metadata: { saleId: sale.saleId, itemId: 'explorer' } },
      // No configured price for explorer/year: the catalogue amount is sent inline.
      line_items: [
        {
          quantity: '1',
          price_data: { unit_amount: '47000', currency: 'usd', recurring: { interval: 'year' } },
        },
      ],
    });
    expect(String(session.customer)).toMatch(/^cus_/);
    const create = stripe.requests.find((request) => request.path === '/v1/checkout/sessions');
    expect(create?.idempotencyKey).toBe(`checkout-${sale.saleId}`);
  });

  it('applies the completed checkout from the signed webhook, whichever event arrives first', async () => {
    events = stripe.completeCheckout(KEY, String(sessionOf(sale.saleId).id), WEBHOOK_SECRET);
    expect(events.map((event) => event.type)).toEqual([
      'customer.subscription.created',
      'checkout.session.completed',
    ]);
    for (const event of events)
      expect(await deliver(event)).toMatchObject({ status: 200, body: { received: true, duplicate: false } });
    const subscriptionId = String(sessionOf(sale.saleId).subscription);
    const after = await status();
    expect(after).toMatchObject({
      plan: 'explorer',
      planSubscriptionStatus: 'active',
      subscriptionId,
      provider: 'stripe',
    });
    expect(after.payments[0]).toMatchObject({ saleId: sale.saleId, status: 'completed', amount: 470 });
  });

  it('answers a replayed webhook as a duplicate and changes nothing', async () => {
    const before = await status();
    for (const event of events)
      expect(await deliver(event)).toMatchObject({ status: 200, body: { duplicate: true } });
    expect(await status()).toEqual(before);
  });

  it('refuses webhooks with a wrong, stale or missing signature', async () => {
    const [event] = events.slice(-1) as [SignedEvent];
    const tampered = event.payload.replace('"paid"', '"unpaid"');
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload: event.payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    for (const attempt of [
      { payload: tampered, signature: event.signature },
      {
        payload: event.payload,
        signature: Stripe.webhooks.generateTestHeaderString({
          payload: event.payload,
          secret: 'whsec_wrong',
        }),
      },
      { payload: event.payload, signature: stale },
      { payload: event.payload, signature: '' },
    ]) {
      expect(await deliver(attempt)).toMatchObject({
        status: 400,
        body: { error: { message: BILLING_MESSAGES.invalidSignature } },
      });
    }
  });

  it('follows subscription updates, and ignores a replay of an older update', async () => {
    const subscription = stripe.account(KEY).subscriptions.get((await status()).subscriptionId!)!;
    const cancelAt = Math.floor(Date.now() / 1000) + 10 * 86_400;
    const cancelled = stripe.event(
      'customer.subscription.updated',
      { ...subscription, cancel_at_period_end: true, cancel_at: cancelAt },
      WEBHOOK_SECRET,
    );
    await deliver(cancelled);
    expect((await status()).planSubscriptionCancelledAt).toBe(new Date(cancelAt * 1000).toISOString());
    const resumed = stripe.event(
      'customer.subscription.updated',
      { ...subscription, cancel_at_period_end: false },
      WEBHOOK_SECRET,
    );
    await deliver(resumed);
    expect((await status()).planSubscriptionCancelledAt).toBeNull();
    expect(await deliver(cancelled)).toMatchObject({ body: { duplicate: true } });
    expect((await status()).planSubscriptionCancelledAt).toBeNull();
  });

  it('cancels at period end through Stripe', async () => {
    const res = await call<BillingStatus>(t, 'POST', '/api/billing/cancel', ada.headers);
    expect(res.status).toBe(200);
    const request = stripe.requests.at(-1)!;
    expect(request).toMatchObject({
      method: 'POST',
      path: `/v1/subscriptions/${res.body.subscriptionId}`,
      params: { cancel_at_period_end: 'true' },
    });
    expect(res.body.planSubscriptionCancelledAt).not.toBeNull();
    await call(t, 'POST', '/api/billing/resume', ada.headers);
    expect(stripe.requests.at(-1)!.params).toEqual({ cancel_at_period_end: 'false' });
  });

  it('downgrades to a lower plan with its configured Stripe price for the same interval', async () => {
    const res = await call<BillingStatus>(t, 'POST', '/api/billing/downgrade', ada.headers, {
      planId: 'discover',
    });
    expect(res).toMatchObject({ status: 200, body: { plan: 'discover' } });
    expect(stripe.requests.at(-1)!.params).toMatchObject({
      items: [{ price: 'price_discover_year' }],
      metadata: { itemId: 'discover' },
      proration_behavior: 'create_prorations',
    });
  });

  it('falls back to lite when Stripe deletes the subscription', async () => {
    const subscription = stripe.account(KEY).subscriptions.get((await status()).subscriptionId!)!;
    await deliver(
      stripe.event('customer.subscription.deleted', { ...subscription, status: 'canceled' }, WEBHOOK_SECRET),
    );
    expect(await status()).toMatchObject({ plan: 'lite', planSubscriptionStatus: 'canceled' });
  });

  it('ignores updates of a subscription that a newer plan replaced', async () => {
    const first = await call<CheckoutResponse>(t, 'POST', '/api/billing/checkout', ada.headers, {
      planId: 'discover',
    });
    expect(sessionOf(first.body.saleId).line_items).toEqual([
      { price: 'price_discover_month', quantity: '1' },
    ]);
    for (const event of stripe.completeCheckout(KEY, String(sessionOf(first.body.saleId).id), WEBHOOK_SECRET))
      await deliver(event);
    const old = stripe.account(KEY).subscriptions.get((await status()).subscriptionId!)!;
    const second = await call<CheckoutResponse>(t, 'POST', '/api/billing/checkout', ada.headers, {
      planId: 'moon',
    });
    for (const event of stripe.completeCheckout(
      KEY,
      String(sessionOf(second.body.saleId).id),
      WEBHOOK_SECRET,
    ))
      await deliver(event);
    expect(await status()).toMatchObject({ plan: 'moon' });
    expect(
      stripe.requests.some(
        (request) => request.method === 'DELETE' && request.path === `/v1/subscriptions/${old.id}`,
      ),
    ).toBe(true);
    await deliver(
      stripe.event('customer.subscription.deleted', { ...old, status: 'canceled' }, WEBHOOK_SECRET),
    );
    expect(await status()).toMatchObject({ plan: 'moon', planSubscriptionStatus: 'active' });
  });

  it('opens the Stripe customer portal', async () => {
    const res = await call<{ url: string }>(t, 'POST', '/api/billing/portal', ada.headers);
    expect(res.body.url).toMatch(new RegExp(`^${stripe.url}/portal/cus_`));
  });

  it('answers 502 with the spec-style message when Stripe fails, and cancels the sale', async () => {
    const bob = await signUpVerified(t, 'bob@example.com');
    stripe.failWith = 500;
    try {
      const res = await call(t, 'POST', '/api/billing/checkout', bob.headers, { planId: 'explorer' });
      expect(res).toMatchObject({
        status: 502,
        body: { error: { code: 'payment_provider_error', message: BILLING_MESSAGES.checkoutFailed } },
      });
    } finally {
      stripe.failWith = undefined;
    }
    const sales = await t.deps.database.db
      .select()
      .from(billingSales)
      .where(eq(billingSales.userId, bob.user.id));
    expect(sales.map((row) => row.status)).toEqual(['cancelled']);
  });

  it('switches the test checkout off while Stripe is the provider', async () => {
    expect((await call(t, 'POST', '/api/billing/test/complete', {}, { saleId: sale.saleId })).status).toBe(
      404,
    );
    expect((await call<{ demoMode: boolean }>(t, 'GET', '/api/plans', {})).body).toMatchObject({
      demoMode: false,
      provider: 'stripe',
    });
  });
});
