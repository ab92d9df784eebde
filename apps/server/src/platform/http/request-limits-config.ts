import { z } from 'zod';

/** Rate limits of the public, unauthenticated endpoints (README "Configuration"). */
export interface RateLimitConfig {
  /** Requests per client address per minute to the sign-in endpoints (sign-up, login, e-mail links, codes, OAuth); 0 disables. */
  authPerMinute: number;
  /** Requests per client address per minute from signed-out callers to every other API endpoint; 0 disables. */
  anonymousPerMinute: number;
  /** Requests per signed-in account per minute to every other API endpoint; 0 disables. */
  signedInPerMinute: number;
}

const budget = z.coerce.number().int().min(0).max(1_000_000);

export const rateLimitEnvSchema = z.object({
  RATE_LIMIT_AUTH_PER_MINUTE: budget.default(300),
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: budget.default(1200),
  RATE_LIMIT_SIGNED_IN_PER_MINUTE: budget.default(3000),
});

export function toRateLimitConfig(e: z.infer<typeof rateLimitEnvSchema>): RateLimitConfig {
  return {
    authPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
    anonymousPerMinute: e.RATE_LIMIT_ANONYMOUS_PER_MINUTE,
    signedInPerMinute: e.RATE_LIMIT_SIGNED_IN_PER_MINUTE,
  };
}
