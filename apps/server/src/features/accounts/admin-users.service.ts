import {
  ADMIN_USER_MESSAGES,
  ADMIN_USERS_PAGE,
  type AdminUser,
  type AdminUsersResponse,
  PLATFORM_TENANT,
} from '@atelier/shared';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { AccountsContext } from './accounts.context.ts';
import type { UserRow } from './accounts.repo.ts';

function toAdminUser(ctx: AccountsContext, user: UserRow): AdminUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    isAdmin: ctx.auth.sessions.isAdmin(user),
    plan: user.plan,
    emailVerified: user.emailVerifiedAt !== null,
    disabledAt: user.disabledAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

/** `GET /api/admin/users`: builder accounts, newest first, at most a page (admins; the route checks). */
export async function listUsers(ctx: AccountsContext, q: string | undefined): Promise<AdminUsersResponse> {
  const rows = await ctx.repo.listTenantUsers(PLATFORM_TENANT, q || undefined, ADMIN_USERS_PAGE + 1);
  return {
    users: rows.slice(0, ADMIN_USERS_PAGE).map((row) => toAdminUser(ctx, row)),
    hasMore: rows.length > ADMIN_USERS_PAGE,
  };
}

/**
 * `PATCH /api/admin/users/{userId}`: disables a builder account (it can no longer sign in — 'User is
 * disabled, contact us for more info' — and every session of it ends at once) or enables it again.
 * An admin cannot disable themselves (the last admin would lock everyone out).
 */
export async function setUserDisabled(
  ctx: AccountsContext,
  actor: Actor,
  userId: string,
  disabled: boolean,
): Promise<AdminUser> {
  const user = await ctx.repo.findUserById(PLATFORM_TENANT, userId);
  if (!user) throw notFound(ADMIN_USER_MESSAGES.userNotFound);
  if (disabled && user.id === actor.userId)
    throw new AppError('bad_request', ADMIN_USER_MESSAGES.notYourself);
  const updated = await ctx.repo.updateUser(PLATFORM_TENANT, userId, {
    disabledAt: disabled ? (user.disabledAt ?? new Date()) : null,
  });
  if (!updated) throw notFound(ADMIN_USER_MESSAGES.userNotFound);
  if (disabled) await ctx.auth.sessions.revokeAll(userId);
  ctx.logger.info({ adminId: actor.userId, userId, disabled }, 'admin changed a user');
  return toAdminUser(ctx, updated);
}
