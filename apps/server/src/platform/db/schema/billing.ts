import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { apps } from './apps.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export type SaleKind = 'plan' | 'app_package' | 'membership';
export type SaleStatusValue = 'pending' | 'completed' | 'cancelled';
export type SaleIntervalValue = 'month' | 'year' | 'once';
export type ProviderValue = 'stripe' | 'test';

/**
 * One checkout: a builder buying a plan or the app package, or an app's end user buying a
 * membership (`app_id` set). The id is the spec's `sale_id`. A visitor may pay for a plan before
 * having an account (`user_id` null): the account created with the sale claims it, once.
 */
export const billingSales = pgTable(
  'billing_sales',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    appId: text('app_id').references(() => apps.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<SaleKind>().notNull(),
    itemId: text('item_id').notNull(),
    interval: text('interval').$type<SaleIntervalValue>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').$type<ProviderValue>().notNull(),
    status: text('status').$type<SaleStatusValue>().notNull().default('pending'),
    providerSessionId: text('provider_session_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [
    index('billing_sales_user_idx').on(t.userId, t.createdAt),
    index('billing_sales_session_idx').on(t.providerSessionId),
  ],
);

/** A builder's plan subscription as the provider last described it. */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: text('id').primaryKey(),
    provider: text('provider').$type<ProviderValue>().notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    saleId: text('sale_id'),
    itemId: text('item_id').notNull(),
    interval: text('interval').$type<SaleIntervalValue>().notNull(),
    status: text('status').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodEnd: timestamptz('current_period_end'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('billing_subscriptions_user_idx').on(t.userId)],
);

/** The provider's customer of a builder (Stripe customer id), made at the first checkout. */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<ProviderValue>().notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.provider] }),
    uniqueIndex('billing_customers_customer_key').on(t.provider, t.customerId),
  ],
);

/**
 * Every provider event applied, keyed by (source, event id): a replayed webhook finds its row and
 * changes nothing. `source` is `stripe`, `test`, or `app:{appId}` for an app's own provider.
 */
export const billingEvents = pgTable(
  'billing_events',
  {
    source: text('source').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.source, t.eventId] })],
);

/**
 * Paid memberships of an app (spec 2 §3): its payment provider, the builder's access token and
 * the webhook secret (both encrypted with the secret box), and the product sold.
 */
export const appPaymentSettings = pgTable('app_payment_settings', {
  appId: text('app_id')
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  isEnabled: boolean('is_enabled').notNull().default(false),
  provider: text('provider').$type<ProviderValue>(),
  accessTokenCiphertext: text('access_token_ciphertext'),
  productId: text('product_id'),
  productName: text('product_name'),
  priceId: text('price_id'),
  webhookEndpointId: text('webhook_endpoint_id'),
  webhookSecretCiphertext: text('webhook_secret_ciphertext'),
  isSetupCompleted: boolean('is_setup_completed').notNull().default(false),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export type MembershipStatusValue = 'pending' | 'active' | 'past_due' | 'canceled';

/** An end user's membership of an app. */
export const appMemberships = pgTable(
  'app_memberships',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<MembershipStatusValue>().notNull(),
    provider: text('provider').$type<ProviderValue>().notNull(),
    subscriptionId: text('subscription_id'),
    productId: text('product_id'),
    currentPeriodEnd: timestamptz('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.userId] }),
    index('app_memberships_subscription_idx').on(t.subscriptionId).where(sql`subscription_id is not null`),
  ],
);
