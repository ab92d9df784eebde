import {
  AUTH_TEXTS,
  type AuthUser,
  emailAddressSchema,
  PLATFORM_TENANT,
  tenantForApp,
} from '@atelier/shared';
import type { Actor } from '../../platform/auth/actor.ts';
import { consumeOrThrow } from '../../platform/auth/rate-limits.ts';
import type { AuthRuntime } from '../../platform/auth/runtime.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { AccountsRepo, UserRow } from './accounts.repo.ts';

/** What the accounts services share. */
export interface AccountsContext {
  auth: AuthRuntime;
  repo: AccountsRepo;
  mailer: Mailer;
  logger: Logger;
  /** Gives the signed-in builder a sale paid before the account existed (features/plans). */
  claimSale?: (actor: Actor, saleId: string) => Promise<void>;
  /**
   * The addresses an app is reached at, its published address first (features/apps): where an end
   * user's sign-in may continue (continuation.ts). Empty for an unknown app.
   */
  appAddresses: (appId: string) => Promise<string[]>;
  /**
   * Whether `address` is a page of the app: one of `appAddresses`, or its builder preview
   * (apps/app-address.ts), where an end user who started there goes back to.
   */
  isAppAddress: (appId: string, address: string) => Promise<boolean>;
}

/** Who is calling, for rate limits and the session list. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  /** The request comes from this machine (client-ip.ts `isLoopbackRequest`). */
  loopback: boolean;
}

export interface Tenant {
  tenantId: string;
  /** Shown in e-mails: "Atelier" for builders, the app's name for its end users. */
  displayName: string;
  app: { id: string; name: string; isSignupEnabled: boolean } | undefined;
}

export const PLATFORM_NAME = 'Atelier';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export const isEmailAddress = (email: string) => emailAddressSchema.safeParse(email).success;

/** The tenant a flow acts in: the platform, or the end users of `appId` (404 when the app does not exist). */
export async function resolveTenant(ctx: AccountsContext, appId: string | null | undefined): Promise<Tenant> {
  if (!appId) return { tenantId: PLATFORM_TENANT, displayName: PLATFORM_NAME, app: undefined };
  const app = await ctx.repo.findApp(appId);
  if (!app) throw notFound();
  return { tenantId: tenantForApp(app.id), displayName: app.name, app };
}

/** Whether new accounts may be made in the tenant: always for builders, per app for end users. */
export function assertSignupAllowed(tenant: Tenant): void {
  if (tenant.app && !tenant.app.isSignupEnabled)
    throw new AppError('forbidden', AUTH_TEXTS.appSignupDisabled);
}

/**
 * Counts one e-mail to `to` against the per-recipient and per-address limits (429 when over).
 * Call it before storing the mail's link token, so a refused request stores nothing.
 */
export async function countMailOrThrow(
  ctx: AccountsContext,
  tenantId: string,
  meta: RequestMeta,
  to: string,
): Promise<void> {
  const tooMany = new AppError('rate_limited', AUTH_TEXTS.tooManyRequests);
  await consumeOrThrow(ctx.auth.limits.mailByRecipient, `${tenantId}:${to}`, tooMany);
  // Across every app too: many apps must not add up to a flood to one inbox.
  await consumeOrThrow(ctx.auth.limits.mailByAddress, to, tooMany);
  await consumeOrThrow(ctx.auth.limits.mailByIp, meta.ip, tooMany);
}

/** The user as the API shows it: never the hash. */
export function toAuthUser(ctx: AccountsContext, user: UserRow): AuthUser {
  return {
    id: user.id,
    tenantId: user.tenantId,
    appId: user.tenantId.startsWith('app:') ? user.tenantId.slice(4) : null,
    email: user.email,
    name: user.name,
    emailVerified: user.emailVerifiedAt !== null,
    isAdmin: ctx.auth.sessions.isAdmin(user),
    hasPassword: user.passwordHash !== null,
    businessDetails: user.businessDetails,
    createdAt: user.createdAt.toISOString(),
  };
}
