import { randomBytes } from 'node:crypto';
import {
  AUTH_MESSAGES,
  AUTH_TEXTS,
  PLATFORM_TENANT,
  providersResponseSchema,
  safeRedirectPath,
  tenantForApp,
} from '@atelier/shared';
import { generateCodeVerifier, generateState } from 'arctic';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { isHttps, setSessionCookie } from '../../platform/auth/cookies.ts';
import { safeEqual } from '../../platform/auth/tokens.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { AppEnv } from '../../platform/http/env.ts';
import { createRouter, defineRoute, jsonContent } from '../../platform/http/openapi.ts';
import { POLICY, routePolicy } from '../../platform/http/route-policy.ts';
import { HOSTED_LOGIN_MESSAGES, returnWithSession } from '../base44/hosted-login.ts';
import type { AccountsContext } from './accounts.context.ts';
import { signInVerifiedEmail } from './auth.service.ts';
import { escapeHtml } from './auth-emails.ts';
import type { OAuthProvider, OAuthProviderId } from './oauth-providers.ts';

const STATE_COOKIE_PATH = '/api/auth/oauth';
const STATE_TTL_SECONDS = 600;

/** What the popup tells the page that opened it (`window.opener.postMessage`). */
export type OAuthPopupResult =
  | { type: 'atelier:oauth'; ok: true }
  | { type: 'atelier:oauth'; ok: false; message: string };

const providersRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/auth/providers',
  tags: ['auth'],
  summary: 'The social sign-in providers configured on this server',
  responses: { 200: jsonContent(providersResponseSchema, 'Configured providers') },
});

export function oauthRoutes(ctx: AccountsContext, providers: Map<OAuthProviderId, OAuthProvider>) {
  const stateCookie = `${ctx.auth.config.auth.sessionCookieName}_oauth`;
  const providerOf = (c: Context<AppEnv>) => {
    const provider = providers.get(c.req.param('provider') as OAuthProviderId);
    if (!provider) throw notFound();
    return provider;
  };

  const router = createRouter().openapi(providersRoute, (c) =>
    c.json({ providers: [...providers.values()].map(({ id, name }) => ({ id, name })) }, 200),
  );

  const b64 = (text: string) => Buffer.from(text).toString('base64url');
  const unb64 = (text: string | undefined) => Buffer.from(text ?? '', 'base64url').toString();
  /** Remembers the sign-in under way (provider, state, PKCE verifier, where it goes on) and goes to the provider. */
  const toProvider = (c: Context<AppEnv>, provider: OAuthProvider, rest: string[]) => {
    const state = generateState();
    const verifier = generateCodeVerifier();
    setCookie(c, stateCookie, [provider.id, state, verifier, ...rest].join('.'), {
      httpOnly: true,
      sameSite: 'Lax',
      secure: isHttps(ctx.auth),
      path: STATE_COOKIE_PATH,
      maxAge: STATE_TTL_SECONDS,
    });
    return c.redirect(provider.authorizationUrl(state, verifier).toString(), 302);
  };

  /**
   * An app's end user signs in with a provider (the hosted login of `@base44/sdk`,
   * `loginWithProvider`): the server's providers, for the app's tenant. The browser comes back to
   * `from_url` (an address of the app) with `?access_token=`, as from the hosted login's e-mail sign-in.
   */
  router.get('/apps/:appId/auth/oauth/:provider/start', routePolicy(POLICY.signIn), async (c) => {
    const provider = providerOf(c);
    const appId = c.req.param('appId');
    const fromUrl = c.req.query('from_url') ?? '';
    // Kept in the state cookie (base64): a browser keeps cookies up to 4 KB.
    if (fromUrl.length > 2000 || !(await ctx.isAppAddress(appId, fromUrl))) {
      throw new AppError('bad_request', HOSTED_LOGIN_MESSAGES.foreignReturn);
    }
    return toProvider(c, provider, ['', b64(appId), b64(fromUrl)]);
  });

  /** Opened in the popup: remembers state + PKCE verifier in a short cookie and goes to the provider. */
  router.get('/auth/oauth/:provider/start', routePolicy(POLICY.signIn), (c) => {
    const provider = providerOf(c);
    return toProvider(c, provider, [b64(safeRedirectPath(c.req.query('redirectTo')) ?? '')]);
  });

  router.get('/auth/oauth/:provider/callback', routePolicy(POLICY.signIn), async (c) => {
    const provider = providerOf(c);
    const [cookieProvider, state, verifier, redirectB64, appB64, fromB64] = (
      getCookie(c, stateCookie) ?? ''
    ).split('.');
    deleteCookie(c, stateCookie, { path: STATE_COOKIE_PATH, secure: isHttps(ctx.auth) });
    const redirectTo = safeRedirectPath(unb64(redirectB64)) ?? '/home';
    const code = c.req.query('code');
    const givenState = c.req.query('state') ?? '';
    const valid = code && state && verifier && cookieProvider === provider.id && safeEqual(givenState, state);
    if (appB64) {
      if (!valid) return endUserFailed(c, AUTH_TEXTS.socialSignInFailed);
      return endUserSignIn(c, provider, code, verifier, unb64(appB64), unb64(fromB64));
    }
    if (!valid) {
      return popupPage(
        c,
        { type: 'atelier:oauth', ok: false, message: AUTH_TEXTS.socialSignInFailed },
        '/login',
      );
    }
    try {
      const user = await providerUser(provider, code, verifier, PLATFORM_TENANT, null);
      const session = await ctx.auth.sessions.create(user, c.req.header('user-agent'));
      setSessionCookie(c, ctx.auth, session.token, session.expiresAt);
      return popupPage(c, { type: 'atelier:oauth', ok: true }, redirectTo);
    } catch (error) {
      const message = error instanceof AppError ? error.message : AUTH_TEXTS.socialSignInFailed;
      c.get('logger').warn({ err: error, provider: provider.id }, 'social sign-in failed');
      return popupPage(c, { type: 'atelier:oauth', ok: false, message }, '/login');
    }
  });

  /**
   * The account of the tenant (the platform's builders, or an app's end users: `appId`) that this
   * provider account signs in: the one linked to it, else the one of its verified e-mail address
   * (created when there is none and sign-up allows it), linked from now on.
   */
  async function providerUser(
    provider: OAuthProvider,
    code: string,
    verifier: string,
    tenantId: string,
    appId: string | null,
  ) {
    const profile = await provider.profile(code, verifier);
    let user = await ctx.repo.findOAuthUser(tenantId, provider.id, profile.providerUserId);
    if (user?.disabledAt) throw new AppError('user_disabled', AUTH_MESSAGES.login.userDisabled);
    if (user) return user;
    if (!profile.email) throw new AppError('bad_request', AUTH_TEXTS.socialSignInFailed);
    user = await signInVerifiedEmail(ctx, tenantId, profile.email.toLowerCase(), appId);
    if (!user.name && profile.name)
      user = (await ctx.repo.updateUser(tenantId, user.id, { name: profile.name })) ?? user;
    await ctx.repo.linkOAuth({
      userId: user.id,
      tenantId,
      provider: provider.id,
      providerUserId: profile.providerUserId,
      email: profile.email,
    });
    return user;
  }

  /** The app's end user of this provider account (linked on first sign-in), back to `fromUrl` with a session. */
  async function endUserSignIn(
    c: Context<AppEnv>,
    provider: OAuthProvider,
    code: string,
    verifier: string,
    appId: string,
    fromUrl: string,
  ) {
    try {
      // Checked again: the cookie is the browser's, and the app's addresses may have changed.
      if (!(await ctx.isAppAddress(appId, fromUrl))) {
        throw new AppError('bad_request', HOSTED_LOGIN_MESSAGES.foreignReturn);
      }
      const user = await providerUser(provider, code, verifier, tenantForApp(appId), appId);
      const session = await ctx.auth.sessions.create(user, c.req.header('user-agent'));
      const back = await returnWithSession(ctx.auth.jwt, fromUrl, {
        ...session,
        userId: user.id,
        tenantId: user.tenantId,
      });
      return c.redirect(back, 302);
    } catch (error) {
      c.get('logger').warn({ err: error, provider: provider.id, appId }, 'end-user social sign-in failed');
      return endUserFailed(c, error instanceof AppError ? error.message : AUTH_TEXTS.socialSignInFailed);
    }
  }

  return router;
}

/** Where an end user's social sign-in that did not complete ends: why, on a page of its own. */
function endUserFailed(c: Context<AppEnv>, message: string) {
  c.header('Content-Security-Policy', "default-src 'none'");
  c.header('Cache-Control', 'no-store');
  return c.html(
    `<!doctype html><html><head><meta charset="utf-8"><title>Sign-in did not complete</title></head><body>` +
      `<h1>Sign-in did not complete</h1><p role="alert">${escapeHtml(message)}</p>` +
      `<p>Go back to the app and try again.</p></body></html>`,
    400,
  );
}

/**
 * The page the popup ends on: it tells its opener the outcome and closes; opened without a popup
 * (blocked), it goes on to `fallback` itself.
 */
function popupPage(c: Context<AppEnv>, result: OAuthPopupResult, fallback: string) {
  const nonce = randomBytes(16).toString('base64');
  const data = JSON.stringify({ result, fallback }).replace(/</g, '\\u003c');
  c.header('Content-Security-Policy', `default-src 'none'; script-src 'nonce-${nonce}'`);
  c.header('Cache-Control', 'no-store');
  return c.html(
    `<!doctype html><html><head><meta charset="utf-8"><title>Signing in…</title></head><body>` +
      `<p>${result.ok ? 'Signed in. You can close this window.' : 'Sign-in did not complete. You can close this window.'}</p>` +
      `<script nonce="${nonce}">(function(){var d=${data};` +
      `if(window.opener&&!window.opener.closed){window.opener.postMessage(d.result,window.location.origin);window.close();}` +
      `else{window.location.replace(d.fallback);}})();</script></body></html>`,
    200,
  );
}
