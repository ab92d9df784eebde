import { AUTH_LIMITS, AUTH_MESSAGES, AUTH_TEXTS } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  json,
  OTHER_STRONG_PASSWORD,
  readJson,
  SAME_ORIGIN,
  STRONG_PASSWORD,
  sessionCookieOf,
  signUp,
} from '../../../test/support/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createApp } from '../../app.ts';
import { sessions, users } from '../../platform/db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { ADMIN_EMAILS: 'boss@example.com, Chief@Example.com', TRUST_PROXY: 'true' },
  });
});
afterAll(() => t.close());

const userRow = async (email: string) =>
  (await t.deps.database.db.select().from(users).where(eq(users.email, email)))[0];

describe('POST /api/auth/signup', () => {
  it('creates the account, answers 201 with the user and sets an httpOnly SameSite=Lax session cookie', async () => {
    const res = await t.app.request(
      '/api/auth/signup',
      json('POST', { email: 'Ada@Example.com', password: STRONG_PASSWORD, name: 'Ada' }),
    );
    expect(res.status).toBe(201);
    const body = await readJson(res);
    expect(body.user).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada',
      tenantId: 'platform',
      appId: null,
      emailVerified: false,
      hasPassword: true,
    });
    expect(body.accessToken).toBeUndefined();
    expect(body.refreshToken).toBeUndefined();
    const setCookie = res.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/atelier_session=[\w-]{40,}/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);
    const row = await userRow('ada@example.com');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(body)).not.toContain('argon2');
  });

  it('makes the first account of a fresh install an admin, and not the next ones', async () => {
    expect((await userRow('ada@example.com'))?.isAdmin).toBe(true);
    const next = await signUp(t, 'second@example.com');
    expect(next.user.isAdmin).toBe(false);
  });

  it('makes accounts whose e-mail is in ADMIN_EMAILS admins, whatever the case', async () => {
    const chief = await signUp(t, 'chief@example.com');
    expect(chief.user.isAdmin).toBe(true);
  });

  it('stores the session token only hashed', async () => {
    const { cookie, user } = await signUp(t, 'hashed@example.com');
    const token = cookie.split('=')[1] ?? '';
    const rows = await t.deps.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toBe(token);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('answers 409 "This email is already in use, try logging in" for a taken e-mail, in any case', async () => {
    const res = await t.app.request(
      '/api/auth/signup',
      json('POST', { email: 'ADA@example.com', password: OTHER_STRONG_PASSWORD }),
    );
    expect(res.status).toBe(409);
    expect(await readJson(res)).toEqual({
      error: { code: 'email-already-exists', message: AUTH_MESSAGES.signup.emailInUse },
    });
  });

  it.each(['not-an-email', 'a@', '@example.com', 'a b@example.com', ''])(
    'answers 400 "This email is invalid" for %j',
    async (email) => {
      const res = await t.app.request('/api/auth/signup', json('POST', { email, password: STRONG_PASSWORD }));
      expect(res.status).toBe(400);
      expect(await readJson(res)).toEqual({
        error: { code: 'invalid_email', message: 'This email is invalid' },
      });
    },
  );

  it.each(['short1!', 'password123', '12345678910', 'weakweakweak', 'weakling@example.com'])(
    'answers 400 "This password is too weak" for %j',
    async (password) => {
      const res = await t.app.request(
        '/api/auth/signup',
        json('POST', { email: 'weakling@example.com', password }),
      );
      expect(res.status).toBe(400);
      expect(await readJson(res)).toEqual({
        error: { code: 'weak_password', message: 'This password is too weak' },
      });
      expect(await userRow('weakling@example.com')).toBeUndefined();
    },
  );

  it('sends the verification e-mail at sign-up', async () => {
    await signUp(t, 'verifyme@example.com');
    const res = await t.app.request('/api/dev/outbox');
    const { messages } = await readJson(res);
    expect(messages[0]).toMatchObject({
      to: 'verifyme@example.com',
      subject: 'Verify your email for Atelier',
    });
    expect(messages[0].text).toContain('/auth/handler?mode=verifyEmail&oobCode=');
  });
});

describe('POST /api/auth/login', () => {
  it('answers 200 with the user and a new session cookie for the right password', async () => {
    await signUp(t, 'grace@example.com');
    const res = await t.app.request(
      '/api/auth/login',
      json('POST', { email: ' Grace@example.com ', password: STRONG_PASSWORD }),
    );
    expect(res.status).toBe(200);
    expect((await readJson(res)).user.email).toBe('grace@example.com');
    expect(sessionCookieOf(res)).toMatch(/^atelier_session=.+/);
  });

  it.each([
    ['a wrong password', 'grace@example.com', OTHER_STRONG_PASSWORD],
    ['an unknown user', 'nobody@example.com', STRONG_PASSWORD],
    ['an invalid e-mail', 'not an email', STRONG_PASSWORD],
  ])('answers 401 "Invalid email or password" for %s', async (_case, email, password) => {
    const res = await t.app.request(
      '/api/auth/login',
      json('POST', { email, password }, { 'x-forwarded-for': `10.1.0.${Math.floor(Math.random() * 200)}` }),
    );
    expect(res.status).toBe(401);
    expect(await readJson(res)).toEqual({
      error: { code: 'invalid_credentials', message: AUTH_MESSAGES.login.invalidCredentials },
    });
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('takes a similar time whether or not the user exists', async () => {
    let call = 0;
    const time = async (email: string) => {
      const started = performance.now();
      const res = await t.app.request(
        '/api/auth/login',
        json('POST', { email, password: 'Wrong-password-77' }, { 'x-forwarded-for': `10.9.9.${call++}` }),
      );
      expect(res.status).toBe(401);
      return performance.now() - started;
    };
    await signUp(t, 'timing@example.com');
    await time('timing@example.com');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time('timing@example.com'));
      unknown.push(await time(`ghost${i}@example.com`));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[2] ?? 0;
    // Without the stand-in verification an unknown e-mail answers ~100x faster.
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);
  });

  it('answers 403 "User is disabled, contact us for more info" for a disabled account with the right password', async () => {
    await signUp(t, 'disabled@example.com');
    await t.deps.database.db
      .update(users)
      .set({ disabledAt: new Date() })
      .where(eq(users.email, 'disabled@example.com'));
    const res = await t.app.request(
      '/api/auth/login',
      json('POST', { email: 'disabled@example.com', password: STRONG_PASSWORD }),
    );
    expect(res.status).toBe(403);
    expect(await readJson(res)).toEqual({
      error: { code: 'user_disabled', message: AUTH_MESSAGES.login.userDisabled },
    });
  });

  const login = (email: string, password: string, ip: string, app = t.app) =>
    app.request('/api/auth/login', json('POST', { email, password }, { 'x-forwarded-for': ip }));

  it('the right password from an address with no failures always works, whatever others tried (issue 20 #8)', async () => {
    await signUp(t, 'target@example.com');
    // Many wrong passwords from many addresses, and many from one: none of it locks the owner out.
    for (let i = 0; i < 60; i++) {
      expect((await login('target@example.com', `Wrong-${i}-password`, `10.2.0.${i}`)).status).toBe(401);
    }
    for (let i = 0; i < 12; i++) await login('target@example.com', `Wrong-${i}-password`, '10.2.9.9');
    const owner = await login('target@example.com', STRONG_PASSWORD, '10.2.1.1');
    expect(owner.status).toBe(200);
  });

  it('an address that keeps failing on one account backs off (429 with a wait), the account itself is not locked', async () => {
    await signUp(t, 'backoff@example.com');
    for (let i = 0; i < AUTH_LIMITS.loginFreeFailures; i++) {
      expect((await login('backoff@example.com', 'Wrong-pass-1', '10.2.5.5')).status).toBe(401);
    }
    // The first failure past the free ones still answers 401, and starts the wait.
    expect((await login('backoff@example.com', 'Wrong-pass-1', '10.2.5.5')).status).toBe(401);
    const waiting = await login('backoff@example.com', STRONG_PASSWORD, '10.2.5.5');
    expect(waiting.status).toBe(429);
    expect(await readJson(waiting)).toEqual({
      error: {
        code: 'rate_limited',
        message: AUTH_MESSAGES.login.tooManyAttempts,
        details: { retryAfterSeconds: AUTH_LIMITS.loginBackoffBaseMs / 1000 },
      },
    });
    expect((await login('backoff@example.com', STRONG_PASSWORD, '10.2.5.6')).status).toBe(200);
  });

  it('counts failures in the database, so the back-off holds across server instances', async () => {
    const other = createApp({ ...t.deps });
    await signUp(t, 'shared-limit@example.com');
    for (let i = 0; i <= AUTH_LIMITS.loginFreeFailures; i++) {
      const instance = i % 2 === 0 ? t.app : other;
      expect((await login('shared-limit@example.com', 'Wrong-pass-99', '10.7.0.1', instance)).status).toBe(
        401,
      );
    }
    for (const instance of [t.app, other]) {
      expect((await login('shared-limit@example.com', STRONG_PASSWORD, '10.7.0.1', instance)).status).toBe(
        429,
      );
    }
  });

  it(`answers 429 after ${AUTH_LIMITS.loginMaxFailuresPerIp} failures from one address, whatever the e-mail`, async () => {
    const ip = '10.3.3.3';
    for (let i = 0; i < AUTH_LIMITS.loginMaxFailuresPerIp; i++) {
      await login(`spray${i}@example.com`, 'Nope-nope-123', ip);
    }
    const res = await login('grace@example.com', STRONG_PASSWORD, ip);
    expect(res.status).toBe(429);
    expect((await readJson(res)).error.message).toBe('Too many login attempts, try again later');
    expect((await login('grace@example.com', STRONG_PASSWORD, '10.3.3.4')).status).toBe(200);
  });
});

describe('session, logout and CSRF', () => {
  it('GET /api/auth/session answers the user when signed in and 401 when signed out', async () => {
    const { headers, user } = await signUp(t, 'session@example.com');
    const res = await t.app.request('/api/auth/session', { headers });
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ user, tenantId: 'platform' });
    const anonymous = await t.app.request('/api/auth/session');
    expect(anonymous.status).toBe(401);
    expect(await readJson(anonymous)).toEqual({
      error: { code: 'unauthorized', message: AUTH_TEXTS.signInRequired },
    });
    const optional = await t.app.request('/api/auth/session?optional=1');
    expect(optional.status).toBe(200);
    expect(await readJson(optional)).toEqual({ user: null, tenantId: null });
    const signedInOptional = await t.app.request('/api/auth/session?optional=1', { headers });
    expect(await readJson(signedInOptional)).toEqual({ user, tenantId: 'platform' });
  });

  it('POST /api/auth/logout ends the session and clears the cookie', async () => {
    const { headers } = await signUp(t, 'logout@example.com');
    const res = await t.app.request('/api/auth/logout', json('POST', undefined, headers));
    expect(res.status).toBe(200);
    expect(sessionCookieOf(res)).toBe('atelier_session=');
    expect((await t.app.request('/api/auth/session', { headers })).status).toBe(401);
  });

  it('refuses a state-changing cookie request without a matching Origin (403), and accepts the same with it', async () => {
    const { cookie, headers } = await signUp(t, 'csrf@example.com');
    for (const origin of ['https://evil.example', undefined]) {
      const res = await t.app.request('/api/auth/logout', {
        method: 'POST',
        headers: { cookie, ...(origin ? { origin } : {}) },
      });
      expect(res.status).toBe(403);
      expect(await readJson(res)).toEqual({
        error: { code: 'forbidden', message: AUTH_TEXTS.crossSiteRefused },
      });
    }
    expect((await t.app.request('/api/auth/session', { headers })).status).toBe(200);
    const ok = await t.app.request('/api/auth/logout', {
      method: 'POST',
      headers: { cookie, origin: SAME_ORIGIN },
    });
    expect(ok.status).toBe(200);
  });

  it('refuses a cross-site login that would set the cookie', async () => {
    const res = await t.app.request(
      '/api/auth/login',
      json(
        'POST',
        { email: 'grace@example.com', password: STRONG_PASSWORD },
        { origin: 'https://evil.example' },
      ),
    );
    expect(res.status).toBe(403);
  });

  it('marks the cookie Secure when the public URL is HTTPS', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://atelier.example' } });
    try {
      const res = await secure.app.request(
        '/api/auth/signup',
        json(
          'POST',
          { email: 'secure@example.com', password: STRONG_PASSWORD },
          { origin: 'https://atelier.example' },
        ),
      );
      expect(res.status).toBe(201);
      expect(res.headers.getSetCookie().join('\n')).toMatch(/atelier_session=[^;]+;.*Secure/);
    } finally {
      await secure.close();
    }
  });
});
