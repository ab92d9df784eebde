import { AUTH_TEXTS } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertApp,
  json,
  lastMailTo,
  OTHER_STRONG_PASSWORD,
  readJson,
  STRONG_PASSWORD,
  sessionCookieOf,
  signUp,
  signUpEndUser,
  signUpVerified,
} from '../../../test/support/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import {
  authContext,
  requireActor,
  requireAdmin,
  requireAppUser,
  requireBuilder,
} from '../../platform/auth/middleware.ts';
import { createAuthRuntime } from '../../platform/auth/runtime.ts';
import { apps, sessions } from '../../platform/db/schema/index.ts';
import type { AppEnv } from '../../platform/http/env.ts';
import { errorHandler } from '../../platform/http/error-handler.ts';

let t: TestApp;
let builder: Awaited<ReturnType<typeof signUp>>;
let appId: string;
let closedAppId: string;

beforeAll(async () => {
  t = await createTestApp();
  builder = await signUpVerified(t, 'builder@example.com', STRONG_PASSWORD, 'Bea Builder');
  appId = await insertApp(t, builder.user.id, { isSignupEnabled: true, name: 'Recipe Finder' });
  closedAppId = await insertApp(t, builder.user.id, { isSignupEnabled: false, name: 'Closed App' });
});
afterAll(() => t.close());

/** A bearer access token for the builder's cookie session. */
async function builderAccessToken(): Promise<string> {
  const res = await t.app.request('/api/auth/token/refresh', json('POST', {}, builder.headers));
  return (await readJson(res)).accessToken;
}

describe('end-user tenants', () => {
  it('signs an end user up in the app tenant with bearer tokens and no cookie', async () => {
    const res = await t.app.request(
      `/api/auth/signup?appId=${appId}`,
      json('POST', { email: 'eve@example.com', password: STRONG_PASSWORD }),
    );
    expect(res.status).toBe(201);
    const body = await readJson(res);
    expect(body).toMatchObject({
      tenantId: `app:${appId}`,
      user: { email: 'eve@example.com', appId, tenantId: `app:${appId}`, isAdmin: false },
      expiresIn: 3600,
    });
    expect(body.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.refreshToken).toMatch(/^[\w-]{40,}$/);
    expect(sessionCookieOf(res)).toBeUndefined();
    const { messages } = await readJson(await t.app.request('/api/dev/outbox'));
    expect(messages[0]).toMatchObject({
      to: 'eve@example.com',
      subject: 'Verify your email for Recipe Finder',
    });
  });

  it('answers 404 for an app that does not exist and 403 when the app has sign-up off', async () => {
    const missing = await t.app.request(
      '/api/auth/signup?appId=nope',
      json('POST', { email: 'x@example.com', password: STRONG_PASSWORD }),
    );
    expect(missing.status).toBe(404);
    const closed = await t.app.request(
      `/api/auth/signup?appId=${closedAppId}`,
      json('POST', { email: 'x@example.com', password: STRONG_PASSWORD }),
    );
    expect(closed.status).toBe(403);
    expect(await readJson(closed)).toEqual({
      error: { code: 'forbidden', message: AUTH_TEXTS.appSignupDisabled },
    });
    for (const path of ['/api/live_api/account/sendMagicLink?appId=nope', '/api/auth/login?appId=nope']) {
      expect(
        (await t.app.request(path, json('POST', { email: 'x@example.com', password: 'x' }))).status,
      ).toBe(404);
    }
  });

  it('keeps the same e-mail in two tenants as two independent accounts', async () => {
    const endUser = await signUpEndUser(t, appId, 'builder@example.com', OTHER_STRONG_PASSWORD);
    expect(endUser.user.id).not.toBe(builder.user.id);
    const login = (path: string, password: string) =>
      t.app.request(path, json('POST', { email: 'builder@example.com', password }));
    expect((await login('/api/auth/login', STRONG_PASSWORD)).status).toBe(200);
    expect((await login('/api/auth/login', OTHER_STRONG_PASSWORD)).status).toBe(401);
    const appLogin = await login(`/api/auth/login?appId=${appId}`, OTHER_STRONG_PASSWORD);
    expect(appLogin.status).toBe(200);
    expect((await readJson(appLogin)).user.id).toBe(endUser.user.id);
    expect((await login(`/api/auth/login?appId=${appId}`, STRONG_PASSWORD)).status).toBe(401);
    const duplicate = await t.app.request(
      `/api/auth/signup?appId=${appId}`,
      json('POST', { email: 'builder@example.com', password: STRONG_PASSWORD }),
    );
    expect(duplicate.status).toBe(409);
  });

  it("refuses a builder's session in an app's end-user tenant (cookie and bearer)", async () => {
    const viaCookie = await t.app.request(`/api/live_api/account/current?appId=${appId}`, {
      headers: builder.headers,
    });
    expect(viaCookie.status).toBe(403);
    expect(await readJson(viaCookie)).toEqual({
      error: { code: 'forbidden', message: AUTH_TEXTS.wrongTenant },
    });
    const token = await builderAccessToken();
    const viaBearer = await t.app.request(`/api/live_api/account/create?appId=${appId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(viaBearer.status).toBe(403);
  });

  it("refuses an end user's session in the builders' tenant, and never takes it from the cookie", async () => {
    const endUser = await signUpEndUser(t, appId, 'frank@example.com');
    const current = await t.app.request('/api/live_api/account/current', { headers: endUser.headers });
    expect(current.status).toBe(403);
    const own = await t.app.request(`/api/live_api/account/current?appId=${appId}`, {
      headers: endUser.headers,
    });
    expect(own.status).toBe(200);
    expect(await readJson(own)).toMatchObject({ accountType: 'end_user', appId, isAdmin: false });
  });

  it("answers an end user's appHeader: the app's publish header, else its name (spec 1 §3)", async () => {
    const endUser = await signUpEndUser(t, appId, 'header-reader@example.com');
    const current = async () =>
      (
        await readJson(
          await t.app.request(`/api/live_api/account/current?appId=${appId}`, { headers: endUser.headers }),
        )
      ).appHeader;
    expect(await current()).toBe('Recipe Finder');
    await t.deps.database.db.update(apps).set({ header: 'Find a recipe' }).where(eq(apps.id, appId));
    expect(await current()).toBe('Find a recipe');
    const asCookie = await t.app.request('/api/auth/session', {
      headers: { cookie: `atelier_session=${endUser.refreshToken}` },
    });
    expect(asCookie.status).toBe(401);
  });

  it('signs an end user in with a code in the app tenant; a platform code does not work there', async () => {
    await t.app.request(
      `/api/live_api/account/sendMagicLink?appId=${appId}`,
      json('POST', { email: 'gina@example.com' }),
    );
    const { otp, mail } = await lastMailTo(t, 'gina@example.com');
    expect(mail.subject).toContain('Recipe Finder');
    const wrongTenant = await t.app.request(
      '/api/live_api/account/validateOtp',
      json('POST', { email: 'gina@example.com', otp }),
    );
    expect(wrongTenant.status).toBe(400);
    const res = await t.app.request(
      `/api/live_api/account/validateOtp?appId=${appId}`,
      json('POST', { email: 'gina@example.com', otp }),
    );
    expect(res.status).toBe(200);
    const { customToken, tenantId } = await readJson(res);
    expect(tenantId).toBe(`app:${appId}`);
    const signIn = await t.app.request('/api/auth/custom-token', json('POST', { token: customToken }));
    const body = await readJson(signIn);
    expect(body).toMatchObject({
      tenantId: `app:${appId}`,
      user: { email: 'gina@example.com', emailVerified: true },
    });
    expect(sessionCookieOf(signIn)).toBeUndefined();
    const session = await t.app.request('/api/auth/session', {
      headers: { authorization: `Bearer ${body.accessToken}` },
    });
    expect((await readJson(session)).tenantId).toBe(`app:${appId}`);
  });

  it('exchanges an end-user custom token from another origin (the preview), but not a builder one', async () => {
    const foreign = { origin: 'http://preview.localhost:4100' };
    const codeFor = async (path: string, email: string) => {
      await t.app.request(`/api/live_api/account/sendMagicLink${path}`, json('POST', { email }));
      const { otp } = await lastMailTo(t, email);
      const res = await t.app.request(
        `/api/live_api/account/validateOtp${path}`,
        json('POST', { email, otp }),
      );
      return (await readJson(res)).customToken as string;
    };
    const endUserToken = await codeFor(`?appId=${appId}`, 'preview-user@example.com');
    const endUser = await t.app.request(
      '/api/auth/custom-token',
      json('POST', { token: endUserToken }, foreign),
    );
    expect(endUser.status).toBe(200);
    const builderToken = await codeFor('', 'code-builder@example.com');
    const builderRes = await t.app.request(
      '/api/auth/custom-token',
      json('POST', { token: builderToken }, foreign),
    );
    expect(builderRes.status).toBe(403);
    expect(sessionCookieOf(builderRes)).toBeUndefined();
  });

  it('sends no code that would create an account in an app with sign-up off (issue 20 #9)', async () => {
    const sent = await t.app.request(
      `/api/live_api/account/sendMagicLink?appId=${closedAppId}`,
      json('POST', { email: 'hal@example.com' }),
    );
    expect(sent.status).toBe(200);
    await expect(lastMailTo(t, 'hal@example.com')).rejects.toThrow('no mail to hal@example.com');
    const res = await t.app.request(
      `/api/live_api/account/validateOtp?appId=${closedAppId}`,
      json('POST', { email: 'hal@example.com', otp: '123456' }),
    );
    expect(res.status).toBe(400);
  });
});

describe('tokens', () => {
  it('POST /api/auth/token/refresh answers an access token for the cookie session and moves its expiry', async () => {
    const before = (
      await t.deps.database.db.select().from(sessions).where(eq(sessions.userId, builder.user.id))
    )[0];
    await t.deps.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(sessions.userId, builder.user.id));
    const res = await t.app.request('/api/auth/token/refresh', json('POST', {}, builder.headers));
    expect(res.status).toBe(200);
    const body = await readJson(res);
    expect(body).toEqual({
      accessToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      tokenType: 'Bearer',
      expiresIn: 3600,
    });
    expect(sessionCookieOf(res)).toBe(builder.cookie);
    const after = await t.deps.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, before?.id ?? ''));
    expect(after[0]?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    const session = await t.app.request('/api/auth/session', {
      headers: { authorization: `Bearer ${body.accessToken}` },
    });
    expect((await readJson(session)).user.email).toBe('builder@example.com');
  });

  it('refreshes an end-user session from its refresh token, and stops once the session ends', async () => {
    const endUser = await signUpEndUser(t, appId, 'ivy@example.com');
    const res = await t.app.request(
      '/api/auth/token/refresh',
      json('POST', { refreshToken: endUser.refreshToken }),
    );
    expect(res.status).toBe(200);
    const { accessToken } = await readJson(res);
    const bearer = { authorization: `Bearer ${accessToken}` };
    expect((await t.app.request('/api/auth/logout', { method: 'POST', headers: bearer })).status).toBe(200);
    expect((await t.app.request('/api/auth/session', { headers: bearer })).status).toBe(401);
    const again = await t.app.request(
      '/api/auth/token/refresh',
      json('POST', { refreshToken: endUser.refreshToken }),
    );
    expect(again.status).toBe(401);
  });

  it('answers 401 to a refresh when signed out and to a forged or tampered token', async () => {
    expect((await t.app.request('/api/auth/token/refresh', json('POST', {}))).status).toBe(401);
    const token = await builderAccessToken();
    const [h, p, s] = token.split('.');
    const tampered = `${h}.${p}x.${s}`;
    expect(
      (await t.app.request('/api/auth/session', { headers: { authorization: `Bearer ${tampered}` } })).status,
    ).toBe(401);
    const bogus = await t.app.request('/api/auth/custom-token', json('POST', { token: `${h}.${p}.${s}` }));
    expect(bogus.status).toBe(401);
  });
});

describe('middleware', () => {
  const probe = () => {
    const app = new Hono<AppEnv>();
    app.onError(errorHandler);
    app.use('*', async (c, next) => {
      c.set('logger', t.deps.logger);
      await next();
    });
    app.use('*', authContext(createAuthRuntime(t.deps.config, t.deps.database)));
    app.get('/actor', requireActor, (c) => c.json(c.get('actor')));
    app.get('/builder', requireBuilder, (c) => c.json({ ok: c.get('actor').tenantId }));
    app.get('/admin', requireAdmin, (c) => c.json({ ok: true }));
    app.get(
      '/app/:appId',
      requireAppUser((c) => c.req.param('appId')),
      (c) => c.json({ ok: c.get('actor').appId }),
    );
    return app;
  };

  it('sets the actor with the documented fields', async () => {
    const res = await probe().request('/actor', { headers: builder.headers });
    expect(await readJson(res)).toMatchObject({
      userId: builder.user.id,
      tenantId: 'platform',
      email: 'builder@example.com',
      name: 'Bea Builder',
      isAdmin: true,
      emailVerified: true,
      appId: null,
      via: 'cookie',
    });
  });

  it('requireBuilder: 401 signed out, 403 for an end user or an unverified builder, 200 for a builder', async () => {
    const app = probe();
    const endUser = await signUpEndUser(t, appId, 'jay@example.com');
    const unverified = await signUp(t, 'unverified-jay@example.com');
    expect((await app.request('/builder')).status).toBe(401);
    expect((await app.request('/builder', { headers: endUser.headers })).status).toBe(403);
    const refused = await app.request('/builder', { headers: unverified.headers });
    expect(refused.status).toBe(403);
    expect(await readJson(refused)).toEqual({
      error: { code: 'email_not_verified', message: AUTH_TEXTS.emailNotVerified },
    });
    expect((await app.request('/actor', { headers: unverified.headers })).status).toBe(200);
    expect((await app.request('/builder', { headers: builder.headers })).status).toBe(200);
  });

  it('requireAdmin: 403 forbidden for a builder who is not an admin', async () => {
    const app = probe();
    const plain = await signUpVerified(t, 'plain@example.com');
    const res = await app.request('/admin', { headers: plain.headers });
    expect(res.status).toBe(403);
    expect(await readJson(res)).toEqual({ error: { code: 'forbidden', message: AUTH_TEXTS.adminOnly } });
    expect((await app.request('/admin', { headers: builder.headers })).status).toBe(200);
  });

  it("requireAppUser: only that app's end users", async () => {
    const app = probe();
    const endUser = await signUpEndUser(t, appId, 'kim@example.com');
    expect((await app.request(`/app/${appId}`, { headers: endUser.headers })).status).toBe(200);
    expect((await app.request(`/app/${closedAppId}`, { headers: endUser.headers })).status).toBe(403);
    expect((await app.request(`/app/${appId}`, { headers: builder.headers })).status).toBe(403);
  });
});
