import { tenantForApp } from '@atelier/shared';
import { Hono } from 'hono';
import { z } from 'zod';
import { ACCESS_TOKEN_TTL_SECONDS, type JwtKeys } from '../../platform/auth/jwt.ts';
import { resolveActor } from '../../platform/auth/middleware.ts';
import type { CreatedSession } from '../../platform/auth/sessions.ts';
import { AppError } from '../../platform/errors.ts';
import type { AppEnv } from '../../platform/http/env.ts';
import { POLICY, routePolicy } from '../../platform/http/route-policy.ts';
import type { AccountsContext } from '../accounts/accounts.context.ts';
import { isAppAddress } from '../apps/app-address.ts';
import type { AppsRuntime } from '../apps/apps.runtime.ts';
import { bodyOf } from './protocol.ts';

export const HOSTED_LOGIN_MESSAGES = {
  foreignReturn: 'This sign-in link returns to an address outside the app',
  signInFirst: 'Sign in first',
} as const;

const schema = z.object({ from_url: z.string().max(4000) });

/** `url` with `access_token` set in its query (the SDK reads it there and keeps it). */
export function withAccessToken(url: string, token: string): string {
  const target = new URL(url);
  target.searchParams.set('access_token', token);
  return target.toString();
}

/**
 * The fragment a `from_url` ends with when a Supabase client asked for the sign-in
 * (features/supabase `GET /authorize`): it gets its session in the fragment instead.
 */
export const SUPABASE_RETURN_FRAGMENT = '#atelier-supabase-session';

/**
 * Where a hosted or provider sign-in returns to `fromUrl` with the new session: `?access_token=` for
 * the Base44 SDK, or, for a Supabase client (SUPABASE_RETURN_FRAGMENT), GoTrue's implicit-grant
 * fragment (`#access_token=…&refresh_token=…&expires_in=…&token_type=bearer`), which supabase-js
 * reads (`detectSessionInUrl`): an access token of the session and its bearer token to refresh it.
 */
export async function returnWithSession(
  jwt: Pick<JwtKeys, 'signAccessToken'>,
  fromUrl: string,
  session: CreatedSession & { userId: string; tenantId: string },
): Promise<string> {
  if (!fromUrl.endsWith(SUPABASE_RETURN_FRAGMENT)) return withAccessToken(fromUrl, session.token);
  const target = new URL(fromUrl);
  const accessToken = await jwt.signAccessToken(session);
  target.hash = new URLSearchParams({
    access_token: accessToken,
    expires_in: String(ACCESS_TOKEN_TTL_SECONDS),
    expires_at: String(Math.floor(Date.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS),
    refresh_token: session.token,
    token_type: 'bearer',
  }).toString();
  return target.toString();
}

/**
 * The end of the hosted login page (`/login?from_url=` on the app's origin, the runtime's
 * `hosted-login.tsx`): the end user signed in there with the app's own screens, and this hands the
 * Base44 SDK a session of its own, bound to this app's tenant, on the way back to `from_url`, which
 * must be an address of this app (`isAppAddress`).
 *
 *   POST /api/apps/{appId}/auth/hosted-login  { from_url }  → { redirect_url }
 */
export function hostedLoginRoutes(ctx: AccountsContext, runtime: AppsRuntime) {
  return new Hono<AppEnv>().post('/apps/:appId/auth/hosted-login', routePolicy(POLICY.api), async (c) => {
    const appId = c.req.param('appId');
    const actor = await resolveActor(c);
    // A real sign-in of this app's end user: not the builder's preview credential.
    if (!actor || actor.tenantId !== tenantForApp(appId) || actor.via === 'preview') {
      throw new AppError('unauthorized', HOSTED_LOGIN_MESSAGES.signInFirst);
    }
    const { from_url: fromUrl } = await bodyOf(c, schema);
    if (!(await isAppAddress(runtime, appId, fromUrl))) {
      throw new AppError('bad_request', HOSTED_LOGIN_MESSAGES.foreignReturn);
    }
    const session = await ctx.auth.sessions.create(
      { id: actor.userId, tenantId: actor.tenantId },
      c.req.header('user-agent'),
    );
    const redirectUrl = await returnWithSession(ctx.auth.jwt, fromUrl, {
      ...session,
      userId: actor.userId,
      tenantId: actor.tenantId,
    });
    return c.json({ redirect_url: redirectUrl });
  });
}
