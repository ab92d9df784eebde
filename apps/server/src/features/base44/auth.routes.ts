import { HIDDEN_ENTITY_NAME, tenantForApp } from '@atelier/shared';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Actor } from '../../platform/auth/actor.ts';
import { resolveActor } from '../../platform/auth/middleware.ts';
import { AppError } from '../../platform/errors.ts';
import type { AppEnv } from '../../platform/http/env.ts';
import { POLICY, routePolicy } from '../../platform/http/route-policy.ts';
import { changePassword } from '../accounts/account.service.ts';
import type { AccountsContext } from '../accounts/accounts.context.ts';
import { exchangeCustomToken, login, type SignIn, signup } from '../accounts/auth.service.ts';
import {
  resetPassword,
  sendMagicLink,
  sendPasswordReset,
  validateRegistrationOtp,
} from '../accounts/email-actions.service.ts';
import { requestMeta } from '../accounts/route-helpers.ts';
import type { EntitiesModule } from '../entities/entities.module.ts';
import { bodyOf } from './protocol.ts';
import { toBase44Records } from './records.ts';

const email = z.string().max(320);
const password = z.string().max(1000);
const schemas = {
  login: z.object({ email, password }),
  register: z.object({ email, password, full_name: z.string().max(200).nullish() }),
  verifyOtp: z.object({ email, otp_code: z.string().max(20) }),
  email: z.object({ email }),
  resetPassword: z.object({ reset_token: z.string().max(1000), new_password: password }),
  changePassword: z.object({
    user_id: z.string().max(200),
    current_password: password,
    new_password: password,
  }),
};

/**
 * An end user's own User record as the Base44 SDK sees it (`auth.me()`), with the entity target it
 * was read through (to write it back). The Supabase-compatible auth reads the same record.
 */
export async function endUserRecord(entities: EntitiesModule, appId: string, actor: Actor) {
  const target = await entities.contexts.resolve(appId, HIDDEN_ENTITY_NAME, { actor });
  const record = await entities.service.get(target, actor.userId);
  const [user] = await toBase44Records(entities.repo, appId, HIDDEN_ENTITY_NAME, [record]);
  return { target, user };
}

/** Who a session just created is (its bearer token read back), for the answer that hands it out. */
export async function sessionActor(ctx: AccountsContext, token: string): Promise<Actor> {
  const actor = await ctx.auth.sessions.actorByToken(token, 'session-token');
  if (!actor) throw new AppError('internal_error', 'The new session could not be read');
  return actor;
}

/**
 * The auth calls of `@base44/sdk` (`/api/apps/{appId}/auth/…`, README.md "Auth") on Atelier's
 * end-user accounts (the app's tenant). The `access_token` handed out is the session's bearer token
 * (opaque, 30 days, revocable), which the SDK keeps in localStorage `base44_access_token`.
 */
export function base44AuthRoutes(ctx: AccountsContext, entities: EntitiesModule) {
  /** The signed-in user as `auth.me()` answers it (the User entity, Base44's fields). */
  const userView = async (appId: string, actor: Actor) => (await endUserRecord(entities, appId, actor)).user;
  const signedIn = async (appId: string, { session }: SignIn) => {
    const actor = await sessionActor(ctx, session.token);
    return { access_token: session.token, token_type: 'Bearer', user: await userView(appId, actor) };
  };
  const appOf = (c: Context<AppEnv>) => c.req.param('appId') ?? '';
  /** The caller signed in as an end user of this app, else 401. */
  const memberOf = async (c: Context<AppEnv>) => {
    const actor = await resolveActor(c);
    if (!actor || actor.tenantId !== tenantForApp(appOf(c))) {
      throw new AppError('unauthorized', 'Sign in first');
    }
    return actor;
  };

  return new Hono<AppEnv>()
    .post('/apps/:appId/auth/login', routePolicy(POLICY.signIn), async (c) => {
      const input = await bodyOf(c, schemas.login);
      return c.json(await signedIn(appOf(c), await login(ctx, input, appOf(c), requestMeta(c))));
    })
    .post('/apps/:appId/auth/register', routePolicy(POLICY.signIn), async (c) => {
      const input = await bodyOf(c, schemas.register);
      const meta = requestMeta(c);
      const { user } = await signup(
        ctx,
        { email: input.email, password: input.password, name: input.full_name ?? undefined },
        appOf(c),
        meta,
      );
      // The 6-digit code the app's verify screen asks for (verifyOtp).
      await sendMagicLink(ctx, { email: user.email }, appOf(c), meta);
      return c.json({ success: true, email: user.email, message: 'Check your e-mail for the code' });
    })
    .post('/apps/:appId/auth/verify-otp', routePolicy(POLICY.signIn), async (c) => {
      const input = await bodyOf(c, schemas.verifyOtp);
      const meta = requestMeta(c);
      const { customToken } = await validateRegistrationOtp(
        ctx,
        { email: input.email, otp: input.otp_code },
        appOf(c),
        meta,
      );
      return c.json(await signedIn(appOf(c), await exchangeCustomToken(ctx, customToken, meta)));
    })
    .post('/apps/:appId/auth/resend-otp', routePolicy(POLICY.signIn), async (c) => {
      const input = await bodyOf(c, schemas.email);
      await sendMagicLink(ctx, { email: input.email }, appOf(c), requestMeta(c));
      return c.json({ success: true, message: 'A new code was sent' });
    })
    .post('/apps/:appId/auth/reset-password-request', routePolicy(POLICY.signIn), async (c) => {
      const input = await bodyOf(c, schemas.email);
      await sendPasswordReset(ctx, { email: input.email, mainAppId: appOf(c) }, requestMeta(c));
      return c.json({ success: true, message: 'If the account exists, a reset link was sent' });
    })
    .post('/apps/:appId/auth/reset-password', routePolicy(POLICY.signIn), async (c) => {
      const input = await bodyOf(c, schemas.resetPassword);
      await resetPassword(ctx, input.reset_token, input.new_password);
      return c.json({ success: true });
    })
    .post('/apps/:appId/auth/change-password', routePolicy(POLICY.api), async (c) => {
      const actor = await memberOf(c);
      const input = await bodyOf(c, schemas.changePassword);
      if (input.user_id !== actor.userId)
        throw new AppError('forbidden', 'You may change only your own password');
      await changePassword(ctx, actor, {
        currentPassword: input.current_password,
        newPassword: input.new_password,
      });
      return c.json({ success: true });
    });
}
