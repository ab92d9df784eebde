import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Accounts of every tenant: `platform` for builders, `app:{appId}` for the end users of one app.
 * The e-mail is stored lower-cased and is unique per tenant only.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    email: text('email').notNull(),
    name: text('name'),
    /** argon2id; null for accounts that sign in only through a provider or a magic link. */
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamptz('email_verified_at'),
    disabledAt: timestamptz('disabled_at'),
    isAdmin: boolean('is_admin').notNull().default(false),
    plan: text('plan').notNull().default('lite'),
    subscriptionId: text('subscription_id'),
    planSubscriptionStatus: text('plan_subscription_status'),
    planSubscriptionCancelledAt: timestamptz('plan_subscription_cancelled_at'),
    appHeader: text('app_header'),
    /** Free-text business context given in /settings. */
    businessDetails: text('business_details'),
    hasBusinessInfo: boolean('has_business_info').notNull().default(false),
    hasPaidAppPackage: boolean('has_paid_app_package').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_tenant_email_key').on(t.tenantId, t.email)],
);

/** Signed-in sessions. Only the SHA-256 of the opaque token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    userAgent: text('user_agent'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export type AuthTokenKind =
  | 'verify_email'
  | 'reset_password'
  | 'magic_link'
  | 'email_change'
  | 'custom_token';

/** One-time tokens sent by e-mail (and custom-token ids): hashed, expiring, single-use. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    kind: text('kind').$type<AuthTokenKind>().notNull(),
    /** Null for a magic link to an address that has no account yet. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    newEmail: text('new_email'),
    tokenHash: text('token_hash').notNull().unique(),
    /** HMAC of the 6-digit code of a magic link. */
    otpHash: text('otp_hash'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('auth_tokens_lookup_idx').on(t.tenantId, t.kind, t.email).where(sql`used_at is null`)],
);

/** Identities at OAuth providers linked to an account. */
export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id').notNull(),
    provider: text('provider').notNull(),
    providerUserId: text('provider_user_id').notNull(),
    email: text('email'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('oauth_accounts_identity_key').on(t.tenantId, t.provider, t.providerUserId)],
);
