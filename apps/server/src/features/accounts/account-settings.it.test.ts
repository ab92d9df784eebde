import { Writable } from 'node:stream';
import { AUTH_MESSAGES, AUTH_TEXTS } from '@atelier/shared';
import { eq } from 'drizzle-orm';
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
} from '../../../test/support/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { apps, users } from '../../platform/db/schema/index.ts';
import { createLogger } from '../../platform/logger.ts';
import { markHasPaidAppPackage } from './account.service.ts';
import { createAccountsRepo } from './accounts.repo.ts';

let t: TestApp;
let logText = '';
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logText += chunk.toString();
      done();
    },
  });
  t = await createTestApp({ logger: createLogger('trace', sink) });
});
afterAll(() => t.close());

describe('account create and current (spec 1 §7)', () => {
  it('POST /api/live_api/account/create answers the accountId, again and again', async () => {
    const { headers, user } = await signUp(t, 'acct@example.com');
    for (let i = 0; i < 2; i++) {
      const res = await t.app.request('/api/live_api/account/create', { method: 'POST', headers });
      expect(res.status).toBe(200);
      expect(await readJson(res)).toEqual({ accountId: user.id });
    }
  });

  it('GET /api/live_api/account/current answers every field of the Account', async () => {
    const { headers, user } = await signUp(t, 'fields@example.com');
    const res = await t.app.request('/api/live_api/account/current', { headers });
    expect(await readJson(res)).toEqual({
      accountId: user.id,
      accountType: 'builder',
      plan: 'lite',
      subscriptionId: null,
      planSubscriptionStatus: null,
      planSubscriptionCancelledAt: null,
      appId: null,
      appHeader: null,
      hasBusinessInfo: false,
      hasPaidAppPackage: false,
      isAdmin: false,
    });
    await markHasPaidAppPackage({ repo: createAccountsRepo(t.deps.database.db) }, user.id);
    expect(
      (await readJson(await t.app.request('/api/live_api/account/current', { headers }))).hasPaidAppPackage,
    ).toBe(true);
  });

  it('both answer 401 when signed out', async () => {
    expect((await t.app.request('/api/live_api/account/create', { method: 'POST' })).status).toBe(401);
    expect((await t.app.request('/api/live_api/account/current')).status).toBe(401);
  });
});

describe('settings', () => {
  it('saves the name and the business details; business details set hasBusinessInfo', async () => {
    const { headers } = await signUp(t, 'biz@example.com');
    const res = await t.app.request(
      '/api/auth/profile',
      json('PATCH', { name: '  Bo Biz ', businessDetails: 'We sell handmade ceramics online.' }, headers),
    );
    expect(res.status).toBe(200);
    expect((await readJson(res)).user).toMatchObject({
      name: 'Bo Biz',
      businessDetails: 'We sell handmade ceramics online.',
    });
    const account = await readJson(await t.app.request('/api/live_api/account/current', { headers }));
    expect(account.hasBusinessInfo).toBe(true);
  });

  it('changes the password with the current one and ends the other sessions only', async () => {
    const first = await signUp(t, 'pw@example.com');
    const other = await t.app.request(
      '/api/auth/login',
      json('POST', { email: 'pw@example.com', password: STRONG_PASSWORD }),
    );
    const otherHeaders = { cookie: sessionCookieOf(other) ?? '', origin: 'http://localhost' };
    const wrong = await t.app.request(
      '/api/auth/password',
      json(
        'POST',
        { currentPassword: 'Not-the-password-1', newPassword: OTHER_STRONG_PASSWORD },
        first.headers,
      ),
    );
    expect(wrong.status).toBe(400);
    expect((await readJson(wrong)).error.message).toBe(AUTH_TEXTS.currentPasswordWrong);
    const weak = await t.app.request(
      '/api/auth/password',
      json('POST', { currentPassword: STRONG_PASSWORD, newPassword: 'password1' }, first.headers),
    );
    expect(await readJson(weak)).toEqual({
      error: { code: 'weak_password', message: AUTH_MESSAGES.signup.weakPassword },
    });
    const ok = await t.app.request(
      '/api/auth/password',
      json('POST', { currentPassword: STRONG_PASSWORD, newPassword: OTHER_STRONG_PASSWORD }, first.headers),
    );
    expect(await readJson(ok)).toEqual({ message: AUTH_TEXTS.passwordChanged });
    expect((await t.app.request('/api/auth/session', { headers: first.headers })).status).toBe(200);
    expect((await t.app.request('/api/auth/session', { headers: otherHeaders })).status).toBe(401);
  });

  it('signs out of all sessions, this one included', async () => {
    const first = await signUp(t, 'everywhere@example.com');
    const second = await t.app.request(
      '/api/auth/login',
      json('POST', { email: 'everywhere@example.com', password: STRONG_PASSWORD }),
    );
    const secondHeaders = { cookie: sessionCookieOf(second) ?? '' };
    const res = await t.app.request('/api/auth/sessions/revoke-all', json('POST', undefined, first.headers));
    expect(await readJson(res)).toEqual({ message: AUTH_TEXTS.signedOutEverywhere });
    expect(sessionCookieOf(res)).toBe('atelier_session=');
    expect((await t.app.request('/api/auth/session', { headers: first.headers })).status).toBe(401);
    expect((await t.app.request('/api/auth/session', { headers: secondHeaders })).status).toBe(401);
  });

  it('deletes the account only after the e-mail is typed, with its apps and their end users', async () => {
    const doomed = await signUp(t, 'doomed@example.com');
    const appId = await insertApp(t, doomed.user.id);
    await signUpEndUser(t, appId, 'enduser-of-doomed@example.com');
    const mismatch = await t.app.request(
      '/api/auth/account',
      json('DELETE', { confirmEmail: 'someone@example.com' }, doomed.headers),
    );
    expect(mismatch.status).toBe(400);
    expect((await readJson(mismatch)).error.message).toBe(AUTH_TEXTS.deleteConfirmMismatch);
    const res = await t.app.request(
      '/api/auth/account',
      json('DELETE', { confirmEmail: 'Doomed@example.com' }, doomed.headers),
    );
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ message: AUTH_TEXTS.accountDeleted });
    const db = t.deps.database.db;
    expect(await db.select().from(users).where(eq(users.id, doomed.user.id))).toEqual([]);
    expect(await db.select().from(apps).where(eq(apps.id, appId))).toEqual([]);
    expect(
      await db
        .select()
        .from(users)
        .where(eq(users.tenantId, `app:${appId}`)),
    ).toEqual([]);
    expect((await t.app.request('/api/auth/session', { headers: doomed.headers })).status).toBe(401);
  });
});

describe('secrets stay out of logs and answers', () => {
  it('never logs a password, hash, session token, link code or 6-digit code', async () => {
    const { cookie } = await signUp(t, 'quiet@example.com', STRONG_PASSWORD);
    // Read before the code sign-in below, which claims the unverified account and clears it.
    const [hash] = await t.deps.database.db
      .select({ h: users.passwordHash })
      .from(users)
      .where(eq(users.email, 'quiet@example.com'));
    await t.app.request(
      '/api/auth/login',
      json('POST', { email: 'quiet@example.com', password: OTHER_STRONG_PASSWORD }),
    );
    await t.app.request('/api/live_api/account/sendMagicLink', json('POST', { email: 'quiet@example.com' }));
    const { oobCode, otp } = await lastMailTo(t, 'quiet@example.com');
    await t.app.request(
      '/api/live_api/account/validateOtp',
      json('POST', { email: 'quiet@example.com', otp }),
    );
    expect(logText).toContain('quiet@example.com');
    for (const secret of [STRONG_PASSWORD, OTHER_STRONG_PASSWORD, cookie.split('=')[1], oobCode, hash?.h]) {
      expect(secret).toBeTruthy();
      expect(logText).not.toContain(secret);
    }
    expect(logText).not.toMatch(new RegExp(`\\b${otp}\\b`));
  });
});
