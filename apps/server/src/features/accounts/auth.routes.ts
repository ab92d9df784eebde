import {
  AUTH_ACTION_MODES,
  AUTH_MESSAGES,
  AUTH_TEXTS,
  actionTokenRequestSchema,
  appIdQuerySchema,
  emailChangeRequestSchema,
  loginRequestSchema,
  magicLinkRequestSchema,
  magicLinkResponseSchema,
  messageResponseSchema,
  PLATFORM_TENANT,
  passwordResetRequestSchema,
  passwordResetResponseSchema,
  sessionResponseSchema,
  signInResponseSchema,
  signupRequestSchema,
  tokenResponseSchema,
  verifyEmailRequestSchema,
  verifyEmailResponseSchema,
} from '@atelier/shared';
import type { Context } from 'hono';
import { z } from 'zod';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from '../../platform/auth/cookies.ts';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../platform/auth/jwt.ts';
import {
  isFromThisSite,
  maybeActor,
  optionalActor,
  requireActor,
  resolveActor,
} from '../../platform/auth/middleware.ts';
import { AppError } from '../../platform/errors.ts';
import type { AppEnv } from '../../platform/http/env.ts';
import {
  createRouter,
  defineRoute,
  errorContent,
  jsonBody,
  jsonContent,
  lenientJsonBody,
} from '../../platform/http/openapi.ts';
import { POLICY } from '../../platform/http/route-policy.ts';
import { type AccountsContext, toAuthUser } from './accounts.context.ts';
import { exchangeCustomToken, login, refreshSession, type SignIn, signup } from './auth.service.ts';
import {
  appContinuation,
  inspectActionCode,
  requestEmailChange,
  resendVerificationEmail,
  resetPassword,
  signInWithMagicLink,
  verifyEmail,
} from './email-actions.service.ts';
import { requestMeta } from './route-helpers.ts';

const tags = ['auth'];

/** Answers a sign-in: the cookie for builders; bearer tokens for an app's end users (SDK). */
async function signInAnswer(c: Context<AppEnv>, ctx: AccountsContext, { user, session }: SignIn) {
  const base = { user: toAuthUser(ctx, user), tenantId: user.tenantId };
  if (user.tenantId === PLATFORM_TENANT) {
    setSessionCookie(c, ctx.auth, session.token, session.expiresAt);
    return base;
  }
  const accessToken = await ctx.auth.jwt.signAccessToken({
    userId: user.id,
    tenantId: user.tenantId,
    sessionId: session.sessionId,
  });
  return { ...base, accessToken, refreshToken: session.token, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}

const signupRoute = defineRoute({
  policy: POLICY.signInSetsCookie,
  method: 'post',
  path: '/auth/signup',
  tags,
  summary: 'Create an account with e-mail and password (an app’s end users with ?appId=)',
  request: { query: appIdQuerySchema, ...jsonBody(signupRequestSchema) },
  responses: {
    201: jsonContent(signInResponseSchema, 'Signed up and signed in'),
    400: errorContent('This email is invalid / This password is too weak'),
    409: errorContent('This email is already in use, try logging in'),
  },
});

const loginRoute = defineRoute({
  policy: POLICY.signInSetsCookie,
  method: 'post',
  path: '/auth/login',
  tags,
  summary: 'Sign in with e-mail and password',
  request: { query: appIdQuerySchema, ...jsonBody(loginRequestSchema) },
  responses: {
    200: jsonContent(signInResponseSchema, 'Signed in'),
    401: errorContent('Invalid email or password'),
    403: errorContent('User is disabled, contact us for more info'),
    429: errorContent('Too many login attempts, try again later'),
  },
});

const logoutRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/auth/logout',
  tags,
  summary: 'End this session',
  middleware: [optionalActor] as const,
  responses: { 200: jsonContent(z.object({ ok: z.literal(true) }), 'Signed out') },
});

const sessionRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/auth/session',
  tags,
  summary: 'The signed-in user (401 when signed out; with ?optional=1, 200 with nulls instead)',
  middleware: [optionalActor] as const,
  request: { query: z.object({ optional: z.enum(['0', '1', 'true', 'false']).optional() }) },
  responses: {
    200: jsonContent(
      z.union([sessionResponseSchema, z.object({ user: z.null(), tenantId: z.null() })]),
      'Signed in (or signed out with ?optional=1)',
    ),
    401: errorContent('Signed out'),
  },
});

const verifySendRoute = defineRoute({
  policy: POLICY.signIn,
  method: 'post',
  path: '/auth/verify-email/send',
  tags,
  summary: 'Send the e-mail verification link again',
  middleware: [requireActor] as const,
  request: lenientJsonBody(z.object({ continueUrl: z.string().nullable().optional() })),
  responses: {
    200: jsonContent(
      z.object({ sent: z.boolean(), alreadyVerified: z.boolean() }),
      'Sent (or already verified)',
    ),
  },
});

const verifyRoute = defineRoute({
  policy: POLICY.signIn,
  method: 'post',
  path: '/auth/verify-email',
  tags,
  summary: 'Verify the e-mail address with the code of the link',
  request: jsonBody(verifyEmailRequestSchema),
  responses: {
    200: jsonContent(verifyEmailResponseSchema, 'Verified'),
    400: errorContent('Invalid or expired'),
  },
});

const actionCodeRoute = defineRoute({
  policy: POLICY.signIn,
  method: 'post',
  path: '/auth/action-code',
  tags,
  summary: 'What an e-mailed link is for, without using it',
  request: jsonBody(z.object({ mode: z.enum(AUTH_ACTION_MODES), token: z.string().min(1).max(200) })),
  responses: {
    200: jsonContent(
      z.object({ mode: z.enum(AUTH_ACTION_MODES), email: z.string(), newEmail: z.string().nullable() }),
      'The link is live',
    ),
    400: errorContent('Invalid or expired'),
  },
});

const resetRoute = defineRoute({
  policy: POLICY.signIn,
  method: 'post',
  path: '/auth/password-reset',
  tags,
  summary: 'Set a new password with the code of a reset link (ends every session)',
  request: jsonBody(passwordResetRequestSchema),
  responses: {
    200: jsonContent(passwordResetResponseSchema, 'Password reset successfully'),
    400: errorContent('Link invalid, try to reset your password again / This password is too weak'),
    404: errorContent('User not found or disabled'),
  },
});

const magicLinkRoute = defineRoute({
  policy: POLICY.signIn,
  method: 'post',
  path: '/auth/magic-link',
  tags,
  summary:
    'Use the code of a magic link: answers a custom token for the tenant and where it may be taken (the tenant’s own address)',
  request: jsonBody(magicLinkRequestSchema),
  responses: {
    200: jsonContent(magicLinkResponseSchema, 'Valid link'),
    400: errorContent('Invalid or expired magic link'),
  },
});

const customTokenRoute = defineRoute({
  policy: POLICY.signIn,
  method: 'post',
  path: '/auth/custom-token',
  tags,
  summary: 'Sign in to the tenant a custom token names (single use)',
  request: jsonBody(actionTokenRequestSchema),
  responses: { 200: jsonContent(signInResponseSchema, 'Signed in'), 401: errorContent('Invalid token') },
});

const refreshRoute = defineRoute({
  policy: POLICY.signIn,
  method: 'post',
  path: '/auth/token/refresh',
  tags,
  summary: 'A fresh access token; the session lasts 30 more days (the web calls it every 50 minutes)',
  // Without it, the session cookie's (or bearer token's) session.
  request: lenientJsonBody(z.object({ refreshToken: z.string().optional() })),
  responses: { 200: jsonContent(tokenResponseSchema, 'Refreshed'), 401: errorContent('Signed out') },
});

const emailChangeRoute = defineRoute({
  policy: POLICY.signIn,
  method: 'post',
  path: '/auth/email-change',
  tags,
  summary: 'Send a confirmation link to a new e-mail address',
  middleware: [requireActor] as const,
  request: jsonBody(emailChangeRequestSchema),
  responses: {
    200: jsonContent(messageResponseSchema, 'Link sent'),
    409: errorContent('This email is already in use'),
  },
});

export function authRoutes(ctx: AccountsContext) {
  return createRouter()
    .openapi(signupRoute, async (c) => {
      const result = await signup(ctx, c.req.valid('json'), c.req.valid('query').appId, requestMeta(c));
      return c.json(await signInAnswer(c, ctx, result), 201);
    })
    .openapi(loginRoute, async (c) => {
      const result = await login(ctx, c.req.valid('json'), c.req.valid('query').appId, requestMeta(c));
      return c.json(await signInAnswer(c, ctx, result), 200);
    })
    .openapi(logoutRoute, async (c) => {
      const actor = c.var.actor as typeof c.var.actor | undefined;
      if (actor) await ctx.auth.sessions.revoke(actor.sessionId);
      clearSessionCookie(c, ctx.auth);
      return c.json({ ok: true as const }, 200);
    })
    .openapi(sessionRoute, async (c) => {
      const actor = maybeActor(c);
      const user = actor ? await ctx.repo.findUserById(actor.tenantId, actor.userId) : undefined;
      if (user) return c.json({ user: toAuthUser(ctx, user), tenantId: user.tenantId }, 200);
      // The web app asks with ?optional=1 so that being signed out is not a failed request.
      const optional = c.req.valid('query').optional;
      if (optional === '1' || optional === 'true') return c.json({ user: null, tenantId: null }, 200);
      throw new AppError('unauthorized', AUTH_TEXTS.signInRequired);
    })
    .openapi(verifySendRoute, async (c) => {
      const body = (await c.req.json().catch(() => ({}))) as { continueUrl?: string | null };
      const result = await resendVerificationEmail(ctx, c.get('actor'), requestMeta(c), body?.continueUrl);
      return c.json({ sent: result === 'sent', alreadyVerified: result === 'already-verified' }, 200);
    })
    .openapi(verifyRoute, async (c) => {
      const { token, continueUrl } = c.req.valid('json');
      const user = await verifyEmail(ctx, token);
      return c.json(
        {
          message: AUTH_TEXTS.emailVerified,
          email: user.email,
          continueUrl: await appContinuation(ctx, user.tenantId, continueUrl),
        },
        200,
      );
    })
    .openapi(actionCodeRoute, async (c) => {
      const { mode, token } = c.req.valid('json');
      return c.json(await inspectActionCode(ctx, mode, token), 200);
    })
    .openapi(resetRoute, async (c) => {
      const { token, password, continueUrl } = c.req.valid('json');
      const user = await resetPassword(ctx, token, password);
      return c.json(
        {
          message: AUTH_MESSAGES.reset.success,
          continueUrl: await appContinuation(ctx, user.tenantId, continueUrl),
        },
        200,
      );
    })
    .openapi(magicLinkRoute, async (c) => {
      const { token, continueUrl } = c.req.valid('json');
      return c.json(await signInWithMagicLink(ctx, token, continueUrl), 200);
    })
    .openapi(customTokenRoute, async (c) => {
      const { token } = c.req.valid('json');
      // A builder's token sets the cookie: refused from another site (login CSRF).
      const claims = await ctx.auth.jwt.verifyCustomToken(token);
      if (claims?.tenantId === PLATFORM_TENANT && !isFromThisSite(c)) {
        throw new AppError('forbidden', AUTH_TEXTS.crossSiteRefused);
      }
      const result = await exchangeCustomToken(ctx, token, requestMeta(c));
      return c.json(await signInAnswer(c, ctx, result), 200);
    })
    .openapi(refreshRoute, async (c) => {
      const body = (await c.req.json().catch(() => ({}))) as { refreshToken?: unknown };
      const actor =
        typeof body?.refreshToken === 'string'
          ? await ctx.auth.sessions.actorByToken(body.refreshToken, 'session-token')
          : await resolveActor(c);
      if (!actor) throw new AppError('unauthorized', AUTH_TEXTS.signInRequired);
      const { expiresAt, ...token } = await refreshSession(ctx, actor);
      const cookie = actor.via === 'cookie' ? readSessionCookie(c, ctx.auth) : undefined;
      if (cookie) setSessionCookie(c, ctx.auth, cookie, expiresAt);
      return c.json(token, 200);
    })
    .openapi(emailChangeRoute, async (c) => {
      await requestEmailChange(ctx, c.get('actor'), c.req.valid('json').newEmail, requestMeta(c));
      return c.json({ message: AUTH_TEXTS.emailChangeSent }, 200);
    });
}
