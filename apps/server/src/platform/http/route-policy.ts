import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from './env.ts';

/**
 * What the platform middleware does for a route, declared where the route is defined (a route made
 * with `defineRoute` names it in `policy`; a plain Hono route puts `routePolicy(...)` first in its
 * handlers). The middleware in app.ts reads it; a test walks the app's routes and fails on one that
 * declares none.
 */
export interface RoutePolicy {
  /**
   * The rate-limit class (rate-limit.ts; the limiter runs on `/api/*` only):
   * `sign-in` the sign-in budget, counted per address for every caller (what a password-guessing or
   * mail-bombing client hammers); `caller` per account when signed in, per address when not;
   * `none` never counted (probes, signature-checked webhooks, and every route outside `/api`).
   */
  rateLimit: 'sign-in' | 'caller' | 'none';
  /**
   * The request body cap (body-limits.ts): `capped` 1 MiB, answered 413; `own` the route's
   * middleware applies its own, larger cap with its spec message (file uploads).
   */
  body: 'capped' | 'own';
  /**
   * CSRF (auth/middleware.ts `csrfGuard`): `session` a state-changing call with the session cookie
   * must come from this site; `sets-cookie` also one without a cookie, since it signs in to the
   * platform and sets the cookie (login CSRF).
   */
  csrf: 'session' | 'sets-cookie';
  /**
   * `web-app` the builder web app's Content-Security-Policy is added to its HTML answers
   * (security-headers.ts); `none` the answer is not the web app (the API, published apps: their
   * own policy).
   */
  csp: 'web-app' | 'none';
}

const API: RoutePolicy = { rateLimit: 'caller', body: 'capped', csrf: 'session', csp: 'none' };

/** The classes routes declare. */
export const POLICY = {
  /** An API route: the caller's budget, the 1 MiB body cap. */
  api: API,
  /** A sign-in endpoint (sign-up, magic link, reset, OAuth…): the sign-in budget. */
  signIn: { ...API, rateLimit: 'sign-in' },
  /** A sign-in that sets the platform's session cookie (sign-up, log-in): also login-CSRF checked. */
  signInSetsCookie: { ...API, rateLimit: 'sign-in', csrf: 'sets-cookie' },
  /** Never rate-limited: probes, the dev outbox, signature-checked webhooks. */
  unmetered: { ...API, rateLimit: 'none' },
  /** A file upload: its own, larger body cap in its route middleware. */
  upload: { ...API, body: 'own' },
  /** Outside the API (published apps' redirects, vendor modules, metrics): not counted, no web-app CSP. */
  page: { ...API, rateLimit: 'none' },
  /** The built web app's files and pages: its CSP. */
  webApp: { ...API, rateLimit: 'none', csp: 'web-app' },
} as const satisfies Record<string, RoutePolicy>;

const POLICY_OF = Symbol('routePolicy');
type PolicyMarker = MiddlewareHandler<AppEnv> & { [POLICY_OF]: RoutePolicy };

/** Where the route that answers the request left its policy (set when its handlers start). */
const ANSWERING = new WeakMap<Context, RoutePolicy>();
/** The request's declared policy, looked up once. */
const DECLARED = new WeakMap<Context, RoutePolicy | undefined>();

/**
 * The policy of a plain Hono route, as its first handler: `router.post('/x', routePolicy(POLICY.signIn), …)`.
 * It only records the policy when the route's handlers run (for answer-time checks like the CSP).
 */
export function routePolicy(policy: RoutePolicy): MiddlewareHandler<AppEnv> {
  const marker: MiddlewareHandler<AppEnv> = async (c, next) => {
    ANSWERING.set(c, policy);
    await next();
  };
  return Object.assign(marker, { [POLICY_OF]: policy }) satisfies PolicyMarker;
}

/** Hono's mark on a handler it wrapped when mounting a router that has an error handler of its own. */
const COMPOSED_HANDLER = '__COMPOSED_HANDLER';

/** The policy a handler declares (a `routePolicy` marker), for the middleware and the route walk. */
export function policyOfHandler(handler: unknown): RoutePolicy | undefined {
  if (typeof handler !== 'function') return undefined;
  const inner = (handler as { [COMPOSED_HANDLER]?: unknown })[COMPOSED_HANDLER];
  return inner ? policyOfHandler(inner) : (handler as Partial<PolicyMarker>)[POLICY_OF];
}

/**
 * Before any route handler runs: the policy of the first route the request matches (in registration
 * order), or undefined when it matches none (an unknown path: the API's defaults apply).
 */
export function declaredPolicy(c: Context): RoutePolicy | undefined {
  if (DECLARED.has(c)) return DECLARED.get(c);
  let found: RoutePolicy | undefined;
  for (const route of matchedRoutes(c)) {
    found = policyOfHandler(route.handler);
    if (found) break;
  }
  DECLARED.set(c, found);
  return found;
}

/** After the answer: the policy of the route that answered it (the last whose handlers ran), if any. */
export const answeringPolicy = (c: Context): RoutePolicy | undefined => ANSWERING.get(c);
