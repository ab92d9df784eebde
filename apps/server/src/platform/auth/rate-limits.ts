import { AUTH_LIMITS } from '@atelier/shared';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../db/database.ts';
import { rateLimits } from '../db/schema/index.ts';
import { UNKNOWN_IP } from './client-ip.ts';

const WINDOW_SECONDS = AUTH_LIMITS.loginWindowMs / 1000;
/** Points of a limiter used as a counter only. */
const COUNT_ONLY = 1_000_000_000;

/**
 * The database-backed limits of the sign-in flows (rate-limiter-flexible's Drizzle store: one
 * atomic upsert per hit, so the counts hold across every instance on one PostgreSQL).
 */
export interface AuthRateLimits {
  /** Failed logins per tenant + e-mail from every address: a count only (never refuses by itself). */
  loginFailuresByEmail: RateLimiterDrizzle;
  /** Failed logins per client address + tenant + e-mail: a count only, which sets the back-off. */
  loginFailuresByPair: RateLimiterDrizzle;
  /** Address + account pairs waiting out their back-off (blocked keys). */
  loginBackoff: RateLimiterDrizzle;
  /** Failed logins per client address across accounts (100 per 15 minutes). */
  loginFailuresByIp: RateLimiterDrizzle;
  /** E-mails sent to one address (verification, reset, magic link, e-mail change). */
  mailByRecipient: RateLimiterDrizzle;
  /** E-mails sent to one address from every tenant together (20 per 15 minutes). */
  mailByAddress: RateLimiterDrizzle;
  /** E-mails requested from one client address (high: the per-recipient limit is the tight one). */
  mailByIp: RateLimiterDrizzle;
  /** Code checks from one client address (each code also dies after 5 wrong tries). */
  otpByIp: RateLimiterDrizzle;
  /** Sign-ups from one client address. */
  signupByIp: RateLimiterDrizzle;
}

export function createAuthRateLimits(database: Database, options: { sweep: boolean }): AuthRateLimits {
  const make = (keyPrefix: string, points: number) =>
    new RateLimiterDrizzle({
      storeClient: database.db,
      schema: rateLimits,
      keyPrefix,
      points,
      duration: WINDOW_SECONDS,
      clearExpiredByTimeout: options.sweep,
    });
  return {
    loginFailuresByEmail: make('login-email', COUNT_ONLY),
    loginFailuresByPair: make('login-pair', COUNT_ONLY),
    loginBackoff: make('login-backoff', 1),
    loginFailuresByIp: make('login-ip', AUTH_LIMITS.loginMaxFailuresPerIp),
    mailByRecipient: make('mail-to', 5),
    mailByAddress: make('mail-address', 20),
    mailByIp: make('mail-ip', 200),
    otpByIp: make('otp-ip', 50),
    signupByIp: make('signup-ip', 100),
  };
}

/** True when the key has used all its points in the current window. */
export async function isExhausted(limiter: RateLimiterDrizzle, key: string): Promise<boolean> {
  if (key === UNKNOWN_IP) return false;
  const res = await limiter.get(key);
  return res !== null && res.consumedPoints >= limiter.points;
}

/** Counts one hit; rejects with `error` when the key was already at its limit. */
export async function consumeOrThrow(limiter: RateLimiterDrizzle, key: string, error: Error): Promise<void> {
  if (key === UNKNOWN_IP) return;
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw error;
    throw rejection;
  }
}

/** Counts one hit without refusing (failed logins). */
export async function penalize(limiter: RateLimiterDrizzle, key: string): Promise<void> {
  if (key === UNKNOWN_IP) return;
  await limiter.penalty(key);
}

/** Milliseconds until a blocked key may try again; 0 when it is not blocked. */
export async function blockedForMs(limiter: RateLimiterDrizzle, key: string): Promise<number> {
  const res = await limiter.get(key);
  return res !== null && res.consumedPoints > limiter.points ? res.msBeforeNext : 0;
}
