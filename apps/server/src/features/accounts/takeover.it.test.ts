import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES } from '@atelier/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertApp,
  insertedAppSlug,
  json,
  lastMailTo,
  readJson,
  STRONG_PASSWORD,
  signUp,
  signUpEndUser,
} from '../../../test/support/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { appDomains, entityRecords, sessions, users } from '../../platform/db/schema/index.ts';
import { deleteStaleUnverifiedAccounts } from './stale-accounts.ts';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://localhost', TRUST_PROXY: 'true' } });
  owner = (await signUp(t, 'takeover-owner@example.com')).user.id;
});
afterAll(() => t.close());

/** An app's own origin (PUBLIC_URL http://localhost: APPS_DOMAIN localhost). */
const home = (appId: string) => `http://${insertedAppSlug(appId)}.localhost/`;

const sendMagic = (appId: string | null, email: string, continueUrl?: string) =>
  t.app.request(
    `/api/live_api/account/sendMagicLink${appId ? `?appId=${appId}` : ''}`,
    json('POST', { email, continueUrl }, { 'x-forwarded-for': '10.20.0.1' }),
  );
const openLink = (token: string, continueUrl?: string | null) =>
  t.app.request('/api/auth/magic-link', json('POST', { token, continueUrl }));

describe('magic link continuation (issue 20 #6)', () => {
  it("never hands an app's sign-in to another app: the link and the answer name the app's own address", async () => {
    const victimApp = await insertApp(t, owner, { name: 'Victim App' });
    const attackerApp = await insertApp(t, owner, { name: 'Attacker App' });
    const targets = [
      home(attackerApp),
      `${home(attackerApp)}steal`,
      `/app/${victimApp}`,
      `http://${insertedAppSlug(victimApp)}x.localhost/`,
      'https://evil.example/',
      `//evil.example/app/${victimApp}`,
      `http://user@${insertedAppSlug(victimApp)}.localhost/`,
    ];
    for (const [i, continueUrl] of targets.entries()) {
      const email = `cross-app-${i}@example.com`;
      expect((await sendMagic(victimApp, email, continueUrl)).status).toBe(200);
      const { link, oobCode } = await lastMailTo(t, email);
      expect(link?.searchParams.get('continueUrl')).toBe(home(victimApp));
      // Even when the handler is given another continueUrl, the answer names the app's address.
      const res = await openLink(oobCode ?? '', continueUrl);
      expect(res.status).toBe(200);
      const body = await readJson(res);
      expect(body.tenantId).toBe(`app:${victimApp}`);
      expect(body.continueUrl).toBe(home(victimApp));
    }
  });

  it("keeps a continuation inside the app's own address or verified domain", async () => {
    const appId = await insertApp(t, owner);
    await t.deps.database.db
      .insert(appDomains)
      .values({ appId, domain: 'shop.example.com', txtValue: 'x', verifiedAt: new Date() });
    const email = 'deep-link@example.com';
    for (const continueUrl of [`${home(appId)}orders?id=4`, home(appId), 'http://shop.example.com/orders']) {
      await sendMagic(appId, email, continueUrl);
      const { link, oobCode } = await lastMailTo(t, email);
      const expected = new URL(continueUrl, 'http://localhost').href;
      expect(link?.searchParams.get('continueUrl')).toBe(expected);
      expect((await readJson(await openLink(oobCode ?? '', continueUrl))).continueUrl).toBe(expected);
    }
    await sendMagic(appId, email, 'http://unverified.example.com/');
    const { oobCode } = await lastMailTo(t, email);
    expect(
      (await readJson(await openLink(oobCode ?? '', 'http://unverified.example.com/'))).continueUrl,
    ).toBe(home(appId));
  });

  it("a builder's link continues on a path of the platform only", async () => {
    const email = 'builder-continue@example.com';
    await sendMagic(null, email, 'https://evil.example/');
    const { link, oobCode } = await lastMailTo(t, email);
    expect(link?.searchParams.has('continueUrl')).toBe(false);
    const body = await readJson(await openLink(oobCode ?? '', 'https://evil.example/'));
    expect(body).toMatchObject({ tenantId: 'platform', continueUrl: null });
  });
});

describe('password reset and e-mail verification started in an app go back to the app (issue 19)', () => {
  const sendReset = (appId: string | null, email: string, continueUrl?: string) =>
    t.app.request(
      '/api/live_api/account/sendResetPasswordEmail',
      json('POST', { email, mainAppId: appId, continueUrl }, { 'x-forwarded-for': '10.20.0.2' }),
    );
  const reset = (token: string, continueUrl?: string | null) =>
    t.app.request(
      '/api/auth/password-reset',
      json('POST', { token, password: `${STRONG_PASSWORD}-2`, continueUrl }),
    );

  it("an end user's reset link and its answer name the app's own address (the page they started on)", async () => {
    const appId = await insertApp(t, owner, { name: 'Reset App', isSignupEnabled: true });
    const email = 'reset-end-user@example.com';
    await signUpEndUser(t, appId, email);
    const signIn = `${home(appId)}login`;
    expect((await sendReset(appId, email, signIn)).status).toBe(200);
    const { link, oobCode } = await lastMailTo(t, email);
    expect(link?.origin).toBe('http://localhost');
    expect(link?.searchParams.get('continueUrl')).toBe(signIn);
    const answer = await reset(oobCode ?? '', signIn);
    expect(answer.status).toBe(200);
    expect((await readJson(answer)).continueUrl).toBe(signIn);
    // Another site in the link or the request: the app's own address instead.
    expect((await sendReset(appId, email, 'https://evil.example/')).status).toBe(200);
    const second = await lastMailTo(t, email);
    expect(second.link?.searchParams.get('continueUrl')).toBe(home(appId));
    expect((await readJson(await reset(second.oobCode ?? '', 'https://evil.example/'))).continueUrl).toBe(
      home(appId),
    );
  });

  it("a builder's reset stays on the platform; an end user's verification goes back to the app", async () => {
    const builder = 'reset-builder@example.com';
    await signUp(t, builder);
    await sendReset(null, builder, 'https://evil.example/');
    const { link, oobCode } = await lastMailTo(t, builder);
    expect(link?.searchParams.has('continueUrl')).toBe(false);
    expect((await readJson(await reset(oobCode ?? ''))).continueUrl).toBeNull();

    const appId = await insertApp(t, owner, { name: 'Verify App', isSignupEnabled: true });
    const email = 'verify-end-user@example.com';
    const endUser = await signUpEndUser(t, appId, email);
    const sent = await t.app.request(
      '/api/auth/verify-email/send',
      json('POST', { continueUrl: `${home(appId)}notes` }, endUser.headers),
    );
    expect(sent.status).toBe(200);
    const verify = await lastMailTo(t, email);
    expect(verify.link?.searchParams.get('continueUrl')).toBe(`${home(appId)}notes`);
    const verified = await t.app.request(
      '/api/auth/verify-email',
      json('POST', { token: verify.oobCode, continueUrl: `${home(appId)}notes` }),
    );
    expect(await readJson(verified)).toMatchObject({ email, continueUrl: `${home(appId)}notes` });
  });
});

describe('pre-account takeover (issue 20 #7)', () => {
  const login = (appId: string | null, email: string, password = STRONG_PASSWORD) =>
    t.app.request(
      `/api/auth/login${appId ? `?appId=${appId}` : ''}`,
      json('POST', { email, password }, { 'x-forwarded-for': '10.20.0.2', origin: 'http://localhost' }),
    );

  it("claiming an unverified end-user account by magic link ends the squatter's password and sessions", async () => {
    const appId = await insertApp(t, owner);
    const email = 'squatted@example.com';
    const squatter = await signUpEndUser(t, appId, email);
    expect((await t.app.request('/api/auth/session', { headers: squatter.headers })).status).toBe(200);
    await sendMagic(appId, email);
    const { oobCode } = await lastMailTo(t, email);
    const { customToken } = await readJson(await openLink(oobCode ?? ''));
    const signIn = await t.app.request('/api/auth/custom-token', json('POST', { token: customToken }));
    expect((await readJson(signIn)).user).toMatchObject({ emailVerified: true, hasPassword: false });
    expect((await t.app.request('/api/auth/session', { headers: squatter.headers })).status).toBe(401);
    const refresh = await t.app.request(
      '/api/auth/token/refresh',
      json('POST', { refreshToken: squatter.refreshToken }),
    );
    expect(refresh.status).toBe(401);
    const again = await login(appId, email);
    expect(again.status).toBe(401);
    expect((await readJson(again)).error.message).toBe(AUTH_MESSAGES.login.invalidCredentials);
  });

  it('claiming an unverified builder account by 6-digit code does the same', async () => {
    const email = 'squatted-builder@example.com';
    const squatter = await signUp(t, email);
    await sendMagic(null, email);
    const { otp } = await lastMailTo(t, email);
    const ok = await t.app.request('/api/live_api/account/validateOtp', json('POST', { email, otp }));
    expect(ok.status).toBe(200);
    expect((await t.app.request('/api/auth/session', { headers: squatter.headers })).status).toBe(401);
    expect((await login(null, email)).status).toBe(401);
  });

  it('a verified account keeps its password and sessions when its owner uses a magic link', async () => {
    const appId = await insertApp(t, owner);
    const email = 'verified-keeps@example.com';
    const user = await signUpEndUser(t, appId, email);
    const { oobCode: verifyCode } = await lastMailTo(t, email);
    await t.app.request('/api/auth/verify-email', json('POST', { token: verifyCode }));
    await sendMagic(appId, email);
    const { oobCode } = await lastMailTo(t, email);
    expect((await openLink(oobCode ?? '')).status).toBe(200);
    expect((await t.app.request('/api/auth/session', { headers: user.headers })).status).toBe(200);
    expect((await login(appId, email)).status).toBe(200);
  });

  it('an address never verified stops accepting its password after 7 days; a verified one keeps it', async () => {
    const appId = await insertApp(t, owner);
    const squatted = 'stale-unverified@example.com';
    const kept = 'stale-verified@example.com';
    await signUpEndUser(t, appId, squatted);
    await signUpEndUser(t, appId, kept);
    const { oobCode } = await lastMailTo(t, kept);
    await t.app.request('/api/auth/verify-email', json('POST', { token: oobCode }));
    expect((await login(appId, squatted)).status).toBe(200);
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    await t.deps.database.db
      .update(users)
      .set({ createdAt: eightDaysAgo })
      .where(inArray(users.email, [squatted, kept]));
    const refused = await login(appId, squatted);
    expect(refused.status).toBe(401);
    expect((await readJson(refused)).error.message).toBe(AUTH_MESSAGES.login.invalidCredentials);
    expect((await login(appId, kept)).status).toBe(200);
  });

  it('deletes accounts never verified after 30 days when they own nothing and have no live session; keeps the rest', async () => {
    const appId = await insertApp(t, owner);
    const builder = await signUp(t, 'stale-builder@example.com');
    await insertApp(t, builder.user.id, { name: 'Owned' });
    const [bare, withRecord, withSession, verified, recent] = await Promise.all(
      ['stale-bare', 'stale-record', 'stale-session', 'stale-verified-old', 'stale-recent'].map((name) =>
        signUpEndUser(t, appId, `${name}@example.com`),
      ),
    );
    const db = t.deps.database.db;
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, verified!.user.id));
    await db
      .insert(entityRecords)
      .values({ appId, entity: 'Note', id: randomUUID(), creatorId: withRecord!.user.id });
    const old = [
      builder.user.id,
      bare!.user.id,
      withRecord!.user.id,
      withSession!.user.id,
      verified!.user.id,
    ];
    await db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where(inArray(users.id, old));
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(
        inArray(
          sessions.userId,
          old.filter((id) => id !== withSession!.user.id),
        ),
      );

    expect(await deleteStaleUnverifiedAccounts(db)).toBe(1);
    const left = await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, [...old, recent!.user.id]));
    expect(left.map((row) => row.id).sort()).toEqual(
      [builder.user.id, withRecord!.user.id, withSession!.user.id, verified!.user.id, recent!.user.id].sort(),
    );
    // The address is free again for its owner.
    expect((await signUpEndUser(t, appId, 'stale-bare@example.com')).user.id).not.toBe(bare!.user.id);
  });
});
