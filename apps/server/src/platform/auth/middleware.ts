import { AUTH_TEXTS, PLATFORM_TENANT } from '@atelier/shared';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../errors.ts';
import type { AppEnv } from '../http/env.ts';
import { declaredPolicy } from '../http/route-policy.ts';
import type { Actor } from './actor.ts';
import { readSessionCookie } from './cookies.ts';
import { type AuthRuntime, PREVIEW_CREDENTIAL_HEADER } from './runtime.ts';

export type { Actor } from './actor.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const resolved = new WeakMap<Context, Promise<Actor | null>>();

/** Mounted once on the whole app: makes the auth runtime available to the middleware below. */
export function authContext(auth: AuthRuntime) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('auth', auth);
    await next();
  });
}

/**
 * The actor of the request, resolved once: `Authorization: Bearer` (an access token JWT or a
 * session token, any tenant), else the builder preview's credential (`x-atelier-preview-token`,
 * only on its app's SDK paths), else the session cookie (builders only: the cookie never carries
 * an end-user session). Null when signed out or the credential is unknown, expired or revoked.
 */
export function resolveActor(c: Context<AppEnv>): Promise<Actor | null> {
  let pending = resolved.get(c);
  if (!pending) {
    pending = lookUp(c);
    resolved.set(c, pending);
  }
  return pending;
}

async function lookUp(c: Context<AppEnv>): Promise<Actor | null> {
  const auth = c.get('auth');
  const authorization = c.req.header('authorization');
  if (authorization) {
    const match = /^Bearer\s+(\S{1,4000})$/i.exec(authorization);
    if (!match?.[1]) return null;
    return actorOfBearerToken(auth, match[1]);
  }
  // The builder's preview (no cookie reaches its origin): a credential scoped to one app's SDK calls.
  const preview = c.req.header(PREVIEW_CREDENTIAL_HEADER);
  if (preview) return auth.previewActors ? auth.previewActors.actorFor(c, preview) : null;
  const cookie = readSessionCookie(c, auth);
  if (!cookie) return null;
  const actor = await auth.sessions.actorByToken(cookie, 'cookie');
  return actor?.tenantId === PLATFORM_TENANT ? actor : null;
}

/**
 * Whom a bearer token is (an access token JWT or a session token, any tenant): null when unknown,
 * expired or revoked. Also for credentials that arrive outside a request's headers (realtime).
 */
export async function actorOfBearerToken(
  auth: Pick<AuthRuntime, 'jwt' | 'sessions'>,
  token: string,
): Promise<Actor | null> {
  if (JWT_SHAPE.test(token)) {
    const claims = await auth.jwt.verifyAccessToken(token);
    if (!claims) return null;
    const actor = await auth.sessions.actorBySessionId(claims.sessionId, 'access-token');
    return actor && actor.userId === claims.userId && actor.tenantId === claims.tenantId ? actor : null;
  }
  return auth.sessions.actorByToken(token, 'session-token');
}

/** The actor when signed in (after `optionalActor`), else undefined. */
export function maybeActor(c: Context<AppEnv>): Actor | undefined {
  return c.var.actor as Actor | undefined;
}

/** Sets `actor` when the request is signed in; never refuses. */
export const optionalActor = createMiddleware<AppEnv>(async (c, next) => {
  const actor = await resolveActor(c);
  if (actor) c.set('actor', actor);
  await next();
});

/** Signed in to any tenant, else 401 unauthorized. */
export const requireActor = createMiddleware<AppEnv>(async (c, next) => {
  c.set('actor', await mustResolve(c));
  await next();
});

/** The signed-in builder (after `requireBuilder`): whom the apps' services act for. */
export const builderOf = (c: Context<AppEnv>): { userId: string } => ({ userId: c.get('actor').userId });

/**
 * Signed in to the `platform` tenant (a builder) with a verified e-mail: 401 when signed out, 403
 * for an end-user session, 403 `email_not_verified` while the address is unverified (spec 1 §2/§4:
 * an unverified builder is sent to the verify-email screen; only the accounts and session routes,
 * which use `requireActor`, answer them).
 */
export const requireBuilder = createMiddleware<AppEnv>(async (c, next) => {
  c.set('actor', await mustResolveBuilder(c));
  await next();
});

/** A verified builder with isAdmin, else 403 forbidden (401 when signed out). */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const actor = await mustResolveBuilder(c);
  if (!actor.isAdmin) throw new AppError('forbidden', AUTH_TEXTS.adminOnly);
  c.set('actor', actor);
  await next();
});

/**
 * Signed in to the end-user tenant of the app named by the request (`appIdOf(c)`): 401 when signed
 * out, 403 for a builder session or another app's end user.
 */
export function requireAppUser(appIdOf: (c: Context<AppEnv>) => string | undefined) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const actor = await mustResolve(c);
    const appId = appIdOf(c);
    if (!appId || actor.appId !== appId) throw new AppError('forbidden', AUTH_TEXTS.wrongTenant);
    c.set('actor', actor);
    await next();
  });
}

async function mustResolve(c: Context<AppEnv>): Promise<Actor> {
  const actor = await resolveActor(c);
  if (!actor) throw new AppError('unauthorized', AUTH_TEXTS.signInRequired);
  return actor;
}

async function mustResolveBuilder(c: Context<AppEnv>): Promise<Actor> {
  const actor = await mustResolve(c);
  if (actor.tenantId !== PLATFORM_TENANT) throw new AppError('forbidden', AUTH_TEXTS.wrongTenant);
  if (!actor.emailVerified) throw new AppError('email_not_verified', AUTH_TEXTS.emailNotVerified);
  return actor;
}

/**
 * CSRF: a state-changing request that carries the session cookie (and no bearer token) must carry
 * an Origin of this site; so must a sign-in to the platform tenant that would set the cookie (a route
 * declaring `csrf: 'sets-cookie'`, route-policy.ts; with `?appId` it signs in to an app instead).
 */
export const csrfGuard = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method) || c.req.header('authorization')) return next();
  const auth = c.get('auth');
  const hasCookie = readSessionCookie(c, auth) !== undefined;
  const setsCookie = declaredPolicy(c)?.csrf === 'sets-cookie' && !c.req.query('appId');
  if (!hasCookie && !setsCookie) return next();
  const origin = c.req.header('origin');
  if (origin === undefined && !hasCookie) return next();
  if (origin === undefined || !allowedOrigins(c, auth).has(origin)) {
    throw new AppError('forbidden', AUTH_TEXTS.crossSiteRefused);
  }
  return next();
});

/**
 * For calls whose tenant is known only inside (a custom token): true unless the request names
 * another site as its Origin. The custom-token route sets the cookie only when this holds.
 */
export function isFromThisSite(c: Context<AppEnv>): boolean {
  const origin = c.req.header('origin');
  return origin === undefined || allowedOrigins(c, c.get('auth')).has(origin);
}

function allowedOrigins(c: Context<AppEnv>, auth: AuthRuntime): Set<string> {
  const origins = new Set([new URL(auth.config.publicUrl).origin, new URL(c.req.url).origin]);
  if (auth.config.nodeEnv !== 'production') {
    // `npm run dev`: Vite on :5173 proxies /api to the server.
    origins.add('http://localhost:5173');
    origins.add('http://127.0.0.1:5173');
  }
  return origins;
}
