import { describe, expect, it } from 'vitest';
import { billingEnvSchema, toBillingConfig } from './billing-config.ts';

const read = (env: Record<string, string>) => toBillingConfig(billingEnvSchema.parse(env));

describe('billing configuration', () => {
  it('defaults to the test-mode provider in demo mode', () => {
    expect(read({})).toEqual({
      billing: {
        provider: 'test',
        demoMode: true,
        disabledPlans: [],
        stripe: undefined,
        stripeApiBase: 'https://api.stripe.com',
      },
      problems: [],
    });
  });

  it('uses Stripe when a secret key is set, with prices from STRIPE_PRICES and STRIPE_PRICE_* variables', () => {
    const { billing, problems } = read({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_API_BASE: 'http://127.0.0.1:4000/',
      STRIPE_PRICES: '{"explorer":{"month":"price_em","year":"price_ey"}}',
      STRIPE_PRICE_EXPLORER_YEAR: 'price_ey2',
      STRIPE_PRICE_APP_PACKAGE_ONCE: 'price_pkg',
    });
    expect(problems).toEqual([]);
    expect(billing).toMatchObject({ provider: 'stripe', demoMode: false });
    expect(billing.stripe).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      apiBase: 'http://127.0.0.1:4000',
      prices: { explorer: { month: 'price_em', year: 'price_ey2' }, app_package: { once: 'price_pkg' } },
    });
  });

  it('lets BILLING_DEMO_MODE override the default', () => {
    expect(read({ BILLING_DEMO_MODE: 'false' }).billing.demoMode).toBe(false);
    expect(
      read({ STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'whsec', BILLING_DEMO_MODE: 'true' }).billing
        .demoMode,
    ).toBe(true);
  });

  it('names every problem: missing webhook secret, bad prices JSON, unknown plans', () => {
    expect(
      read({ STRIPE_SECRET_KEY: 'sk', STRIPE_PRICES: '{nope', BILLING_DISABLED_PLANS: 'lite, gold' })
        .problems,
    ).toEqual([
      'BILLING_DISABLED_PLANS: unknown plan "gold" (one of lite, discover, explorer, monetizer, moon, app_package)',
      'STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set',
      'STRIPE_PRICES: not valid JSON',
    ]);
    expect(read({ BILLING_DISABLED_PLANS: 'lite' }).billing.disabledPlans).toEqual(['lite']);
  });
});
