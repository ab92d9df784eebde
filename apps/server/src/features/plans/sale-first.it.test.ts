import {
  AUTH_MESSAGES,
  BILLING_MESSAGES,
  type BillingStatus,
  type CheckoutResponse,
  SALE_ID_PARAM,
} from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUpVerified } from '../../../test/support/accounts.ts';
import { call } from '../../../test/support/billing.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { billingSales } from '../../platform/db/schema/index.ts';

/**
 * Spec 1 §2 (`/joinplan`, `sale_id`) and §4 "account creation with a sale": a visitor without an
 * account pays first, then signs up and creates the account with the sale, ending on the paid plan.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://atelier.test' } });
});
afterAll(() => t.close());

const guestCheckout = (planId: string, interval = 'month') =>
  call<CheckoutResponse>(t, 'POST', '/api/billing/guest-checkout', {}, { planId, interval });
const pay = (saleId: string) => call(t, 'POST', '/api/billing/test/complete', {}, { saleId });
const createAccount = (who: SignedIn, saleId: string) =>
  call<{ accountId?: string; error?: { code: string; message: string } }>(
    t,
    'POST',
    `/api/live_api/account/create?${SALE_ID_PARAM}=${encodeURIComponent(saleId)}`,
    who.headers,
  );
const account = async (who: SignedIn) =>
  (await call<Record<string, unknown>>(t, 'GET', '/api/live_api/account/current', who.headers)).body;

describe('paying before having an account', () => {
  it('lets a visitor pay, then sign up and create the account with the sale, on the paid plan', async () => {
    const started = await guestCheckout('explorer', 'year');
    expect(started.status).toBe(200);
    const { saleId, checkoutUrl } = started.body;
    expect(checkoutUrl).toBe(`http://atelier.test/billing/test-checkout/${saleId}`);
    const paid = await pay(saleId);
    expect(paid.status).toBe(200);
    // Back from the checkout: to sign-up, carrying the sale.
    expect(paid.body.successUrl).toBe(`http://atelier.test/signup?${SALE_ID_PARAM}=${saleId}`);
    const [unclaimed] = await t.deps.database.db
      .select()
      .from(billingSales)
      .where(eq(billingSales.id, saleId));
    expect(unclaimed).toMatchObject({ userId: null, status: 'completed' });

    const grace = await signUpVerified(t, 'grace@example.com');
    expect(await account(grace)).toMatchObject({ plan: 'lite' });
    const created = await createAccount(grace, saleId);
    expect(created.status).toBe(200);
    expect(created.body.accountId).toBe(grace.user.id);
    expect(await account(grace)).toMatchObject({
      plan: 'explorer',
      planSubscriptionStatus: 'active',
      subscriptionId: `sub_test_${saleId}`,
    });
    const { body: status } = await call<BillingStatus>(t, 'GET', '/api/billing/status', grace.headers);
    expect(status.payments).toEqual([expect.objectContaining({ saleId, status: 'completed' })]);
    // The client's retries: creating the account again with the same sale changes nothing.
    expect((await createAccount(grace, saleId)).status).toBe(200);
    expect(await account(grace)).toMatchObject({ plan: 'explorer' });
  });

  it('gives a sale to one account only', async () => {
    const { body } = await guestCheckout('app_package');
    await pay(body.saleId);
    const first = await signUpVerified(t, 'first@example.com');
    const second = await signUpVerified(t, 'second@example.com');
    expect((await createAccount(first, body.saleId)).status).toBe(200);
    expect(await account(first)).toMatchObject({ hasPaidAppPackage: true });
    const refused = await createAccount(second, body.saleId);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toBe(BILLING_MESSAGES.saleClaimed);
    expect(await account(second)).toMatchObject({ hasPaidAppPackage: false, plan: 'lite' });
  });

  it('answers 401 with the account-creation message for an unknown or unpaid sale, and for a builder’s own sale', async () => {
    const who = await signUpVerified(t, 'hopper@example.com');
    const { body } = await guestCheckout('explorer');
    for (const saleId of ['sale_unknown', body.saleId]) {
      const res = await createAccount(who, saleId);
      expect(res.status).toBe(401);
      expect(res.body.error?.message).toBe(AUTH_MESSAGES.accountCreate.failed);
    }
    expect(await account(who)).toMatchObject({ plan: 'lite' });
    // Paid later (the client's retries): the same call now succeeds.
    await pay(body.saleId);
    expect((await createAccount(who, body.saleId)).status).toBe(200);
    expect(await account(who)).toMatchObject({ plan: 'explorer' });

    // A sale started by a signed-in builder is theirs: nobody else claims it.
    const owner = await signUpVerified(t, 'owner@example.com');
    const own = await call<CheckoutResponse>(t, 'POST', '/api/billing/checkout', owner.headers, {
      planId: 'explorer',
      interval: 'month',
    });
    await pay(own.body.saleId);
    expect((await createAccount(who, own.body.saleId)).status).toBe(409);
    expect(await account(owner)).toMatchObject({ plan: 'explorer' });
  });

  it('refuses the free plan and unknown plans at the visitor checkout', async () => {
    expect(await guestCheckout('lite')).toMatchObject({
      status: 400,
      body: { error: { message: BILLING_MESSAGES.freePlanNoCheckout } },
    });
    expect(await guestCheckout('nope')).toMatchObject({
      status: 404,
      body: { error: { message: BILLING_MESSAGES.planNotFound } },
    });
  });
});
