import { tenantForApp } from '@atelier/shared';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Actor } from '../../platform/auth/actor.ts';
import { resolveActor } from '../../platform/auth/middleware.ts';
import type { CreatedSession } from '../../platform/auth/sessions.ts';
import { AppError } from '../../platform/errors.ts';
import type { AppEnv } from '../../platform/http/env.ts';
import { POLICY, routePolicy } from '../../platform/http/route-policy.ts';
import { changePassword } from '../accounts/account.service.ts';
import { type AccountsContext, resolveTenant } from '../accounts/accounts.context.ts';
import { exchangeCustomToken, login, refreshSession, signup } from '../accounts/auth.service.ts';
import {
  sendMagicLink,
  sendPasswordReset,
  validateRegistrationOtp,
} from '../accounts/email-actions.service.ts';
import { requestMeta } from '../accounts/route-helpers.ts';
import { endUserRecord, sessionActor } from '../base44/auth.routes.ts';
import { SUPABASE_RETURN_FRAGMENT } from '../base44/hosted-login.ts';
import { bodyOf } from '../base44/protocol.ts';
import type { EntitiesModule } from '../entities/entities.module.ts';
import { gotrueError, gotrueErrorHandler } from './gotrue-errors.ts';

const email = z.string().max(320);
const password = z.string().max(1000);
const metadata = z.record(z.string().max(100), z.unknown()).nullish();
const schemas = {
  password: z.object({ email, password }),
  refresh: z.object({ refresh_token: z.string().min(1).max(1000) }),
  signup: z.object({ email, password, data: metadata }),
  verify: z.object({
    email,
    token: z.string().max(20),
    type: z.enum(['signup', 'email', 'magiclink', 'recovery', 'invite']),
  }),
  email: z.object({ email }),
  update: z.object({
    password: password.optional(),
    current_password: password.optional(),
    data: metadata,
  }),
};

/** The User entity's fields that are not the end user's metadata (Base44's system fields). */
const SYSTEM_FIELDS = new Set([
  'id',
  'email',
  'role',
  'created_date',
  'updated_date',
  'created_by',
  'created_by_id',
]);

/**
 * GoTrue's API (`supabase.auth.…` of `@supabase/supabase-js`, `/api/apps/{appId}/supabase/auth/v1`)
 * on the app's end users, through Atelier's account services (the Base44 SDK's auth routes use the
 * same): password sign-in and sign-up (confirmed by the e-mailed 6-digit code: `verifyOtp`), codes,
 * password reset, the user and its metadata (the User entity), sign-out. A session's `access_token`
 * is an Atelier access token (a JWT, an hour), its `refresh_token` the session's bearer token.
 */
export function supabaseAuthRoutes(ctx: AccountsContext, entities: EntitiesModule) {
  const appOf = (c: Context<AppEnv>) => c.req.param('appId') ?? '';

  /** The User record of the end user (their metadata) as the Base44 SDK sees it. */
  const userRecord = async (appId: string, actor: Actor) => {
    const { target, user } = await endUserRecord(entities, appId, actor);
    return { target, user: (user ?? {}) as Record<string, unknown> };
  };

  /** GoTrue's user object. */
  const userView = async (appId: string, actor: Actor) => {
    const row = await ctx.repo.findUserById(actor.tenantId, actor.userId);
    if (!row) throw gotrueError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    const { user } = await userRecord(appId, actor);
    const userMetadata = Object.fromEntries(Object.entries(user).filter(([key]) => !SYSTEM_FIELDS.has(key)));
    const confirmedAt = row.emailVerifiedAt?.toISOString();
    return {
      id: row.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: row.email,
      email_confirmed_at: confirmedAt,
      confirmed_at: confirmedAt,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'], role: row.isAdmin ? 'admin' : 'user' },
      user_metadata: { ...userMetadata, full_name: row.name ?? undefined, email: row.email },
      identities: [],
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  };

  /** GoTrue's session: a fresh access token for the session, its bearer token to refresh it. */
  const sessionOf = async (appId: string, actor: Actor, refreshToken: string) => {
    const access = await refreshSession(ctx, actor);
    return {
      access_token: access.accessToken,
      token_type: 'bearer',
      expires_in: access.expiresIn,
      expires_at: Math.floor(Date.now() / 1000) + access.expiresIn,
      refresh_token: refreshToken,
      user: await userView(appId, actor),
    };
  };
  const signedIn = async (appId: string, session: CreatedSession) =>
    sessionOf(appId, await sessionActor(ctx, session.token), session.token);

  /** The end user of this app the bearer token is (not a builder, not the preview credential). */
  const memberOf = async (c: Context<AppEnv>) => {
    if (!c.req.header('authorization')) throw new AppError('unauthorized', 'Sign in first');
    const actor = await resolveActor(c);
    if (!actor || actor.tenantId !== tenantForApp(appOf(c)) || actor.via === 'preview') {
      throw gotrueError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature, token is unknown');
    }
    return actor;
  };

  /** Writes `data` (Supabase's user metadata) to the User record; `full_name` is its name. */
  const writeMetadata = async (appId: string, actor: Actor, data: Record<string, unknown>) => {
    const { full_name: fullName, name, ...rest } = data;
    const displayName = typeof fullName === 'string' ? fullName : typeof name === 'string' ? name : undefined;
    const fields = Object.fromEntries(Object.entries(rest).filter(([key]) => !SYSTEM_FIELDS.has(key)));
    const changes = displayName === undefined ? fields : { ...fields, name: displayName };
    if (Object.keys(changes).length === 0) return;
    const { target } = await userRecord(appId, actor);
    await entities.service.update(target, actor.userId, changes);
  };

  const redirectTo = (c: Context<AppEnv>) => c.req.query('redirect_to') ?? null;

  return (
    new Hono<AppEnv>()
      .post('/token', routePolicy(POLICY.signIn), async (c) => {
        const appId = appOf(c);
        const meta = requestMeta(c);
        const grant = c.req.query('grant_type');
        if (grant === 'password') {
          const input = await bodyOf(c, schemas.password);
          const { session } = await login(ctx, input, appId, meta);
          return c.json(await signedIn(appId, session));
        }
        if (grant === 'refresh_token') {
          const input = await bodyOf(c, schemas.refresh);
          const actor = await ctx.auth.sessions.actorByToken(input.refresh_token, 'session-token');
          if (!actor || actor.tenantId !== tenantForApp(appId)) {
            throw gotrueError(
              400,
              'refresh_token_not_found',
              'Invalid Refresh Token: Refresh Token Not Found',
            );
          }
          return c.json(await sessionOf(appId, actor, input.refresh_token));
        }
        throw gotrueError(400, 'unsupported_grant_type', 'unsupported_grant_type');
      })
      .post('/signup', routePolicy(POLICY.signIn), async (c) => {
        const appId = appOf(c);
        const input = await bodyOf(c, schemas.signup);
        const meta = requestMeta(c);
        const data = input.data ?? {};
        const name =
          typeof data.full_name === 'string'
            ? data.full_name
            : typeof data.name === 'string'
              ? data.name
              : undefined;
        const { session } = await signup(
          ctx,
          { email: input.email, password: input.password, name },
          appId,
          meta,
        );
        const actor = await sessionActor(ctx, session.token);
        await writeMetadata(appId, actor, data);
        const user = await userView(appId, actor);
        // Confirmation is required (GoTrue answers the user, no session): the 6-digit code verifyOtp takes.
        await ctx.auth.sessions.revoke(session.sessionId);
        await sendMagicLink(ctx, { email: user.email, continueUrl: redirectTo(c) }, appId, meta);
        return c.json({ ...user, confirmation_sent_at: new Date().toISOString() });
      })
      .post('/verify', routePolicy(POLICY.signIn), async (c) => {
        const appId = appOf(c);
        const input = await bodyOf(c, schemas.verify);
        const meta = requestMeta(c);
        const { customToken } = await validateRegistrationOtp(
          ctx,
          { email: input.email, otp: input.token },
          appId,
          meta,
        );
        const { session } = await exchangeCustomToken(ctx, customToken, meta);
        return c.json(await signedIn(appId, session));
      })
      .post('/otp', routePolicy(POLICY.signIn), async (c) => {
        const input = await bodyOf(c, schemas.email);
        await sendMagicLink(
          ctx,
          { email: input.email, continueUrl: redirectTo(c) },
          appOf(c),
          requestMeta(c),
        );
        return c.json({});
      })
      .post('/recover', routePolicy(POLICY.signIn), async (c) => {
        const input = await bodyOf(c, schemas.email);
        await sendPasswordReset(
          ctx,
          { email: input.email, mainAppId: appOf(c), continueUrl: redirectTo(c) },
          requestMeta(c),
        );
        return c.json({});
      })
      .get('/user', routePolicy(POLICY.api), async (c) => c.json(await userView(appOf(c), await memberOf(c))))
      .put('/user', routePolicy(POLICY.api), async (c) => {
        const actor = await memberOf(c);
        const input = await bodyOf(c, schemas.update);
        if (input.password !== undefined) {
          await changePassword(ctx, actor, {
            currentPassword: input.current_password,
            newPassword: input.password,
          });
        }
        if (input.data) await writeMetadata(appOf(c), actor, input.data);
        return c.json(await userView(appOf(c), actor));
      })
      .post('/logout', routePolicy(POLICY.api), async (c) => {
        const actor = await memberOf(c);
        const scope = c.req.query('scope') ?? 'global';
        if (scope === 'local') await ctx.auth.sessions.revoke(actor.sessionId);
        else
          await ctx.auth.sessions.revokeAll(actor.userId, scope === 'others' ? actor.sessionId : undefined);
        return c.body(null, 204);
      })
      .get('/settings', routePolicy(POLICY.api), async (c) => {
        const tenant = await resolveTenant(ctx, appOf(c));
        return c.json({
          external: { email: true, phone: false, anonymous_users: false },
          disable_signup: tenant.app ? !tenant.app.isSignupEnabled : false,
          mailer_autoconfirm: false,
          phone_autoconfirm: false,
          sms_provider: '',
          saml_enabled: false,
        });
      })
      /**
       * `signInWithOAuth({ provider, options: { redirectTo } })`: the app's hosted login (its own
       * sign-in screens; straight on to the provider when the server has it), which comes back to
       * `redirect_to` (an address of the app, else its home) with the session in the fragment.
       */
      .get('/authorize', routePolicy(POLICY.api), async (c) => {
        const appId = appOf(c);
        const [home] = await ctx.appAddresses(appId);
        if (!home)
          throw gotrueError(400, 'validation_failed', 'The app is not published: it has no sign-in page yet');
        const asked = redirectTo(c);
        const back = asked && (await ctx.isAppAddress(appId, asked)) ? asked.replace(/#.*$/, '') : home;
        const login = new URL('login', home.replace(/\/?$/, '/'));
        login.searchParams.set('from_url', `${back}${SUPABASE_RETURN_FRAGMENT}`);
        const provider = c.req.query('provider');
        if (provider && /^[a-z0-9_-]{1,40}$/.test(provider) && provider !== 'email') {
          login.searchParams.set('provider', provider);
        }
        return c.redirect(login.toString(), 302);
      })
      .onError(gotrueErrorHandler)
  );
}
