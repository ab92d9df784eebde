import { z } from 'zod';
import { PAYMENT_PROVIDER_IDS } from '../constants/billing.ts';
import { CATALOGUE_ITEM_IDS } from '../plans/catalogue.ts';
import { BILLING_INTERVALS } from '../plans/pricing.ts';

/** Spec 1 §3 Plan, plus `disabled` (spec 1 §4). */
export const planSchema = z
  .object({
    id: z.enum(CATALOGUE_ITEM_IDS),
    name: z.string(),
    price: z.number(),
    priceYearly: z.number().nullable(),
    discountedPrice: z.number().nullable(),
    oneTimePayment: z.boolean(),
    isMostPopular: z.boolean(),
    description: z.string(),
    buttonText: z.string(),
    link: z.string(),
    disabled: z.boolean(),
  })
  .meta({ id: 'Plan' });

export const paymentProviderIdSchema = z.enum(PAYMENT_PROVIDER_IDS);

export const plansResponseSchema = z
  .object({
    plans: z.array(planSchema),
    currency: z.string(),
    /** True when payments are simulated (the dialog shows the demo banner). */
    demoMode: z.boolean(),
    provider: paymentProviderIdSchema,
  })
  .meta({ id: 'Plans' });
export type PlansResponse = z.infer<typeof plansResponseSchema>;

export const plansQuerySchema = z.object({ appId: z.string().max(100).optional() });

export const billingIntervalSchema = z.enum(BILLING_INTERVALS);

/** A path on this site to come back to after the checkout ("/build/app/x"); never another origin. */
const returnPathSchema = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'returnPath must be a path on this site');

export const checkoutRequestSchema = z
  .object({
    planId: z.string().min(1).max(50),
    interval: billingIntervalSchema.default('month'),
    returnPath: returnPathSchema.optional(),
  })
  .meta({ id: 'CheckoutRequest' });
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

/**
 * A visitor without an account pays first (spec 1 §2 `/joinplan`, `sale_id`): the checkout returns
 * to sign-up with `sale_id`, and the account created with it claims the sale (§4).
 */
export const guestCheckoutRequestSchema = z
  .object({
    planId: z.string().min(1).max(50),
    interval: billingIntervalSchema.default('month'),
  })
  .meta({ id: 'GuestCheckoutRequest' });
export type GuestCheckoutRequest = z.input<typeof guestCheckoutRequestSchema>;

export const checkoutResponseSchema = z
  .object({ checkoutUrl: z.string(), saleId: z.string() })
  .meta({ id: 'CheckoutStarted' });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const SALE_STATUSES = ['pending', 'completed', 'cancelled'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];
export const SALE_INTERVALS = ['month', 'year', 'once'] as const;
export type SaleInterval = (typeof SALE_INTERVALS)[number];

export const paymentSchema = z
  .object({
    saleId: z.string(),
    itemId: z.string(),
    interval: z.enum(SALE_INTERVALS),
    status: z.enum(SALE_STATUSES),
    amount: z.number(),
    currency: z.string(),
    provider: paymentProviderIdSchema,
    createdAt: z.string(),
    completedAt: z.string().nullable(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof paymentSchema>;

/** The plan side of the account plus its payments: what the web app polls after a payment. */
export const billingStatusSchema = z
  .object({
    plan: z.string(),
    subscriptionId: z.string().nullable(),
    planSubscriptionStatus: z.string().nullable(),
    planSubscriptionCancelledAt: z.string().nullable(),
    hasPaidAppPackage: z.boolean(),
    provider: paymentProviderIdSchema,
    payments: z.array(paymentSchema),
  })
  .meta({ id: 'BillingStatus' });
export type BillingStatus = z.infer<typeof billingStatusSchema>;

export const downgradeRequestSchema = z
  .object({ planId: z.string().min(1).max(50) })
  .meta({ id: 'DowngradeRequest' });

export const saleIdSchema = z.string().min(1).max(100);
export const testCompleteRequestSchema = z
  .object({ saleId: saleIdSchema })
  .meta({ id: 'TestCheckoutComplete' });

/** What the built-in test checkout page shows; the sale id is the capability to see it. */
export const testCheckoutSchema = z
  .object({
    saleId: z.string(),
    itemName: z.string(),
    interval: z.enum(SALE_INTERVALS),
    amount: z.number(),
    currency: z.string(),
    status: z.enum(SALE_STATUSES),
    successUrl: z.string(),
    cancelUrl: z.string(),
  })
  .meta({ id: 'TestCheckout' });
export type TestCheckout = z.infer<typeof testCheckoutSchema>;

export const testCompleteResponseSchema = z
  .object({ saleId: z.string(), status: z.enum(SALE_STATUSES), successUrl: z.string() })
  .meta({ id: 'TestCheckoutCompleted' });

export const portalResponseSchema = z.object({ url: z.string() }).meta({ id: 'BillingPortal' });

export const webhookReceiptSchema = z
  .object({ received: z.literal(true), duplicate: z.boolean() })
  .meta({ id: 'WebhookReceipt' });
