import { AUTH_MESSAGES, AUTH_TEXTS } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  json,
  lastMailTo,
  OTHER_STRONG_PASSWORD,
  outbox,
  readJson,
  STRONG_PASSWORD,
  sessionCookieOf,
  signUp,
} from '../../../test/support/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { authTokens, users } from '../../platform/db/schema/index.ts';

/** Production mode needs a public URL and a secrets key (config.ts); 32 zero bytes will do in a test. */
const TEST_SECRETS_KEY = Buffer.alloc(32).toString('base64');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      PUBLIC_URL: 'http://localhost',
      TRUST_PROXY: 'true',
      ADMIN_EMAILS: 'unverified-admin@example.com',
    },
  });
});
afterAll(() => t.close());

const expireTokensOf = (email: string) =>
  t.deps.database.db
    .update(authTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(authTokens.email, email));

describe('e-mail verification', () => {
  it('verifies the address with the e-mailed link, once', async () => {
    const { headers } = await signUp(t, 'verify@example.com');
    const { oobCode, mode, link } = await lastMailTo(t, 'verify@example.com');
    expect(mode).toBe('verifyEmail');
    expect(link?.origin).toBe('http://localhost');
    const res = await t.app.request('/api/auth/verify-email', json('POST', { token: oobCode }));
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({
      message: AUTH_TEXTS.emailVerified,
      email: 'verify@example.com',
      continueUrl: null,
    });
    const session = await readJson(await t.app.request('/api/auth/session', { headers }));
    expect(session.user.emailVerified).toBe(true);
    const again = await t.app.request('/api/auth/verify-email', json('POST', { token: oobCode }));
    expect(again.status).toBe(400);
    expect(await readJson(again)).toEqual({
      error: { code: 'invalid_action_code', message: AUTH_TEXTS.verifyLinkInvalid },
    });
  });

  it('an unverified builder may use accounts and session calls only; builder calls answer 403 until verified (issue 23 #8)', async () => {
    // ADMIN_EMAILS makes this account an admin: unverified, the admin calls are refused too.
    const { headers } = await signUp(t, 'unverified-admin@example.com');
    const refused = { error: { code: 'email_not_verified', message: AUTH_TEXTS.emailNotVerified } };
    const create = () =>
      t.app.request('/api/apps', json('POST', { name: 'Too soon', type: 'GEN_APP' }, headers));
    for (const res of [
      await create(),
      await t.app.request('/api/apps', { headers }),
      await t.app.request('/api/admin/users', { headers }),
      await t.app.request('/api/auth/admin-setup', { headers }),
    ]) {
      expect(res.status).toBe(403);
      expect(await readJson(res)).toEqual(refused);
    }
    // Accounts and session calls answer: the session, the account, settings, a new link, sign-out.
    expect((await t.app.request('/api/auth/session', { headers })).status).toBe(200);
    expect((await t.app.request('/api/live_api/account/current', { headers })).status).toBe(200);
    expect((await t.app.request('/api/auth/profile', json('PATCH', { name: 'Una' }, headers))).status).toBe(
      200,
    );
    expect((await t.app.request('/api/auth/verify-email/send', json('POST', {}, headers))).status).toBe(200);
    expect((await t.app.request('/api/apps')).status).toBe(401);

    const { oobCode } = await lastMailTo(t, 'unverified-admin@example.com');
    expect((await t.app.request('/api/auth/verify-email', json('POST', { token: oobCode }))).status).toBe(
      200,
    );
    const created = await create();
    expect(created.status).toBe(201);
    expect((await t.app.request('/api/admin/users', { headers })).status).toBe(200);
    expect((await t.app.request('/api/auth/logout', json('POST', undefined, headers))).status).toBe(200);
  });

  it("the verifying builder's next request is verified without waiting for the database's signal", async () => {
    // The signal that drops cached sessions on every instance arrives after the verify answer (on
    // PostgreSQL through another connection): this instance must not depend on it. Without the
    // signal at all, the next request still sees the verified address.
    const { headers } = await signUp(t, 'no-signal@example.com');
    expect((await t.app.request('/api/apps', { headers })).status).toBe(403); // the session is cached
    await t.deps.database.exec('alter table users disable trigger users_session_fields_signal');
    try {
      const { oobCode } = await lastMailTo(t, 'no-signal@example.com');
      const verified = await t.app.request('/api/auth/verify-email', json('POST', { token: oobCode }));
      expect(verified.status).toBe(200);
      expect((await t.app.request('/api/apps', { headers })).status).toBe(200);
    } finally {
      await t.deps.database.exec('alter table users enable trigger users_session_fields_signal');
    }
  });

  it('POST /api/auth/verify-email/send sends a new link that replaces the old one', async () => {
    const { headers } = await signUp(t, 'resend@example.com');
    const first = await lastMailTo(t, 'resend@example.com');
    const res = await t.app.request(
      '/api/auth/verify-email/send',
      json('POST', { continueUrl: '/build/app/1' }, headers),
    );
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ sent: true, alreadyVerified: false });
    const second = await lastMailTo(t, 'resend@example.com');
    expect(second.oobCode).not.toBe(first.oobCode);
    expect(second.link?.searchParams.get('continueUrl')).toBe('/build/app/1');
    const old = await t.app.request('/api/auth/verify-email', json('POST', { token: first.oobCode }));
    expect(old.status).toBe(400);
    expect(
      (await t.app.request('/api/auth/verify-email', json('POST', { token: second.oobCode }))).status,
    ).toBe(200);
    const after = await t.app.request('/api/auth/verify-email/send', json('POST', {}, headers));
    expect(await readJson(after)).toEqual({ sent: false, alreadyVerified: true });
  });

  it('refuses an expired verification link', async () => {
    await signUp(t, 'late@example.com');
    const { oobCode } = await lastMailTo(t, 'late@example.com');
    await expireTokensOf('late@example.com');
    expect((await t.app.request('/api/auth/verify-email', json('POST', { token: oobCode }))).status).toBe(
      400,
    );
  });

  it('answers 401 to verify-email/send when signed out', async () => {
    expect((await t.app.request('/api/auth/verify-email/send', json('POST', {}))).status).toBe(401);
  });

  it('drops a continueUrl that leaves the site', async () => {
    const { headers } = await signUp(t, 'redirect@example.com');
    await t.app.request(
      '/api/auth/verify-email/send',
      json('POST', { continueUrl: 'https://evil.example/' }, headers),
    );
    const { link } = await lastMailTo(t, 'redirect@example.com');
    expect(link?.searchParams.has('continueUrl')).toBe(false);
  });
});

describe('password reset', () => {
  const send = (email: string, ip = '10.4.0.1') =>
    t.app.request(
      '/api/live_api/account/sendResetPasswordEmail',
      json('POST', { email, mainAppId: null, continueUrl: '/home' }, { 'x-forwarded-for': ip }),
    );

  it('sends a reset link, sets the new password with it, ends every session and says "Password reset successfully"', async () => {
    const { headers } = await signUp(t, 'forgot@example.com');
    const res = await send('Forgot@Example.com');
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ message: AUTH_TEXTS.resetEmailSent });
    const { oobCode, mode, mail } = await lastMailTo(t, 'forgot@example.com');
    expect(mode).toBe('resetPassword');
    expect(mail.subject).toBe('Reset your password for Atelier');
    const check = await t.app.request(
      '/api/auth/action-code',
      json('POST', { mode: 'resetPassword', token: oobCode }),
    );
    expect(await readJson(check)).toEqual({
      mode: 'resetPassword',
      email: 'forgot@example.com',
      newEmail: null,
    });
    const reset = await t.app.request(
      '/api/auth/password-reset',
      json('POST', { token: oobCode, password: OTHER_STRONG_PASSWORD }),
    );
    expect(reset.status).toBe(200);
    expect(await readJson(reset)).toEqual({ message: 'Password reset successfully', continueUrl: null });
    expect((await t.app.request('/api/auth/session', { headers })).status).toBe(401);
    const oldLogin = await t.app.request(
      '/api/auth/login',
      json('POST', { email: 'forgot@example.com', password: STRONG_PASSWORD }),
    );
    expect(oldLogin.status).toBe(401);
    const newLogin = await t.app.request(
      '/api/auth/login',
      json('POST', { email: 'forgot@example.com', password: OTHER_STRONG_PASSWORD }),
    );
    expect(newLogin.status).toBe(200);
    expect((await readJson(newLogin)).user.emailVerified).toBe(true);
  });

  it('answers "Link invalid, try to reset your password again" for a used, expired or unknown code', async () => {
    await signUp(t, 'reuse@example.com');
    await send('reuse@example.com');
    const { oobCode } = await lastMailTo(t, 'reuse@example.com');
    await t.app.request(
      '/api/auth/password-reset',
      json('POST', { token: oobCode, password: OTHER_STRONG_PASSWORD }),
    );
    await send('reuse@example.com');
    const fresh = await lastMailTo(t, 'reuse@example.com');
    await expireTokensOf('reuse@example.com');
    for (const token of [oobCode, fresh.oobCode, 'not-a-code']) {
      const res = await t.app.request(
        '/api/auth/password-reset',
        json('POST', { token, password: STRONG_PASSWORD }),
      );
      expect(res.status).toBe(400);
      expect(await readJson(res)).toEqual({
        error: { code: 'invalid_action_code', message: AUTH_MESSAGES.reset.invalidLink },
      });
    }
    const check = await t.app.request(
      '/api/auth/action-code',
      json('POST', { mode: 'resetPassword', token: 'nope' }),
    );
    expect((await readJson(check)).error.message).toBe('Link invalid, try to reset your password again');
  });

  it('answers "This password is too weak" and keeps the link usable', async () => {
    await signUp(t, 'weakreset@example.com');
    await send('weakreset@example.com');
    const { oobCode } = await lastMailTo(t, 'weakreset@example.com');
    const weak = await t.app.request(
      '/api/auth/password-reset',
      json('POST', { token: oobCode, password: 'password1' }),
    );
    expect(weak.status).toBe(400);
    expect(await readJson(weak)).toEqual({
      error: { code: 'weak_password', message: AUTH_MESSAGES.reset.weakPassword },
    });
    const ok = await t.app.request(
      '/api/auth/password-reset',
      json('POST', { token: oobCode, password: OTHER_STRONG_PASSWORD }),
    );
    expect(ok.status).toBe(200);
  });

  it('answers "User not found or disabled" when the account was disabled after the mail', async () => {
    await signUp(t, 'gone@example.com');
    await send('gone@example.com');
    const { oobCode } = await lastMailTo(t, 'gone@example.com');
    await t.deps.database.db
      .update(users)
      .set({ disabledAt: new Date() })
      .where(eq(users.email, 'gone@example.com'));
    const res = await t.app.request(
      '/api/auth/password-reset',
      json('POST', { token: oobCode, password: OTHER_STRONG_PASSWORD }),
    );
    expect(res.status).toBe(404);
    expect(await readJson(res)).toEqual({
      error: { code: 'not_found', message: AUTH_MESSAGES.reset.userNotFoundOrDisabled },
    });
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = (await outbox(t)).length;
    const res = await send('stranger@example.com');
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ message: AUTH_TEXTS.resetEmailSent });
    expect((await outbox(t)).length).toBe(before);
  });

  it('answers 400 "This email is invalid" for a malformed address and 404 for an unknown app', async () => {
    const bad = await send('nope');
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).error.message).toBe('This email is invalid');
    const noApp = await t.app.request(
      '/api/live_api/account/sendResetPasswordEmail',
      json('POST', { email: 'a@example.com', mainAppId: 'missing-app' }),
    );
    expect(noApp.status).toBe(404);
  });

  it('limits e-mails to 5 per address in 15 minutes (429): the sign-up mail and 4 resets', async () => {
    await signUp(t, 'spam@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await send('spam@example.com', `10.5.0.${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const res = await send('spam@example.com', '10.5.1.1');
    expect(await readJson(res)).toEqual({
      error: { code: 'rate_limited', message: AUTH_TEXTS.tooManyRequests },
    });
  });
});

describe('magic link and 6-digit code', () => {
  const sendMagic = (email: string, ip = '10.6.0.1') =>
    t.app.request(
      '/api/live_api/account/sendMagicLink',
      json('POST', { email, continueUrl: '/home' }, { 'x-forwarded-for': ip }),
    );
  const validate = (email: string, otp: string) =>
    t.app.request('/api/live_api/account/validateOtp', json('POST', { email, otp }));

  it('sends a link and a 6-digit code; the code gives a custom token that signs in once', async () => {
    await signUp(t, 'magic@example.com');
    const res = await sendMagic('magic@example.com');
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ message: 'Verification code sent to your email' });
    const { otp, mode, mail } = await lastMailTo(t, 'magic@example.com');
    expect(mode).toBe('signIn');
    expect(otp).toMatch(/^\d{6}$/);
    expect(mail.subject).toBe('Your sign-in link and code for Atelier');
    expect(mail.html).toContain(otp);
    const ok = await validate('magic@example.com', otp ?? '');
    expect(ok.status).toBe(200);
    const { customToken, tenantId } = await readJson(ok);
    expect(tenantId).toBe('platform');
    const signIn = await t.app.request('/api/auth/custom-token', json('POST', { token: customToken }));
    expect(signIn.status).toBe(200);
    const body = await readJson(signIn);
    expect(body).toMatchObject({
      tenantId: 'platform',
      user: { email: 'magic@example.com', emailVerified: true },
    });
    expect(body.refreshToken).toBeUndefined();
    expect(sessionCookieOf(signIn)).toMatch(/^atelier_session=.+/);
    const replay = await t.app.request('/api/auth/custom-token', json('POST', { token: customToken }));
    expect(replay.status).toBe(401);
    expect((await readJson(replay)).error.message).toBe(AUTH_TEXTS.invalidCustomToken);
    const reuse = await validate('magic@example.com', otp ?? '');
    expect(reuse.status).toBe(400);
    expect((await readJson(reuse)).error.message).toBe(AUTH_MESSAGES.magicLink.invalidOrExpired);
  });

  it('signs in with the link itself, once', async () => {
    await sendMagic('linkonly@example.com');
    const { oobCode } = await lastMailTo(t, 'linkonly@example.com');
    const res = await t.app.request('/api/auth/magic-link', json('POST', { token: oobCode }));
    expect(res.status).toBe(200);
    const { customToken } = await readJson(res);
    const signIn = await t.app.request('/api/auth/custom-token', json('POST', { token: customToken }));
    expect((await readJson(signIn)).user).toMatchObject({
      email: 'linkonly@example.com',
      hasPassword: false,
    });
    const again = await t.app.request('/api/auth/magic-link', json('POST', { token: oobCode }));
    expect(again.status).toBe(400);
    expect(await readJson(again)).toEqual({
      error: { code: 'invalid_action_code', message: 'Invalid or expired magic link' },
    });
  });

  it('answers 400 "Invalid email address" for a malformed address', async () => {
    const res = await sendMagic('not an email');
    expect(res.status).toBe(400);
    expect(await readJson(res)).toEqual({
      error: { code: 'invalid_email', message: 'Invalid email address' },
    });
  });

  it('kills the code after 5 wrong tries: 429 ATTEMPTS_EXCEEDED with attemptsExceeded, even for the right code', async () => {
    await sendMagic('guess@example.com');
    const { otp } = await lastMailTo(t, 'guess@example.com');
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const res = await validate('guess@example.com', wrong);
      expect(res.status).toBe(400);
      expect((await readJson(res)).error.message).toBe('Invalid or expired magic link');
    }
    const fifth = await validate('guess@example.com', wrong);
    expect(fifth.status).toBe(429);
    expect(await readJson(fifth)).toEqual({
      error: { code: 'ATTEMPTS_EXCEEDED', message: AUTH_TEXTS.otpAttemptsExceeded },
      attemptsExceeded: true,
    });
    const right = await validate('guess@example.com', otp ?? '');
    expect(right.status).toBe(429);
    expect((await readJson(right)).attemptsExceeded).toBe(true);
  });

  it('refuses an expired code', async () => {
    await sendMagic('slow@example.com');
    const { otp } = await lastMailTo(t, 'slow@example.com');
    await expireTokensOf('slow@example.com');
    const res = await validate('slow@example.com', otp ?? '');
    expect(res.status).toBe(400);
  });

  it('a new code replaces the previous one', async () => {
    await sendMagic('twice@example.com');
    const first = await lastMailTo(t, 'twice@example.com');
    await sendMagic('twice@example.com');
    const second = await lastMailTo(t, 'twice@example.com');
    if (first.otp !== second.otp)
      expect((await validate('twice@example.com', first.otp ?? '')).status).toBe(400);
    expect((await validate('twice@example.com', second.otp ?? '')).status).toBe(200);
  });

  it('stores neither the link code nor the 6-digit code in clear', async () => {
    await sendMagic('stored@example.com');
    const { otp, oobCode } = await lastMailTo(t, 'stored@example.com');
    const rows = await t.deps.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.email, 'stored@example.com'));
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(oobCode);
    expect(dump).not.toContain(`"${otp}"`);
  });
});

describe('e-mail change', () => {
  it('sends a link to the new address; completing it changes the e-mail and says "Email updated"', async () => {
    const { headers } = await signUp(t, 'old@example.com');
    const res = await t.app.request(
      '/api/auth/email-change',
      json('POST', { newEmail: 'New@Example.com' }, headers),
    );
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ message: AUTH_TEXTS.emailChangeSent });
    const { oobCode, mode, link } = await lastMailTo(t, 'new@example.com');
    expect(mode).toBe('verifyAndChangeEmail');
    expect(link?.searchParams.get('continueUrl')).toBe('/settings');
    const check = await t.app.request(
      '/api/auth/action-code',
      json('POST', { mode: 'verifyAndChangeEmail', token: oobCode }),
    );
    expect(await readJson(check)).toEqual({
      mode: 'verifyAndChangeEmail',
      email: 'old@example.com',
      newEmail: 'new@example.com',
    });
    const done = await t.app.request(
      '/api/live_api/account/completeEmailChange',
      json('POST', { newEmail: 'new@example.com', oobCode }, headers),
    );
    expect(done.status).toBe(200);
    expect(await readJson(done)).toEqual({ message: 'Email updated', email: 'new@example.com' });
    const session = await readJson(await t.app.request('/api/auth/session', { headers }));
    expect(session.user).toMatchObject({ email: 'new@example.com', emailVerified: true });
    const login = await t.app.request(
      '/api/auth/login',
      json('POST', { email: 'new@example.com', password: STRONG_PASSWORD }),
    );
    expect(login.status).toBe(200);
  });

  it('answers 409 email-already-exists "This email is already in use" when asking for a taken address', async () => {
    await signUp(t, 'taken@example.com');
    const { headers } = await signUp(t, 'wants@example.com');
    const res = await t.app.request(
      '/api/auth/email-change',
      json('POST', { newEmail: 'taken@example.com' }, headers),
    );
    expect(res.status).toBe(409);
    expect(await readJson(res)).toEqual({
      error: { code: 'email-already-exists', message: AUTH_MESSAGES.emailChange.emailInUse },
    });
  });

  it('answers 409 email-already-exists when the address was taken between the mail and the click', async () => {
    const { headers } = await signUp(t, 'racer@example.com');
    await t.app.request('/api/auth/email-change', json('POST', { newEmail: 'prize@example.com' }, headers));
    const { oobCode } = await lastMailTo(t, 'prize@example.com');
    await signUp(t, 'prize@example.com');
    const res = await t.app.request(
      '/api/live_api/account/completeEmailChange',
      json('POST', { newEmail: 'prize@example.com', oobCode }),
    );
    expect(res.status).toBe(409);
    expect((await readJson(res)).error).toEqual({
      code: 'email-already-exists',
      message: 'This email is already in use',
    });
  });

  it('refuses a link for another address, or used by another signed-in user', async () => {
    const owner = await signUp(t, 'owner@example.com');
    const other = await signUp(t, 'other@example.com');
    await t.app.request(
      '/api/auth/email-change',
      json('POST', { newEmail: 'fresh@example.com' }, owner.headers),
    );
    const { oobCode } = await lastMailTo(t, 'fresh@example.com');
    const wrongAddress = await t.app.request(
      '/api/live_api/account/completeEmailChange',
      json('POST', { newEmail: 'elsewhere@example.com', oobCode }),
    );
    expect(wrongAddress.status).toBe(400);
    const wrongUser = await t.app.request(
      '/api/live_api/account/completeEmailChange',
      json('POST', { newEmail: 'fresh@example.com', oobCode }, other.headers),
    );
    expect(wrongUser.status).toBe(403);
  });
});

describe('dev outbox', () => {
  it('lists kept mail newest first with id, to, subject, text, html and createdAt', async () => {
    const res = await t.app.request('/api/dev/outbox');
    expect(res.status).toBe(200);
    const { messages } = await readJson(res);
    expect(messages.length).toBeGreaterThan(3);
    expect(Object.keys(messages[0]).sort()).toEqual(['createdAt', 'html', 'id', 'subject', 'text', 'to']);
    const times = messages.map((m: { createdAt: string }) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('is off when SMTP_URL is set, and in production', async () => {
    for (const env of [
      { SMTP_URL: 'smtp://127.0.0.1:1' },
      { NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000', SECRETS_KEY: TEST_SECRETS_KEY },
    ] as Record<string, string>[]) {
      const other = await createTestApp({ env });
      try {
        expect((await other.app.request('/api/dev/outbox')).status).toBe(404);
      } finally {
        await other.close();
      }
    }
  });

  it('answers 503 to a magic link in production without SMTP_URL', async () => {
    const prod = await createTestApp({
      env: { NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000', SECRETS_KEY: TEST_SECRETS_KEY },
    });
    try {
      const res = await prod.app.request(
        '/api/live_api/account/sendMagicLink',
        json('POST', { email: 'prod@example.com' }),
      );
      expect(res.status).toBe(503);
      expect((await readJson(res)).error.message).toBe(AUTH_TEXTS.mailNotConfigured);
    } finally {
      await prod.close();
    }
  });
});
