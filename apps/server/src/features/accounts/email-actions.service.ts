import {
  AUTH_LIMITS,
  AUTH_MESSAGES,
  AUTH_TEXTS,
  type AuthActionMode,
  PLATFORM_TENANT,
} from '@atelier/shared';
import type { Actor } from '../../platform/auth/actor.ts';
import { newId } from '../../platform/auth/jwt.ts';
import { hashPassword, isWeakPassword } from '../../platform/auth/passwords.ts';
import { consumeOrThrow } from '../../platform/auth/rate-limits.ts';
import { generateOtp, hashOtp, hashToken, randomToken, safeEqual } from '../../platform/auth/tokens.ts';
import type { AuthTokenKind } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import {
  type AccountsContext,
  countMailOrThrow,
  isEmailAddress,
  normaliseEmail,
  type RequestMeta,
  resolveTenant,
  type Tenant,
} from './accounts.context.ts';
import type { AuthTokenRow, UserRow } from './accounts.repo.ts';
import { issueCustomToken, signInVerifiedEmail } from './auth.service.ts';
import {
  actionLink,
  emailChangeMail,
  invitationMail,
  magicLinkMail,
  resetPasswordMail,
  verifyEmailMail,
} from './auth-emails.ts';
import { boundContinuation } from './continuation.ts';

const expiry = () => new Date(Date.now() + AUTH_LIMITS.actionCodeTtlMs);

/** Creates a fresh one-time token (retiring older ones of the same kind) and answers its secret. */
async function newActionToken(
  ctx: AccountsContext,
  values: { tenantId: string; kind: AuthTokenKind; userId: string | null; email: string; newEmail?: string },
  otp?: string,
): Promise<{ id: string; token: string }> {
  await ctx.repo.retireTokens(values.tenantId, values.kind, values.email);
  const token = randomToken();
  const id = newId();
  const otpHash = otp ? hashOtp(await ctx.auth.jwt.secret(), id, otp) : null;
  await ctx.repo.insertToken({ ...values, id, tokenHash: hashToken(token), otpHash, expiresAt: expiry() });
  return { id, token };
}

/**
 * An e-mailed action link; its `continueUrl` is bound to the tenant (continuation.ts): a platform
 * path for a builder, the app's own address for an app's end user (who goes back to the app).
 */
async function link(
  ctx: AccountsContext,
  tenantId: string,
  mode: AuthActionMode,
  token: string,
  continueUrl: string | null | undefined,
) {
  return actionLink(
    ctx.auth.config.publicUrl,
    mode,
    token,
    await boundContinuation(ctx, tenantId, continueUrl),
  );
}

/** Where an app's end user goes back to after using a link (null for a builder: the web app decides). */
export async function appContinuation(
  ctx: AccountsContext,
  tenantId: string,
  continueUrl: string | null | undefined,
): Promise<string | null> {
  return tenantId === PLATFORM_TENANT ? null : boundContinuation(ctx, tenantId, continueUrl);
}

// ---- e-mail verification ----

export async function sendVerificationEmail(
  ctx: AccountsContext,
  user: UserRow,
  tenant: Pick<Tenant, 'displayName'>,
  meta: RequestMeta,
  continueUrl: string | null | undefined,
): Promise<'sent' | 'already-verified'> {
  if (user.emailVerifiedAt) return 'already-verified';
  await countMailOrThrow(ctx, user.tenantId, meta, user.email);
  const { token } = await newActionToken(ctx, {
    tenantId: user.tenantId,
    kind: 'verify_email',
    userId: user.id,
    email: user.email,
  });
  const href = await link(ctx, user.tenantId, 'verifyEmail', token, continueUrl);
  await ctx.mailer.send(verifyEmailMail(user.email, href, tenant.displayName));
  return 'sent';
}

export async function resendVerificationEmail(
  ctx: AccountsContext,
  actor: Actor,
  meta: RequestMeta,
  continueUrl: string | null | undefined,
) {
  const user = await ctx.repo.findUserById(actor.tenantId, actor.userId);
  if (!user) throw new AppError('unauthorized', AUTH_TEXTS.signInRequired);
  return sendVerificationEmail(ctx, user, await resolveTenant(ctx, actor.appId), meta, continueUrl);
}

export async function verifyEmail(ctx: AccountsContext, token: string): Promise<UserRow> {
  const invalid = () => new AppError('invalid_action_code', AUTH_TEXTS.verifyLinkInvalid);
  const row = await ctx.repo.findLiveToken('verify_email', hashToken(token));
  if (!row?.userId || !(await ctx.repo.consumeToken(row.id))) throw invalid();
  const user = await ctx.repo.findUserById(row.tenantId, row.userId);
  if (!user || user.email !== row.email) throw invalid();
  return (await ctx.repo.updateUser(user.tenantId, user.id, { emailVerifiedAt: new Date() })) ?? user;
}

// ---- password reset ----

export async function sendPasswordReset(
  ctx: AccountsContext,
  input: { email: string; mainAppId?: string | null | undefined; continueUrl?: string | null | undefined },
  meta: RequestMeta,
): Promise<void> {
  const tenant = await resolveTenant(ctx, input.mainAppId);
  const email = normaliseEmail(input.email);
  if (!isEmailAddress(email)) throw new AppError('invalid_email', AUTH_MESSAGES.signup.invalidEmail);
  const user = await ctx.repo.findUserByEmail(tenant.tenantId, email);
  if (!user || user.disabledAt) {
    // Same answer whether or not the account exists; still counted against the limits.
    await consumeOrThrow(
      ctx.auth.limits.mailByIp,
      meta.ip,
      new AppError('rate_limited', AUTH_TEXTS.tooManyRequests),
    );
    return;
  }
  await countMailOrThrow(ctx, tenant.tenantId, meta, email);
  const { token } = await newActionToken(ctx, {
    tenantId: tenant.tenantId,
    kind: 'reset_password',
    userId: user.id,
    email,
  });
  const href = await link(ctx, tenant.tenantId, 'resetPassword', token, input.continueUrl);
  await ctx.mailer.send(resetPasswordMail(email, href, tenant.displayName));
}

const invalidResetLink = () => new AppError('invalid_action_code', AUTH_MESSAGES.reset.invalidLink);

/** The address a reset or e-mail-change link is for, without using it up. */
export async function inspectActionCode(ctx: AccountsContext, mode: AuthActionMode, token: string) {
  const kinds: Record<AuthActionMode, AuthTokenKind> = {
    verifyEmail: 'verify_email',
    resetPassword: 'reset_password',
    signIn: 'magic_link',
    verifyAndChangeEmail: 'email_change',
  };
  const row = await ctx.repo.findLiveToken(kinds[mode], hashToken(token));
  if (!row) {
    if (mode === 'resetPassword') throw invalidResetLink();
    if (mode === 'signIn')
      throw new AppError('invalid_action_code', AUTH_MESSAGES.magicLink.invalidOrExpired);
    if (mode === 'verifyAndChangeEmail')
      throw new AppError('invalid_action_code', AUTH_TEXTS.emailChangeLinkInvalid);
    throw new AppError('invalid_action_code', AUTH_TEXTS.verifyLinkInvalid);
  }
  return { mode, email: row.email, newEmail: row.newEmail };
}

export async function resetPassword(ctx: AccountsContext, token: string, password: string): Promise<UserRow> {
  const row = await ctx.repo.findLiveToken('reset_password', hashToken(token));
  if (!row?.userId) throw invalidResetLink();
  const user = await ctx.repo.findUserById(row.tenantId, row.userId);
  if (!user || user.disabledAt) throw new AppError('not_found', AUTH_MESSAGES.reset.userNotFoundOrDisabled);
  // Checked before the link is used up, so the user can pick a better password with the same link.
  if (isWeakPassword(password, [user.email, user.name])) {
    throw new AppError('weak_password', AUTH_MESSAGES.reset.weakPassword);
  }
  if (!(await ctx.repo.consumeToken(row.id))) throw invalidResetLink();
  const updated = await ctx.repo.updateUser(user.tenantId, user.id, {
    passwordHash: await hashPassword(password),
    // The link reached the inbox: the address is proven.
    emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
  });
  await ctx.auth.sessions.revokeAll(user.id);
  ctx.logger.info({ userId: user.id }, 'password reset');
  return updated ?? user;
}

// ---- magic link and code ----

export async function sendMagicLink(
  ctx: AccountsContext,
  input: { email: string; continueUrl?: string | null | undefined },
  appId: string | undefined,
  meta: RequestMeta,
): Promise<void> {
  const tenant = await resolveTenant(ctx, appId);
  const email = normaliseEmail(input.email);
  if (!isEmailAddress(email)) throw new AppError('invalid_email', AUTH_MESSAGES.magicLink.invalidEmail);
  const user = await ctx.repo.findUserByEmail(tenant.tenantId, email);
  // Nothing is mailed that could not be used (issue 20 #9): a disabled account, or an address that
  // is not a member of an app whose sign-up is closed. Same answer; still counted per address.
  if (user?.disabledAt || (!user && tenant.app && !tenant.app.isSignupEnabled)) {
    await consumeOrThrow(
      ctx.auth.limits.mailByIp,
      meta.ip,
      new AppError('rate_limited', AUTH_TEXTS.tooManyRequests),
    );
    return;
  }
  await countMailOrThrow(ctx, tenant.tenantId, meta, email);
  const otp = generateOtp();
  const { token } = await newActionToken(
    ctx,
    { tenantId: tenant.tenantId, kind: 'magic_link', userId: user?.id ?? null, email },
    otp,
  );
  const continuation = await boundContinuation(ctx, tenant.tenantId, input.continueUrl);
  const href = actionLink(ctx.auth.config.publicUrl, 'signIn', token, continuation);
  await ctx.mailer.send(magicLinkMail(email, href, otp, tenant.displayName));
}

/**
 * Invites `email` to the app (Base44's `auth.inviteUser`, the caller already checked): the account
 * is made if it does not exist (no password, address unproven, an admin when `role` says so; an
 * existing one keeps its role), and mailed a sign-in link and code, like `sendMagicLink`'s, that
 * continue to `continueUrl` (bound to the app's addresses). Counted against the mail limits.
 */
export async function sendInvitation(
  ctx: AccountsContext,
  input: { email: string; role: 'admin' | 'user'; continueUrl: string },
  appId: string,
  meta: RequestMeta,
): Promise<UserRow> {
  const tenant = await resolveTenant(ctx, appId);
  const email = normaliseEmail(input.email);
  if (!isEmailAddress(email)) throw new AppError('invalid_email', AUTH_MESSAGES.magicLink.invalidEmail);
  const existing = await ctx.repo.findUserByEmail(tenant.tenantId, email);
  if (existing?.disabledAt) throw new AppError('user_disabled', AUTH_MESSAGES.login.userDisabled);
  await countMailOrThrow(ctx, tenant.tenantId, meta, email);
  const user =
    existing ??
    (await ctx.repo.insertUser({ tenantId: tenant.tenantId, email, isAdmin: input.role === 'admin' })) ??
    (await ctx.repo.findUserByEmail(tenant.tenantId, email));
  if (!user) throw new AppError('internal_error', AUTH_MESSAGES.magicLink.signInFailed);
  const otp = generateOtp();
  const { token } = await newActionToken(
    ctx,
    { tenantId: tenant.tenantId, kind: 'magic_link', userId: user.id, email },
    otp,
  );
  const continuation = await boundContinuation(ctx, tenant.tenantId, input.continueUrl);
  const href = actionLink(ctx.auth.config.publicUrl, 'signIn', token, continuation);
  await ctx.mailer.send(invitationMail(email, href, otp, tenant.displayName));
  return user;
}

export class AttemptsExceededError extends AppError {
  constructor() {
    super('ATTEMPTS_EXCEEDED', AUTH_TEXTS.otpAttemptsExceeded);
  }
}

export async function validateOtp(
  ctx: AccountsContext,
  input: { email: string; otp: string },
  appId: string | undefined,
  meta: RequestMeta,
): Promise<{ customToken: string; tenantId: string }> {
  const { row, invalid } = await checkOtp(ctx, input, appId, meta);
  return completeMagicSignIn(ctx, row, invalid);
}

/** How long after an account was made a code still counts as the one its sign-up mailed. */
const REGISTRATION_CODE_WINDOW_MS = 60_000;

/**
 * A code entered to confirm a sign-up (the Base44 SDK's register → verifyOtp): the code mailed by
 * the sign-up itself confirms the address like the verification link does (the password stays);
 * any other code signs in like `validateOtp` (an unverified account is claimed: password cleared).
 */
export async function validateRegistrationOtp(
  ctx: AccountsContext,
  input: { email: string; otp: string },
  appId: string | undefined,
  meta: RequestMeta,
): Promise<{ customToken: string; tenantId: string }> {
  const { row, invalid } = await checkOtp(ctx, input, appId, meta);
  const user = row.userId ? await ctx.repo.findUserById(row.tenantId, row.userId) : undefined;
  const mailedBySignUp =
    user !== undefined &&
    user.emailVerifiedAt === null &&
    user.passwordHash !== null &&
    user.disabledAt === null &&
    user.email === row.email &&
    row.createdAt.getTime() - user.createdAt.getTime() <= REGISTRATION_CODE_WINDOW_MS;
  if (!mailedBySignUp) return completeMagicSignIn(ctx, row, invalid);
  if (!(await ctx.repo.consumeToken(row.id))) throw invalid();
  const verified =
    (await ctx.repo.updateUser(user.tenantId, user.id, { emailVerifiedAt: new Date() })) ?? user;
  return { customToken: await issueCustomToken(ctx, verified), tenantId: row.tenantId };
}

/** The newest live code for the address, checked (attempts counted); throws when wrong or used up. */
async function checkOtp(
  ctx: AccountsContext,
  input: { email: string; otp: string },
  appId: string | undefined,
  meta: RequestMeta,
) {
  const tenant = await resolveTenant(ctx, appId);
  const invalid = () => new AppError('invalid_action_code', AUTH_MESSAGES.magicLink.invalidOrExpired);
  await consumeOrThrow(
    ctx.auth.limits.otpByIp,
    meta.ip,
    new AppError('rate_limited', AUTH_TEXTS.tooManyRequests),
  );
  const email = normaliseEmail(input.email);
  const row = await ctx.repo.findNewestMagicToken(tenant.tenantId, email);
  if (!row?.otpHash) throw invalid();
  if (row.attempts >= AUTH_LIMITS.otpMaxAttempts) throw new AttemptsExceededError();
  if (row.usedAt || row.expiresAt.getTime() <= Date.now()) throw invalid();
  const secret = await ctx.auth.jwt.secret();
  const otp = input.otp.trim();
  if (!/^\d{6}$/.test(otp) || !safeEqual(hashOtp(secret, row.id, otp), row.otpHash)) {
    const attempts = await ctx.repo.countWrongOtp(row.id, AUTH_LIMITS.otpMaxAttempts);
    if (attempts >= AUTH_LIMITS.otpMaxAttempts) throw new AttemptsExceededError();
    throw invalid();
  }
  return { row, invalid };
}

/**
 * Uses a magic link: the custom token, and where the handler may take it (the tenant's own
 * address, whatever the link's `continueUrl` says: continuation.ts).
 */
export async function signInWithMagicLink(
  ctx: AccountsContext,
  token: string,
  continueUrl: string | null | undefined,
) {
  const invalid = () => new AppError('invalid_action_code', AUTH_MESSAGES.magicLink.invalidOrExpired);
  const row = await ctx.repo.findLiveToken('magic_link', hashToken(token));
  if (!row || row.attempts >= AUTH_LIMITS.otpMaxAttempts) throw invalid();
  const signedIn = await completeMagicSignIn(ctx, row, invalid);
  return { ...signedIn, continueUrl: await boundContinuation(ctx, row.tenantId, continueUrl) };
}

async function completeMagicSignIn(ctx: AccountsContext, row: AuthTokenRow, invalid: () => AppError) {
  if (!(await ctx.repo.consumeToken(row.id))) throw invalid();
  const appId = row.tenantId.startsWith('app:') ? row.tenantId.slice(4) : null;
  const user = await signInVerifiedEmail(ctx, row.tenantId, row.email, appId);
  return { customToken: await issueCustomToken(ctx, user), tenantId: row.tenantId };
}

// ---- e-mail change ----

export async function requestEmailChange(
  ctx: AccountsContext,
  actor: Actor,
  newEmailInput: string,
  meta: RequestMeta,
): Promise<void> {
  const newEmail = normaliseEmail(newEmailInput);
  if (!isEmailAddress(newEmail)) throw new AppError('invalid_email', AUTH_MESSAGES.signup.invalidEmail);
  if (newEmail === actor.email || (await ctx.repo.findUserByEmail(actor.tenantId, newEmail))) {
    throw new AppError('email-already-exists', AUTH_MESSAGES.emailChange.emailInUse);
  }
  const tenant = await resolveTenant(ctx, actor.appId);
  await countMailOrThrow(ctx, actor.tenantId, meta, newEmail);
  const { token } = await newActionToken(ctx, {
    tenantId: actor.tenantId,
    kind: 'email_change',
    userId: actor.userId,
    email: actor.email,
    newEmail,
  });
  const href = await link(ctx, actor.tenantId, 'verifyAndChangeEmail', token, '/settings');
  await ctx.mailer.send(emailChangeMail(newEmail, href, tenant.displayName));
}

export async function completeEmailChange(
  ctx: AccountsContext,
  input: { newEmail: string; oobCode: string },
  actor: Actor | undefined,
): Promise<UserRow> {
  const invalid = () => new AppError('invalid_action_code', AUTH_TEXTS.emailChangeLinkInvalid);
  const newEmail = normaliseEmail(input.newEmail);
  const row = await ctx.repo.findLiveToken('email_change', hashToken(input.oobCode));
  if (!row?.userId || row.newEmail !== newEmail) throw invalid();
  if (actor && (actor.userId !== row.userId || actor.tenantId !== row.tenantId)) {
    throw new AppError('forbidden', AUTH_TEXTS.wrongTenant);
  }
  const inUse = () => new AppError('email-already-exists', AUTH_MESSAGES.emailChange.emailInUse);
  if (await ctx.repo.findUserByEmail(row.tenantId, newEmail)) throw inUse();
  if (!(await ctx.repo.consumeToken(row.id))) throw invalid();
  try {
    const updated = await ctx.repo.updateUser(row.tenantId, row.userId, {
      email: newEmail,
      emailVerifiedAt: new Date(),
    });
    if (!updated) throw invalid();
    await ctx.repo.retireTokens(row.tenantId, 'reset_password', row.email);
    return updated;
  } catch (error) {
    if (isUniqueViolation(error)) throw inUse();
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
