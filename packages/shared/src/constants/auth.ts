/** Spec 1 §9 and the issue: the numbers of the sign-in flows. */
export const AUTH_LIMITS = {
  /** The sign-in token is refreshed every 50 minutes (3,000,000 ms). */
  tokenRefreshIntervalMs: 3_000_000,
  /** Account creation with a sale: wait 3 s before the first call… */
  saleCreateInitialDelayMs: 3_000,
  /** …then retry up to 7 times at 4 s on 401. */
  saleCreateRetries: 7,
  saleCreateRetryIntervalMs: 4_000,
  passwordMinLength: 8,
  passwordMaxLength: 256,
  /** E-mailed links and codes expire after 15 minutes and work once. */
  actionCodeTtlMs: 15 * 60 * 1000,
  otpLength: 6,
  otpMaxAttempts: 5,
  /** Failed logins counted over 15 minutes (issue 20 #8: back-off, never a wall for the owner). */
  loginWindowMs: 15 * 60 * 1000,
  /** Wrong passwords one address may try on one account before each further one waits… */
  loginFreeFailures: 5,
  /** …30 s, then 1 min, 2 min… doubling per failure, at most 15 minutes. */
  loginBackoffBaseMs: 30 * 1000,
  loginBackoffMaxMs: 15 * 60 * 1000,
  /** Past this many failures on one account from all addresses, any address that failed on it waits from its first failure. */
  loginAccountAlertFailures: 50,
  /**
   * An account whose address was never verified stops accepting its password after 7 days (issue
   * 20 #7); the owner of the inbox gets in by magic link, code or reset, which also verify it.
   */
  unverifiedPasswordTtlMs: 7 * 24 * 60 * 60 * 1000,
  /**
   * An account never verified, this old, with no live session and owning nothing (no app, no
   * record it created) is deleted by the hourly sweep (features/accounts/stale-accounts.ts).
   */
  unverifiedAccountTtlMs: 30 * 24 * 60 * 60 * 1000,
  /** Failed logins one address may make across all accounts (a proxy or office shares one address). */
  loginMaxFailuresPerIp: 100,
} as const;

/** Tenant of the builders; an app's end users live in `app:{appId}`. */
export const PLATFORM_TENANT = 'platform';

export const tenantForApp = (appId: string) => `app:${appId}`;

/** The appId of an app tenant, or null for the platform tenant. */
export function appIdOfTenant(tenantId: string): string | null {
  return tenantId.startsWith('app:') ? tenantId.slice(4) : null;
}

/** Modes of the links e-mailed to `/auth/handler?mode=…&oobCode=…&continueUrl=…`. */
export const AUTH_ACTION_MODES = ['verifyEmail', 'resetPassword', 'signIn', 'verifyAndChangeEmail'] as const;
export type AuthActionMode = (typeof AUTH_ACTION_MODES)[number];
