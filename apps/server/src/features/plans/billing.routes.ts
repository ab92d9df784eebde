import {
  BILLING_MESSAGES,
  billingStatusSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  downgradeRequestSchema,
  guestCheckoutRequestSchema,
  portalResponseSchema,
  saleIdSchema,
  testCheckoutSchema,
  testCompleteRequestSchema,
  testCompleteResponseSchema,
  webhookReceiptSchema,
} from '@atelier/shared';
import { z } from 'zod';
import { requireBuilder } from '../../platform/auth/middleware.ts';
import { AppError } from '../../platform/errors.ts';
import {
  createRouter,
  defineRoute,
  errorContent,
  jsonBody,
  jsonContent,
} from '../../platform/http/openapi.ts';
import { POLICY } from '../../platform/http/route-policy.ts';
import type { BillingService } from './billing.service.ts';

const tags = ['billing'];
const signedIn = { middleware: requireBuilder, tags };

const checkoutRoute = defineRoute({
  policy: POLICY.api,
  ...signedIn,
  method: 'post',
  path: '/billing/checkout',
  summary: 'Start a checkout for a plan (monthly or yearly) or the app package; the return carries sale_id',
  request: jsonBody(checkoutRequestSchema),
  responses: {
    200: jsonContent(checkoutResponseSchema, 'Where to send the builder to pay'),
    400: errorContent('Plan not available, or free'),
    404: errorContent('No such plan'),
    409: errorContent('Already on this plan'),
    502: errorContent('The payment provider failed'),
  },
});

const guestCheckoutRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/billing/guest-checkout',
  tags,
  summary:
    'A visitor without an account pays for a plan first: the checkout returns to /signup?sale_id=, and account creation with sale_id claims it',
  request: jsonBody(guestCheckoutRequestSchema),
  responses: {
    200: jsonContent(checkoutResponseSchema, 'Where to send the visitor to pay'),
    400: errorContent('Plan not available, or free'),
    404: errorContent('No such plan'),
    502: errorContent('The payment provider failed'),
  },
});

const statusRoute = defineRoute({
  policy: POLICY.api,
  ...signedIn,
  method: 'get',
  path: '/billing/status',
  summary: "The account's plan, subscription status and payments (polled after a payment)",
  responses: { 200: jsonContent(billingStatusSchema, 'Plan and payments') },
});

const cancelRoute = defineRoute({
  policy: POLICY.api,
  ...signedIn,
  method: 'post',
  path: '/billing/cancel',
  summary: 'Cancel the subscription at the end of the period (sets planSubscriptionCancelledAt)',
  responses: {
    200: jsonContent(billingStatusSchema, 'Plan and payments'),
    409: errorContent('No subscription'),
  },
});

const resumeRoute = defineRoute({
  policy: POLICY.api,
  ...signedIn,
  method: 'post',
  path: '/billing/resume',
  summary: 'Keep a subscription that was cancelled at period end',
  responses: {
    200: jsonContent(billingStatusSchema, 'Plan and payments'),
    409: errorContent('No subscription'),
  },
});

const downgradeRoute = defineRoute({
  policy: POLICY.api,
  ...signedIn,
  method: 'post',
  path: '/billing/downgrade',
  summary: 'Move to a lower plan (lite: at the end of the period)',
  request: jsonBody(downgradeRequestSchema),
  responses: {
    200: jsonContent(billingStatusSchema, 'Plan and payments'),
    400: errorContent('Not a lower plan'),
    409: errorContent('No subscription'),
  },
});

const portalRoute = defineRoute({
  policy: POLICY.api,
  ...signedIn,
  method: 'post',
  path: '/billing/portal',
  summary: "The payment provider's customer portal (invoices, card)",
  responses: { 200: jsonContent(portalResponseSchema, 'Portal address') },
});

const stripeWebhookRoute = defineRoute({
  policy: POLICY.unmetered,
  method: 'post',
  path: '/billing/webhooks/stripe',
  tags,
  summary: 'Stripe events (signature checked with STRIPE_WEBHOOK_SECRET); replays change nothing',
  responses: {
    200: jsonContent(webhookReceiptSchema, 'Applied, or a replay'),
    400: errorContent('Invalid webhook signature'),
    404: errorContent('Stripe is not configured'),
  },
});

const testCheckoutRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/billing/test/sales/{saleId}',
  tags,
  summary: 'What the built-in test checkout shows (test-mode provider only)',
  request: { params: z.object({ saleId: saleIdSchema }) },
  responses: { 200: jsonContent(testCheckoutSchema, 'The sale'), 404: errorContent('No such test sale') },
});

const testCompleteRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/billing/test/complete',
  tags,
  summary: 'Pay a test sale (the Pay button of the test checkout, or scripts); idempotent',
  request: jsonBody(testCompleteRequestSchema),
  responses: {
    200: jsonContent(testCompleteResponseSchema, 'Paid'),
    404: errorContent('No such test sale'),
    409: errorContent('The sale was cancelled'),
  },
});

export function billingRoutes(billing: BillingService, options: { testMode: boolean }) {
  const assertTestMode = () => {
    if (!options.testMode) throw new AppError('not_found', BILLING_MESSAGES.testModeOnly);
  };
  return createRouter()
    .openapi(checkoutRoute, async (c) =>
      c.json(await billing.checkout(c.var.actor, c.req.valid('json')), 200),
    )
    .openapi(guestCheckoutRoute, async (c) => c.json(await billing.guestCheckout(c.req.valid('json')), 200))
    .openapi(statusRoute, async (c) => c.json(await billing.status(c.var.actor), 200))
    .openapi(cancelRoute, async (c) => c.json(await billing.setCancelAtPeriodEnd(c.var.actor, true), 200))
    .openapi(resumeRoute, async (c) => c.json(await billing.setCancelAtPeriodEnd(c.var.actor, false), 200))
    .openapi(downgradeRoute, async (c) =>
      c.json(await billing.downgrade(c.var.actor, c.req.valid('json').planId), 200),
    )
    .openapi(portalRoute, async (c) => c.json({ url: await billing.portal(c.var.actor) }, 200))
    .openapi(stripeWebhookRoute, async (c) => {
      if (billing.provider.id !== 'stripe') throw new AppError('not_found', 'Stripe is not configured');
      const payload = await c.req.text();
      const { duplicate } = await billing.handleWebhook(payload, c.req.header('stripe-signature'));
      return c.json({ received: true as const, duplicate }, 200);
    })
    .openapi(testCheckoutRoute, async (c) => {
      assertTestMode();
      return c.json(await billing.testCheckout(c.req.valid('param').saleId), 200);
    })
    .openapi(testCompleteRoute, async (c) => {
      assertTestMode();
      return c.json(await billing.completeTestSale(c.req.valid('json').saleId), 200);
    });
}
