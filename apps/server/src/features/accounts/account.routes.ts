import {
  AUTH_MESSAGES,
  AUTH_TEXTS,
  accountCreateQuerySchema,
  accountCreateResponseSchema,
  accountSchema,
  appIdQuerySchema,
  attemptsExceededSchema,
  authUserSchema,
  completeEmailChangeRequestSchema,
  customTokenResponseSchema,
  deleteAccountRequestSchema,
  messageResponseSchema,
  PLATFORM_TENANT,
  passwordChangeRequestSchema,
  profileUpdateRequestSchema,
  sendMagicLinkRequestSchema,
  sendResetPasswordEmailRequestSchema,
  tenantForApp,
  validateOtpRequestSchema,
} from '@atelier/shared';
import { z } from 'zod';
import type { Actor } from '../../platform/auth/actor.ts';
import { clearSessionCookie } from '../../platform/auth/cookies.ts';
import { maybeActor, optionalActor, requireActor, requireBuilder } from '../../platform/auth/middleware.ts';
import { consumeOrThrow } from '../../platform/auth/rate-limits.ts';
import { AppError } from '../../platform/errors.ts';
import {
  createRouter,
  defineRoute,
  errorContent,
  jsonBody,
  jsonContent,
} from '../../platform/http/openapi.ts';
import { POLICY } from '../../platform/http/route-policy.ts';
import {
  changePassword,
  createAccount,
  deleteAccount,
  getAccount,
  updateProfile,
} from './account.service.ts';
import { type AccountsContext, toAuthUser } from './accounts.context.ts';
import { claimAdminWithSetupCode, isAdminSetupPending } from './admin-setup.ts';
import {
  AttemptsExceededError,
  completeEmailChange,
  sendMagicLink,
  sendPasswordReset,
  validateOtp,
} from './email-actions.service.ts';
import { requestMeta } from './route-helpers.ts';

const tags = ['account'];

/** `?appId=` names the end-user tenant of that app; without it the call is for a builder. */
function assertTenant(actor: Actor, appId: string | undefined): void {
  const expected = appId ? tenantForApp(appId) : PLATFORM_TENANT;
  if (actor.tenantId !== expected) throw new AppError('forbidden', AUTH_TEXTS.wrongTenant);
}

const createAccountRoute = defineRoute({
  policy: POLICY.signIn,
  method: 'post',
  path: '/live_api/account/create',
  tags,
  summary:
    'Create the account of the signed-in user (idempotent); answers its id. With sale_id it claims a plan paid before sign-up',
  middleware: [requireActor] as const,
  request: { query: accountCreateQuerySchema },
  responses: {
    200: jsonContent(accountCreateResponseSchema, 'The account'),
    401: errorContent('Signed out, or the sale is unknown or not paid yet (retry)'),
    409: errorContent('The sale belongs to another account'),
  },
});

const currentAccountRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/live_api/account/current',
  tags,
  summary: 'The account of the signed-in user (spec 1 §3 Account)',
  middleware: [requireActor] as const,
  request: { query: appIdQuerySchema },
  responses: { 200: jsonContent(accountSchema, 'The account'), 401: errorContent('Signed out') },
});

const sendResetRoute = defineRoute({
  policy: POLICY.signIn,
  method: 'post',
  path: '/live_api/account/sendResetPasswordEmail',
  tags,
  summary: 'E-mail a password reset link (same answer whether or not the account exists)',
  request: jsonBody(sendResetPasswordEmailRequestSchema),
  responses: {
    200: jsonContent(messageResponseSchema, 'Sent if the account exists'),
    400: errorContent('Invalid'),
  },
});

const completeEmailChangeRoute = defineRoute({
  policy: POLICY.signIn,
  method: 'post',
  path: '/live_api/account/completeEmailChange',
  tags,
  summary: 'Apply an e-mail change with the code of the confirmation link',
  middleware: [optionalActor] as const,
  request: jsonBody(completeEmailChangeRequestSchema),
  responses: {
    200: jsonContent(z.object({ message: z.string(), email: z.string() }), 'Email updated'),
    409: errorContent('email-already-exists: This email is already in use'),
  },
});

const sendMagicLinkRoute = defineRoute({
  policy: POLICY.signIn,
  method: 'post',
  path: '/live_api/account/sendMagicLink',
  tags,
  summary: 'E-mail a sign-in link and a 6-digit code (15 minutes, single use)',
  request: { query: appIdQuerySchema, ...jsonBody(sendMagicLinkRequestSchema) },
  responses: {
    200: jsonContent(messageResponseSchema, 'Verification code sent to your email'),
    400: errorContent('Invalid email address'),
  },
});

const validateOtpRoute = defineRoute({
  policy: POLICY.signIn,
  method: 'post',
  path: '/live_api/account/validateOtp',
  tags,
  summary: 'Check a 6-digit code: answers a custom token for the tenant',
  request: { query: appIdQuerySchema, ...jsonBody(validateOtpRequestSchema) },
  responses: {
    200: jsonContent(customTokenResponseSchema, 'Valid code'),
    400: errorContent('Invalid or expired magic link'),
    429: jsonContent(attemptsExceededSchema, 'ATTEMPTS_EXCEEDED: the code is dead after 5 wrong tries'),
  },
});

const profileRoute = defineRoute({
  policy: POLICY.api,
  method: 'patch',
  path: '/auth/profile',
  tags,
  summary: 'Change the name or the business details',
  middleware: [requireActor] as const,
  request: jsonBody(profileUpdateRequestSchema),
  responses: { 200: jsonContent(z.object({ user: authUserSchema }), 'Saved') },
});

const passwordRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/auth/password',
  tags,
  summary: 'Change the password (ends the other sessions)',
  middleware: [requireActor] as const,
  request: jsonBody(passwordChangeRequestSchema),
  responses: {
    200: jsonContent(messageResponseSchema, 'Changed'),
    400: errorContent('Wrong or weak password'),
  },
});

const revokeAllRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/auth/sessions/revoke-all',
  tags,
  summary: 'Sign out of all sessions, this one included',
  middleware: [requireActor] as const,
  responses: { 200: jsonContent(messageResponseSchema, 'Signed out everywhere') },
});

const adminSetupStateRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/auth/admin-setup',
  tags,
  summary: 'Whether this install still waits for its first admin (a setup code was printed to the console)',
  middleware: [requireBuilder] as const,
  responses: { 200: jsonContent(z.object({ pending: z.boolean() }), 'Pending or not') },
});

const adminSetupRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/auth/admin-setup',
  tags,
  summary: 'Become the first admin with the one-time setup code printed to the server console',
  middleware: [requireBuilder] as const,
  request: jsonBody(z.object({ code: z.string().min(1).max(100) })),
  responses: {
    200: jsonContent(z.object({ user: authUserSchema }), 'Admin now'),
    400: errorContent('This setup code is not valid'),
    429: errorContent('Too many attempts'),
  },
});

const deleteAccountRoute = defineRoute({
  policy: POLICY.api,
  method: 'delete',
  path: '/auth/account',
  tags,
  summary: 'Delete the account and its data (confirm by typing the e-mail)',
  middleware: [requireActor] as const,
  request: jsonBody(deleteAccountRequestSchema),
  responses: { 200: jsonContent(messageResponseSchema, 'Deleted'), 400: errorContent('Not confirmed') },
});

export function accountRoutes(ctx: AccountsContext) {
  return createRouter()
    .openapi(createAccountRoute, async (c) => {
      const actor = c.get('actor');
      const query = c.req.valid('query');
      assertTenant(actor, query.appId);
      return c.json(await createAccount(ctx, actor, query.sale_id), 200);
    })
    .openapi(currentAccountRoute, async (c) => {
      const actor = c.get('actor');
      assertTenant(actor, c.req.valid('query').appId);
      return c.json(await getAccount(ctx, actor), 200);
    })
    .openapi(sendResetRoute, async (c) => {
      await sendPasswordReset(ctx, c.req.valid('json'), requestMeta(c));
      return c.json({ message: AUTH_TEXTS.resetEmailSent }, 200);
    })
    .openapi(completeEmailChangeRoute, async (c) => {
      const user = await completeEmailChange(ctx, c.req.valid('json'), maybeActor(c));
      return c.json({ message: AUTH_MESSAGES.emailChange.success, email: user.email }, 200);
    })
    .openapi(sendMagicLinkRoute, async (c) => {
      await sendMagicLink(ctx, c.req.valid('json'), c.req.valid('query').appId, requestMeta(c));
      return c.json({ message: AUTH_MESSAGES.magicLink.codeSent }, 200);
    })
    .openapi(validateOtpRoute, async (c) => {
      try {
        return c.json(
          await validateOtp(ctx, c.req.valid('json'), c.req.valid('query').appId, requestMeta(c)),
          200,
        );
      } catch (error) {
        if (!(error instanceof AttemptsExceededError)) throw error;
        return c.json(
          {
            error: { code: 'ATTEMPTS_EXCEEDED' as const, message: error.message },
            attemptsExceeded: true as const,
          },
          429,
        );
      }
    })
    .openapi(profileRoute, async (c) => {
      const user = await updateProfile(ctx, c.get('actor'), c.req.valid('json'));
      return c.json({ user: toAuthUser(ctx, user) }, 200);
    })
    .openapi(passwordRoute, async (c) => {
      await changePassword(ctx, c.get('actor'), c.req.valid('json'));
      return c.json({ message: AUTH_TEXTS.passwordChanged }, 200);
    })
    .openapi(revokeAllRoute, async (c) => {
      await ctx.auth.sessions.revokeAll(c.get('actor').userId);
      clearSessionCookie(c, ctx.auth);
      return c.json({ message: AUTH_TEXTS.signedOutEverywhere }, 200);
    })
    .openapi(adminSetupStateRoute, async (c) => c.json({ pending: await isAdminSetupPending(ctx) }, 200))
    .openapi(adminSetupRoute, async (c) => {
      const actor = c.get('actor');
      await consumeOrThrow(
        ctx.auth.limits.otpByIp,
        requestMeta(c).ip,
        new AppError('rate_limited', AUTH_TEXTS.tooManyRequests),
      );
      if (!(await claimAdminWithSetupCode(ctx, actor.userId, c.req.valid('json').code))) {
        throw new AppError('bad_request', AUTH_TEXTS.adminSetupInvalid);
      }
      ctx.logger.warn({ userId: actor.userId }, 'first admin claimed with the setup code');
      const user = await ctx.repo.findUserById(actor.tenantId, actor.userId);
      if (!user) throw new AppError('unauthorized', AUTH_TEXTS.signInRequired);
      return c.json({ user: toAuthUser(ctx, user) }, 200);
    })
    .openapi(deleteAccountRoute, async (c) => {
      await deleteAccount(ctx, c.get('actor'), c.req.valid('json').confirmEmail);
      clearSessionCookie(c, ctx.auth);
      return c.json({ message: AUTH_TEXTS.accountDeleted }, 200);
    });
}
