import { AUTH_MESSAGES, AUTH_TEXTS } from '@atelier/shared';
import { createMiddleware } from 'hono/factory';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import { clientIp, UNKNOWN_IP } from '../auth/client-ip.ts';
import { resolveActor } from '../auth/middleware.ts';
import type { AuthRuntime } from '../auth/runtime.ts';
import type { Database } from '../db/database.ts';
import { rateLimits } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { BufferedLimiter } from './buffered-limiter.ts';
import type { AppEnv } from './env.ts';
import type { RateLimitConfig } from './request-limits-config.ts';
import { declaredPolicy, POLICY } from './route-policy.ts';

const WINDOW_SECONDS = 60;

interface Rule {
  name: string;
  limiter: { consume(key: string): Promise<unknown> };
  message: (path: string) => string;
}

/**
 * Rate limits of the public, unauthenticated API (per client address, fixed one-minute windows,
 * counters in the database so every instance on one PostgreSQL shares them), by the class each route
 * declares (route-policy.ts `rateLimit`; a path no route matches is `caller`). Sign-in endpoints
 * have their own budget; `none` routes are never counted; every other endpoint counts signed-out callers per address and signed-in
 * callers per account (a larger budget, RATE_LIMIT_SIGNED_IN_PER_MINUTE). Over budget: 429
 * `rate_limited` with `Retry-After` (seconds). Requests with no known address (in-process tests)
 * are never counted; behind a proxy set TRUST_PROXY so the address comes from X-Forwarded-For.
 * The signed-in and anonymous budgets are counted in memory between database writes while far from
 * the budget (`BufferedLimiter`), so an API request does not write; the sign-in budget is counted
 * in the database on every request.
 */
export function rateLimit(options: { database: Database; auth: AuthRuntime; limits: RateLimitConfig }) {
  const { auth, limits } = options;
  const make = (keyPrefix: string, points: number) =>
    new RateLimiterDrizzle({
      storeClient: options.database.db,
      schema: rateLimits,
      keyPrefix,
      points,
      duration: WINDOW_SECONDS,
      clearExpiredByTimeout: auth.config.nodeEnv !== 'test',
    });
  const signIn: Rule | undefined =
    limits.authPerMinute > 0
      ? {
          name: 'sign-in',
          limiter: make('rl-sign-in', limits.authPerMinute),
          message: (path) =>
            path === '/api/auth/login' ? AUTH_MESSAGES.login.tooManyAttempts : AUTH_TEXTS.tooManyRequests,
        }
      : undefined;
  const signedIn: Rule | undefined =
    limits.signedInPerMinute > 0
      ? {
          name: 'signed-in',
          limiter: new BufferedLimiter(make('rl-signed-in', limits.signedInPerMinute)),
          message: () => AUTH_TEXTS.tooManyRequests,
        }
      : undefined;
  const anonymous: Rule | undefined =
    limits.anonymousPerMinute > 0
      ? {
          name: 'anonymous',
          limiter: new BufferedLimiter(make('rl-anonymous', limits.anonymousPerMinute)),
          message: () => AUTH_TEXTS.tooManyRequests,
        }
      : undefined;

  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const path = c.req.path;
    const declared = (declaredPolicy(c) ?? POLICY.api).rateLimit;
    if (declared === 'none') return next();
    const ip = clientIp(c, auth.config.auth.trustProxy);
    if (ip === UNKNOWN_IP) return next();
    let rule: Rule | undefined;
    let key = ip;
    if (declared === 'sign-in') {
      rule = signIn;
    } else if (anonymous || signedIn) {
      c.set('auth', auth);
      const actor = await resolveActor(c);
      // Signed in: one budget per account, wherever its requests come from.
      rule = actor ? signedIn : anonymous;
      if (actor) key = `${actor.tenantId}:${actor.userId}`;
    }
    if (!rule) return next();
    try {
      await rule.limiter.consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      c.header('Retry-After', String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))));
      throw new AppError('rate_limited', rule.message(path), { limit: rule.name });
    }
    return next();
  });
}
