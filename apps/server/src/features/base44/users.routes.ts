import { APP_MESSAGES } from '@atelier/shared';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import type { AppEnv } from '../../platform/http/env.ts';
import { POLICY, routePolicy } from '../../platform/http/route-policy.ts';
import type { AccountsContext } from '../accounts/accounts.context.ts';
import { sendInvitation } from '../accounts/email-actions.service.ts';
import { requestMeta } from '../accounts/route-helpers.ts';
import { knowingAdmin } from '../entities/access.ts';
import type { EntitiesModule } from '../entities/entities.module.ts';
import { bodyOf, signedInCaller } from './protocol.ts';

export const INVITE_MESSAGES = {
  adminsOnly: "Only the app's admins may invite users",
} as const;

const schema = z.object({
  user_email: z.string().max(320),
  role: z.enum(['user', 'admin']).default('user'),
});

/**
 * `auth.inviteUser(email, role)` (`POST /api/apps/{appId}/users/invite-user`, and the `runtime/`
 * path older SDKs call): the app's builder, its admins (end users with role `admin`) and its
 * functions' service role invite an end user. The account is made with that role (an existing one
 * keeps its own) and mailed a sign-in link into the app's hosted login, which brings them back to
 * the app signed in; works whether or not the app's sign-up is open. Other end users 403, signed-out
 * callers 401, an app that is not published 400 (it has no address to invite to).
 */
export function base44UserRoutes(ctx: AccountsContext, entities: EntitiesModule) {
  const invite = async (c: Context<AppEnv>) => {
    const { appId, access } = await signedInCaller(entities, c);
    const caller = await knowingAdmin(entities.repo, access);
    if (caller.kind === 'member' && !caller.isAdmin)
      throw new AppError('forbidden', INVITE_MESSAGES.adminsOnly);
    const input = await bodyOf(c, schema);
    const [home] = await ctx.appAddresses(appId);
    if (!home) throw new AppError('app_not_published', APP_MESSAGES.notPublished);
    const base = home.replace(/\/?$/, '/');
    const user = await sendInvitation(
      ctx,
      {
        email: input.user_email,
        role: input.role,
        continueUrl: `${base}login?from_url=${encodeURIComponent(base)}`,
      },
      appId,
      requestMeta(c),
    );
    return c.json({ success: true, user_email: user.email, role: user.isAdmin ? 'admin' : 'user' });
  };
  return new Hono<AppEnv>()
    .post('/apps/:appId/users/invite-user', routePolicy(POLICY.api), invite)
    .post('/apps/:appId/runtime/users/invite-user', routePolicy(POLICY.api), invite);
}
