import { z } from 'zod';
import { paymentProviderIdSchema } from './billing.ts';

/** Spec 2 §3: paid memberships settings and product of an app. */
export const paidMembershipsSettingsSchema = z
  .object({
    paymentProvider: paymentProviderIdSchema.nullable(),
    hasPaymentProviderAccessToken: z.boolean(),
    isSetupCompleted: z.boolean(),
  })
  .meta({ id: 'PaidMembershipsSettings' });

export const paymentProductSchema = z
  .object({ id: z.string(), name: z.string() })
  .meta({ id: 'PaymentProduct' });
export type PaymentProduct = z.infer<typeof paymentProductSchema>;

/** The paid-membership fields of an App (spec 2 §3). */
export const appPaidMembershipsSchema = z
  .object({
    isPaidMembershipsEnabled: z.boolean(),
    paidMembershipsSettings: paidMembershipsSettingsSchema,
    paidMembershipsProduct: paymentProductSchema.nullable(),
  })
  .meta({ id: 'AppPaidMemberships' });
export type AppPaidMemberships = z.infer<typeof appPaidMembershipsSchema>;

export const appPaymentsParamSchema = z.object({ appId: z.string().min(1).max(100) });

export const paymentProductsQuerySchema = z.object({
  appId: z.string().max(100).optional(),
  /** Optional once a token is stored: the stored one is used. */
  accessToken: z.string().max(500).optional(),
});

export const paymentProductsResponseSchema = z
  .object({ products: z.array(paymentProductSchema) })
  .meta({ id: 'PaymentProducts' });

export const paymentConnectRequestSchema = z
  .object({ productId: z.string().min(1).max(200) })
  .meta({ id: 'PaymentConnect' });

export const paidMembershipsUpdateSchema = z
  .object({ isPaidMembershipsEnabled: z.boolean() })
  .meta({ id: 'PaidMembershipsUpdate' });

/** The paid-membership fields plus a message to show (connect, resync). */
export const appPaidMembershipsResultSchema = appPaidMembershipsSchema
  .extend({ message: z.string() })
  .meta({ id: 'AppPaidMembershipsResult' });

export const MEMBERSHIP_STATUSES = ['none', 'pending', 'active', 'past_due', 'canceled'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** An end user's membership of an app, as the app SDK reads it. */
export const membershipStatusSchema = z
  .object({
    /** The app sells memberships: non-members meet the paywall. */
    required: z.boolean(),
    isMember: z.boolean(),
    status: z.enum(MEMBERSHIP_STATUSES),
    product: paymentProductSchema.nullable(),
    currentPeriodEnd: z.string().nullable(),
    cancelAtPeriodEnd: z.boolean(),
  })
  .meta({ id: 'MembershipStatus' });
export type MembershipStatusResponse = z.infer<typeof membershipStatusSchema>;

export const membershipCheckoutRequestSchema = z
  .object({ returnUrl: z.string().max(2000).optional() })
  .meta({ id: 'MembershipCheckoutRequest' });
