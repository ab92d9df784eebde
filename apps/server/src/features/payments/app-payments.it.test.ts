import {
  type AppPaidMemberships,
  type CheckoutResponse,
  MEMBERSHIP_MESSAGES,
  type MembershipStatusResponse,
} from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApp, type SignedIn, signUpEndUser, signUpVerified } from '../../../test/support/accounts.ts';
import { call, setPlan } from '../../../test/support/billing.ts';
import { FakeStripe } from '../../../test/support/fake-stripe.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { appMemberships, appPaymentSettings } from '../../platform/db/schema/index.ts';
import { createMembershipGate } from './membership-gate.ts';

const BUILDER_KEY = 'sk_test_builder_account';

let t: TestApp;
let stripe: FakeStripe;
let owner: SignedIn;
let stranger: SignedIn;
let appId: string;

beforeAll(async () => {
  stripe = await FakeStripe.start([BUILDER_KEY]);
  t = await createTestApp({ env: { PUBLIC_URL: 'http://atelier.test', STRIPE_API_BASE: stripe.url } });
  owner = await signUpVerified(t, 'owner@example.com');
  stranger = await signUpVerified(t, 'stranger@example.com');
  appId = await insertApp(t, owner.user.id, { isSignupEnabled: true });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const base = () => `/api/apps/${appId}/payments`;
const settingsRow = async (id = appId) =>
  (await t.deps.database.db.select().from(appPaymentSettings).where(eq(appPaymentSettings.appId, id)))[0];

describe('paid memberships setup (builder)', () => {
  it('refuses every settings change on the lite plan, on the server', async () => {
    const refusals = [
      await call(t, 'PATCH', base(), owner.headers, { isPaidMembershipsEnabled: true }),
      await call(t, 'GET', `${base()}/products?appId=${appId}&accessToken=test_abc`, owner.headers),
      await call(t, 'POST', `${base()}/connect`, owner.headers, { productId: 'prod_test_monthly' }),
      await call(t, 'POST', `${base()}/resync`, owner.headers),
    ];
    for (const res of refusals) {
      expect(res).toMatchObject({
        status: 403,
        body: {
          error: {
            code: 'plan_limit_reached',
            details: { limit: 'settingsEditing', plan: 'lite', upgrade: true },
          },
        },
      });
    }
    expect(await settingsRow()).toBeUndefined();
  });

  it('starts with nothing set up', async () => {
    await setPlan(t, owner.user.id, 'monetizer');
    expect((await call<AppPaidMemberships>(t, 'GET', base(), owner.headers)).body).toEqual({
      isPaidMembershipsEnabled: false,
      paidMembershipsSettings: {
        paymentProvider: null,
        hasPaymentProviderAccessToken: false,
        isSetupCompleted: false,
      },
      paidMembershipsProduct: null,
    });
  });

  it('needs user signup enabled before paid memberships can be turned on', async () => {
    const closed = await insertApp(t, owner.user.id, { isSignupEnabled: false });
    const res = await call(t, 'PATCH', `/api/apps/${closed}/payments`, owner.headers, {
      isPaidMembershipsEnabled: true,
    });
    expect(res).toMatchObject({
      status: 400,
      body: { error: { message: MEMBERSHIP_MESSAGES.signupRequired } },
    });
    const ok = await call<AppPaidMemberships>(t, 'PATCH', base(), owner.headers, {
      isPaidMembershipsEnabled: true,
    });
    expect(ok).toMatchObject({ status: 200, body: { isPaidMembershipsEnabled: true } });
  });

  it('answers 404 to another builder', async () => {
    expect((await call(t, 'GET', base(), stranger.headers)).status).toBe(404);
    await setPlan(t, stranger.user.id, 'moon');
    expect((await call(t, 'GET', `${base()}/products?accessToken=test_x`, stranger.headers)).status).toBe(
      404,
    );
  });

  it('names Stripe when a token is refused, and keeps no token', async () => {
    const res = await call(
      t,
      'GET',
      `${base()}/products?appId=${appId}&accessToken=sk_test_wrong`,
      owner.headers,
    );
    expect(res).toMatchObject({
      status: 400,
      body: { error: { message: 'Failed to fetch products from Stripe' } },
    });
    expect((await settingsRow())?.accessTokenCiphertext ?? null).toBeNull();
  });

  it('lists the products of a Stripe account and keeps the token encrypted', async () => {
    stripe.addProduct(BUILDER_KEY, 'Gold members', 1500, 'month');
    const res = await call<{ products: { id: string; name: string }[] }>(
      t,
      'GET',
      `${base()}/products?appId=${appId}&accessToken=${BUILDER_KEY}`,
      owner.headers,
    );
    expect(res.status).toBe(200);
    expect(res.body.products).toEqual([{ id: expect.stringMatching(/^prod_/), name: 'Gold members' }]);
    const row = await settingsRow();
    expect(row?.accessTokenCiphertext).toMatch(/^v1:/);
    expect(row?.accessTokenCiphertext).not.toContain(BUILDER_KEY);
    expect(
      (await call<AppPaidMemberships>(t, 'GET', base(), owner.headers)).body.paidMembershipsSettings,
    ).toEqual({
      paymentProvider: 'stripe',
      hasPaymentProviderAccessToken: true,
      isSetupCompleted: false,
    });
    // Later listings use the stored token.
    const again = await call<{ products: unknown[] }>(
      t,
      'GET',
      `${base()}/products?appId=${appId}`,
      owner.headers,
    );
    expect(again.body.products).toHaveLength(1);
  });

  it('refuses a product the account does not have', async () => {
    const res = await call(t, 'POST', `${base()}/connect`, owner.headers, { productId: 'prod_missing' });
    expect(res).toMatchObject({
      status: 400,
      body: { error: { message: MEMBERSHIP_MESSAGES.productNotFound } },
    });
  });

  it('connects a product: registers our webhook in the builder account and completes the setup', async () => {
    const [product] = [...stripe.account(BUILDER_KEY).products.values()];
    const res = await call<AppPaidMemberships & { message: string }>(
      t,
      'POST',
      `${base()}/connect`,
      owner.headers,
      {
        productId: product!.id,
      },
    );
    expect(res).toMatchObject({
      status: 200,
      body: {
        message: "Connected to Stripe, you're all set!",
        paidMembershipsSettings: { isSetupCompleted: true, paymentProvider: 'stripe' },
        paidMembershipsProduct: { id: product!.id, name: 'Gold members' },
      },
    });
    const [endpoint] = [...stripe.account(BUILDER_KEY).webhookEndpoints.values()];
    expect(endpoint).toMatchObject({ url: `http://atelier.test/api/apps/${appId}/payments/webhook` });
    expect((await settingsRow())?.webhookSecretCiphertext).toMatch(/^v1:/);
  });
});

describe('members of an app (end users, Stripe)', () => {
  let member: Awaited<ReturnType<typeof signUpEndUser>>;
  let webhookSecret: string;

  const deliver = async (payload: string, signature: string) => {
    const res = await t.app.request(`${base()}/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    return { status: res.status, body: (await res.json()) as { duplicate?: boolean } };
  };

  beforeAll(async () => {
    member = await signUpEndUser(t, appId, 'member@example.com');
    webhookSecret = String([...stripe.account(BUILDER_KEY).webhookEndpoints.values()][0]!.secret);
  });

  it('meets the paywall before subscribing', async () => {
    const res = await call<MembershipStatusResponse>(
      t,
      'GET',
      `/api/apps/${appId}/membership`,
      member.headers,
    );
    expect(res.body).toMatchObject({
      required: true,
      isMember: false,
      status: 'none',
      product: { name: 'Gold members' },
    });
  });

  it('never paywalls the owner, and hides the app from other builders', async () => {
    expect((await call(t, 'GET', `/api/apps/${appId}/membership`, owner.headers)).body).toMatchObject({
      isMember: true,
    });
    expect((await call(t, 'GET', `/api/apps/${appId}/membership`, stranger.headers)).status).toBe(404);
  });

  it("subscribes through a checkout in the builder's Stripe account and becomes a member from the webhook", async () => {
    const res = await call<CheckoutResponse>(
      t,
      'POST',
      `/api/apps/${appId}/membership/checkout`,
      member.headers,
      {
        returnUrl: `http://atelier.test/app/${appId}/pricing`,
      },
    );
    expect(res.status).toBe(200);
    const session = [...stripe.account(BUILDER_KEY).sessions.values()].at(-1)!;
    expect(session).toMatchObject({
      mode: 'subscription',
      customer_email: 'member@example.com',
      success_url: `http://atelier.test/app/${appId}/pricing`,
      metadata: { appId, saleId: res.body.saleId, userId: member.user.id },
    });
    const events = stripe.completeCheckout(BUILDER_KEY, String(session.id), webhookSecret);
    for (const event of events) expect((await deliver(event.payload, event.signature)).status).toBe(200);
    const status = await call<MembershipStatusResponse>(
      t,
      'GET',
      `/api/apps/${appId}/membership`,
      member.headers,
    );
    expect(status.body).toMatchObject({
      required: true,
      isMember: true,
      status: 'active',
      currentPeriodEnd: expect.any(String),
    });
    for (const event of events)
      expect((await deliver(event.payload, event.signature)).body.duplicate).toBe(true);
  });

  it('refuses a second subscription and unsigned webhooks', async () => {
    const again = await call(t, 'POST', `/api/apps/${appId}/membership/checkout`, member.headers, {});
    expect(again).toMatchObject({
      status: 409,
      body: { error: { message: MEMBERSHIP_MESSAGES.alreadyMember } },
    });
    expect((await deliver('{"id":"evt_x","type":"x","data":{"object":{}}}', 't=1,v1=00')).status).toBe(400);
  });

  it('ends the membership when the subscription is deleted, and resync restores it from Stripe', async () => {
    const subscription = [...stripe.account(BUILDER_KEY).subscriptions.values()].at(-1)!;
    const deleted = stripe.event(
      'customer.subscription.deleted',
      { ...subscription, status: 'canceled' },
      webhookSecret,
    );
    await deliver(deleted.payload, deleted.signature);
    const [row] = await t.deps.database.db
      .select()
      .from(appMemberships)
      .where(eq(appMemberships.userId, member.user.id));
    expect(row?.status).toBe('canceled');
    // Stripe still has it active (say the deletion was a mistake): resync brings the member back.
    const res = await call<{ message: string }>(t, 'POST', `${base()}/resync`, owner.headers);
    expect(res).toMatchObject({ status: 200, body: { message: 'Resynced with Stripe' } });
    const status = await call<MembershipStatusResponse>(
      t,
      'GET',
      `/api/apps/${appId}/membership`,
      member.headers,
    );
    expect(status.body.status).toBe('active');
  });

  it('lets the membership gate through members and the owner only', async () => {
    const gate = createMembershipGate(t.deps.database.db);
    const actorOf = (user: { id: string; tenantId: string; appId: string | null; email: string }) => ({
      userId: user.id,
      tenantId: user.tenantId,
      appId: user.appId,
      email: user.email,
      name: null,
      isAdmin: false,
      emailVerified: true,
      sessionId: 's',
      via: 'access-token' as const,
    });
    await expect(gate.assertMember(appId, actorOf(member.user))).resolves.toBeUndefined();
    await expect(gate.assertMember(appId, actorOf(owner.user))).resolves.toBeUndefined();
    const visitor = await signUpEndUser(t, appId, 'visitor@example.com');
    await expect(gate.assertMember(appId, actorOf(visitor.user))).rejects.toMatchObject({
      status: 403,
      message: MEMBERSHIP_MESSAGES.membersOnly,
    });
    await expect(gate.assertMember(appId, undefined)).rejects.toMatchObject({ status: 403 });
    await expect(gate.assertMember(appId, actorOf(stranger.user))).rejects.toMatchObject({ status: 403 });
    const anonymous = await call<MembershipStatusResponse>(t, 'GET', `/api/apps/${appId}/membership`, {});
    expect(anonymous.body).toMatchObject({ required: true, isMember: false, status: 'none' });
  });

  it('answers 404 to an end user of another app', async () => {
    const otherApp = await insertApp(t, owner.user.id);
    const outsider = await signUpEndUser(t, otherApp, 'outsider@example.com');
    expect((await call(t, 'GET', `/api/apps/${appId}/membership`, outsider.headers)).status).toBe(404);
    expect(
      (await call(t, 'POST', `/api/apps/${appId}/membership/checkout`, outsider.headers, {})).status,
    ).toBe(404);
  });
});

describe('paid memberships with the demo-mode test provider', () => {
  it('sets up with a test_ token and lets an end user subscribe through the test checkout', async () => {
    const demoApp = await insertApp(t, owner.user.id, { isSignupEnabled: true });
    const path = `/api/apps/${demoApp}/payments`;
    const products = await call<{ products: { id: string; name: string }[] }>(
      t,
      'GET',
      `${path}/products?appId=${demoApp}&accessToken=test_demo`,
      owner.headers,
    );
    expect(products.body.products.map((product) => product.name)).toEqual([
      'Members (monthly)',
      'Members (yearly)',
    ]);
    const connected = await call<{ message: string }>(t, 'POST', `${path}/connect`, owner.headers, {
      productId: 'prod_test_monthly',
    });
    expect(connected.body.message).toBe("Connected to Test payments, you're all set!");
    await call(t, 'PATCH', path, owner.headers, { isPaidMembershipsEnabled: true });

    const user = await signUpEndUser(t, demoApp, 'demo-member@example.com');
    const checkout = await call<CheckoutResponse>(
      t,
      'POST',
      `/api/apps/${demoApp}/membership/checkout`,
      user.headers,
      {},
    );
    expect(checkout.body.checkoutUrl).toBe(
      `http://atelier.test/billing/test-checkout/${checkout.body.saleId}`,
    );
    const page = await call(t, 'GET', `/api/billing/test/sales/${checkout.body.saleId}`, {});
    expect(page.body).toMatchObject({
      itemName: 'Members (monthly)',
      amount: 9,
      successUrl: `http://atelier.test/app/${demoApp}`,
    });
    await call(t, 'POST', '/api/billing/test/complete', {}, { saleId: checkout.body.saleId });
    const status = await call<MembershipStatusResponse>(
      t,
      'GET',
      `/api/apps/${demoApp}/membership`,
      user.headers,
    );
    expect(status.body).toMatchObject({ required: true, isMember: true, status: 'active' });
  });

  it('keeps a returnUrl on this site only', async () => {
    const demoApp = await insertApp(t, owner.user.id, { isSignupEnabled: true });
    const path = `/api/apps/${demoApp}/payments`;
    await call(t, 'GET', `${path}/products?accessToken=test_demo`, owner.headers);
    await call(t, 'POST', `${path}/connect`, owner.headers, { productId: 'prod_test_yearly' });
    await call(t, 'PATCH', path, owner.headers, { isPaidMembershipsEnabled: true });
    const user = await signUpEndUser(t, demoApp, 'x@example.com');
    const checkout = await call<CheckoutResponse>(
      t,
      'POST',
      `/api/apps/${demoApp}/membership/checkout`,
      user.headers,
      {
        returnUrl: 'https://evil.example/steal',
      },
    );
    const page = await call(t, 'GET', `/api/billing/test/sales/${checkout.body.saleId}`, {});
    expect(page.body).toMatchObject({
      successUrl: `http://atelier.test/app/${demoApp}`,
      amount: 90,
      interval: 'year',
    });
  });
});

describe('user signup and paid memberships (spec 2 §5, issue 23 #4)', () => {
  it('switching user signup off switches paid memberships off, keeping their setup', async () => {
    await setPlan(t, owner.user.id, 'monetizer');
    const app = await insertApp(t, owner.user.id, { isSignupEnabled: true });
    const path = `/api/apps/${app}/payments`;
    await call(t, 'GET', `${path}/products?accessToken=test_demo`, owner.headers);
    await call(t, 'POST', `${path}/connect`, owner.headers, { productId: 'prod_test_monthly' });
    expect(await call(t, 'PATCH', path, owner.headers, { isPaidMembershipsEnabled: true })).toMatchObject({
      status: 200,
      body: { isPaidMembershipsEnabled: true },
    });

    const off = await call(t, 'PATCH', `/api/apps/${app}`, owner.headers, { isSignupEnabled: false });
    expect(off).toMatchObject({ status: 200, body: { isSignupEnabled: false } });
    expect((await call<AppPaidMemberships>(t, 'GET', path, owner.headers)).body).toMatchObject({
      isPaidMembershipsEnabled: false,
      paidMembershipsSettings: { paymentProvider: 'test', isSetupCompleted: true },
      paidMembershipsProduct: { id: 'prod_test_monthly' },
    });
    // Another builder's PATCH of the app is refused and touches nothing of it.
    await call(t, 'PATCH', `/api/apps/${app}`, owner.headers, { isSignupEnabled: true });
    await call(t, 'PATCH', path, owner.headers, { isPaidMembershipsEnabled: true });
    expect(
      (await call(t, 'PATCH', `/api/apps/${app}`, stranger.headers, { isSignupEnabled: false })).status,
    ).toBe(404);
    expect((await settingsRow(app))?.isEnabled).toBe(true);
  });
});
