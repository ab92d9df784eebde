import {
  BILLING_MESSAGES,
  type BillingStatus,
  type CheckoutResponse,
  type PlansResponse,
} from '@atelier/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApp, type SignedIn, signUpEndUser, signUpVerified } from '../../../test/support/accounts.ts';
import { call } from '../../../test/support/billing.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { billingEvents, billingSubscriptions } from '../../platform/db/schema/index.ts';

let t: TestApp;
let ada: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://atelier.test' } });
  ada = await signUpVerified(t, 'ada@example.com');
  bob = await signUpVerified(t, 'bob@example.com');
});
afterAll(() => t.close());

const status = async (who: SignedIn) =>
  (await call<BillingStatus>(t, 'GET', '/api/billing/status', who.headers)).body;
const account = async (who: SignedIn) =>
  (await call<Record<string, unknown>>(t, 'GET', '/api/live_api/account/current', who.headers)).body;

async function checkout(who: SignedIn, planId: string, interval = 'month', returnPath?: string) {
  return call<CheckoutResponse>(t, 'POST', '/api/billing/checkout', who.headers, {
    planId,
    interval,
    returnPath,
  });
}

async function pay(saleId: string) {
  return call<{ status: string; successUrl: string }>(
    t,
    'POST',
    '/api/billing/test/complete',
    {},
    { saleId },
  );
}

describe('plans catalogue', () => {
  it('serves the five plans in upgrade order and the app package, in demo mode with the test provider', async () => {
    for (const path of ['/api/plans', '/api/live_api/app/paidPlans?appId=any']) {
      const { status: code, body } = await call<PlansResponse>(t, 'GET', path, {});
      expect(code).toBe(200);
      expect(body.plans.map((plan) => plan.id)).toEqual([
        'lite',
        'discover',
        'explorer',
        'monetizer',
        'moon',
        'app_package',
      ]);
      expect(body).toMatchObject({ demoMode: true, provider: 'test', currency: 'USD' });
      expect(body.plans[2]).toMatchObject({
        id: 'explorer',
        price: 49,
        priceYearly: 470,
        isMostPopular: true,
      });
    }
  });

  it('disables discover together with lite when BILLING_DISABLED_PLANS turns lite off', async () => {
    const other = await createTestApp({ env: { BILLING_DISABLED_PLANS: 'lite' } });
    try {
      const { body } = await call<PlansResponse>(other, 'GET', '/api/plans', {});
      expect(body.plans.filter((plan) => plan.disabled).map((plan) => plan.id)).toEqual(['lite', 'discover']);
      const carl = await signUpVerified(other, 'carl@example.com');
      const refused = await call(other, 'POST', '/api/billing/checkout', carl.headers, {
        planId: 'discover',
      });
      expect(refused).toMatchObject({
        status: 400,
        body: { error: { message: BILLING_MESSAGES.planDisabled } },
      });
    } finally {
      await other.close();
    }
  });
});

describe('checkout → test payment → plan change (test-mode provider)', () => {
  let saleId: string;

  it('opens the local test checkout for a lite builder and leaves the plan unchanged until paid', async () => {
    const res = await checkout(ada, 'explorer', 'month', '/build/app/a1');
    expect(res.status).toBe(200);
    saleId = res.body.saleId;
    expect(saleId).toMatch(/^sale_[\w-]{20,}$/);
    expect(res.body.checkoutUrl).toBe(`http://atelier.test/billing/test-checkout/${saleId}`);
    const before = await status(ada);
    expect(before).toMatchObject({ plan: 'lite', planSubscriptionStatus: null });
    expect(before.payments).toEqual([expect.objectContaining({ saleId, status: 'pending', amount: 49 })]);
  });

  it('shows the sale on the test checkout page, returning to the page with sale_id', async () => {
    const { status: code, body } = await call(t, 'GET', `/api/billing/test/sales/${saleId}`, {});
    expect(code).toBe(200);
    expect(body).toMatchObject({
      itemName: 'Explorer',
      amount: 49,
      currency: 'USD',
      interval: 'month',
      status: 'pending',
      successUrl: `http://atelier.test/build/app/a1?sale_id=${saleId}`,
      cancelUrl: 'http://atelier.test/build/app/a1?goto=upgrade_app_plan',
    });
  });

  it('moves the account to the paid plan when the test sale is paid', async () => {
    const paid = await pay(saleId);
    expect(paid).toMatchObject({ status: 200, body: { status: 'completed' } });
    const after = await status(ada);
    expect(after).toMatchObject({
      plan: 'explorer',
      planSubscriptionStatus: 'active',
      subscriptionId: `sub_test_${saleId}`,
    });
    expect(after.payments[0]).toMatchObject({ saleId, status: 'completed', completedAt: expect.any(String) });
    expect(await account(ada)).toMatchObject({ plan: 'explorer', planSubscriptionStatus: 'active' });
  });

  it('changes nothing when the same payment completes again (idempotent)', async () => {
    const before = await status(ada);
    const again = await pay(saleId);
    expect(again.status).toBe(200);
    expect(await status(ada)).toEqual(before);
    const [events] = await t.deps.database.db
      .select({ n: count() })
      .from(billingEvents)
      .where(eq(billingEvents.eventId, `evt_test_${saleId}_completed`));
    expect(events?.n).toBe(1);
  });

  it('refuses a checkout of the plan the builder already has, the free plan, and unknown plans', async () => {
    expect(await checkout(ada, 'explorer')).toMatchObject({
      status: 409,
      body: { error: { message: BILLING_MESSAGES.alreadyOnPlan } },
    });
    expect(await checkout(ada, 'lite')).toMatchObject({
      status: 400,
      body: { error: { message: BILLING_MESSAGES.freePlanNoCheckout } },
    });
    expect(await checkout(ada, 'gold')).toMatchObject({
      status: 404,
      body: { error: { message: BILLING_MESSAGES.planNotFound } },
    });
    expect(await checkout(ada, 'discover')).toMatchObject({
      status: 400,
      body: { error: { message: BILLING_MESSAGES.useDowngrade } },
    });
  });

  it('cancels at the end of the period (planSubscriptionCancelledAt) and takes the cancellation back', async () => {
    const cancelled = await call<BillingStatus>(t, 'POST', '/api/billing/cancel', ada.headers);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.plan).toBe('explorer');
    const endsAt = Date.parse(cancelled.body.planSubscriptionCancelledAt!);
    expect(endsAt - Date.now()).toBeGreaterThan(27 * 86_400_000);
    expect(endsAt - Date.now()).toBeLessThan(32 * 86_400_000);
    const resumed = await call<BillingStatus>(t, 'POST', '/api/billing/resume', ada.headers);
    expect(resumed.body).toMatchObject({ plan: 'explorer', planSubscriptionCancelledAt: null });
  });

  it('upgrades through a new checkout and ends the replaced subscription', async () => {
    const res = await checkout(ada, 'moon', 'year');
    await pay(res.body.saleId);
    expect(await status(ada)).toMatchObject({ plan: 'moon', subscriptionId: `sub_test_${res.body.saleId}` });
    const [old] = await t.deps.database.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.id, `sub_test_${saleId}`));
    expect(old?.status).toBe('canceled');
    const [current] = await t.deps.database.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.id, `sub_test_${res.body.saleId}`));
    expect(current).toMatchObject({ status: 'active', itemId: 'moon', interval: 'year' });
    expect(current!.currentPeriodEnd!.getTime() - Date.now()).toBeGreaterThan(360 * 86_400_000);
  });

  it('downgrades to a lower paid plan at once, and refuses a "downgrade" to a higher plan', async () => {
    const down = await call<BillingStatus>(t, 'POST', '/api/billing/downgrade', ada.headers, {
      planId: 'discover',
    });
    expect(down).toMatchObject({ status: 200, body: { plan: 'discover', planSubscriptionStatus: 'active' } });
    const up = await call(t, 'POST', '/api/billing/downgrade', ada.headers, { planId: 'monetizer' });
    expect(up).toMatchObject({
      status: 400,
      body: { error: { message: BILLING_MESSAGES.downgradeNotLower } },
    });
  });

  it('downgrades to lite at the end of the period, then ends the plan once the period is over', async () => {
    const down = await call<BillingStatus>(t, 'POST', '/api/billing/downgrade', ada.headers, {
      planId: 'lite',
    });
    expect(down.body.plan).toBe('discover');
    expect(down.body.planSubscriptionCancelledAt).not.toBeNull();
    const { subscriptionId } = down.body;
    await t.deps.database.db
      .update(billingSubscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(billingSubscriptions.id, subscriptionId!));
    expect(await status(ada)).toMatchObject({ plan: 'lite', planSubscriptionStatus: 'canceled' });
    expect(await account(ada)).toMatchObject({ plan: 'lite' });
  });

  it('refuses cancelling when there is no live subscription', async () => {
    expect(await call(t, 'POST', '/api/billing/cancel', bob.headers)).toMatchObject({
      status: 409,
      body: { error: { message: BILLING_MESSAGES.noSubscription } },
    });
  });
});

describe('the one-time app package', () => {
  it('sets hasPaidAppPackage once paid, and is not sold twice', async () => {
    const res = await checkout(bob, 'app_package', 'year');
    expect(res.status).toBe(200);
    expect((await status(bob)).payments[0]).toMatchObject({
      itemId: 'app_package',
      interval: 'once',
      amount: 499,
    });
    await pay(res.body.saleId);
    expect(await status(bob)).toMatchObject({ plan: 'lite', hasPaidAppPackage: true });
    expect(await account(bob)).toMatchObject({ hasPaidAppPackage: true });
    expect(await checkout(bob, 'app_package')).toMatchObject({
      status: 409,
      body: { error: { message: BILLING_MESSAGES.alreadyPaid } },
    });
  });
});

describe('who may call billing', () => {
  it('answers 401 when signed out and 403 for an end user of an app', async () => {
    expect((await call(t, 'GET', '/api/billing/status', {})).status).toBe(401);
    expect((await checkout({ headers: {} } as SignedIn, 'explorer')).status).toBe(401);
    const appId = await insertApp(t, bob.user.id);
    const endUser = await signUpEndUser(t, appId, 'eve@example.com');
    expect((await call(t, 'GET', '/api/billing/status', endUser.headers)).status).toBe(403);
  });

  it('shows each builder only their own payments', async () => {
    const mine = await status(bob);
    const theirs = await status(ada);
    const ids = new Set(theirs.payments.map((payment) => payment.saleId));
    expect(mine.payments.every((payment) => !ids.has(payment.saleId))).toBe(true);
  });

  it('publishes the plans, billing and payments calls in the OpenAPI document', async () => {
    const { body } = await call<{ paths: Record<string, unknown> }>(t, 'GET', '/api/openapi.json', {});
    for (const path of [
      '/plans',
      '/live_api/app/paidPlans',
      '/billing/checkout',
      '/billing/status',
      '/billing/webhooks/stripe',
      '/billing/test/complete',
      '/apps/{appId}/payments/products',
      '/apps/{appId}/payments/connect',
      '/apps/{appId}/membership',
    ]) {
      expect(body.paths).toHaveProperty([path]);
    }
  });

  it('answers 404 for an unknown test sale', async () => {
    expect((await pay('sale_nope')).status).toBe(404);
    expect((await call(t, 'GET', '/api/billing/test/sales/sale_nope', {})).status).toBe(404);
  });
});
