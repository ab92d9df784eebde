import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import { isLoopbackHost } from '../../platform/auth/client-ip.ts';
import { hashToken, safeEqual } from '../../platform/auth/tokens.ts';
import type { Database } from '../../platform/db/database.ts';
import type { Logger } from '../../platform/logger.ts';
import type { AccountsContext, RequestMeta } from './accounts.context.ts';
import { createAccountsRepo, type UserRow } from './accounts.repo.ts';

/**
 * The first admin of a fresh install (issue 20 #15). A server whose PUBLIC_URL is this machine
 * (localhost, 127.0.0.1) keeps the zero-config start: the first builder who signs up with a
 * password from this machine becomes the admin. Anywhere else nobody becomes admin by being first:
 * the server prints a one-time setup code to its console at start, and a signed-in builder enters
 * it in Settings (`POST /api/auth/admin-setup`). ADMIN_EMAILS always works and needs neither.
 */
export function isLocalInstall(config: Pick<Config, 'publicUrl'>): boolean {
  return isLoopbackHost(new URL(config.publicUrl).hostname);
}

/** Makes the signing-up builder the first admin when the install is local and so is the request. */
export async function claimFirstAdminLocally(
  ctx: AccountsContext,
  user: UserRow,
  meta: RequestMeta,
): Promise<UserRow> {
  if (!meta.loopback || !isLocalInstall(ctx.auth.config)) return user;
  return (await ctx.repo.claimFirstAdmin(user.id)) ? { ...user, isAdmin: true } : user;
}

/**
 * At start: while no admin has been made and ADMIN_EMAILS names nobody, a fresh setup code (the
 * previous one stops working) is printed to the console and its hash stored.
 */
export async function printAdminSetupCode(config: Config, database: Database, logger: Logger): Promise<void> {
  if (config.auth.adminEmails.length > 0) return;
  const repo = createAccountsRepo(database.db);
  if (await repo.isFirstAdminClaimed()) return;
  const code = randomBytes(12).toString('base64url');
  await repo.saveAdminSetupCodeHash(hashToken(code));
  const how = isLocalInstall(config)
    ? 'the first builder to sign up from this machine becomes the admin, or enter'
    : 'enter';
  logger.warn(`No admin yet: ${how} this one-time setup code in Settings → Admin setup: ${code}`);
}

/** Whether a setup code is waiting to be used (Settings shows the field while it is). */
export async function isAdminSetupPending(ctx: AccountsContext): Promise<boolean> {
  return (await ctx.repo.adminSetupCodeHash()) !== undefined && !(await ctx.repo.isFirstAdminClaimed());
}

/** Makes the builder the first admin when the code is the printed one; false otherwise. */
export async function claimAdminWithSetupCode(
  ctx: AccountsContext,
  userId: string,
  code: string,
): Promise<boolean> {
  const hash = await ctx.repo.adminSetupCodeHash();
  if (!hash || !safeEqual(hashToken(code.trim()), hash)) return false;
  return ctx.repo.claimFirstAdmin(userId);
}
