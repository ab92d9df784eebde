import { AUTH_LIMITS, AUTH_MESSAGES, AUTH_TEXTS, PLATFORM_TENANT } from '@atelier/shared';
import type { Actor } from '../../platform/auth/actor.ts';
import { UNKNOWN_IP } from '../../platform/auth/client-ip.ts';
import { ACCESS_TOKEN_TTL_SECONDS, CUSTOM_TOKEN_TTL_SECONDS, newId } from '../../platform/auth/jwt.ts';
import { hashPassword, isWeakPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { blockedForMs, consumeOrThrow, isExhausted, penalize } from '../../platform/auth/rate-limits.ts';
import type { CreatedSession } from '../../platform/auth/sessions.ts';
import { hashToken } from '../../platform/auth/tokens.ts';
import { AppError } from '../../platform/errors.ts';
import {
  type AccountsContext,
  assertSignupAllowed,
  isEmailAddress,
  normaliseEmail,
  type RequestMeta,
  resolveTenant,
} from './accounts.context.ts';
import type { UserRow } from './accounts.repo.ts';
import { claimFirstAdminLocally } from './admin-setup.ts';
import { sendVerificationEmail } from './email-actions.service.ts';

/** A completed sign-in: the user and the new session (cookie for builders, bearer tokens otherwise). */
export interface SignIn {
  user: UserRow;
  session: CreatedSession;
}

const invalidCredentials = () => new AppError('invalid_credentials', AUTH_MESSAGES.login.invalidCredentials);

export async function signup(
  ctx: AccountsContext,
  input: {
    email: string;
    password: string;
    name?: string | undefined;
    continueUrl?: string | null | undefined;
  },
  appId: string | undefined,
  meta: RequestMeta,
): Promise<SignIn> {
  const tenant = await resolveTenant(ctx, appId);
  assertSignupAllowed(tenant);
  const email = normaliseEmail(input.email);
  if (!isEmailAddress(email)) throw new AppError('invalid_email', AUTH_MESSAGES.signup.invalidEmail);
  const name = input.name?.trim() || null;
  if (isWeakPassword(input.password, [email, name])) {
    throw new AppError('weak_password', AUTH_MESSAGES.signup.weakPassword);
  }
  await consumeOrThrow(
    ctx.auth.limits.signupByIp,
    meta.ip,
    new AppError('rate_limited', AUTH_TEXTS.tooManyRequests),
  );
  const emailInUse = () => new AppError('email-already-exists', AUTH_MESSAGES.signup.emailInUse);
  if (await ctx.repo.findUserByEmail(tenant.tenantId, email)) throw emailInUse();
  const passwordHash = await hashPassword(input.password);
  let user = await ctx.repo.insertUser({ tenantId: tenant.tenantId, email, name, passwordHash });
  if (!user) throw emailInUse();
  if (tenant.tenantId === PLATFORM_TENANT) user = await claimFirstAdminLocally(ctx, user, meta);
  const session = await ctx.auth.sessions.create(user, meta.userAgent);
  ctx.logger.info({ userId: user.id, tenantId: user.tenantId }, 'account created');
  try {
    await sendVerificationEmail(ctx, user, tenant, meta, input.continueUrl);
  } catch (error) {
    // The account exists either way; the verify-email screen offers to send again.
    ctx.logger.warn({ err: error, userId: user.id }, 'could not send the verification email at sign-up');
  }
  return { user, session };
}

export async function login(
  ctx: AccountsContext,
  input: { email: string; password: string },
  appId: string | undefined,
  meta: RequestMeta,
): Promise<SignIn> {
  const tenant = await resolveTenant(ctx, appId);
  const email = normaliseEmail(input.email);
  const { loginFailuresByEmail, loginFailuresByPair, loginBackoff, loginFailuresByIp } = ctx.auth.limits;
  const accountKey = `${tenant.tenantId}:${email}`;
  const pairKey = `${meta.ip}|${accountKey}`;
  const tooMany = (waitMs: number) =>
    new AppError('rate_limited', AUTH_MESSAGES.login.tooManyAttempts, {
      retryAfterSeconds: Math.ceil(waitMs / 1000),
    });
  // Issue 20 #8: an address that failed on this account waits out its back-off; an address with
  // many failures over all accounts is refused. Nothing refuses an address that has not failed, so
  // the owner's right password works whatever others try.
  if (meta.ip !== UNKNOWN_IP) {
    const waitMs = await blockedForMs(loginBackoff, pairKey);
    if (waitMs > 0) throw tooMany(waitMs);
    if (await isExhausted(loginFailuresByIp, meta.ip)) throw tooMany(AUTH_LIMITS.loginWindowMs);
  }
  const user = isEmailAddress(email) ? await ctx.repo.findUserByEmail(tenant.tenantId, email) : undefined;
  // Verifies against a stand-in hash when there is no user, so both answers take as long.
  const ok = await verifyPassword(user?.passwordHash, input.password.slice(0, AUTH_LIMITS.passwordMaxLength));
  if (!user || !ok) {
    await recordLoginFailure(ctx, meta.ip, accountKey, pairKey);
    throw invalidCredentials();
  }
  if (!user.emailVerifiedAt && Date.now() - user.createdAt.getTime() > AUTH_LIMITS.unverifiedPasswordTtlMs) {
    // Whoever set this password never proved the address: after the grace period it no longer opens
    // the account (a pre-account squatter loses it); the inbox's owner signs in by link or code.
    ctx.logger.info({ userId: user.id }, 'password refused: address never verified');
    throw invalidCredentials();
  }
  if (user.disabledAt) throw new AppError('user_disabled', AUTH_MESSAGES.login.userDisabled);
  await Promise.all([loginFailuresByPair.delete(pairKey), loginFailuresByEmail.delete(accountKey)]);
  return { user, session: await ctx.auth.sessions.create(user, meta.userAgent) };
}

/**
 * Counts a failed login and sets the pair's back-off: past the free failures (none once the account
 * is under attack from many addresses), 30 s doubling per failure up to 15 minutes.
 */
async function recordLoginFailure(ctx: AccountsContext, ip: string, accountKey: string, pairKey: string) {
  if (ip === UNKNOWN_IP) return;
  const { loginFailuresByEmail, loginFailuresByPair, loginBackoff, loginFailuresByIp } = ctx.auth.limits;
  const [pair, account] = await Promise.all([
    loginFailuresByPair.penalty(pairKey),
    loginFailuresByEmail.penalty(accountKey),
    penalize(loginFailuresByIp, ip),
  ]);
  const free =
    account.consumedPoints > AUTH_LIMITS.loginAccountAlertFailures ? 0 : AUTH_LIMITS.loginFreeFailures;
  const over = pair.consumedPoints - free;
  if (over <= 0) return;
  const waitMs = Math.min(AUTH_LIMITS.loginBackoffBaseMs * 2 ** (over - 1), AUTH_LIMITS.loginBackoffMaxMs);
  await loginBackoff.block(pairKey, Math.ceil(waitMs / 1000));
}

/** Signs in (or up) the owner of a verified address: magic links, codes and providers use this. */
export async function signInVerifiedEmail(
  ctx: AccountsContext,
  tenantId: string,
  email: string,
  appId: string | null,
): Promise<UserRow> {
  const existing = await ctx.repo.findUserByEmail(tenantId, email);
  if (existing) {
    if (existing.disabledAt) throw new AppError('user_disabled', AUTH_MESSAGES.login.userDisabled);
    if (existing.emailVerifiedAt) return existing;
    // Claiming an account nobody had proven the address of (issue 20 #7): whoever signed up with it
    // may not be the owner of the inbox, so their password goes and their sessions end.
    const claimed = await ctx.repo.updateUser(tenantId, existing.id, {
      emailVerifiedAt: new Date(),
      passwordHash: null,
    });
    await ctx.auth.sessions.revokeAll(existing.id);
    ctx.logger.info({ userId: existing.id, tenantId }, 'unverified account claimed: password cleared');
    return claimed ?? existing;
  }
  assertSignupAllowed(await resolveTenant(ctx, appId));
  const created =
    (await ctx.repo.insertUser({ tenantId, email, emailVerifiedAt: new Date() })) ??
    (await ctx.repo.findUserByEmail(tenantId, email));
  if (!created) throw new AppError('internal_error', AUTH_MESSAGES.magicLink.signInFailed);
  // Never the first admin by being first here (admin-setup.ts): a password sign-up from this
  // machine, the console's setup code or ADMIN_EMAILS.
  return created;
}

/** A single-use JWT naming the user and tenant, exchanged at `POST /api/auth/custom-token`. */
export async function issueCustomToken(ctx: AccountsContext, user: UserRow): Promise<string> {
  const tokenId = newId();
  await ctx.repo.insertToken({
    id: tokenId,
    tenantId: user.tenantId,
    kind: 'custom_token',
    userId: user.id,
    email: user.email,
    tokenHash: hashToken(tokenId),
    expiresAt: new Date(Date.now() + CUSTOM_TOKEN_TTL_SECONDS * 1000),
  });
  return ctx.auth.jwt.signCustomToken({ userId: user.id, tenantId: user.tenantId, tokenId });
}

export async function exchangeCustomToken(
  ctx: AccountsContext,
  token: string,
  meta: RequestMeta,
): Promise<SignIn> {
  const invalid = () => new AppError('unauthorized', AUTH_TEXTS.invalidCustomToken);
  const claims = await ctx.auth.jwt.verifyCustomToken(token);
  if (!claims) throw invalid();
  const row = await ctx.repo.findLiveToken('custom_token', hashToken(claims.tokenId));
  if (!row || row.userId !== claims.userId || row.tenantId !== claims.tenantId) throw invalid();
  if (!(await ctx.repo.consumeToken(row.id))) throw invalid();
  const user = await ctx.repo.findUserById(claims.tenantId, claims.userId);
  if (!user) throw invalid();
  if (user.disabledAt) throw new AppError('user_disabled', AUTH_MESSAGES.login.userDisabled);
  return { user, session: await ctx.auth.sessions.create(user, meta.userAgent) };
}

/** A fresh access token for a live session, whose expiry moves 30 days ahead. */
export async function refreshSession(ctx: AccountsContext, actor: Actor) {
  const expiresAt = await ctx.auth.sessions.extend(actor.sessionId);
  const accessToken = await ctx.auth.jwt.signAccessToken({
    userId: actor.userId,
    tenantId: actor.tenantId,
    sessionId: actor.sessionId,
  });
  return { accessToken, tokenType: 'Bearer' as const, expiresIn: ACCESS_TOKEN_TTL_SECONDS, expiresAt };
}
