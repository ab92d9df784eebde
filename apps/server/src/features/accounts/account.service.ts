import { type Account, AUTH_MESSAGES, AUTH_TEXTS, PLATFORM_TENANT } from '@atelier/shared';
import type { Actor } from '../../platform/auth/actor.ts';
import { hashPassword, isWeakPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { AppError } from '../../platform/errors.ts';
import { type AccountsContext, normaliseEmail } from './accounts.context.ts';
import type { UserRow } from './accounts.repo.ts';

async function currentUser(ctx: AccountsContext, actor: Actor): Promise<UserRow> {
  const user = await ctx.repo.findUserById(actor.tenantId, actor.userId);
  if (!user) throw new AppError('unauthorized', AUTH_TEXTS.signInRequired);
  return user;
}

/**
 * spec 1 §3 Account, as `GET /api/live_api/account/current` answers it. `appHeader` goes with `appId`
 * (the spec lists them together and words no more): the header of the end user's app — its publish
 * header, else its name. A builder's account belongs to no app, so both are null.
 */
export function toAccount(ctx: AccountsContext, user: UserRow, appHeader: string | null = null): Account {
  const builder = user.tenantId === PLATFORM_TENANT;
  return {
    accountId: user.id,
    accountType: builder ? 'builder' : 'end_user',
    plan: user.plan,
    subscriptionId: user.subscriptionId,
    planSubscriptionStatus: user.planSubscriptionStatus,
    planSubscriptionCancelledAt: user.planSubscriptionCancelledAt?.toISOString() ?? null,
    appId: builder ? null : user.tenantId.slice(4),
    appHeader: builder ? null : appHeader,
    hasBusinessInfo: user.hasBusinessInfo,
    hasPaidAppPackage: user.hasPaidAppPackage,
    isAdmin: ctx.auth.sessions.isAdmin(user),
  };
}

/**
 * `POST /api/live_api/account/create`: the account row is made at sign-up, so this confirms it
 * exists for the signed-in user (idempotent) and answers its id. With `sale_id` (a visitor who paid
 * before signing up, spec 1 §4) the account claims that sale first: 401 while the sale is unknown
 * or unpaid (the client retries), 409 when another account holds it.
 */
export async function createAccount(
  ctx: AccountsContext,
  actor: Actor,
  saleId?: string | undefined,
): Promise<{ accountId: string }> {
  const user = await currentUser(ctx, actor);
  if (saleId && ctx.claimSale) await ctx.claimSale(actor, saleId);
  return { accountId: user.id };
}

export async function getAccount(ctx: AccountsContext, actor: Actor): Promise<Account> {
  const user = await currentUser(ctx, actor);
  if (user.tenantId === PLATFORM_TENANT) return toAccount(ctx, user);
  const app = await ctx.repo.findApp(user.tenantId.slice(4));
  return toAccount(ctx, user, app ? app.header || app.name : null);
}

/** Name and business details; giving business details sets hasBusinessInfo. */
export async function updateProfile(
  ctx: AccountsContext,
  actor: Actor,
  input: { name?: string | null | undefined; businessDetails?: string | null | undefined },
): Promise<UserRow> {
  const values: Partial<UserRow> = {};
  if (input.name !== undefined) values.name = input.name?.trim() || null;
  if (input.businessDetails !== undefined) {
    values.businessDetails = input.businessDetails?.trim() || null;
    if (values.businessDetails) values.hasBusinessInfo = true;
  }
  const updated = await ctx.repo.updateUser(actor.tenantId, actor.userId, values);
  if (!updated) throw new AppError('unauthorized', AUTH_TEXTS.signInRequired);
  return updated;
}

/** Changes the password (the current one is required when there is one) and ends the other sessions. */
export async function changePassword(
  ctx: AccountsContext,
  actor: Actor,
  input: { currentPassword?: string | undefined; newPassword: string },
): Promise<void> {
  const user = await currentUser(ctx, actor);
  if (user.passwordHash && !(await verifyPassword(user.passwordHash, input.currentPassword ?? ''))) {
    throw new AppError('bad_request', AUTH_TEXTS.currentPasswordWrong);
  }
  if (isWeakPassword(input.newPassword, [user.email, user.name])) {
    throw new AppError('weak_password', AUTH_MESSAGES.signup.weakPassword);
  }
  await ctx.repo.updateUser(user.tenantId, user.id, { passwordHash: await hashPassword(input.newPassword) });
  await ctx.auth.sessions.revokeAll(user.id, actor.sessionId);
}

/** Deletes the account and the builder's data once the user has typed their e-mail to confirm. */
export async function deleteAccount(ctx: AccountsContext, actor: Actor, confirmEmail: string): Promise<void> {
  if (normaliseEmail(confirmEmail) !== actor.email) {
    throw new AppError('bad_request', AUTH_TEXTS.deleteConfirmMismatch);
  }
  await ctx.repo.deleteUserAndData(actor.tenantId, actor.userId);
  ctx.logger.info({ userId: actor.userId, tenantId: actor.tenantId }, 'account deleted');
}

/** For the plans area: the builder bought a one-time app package. */
export async function markHasPaidAppPackage(
  ctx: Pick<AccountsContext, 'repo'>,
  userId: string,
): Promise<void> {
  await ctx.repo.updateUser(PLATFORM_TENANT, userId, { hasPaidAppPackage: true });
}
