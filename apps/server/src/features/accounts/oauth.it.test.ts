import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, sessionCookieOf, signUp, signUpEndUser } from '../../../test/support/accounts.ts';
import { createEntityApp } from '../../../test/support/entities.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { apps, oauthAccounts, users } from '../../platform/db/schema/index.ts';
import { appOrigin } from '../apps/app-origin.ts';
import { HOSTED_LOGIN_MESSAGES } from '../base44/hosted-login.ts';

/** A local stand-in for Google's and GitHub's token and profile endpoints. */
function startFakeProvider() {
  const seen: { authorization?: string; body: URLSearchParams }[] = [];
  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const bearer = req.headers.authorization === 'Bearer at-1';
      if (req.method === 'POST' && req.url === '/token') {
        const body = new URLSearchParams(raw);
        seen.push({ authorization: req.headers.authorization, body });
        if (body.get('code') !== 'good-code' || !body.get('code_verifier')) {
          return send(400, { error: 'invalid_grant' });
        }
        return send(200, { access_token: 'at-1', token_type: 'bearer' });
      }
      if (!bearer) return send(401, { error: 'unauthorized' });
      if (req.url === '/google/userinfo') {
        return send(200, {
          sub: 'g-123',
          email: 'Olive@Example.com',
          email_verified: true,
          name: 'Olive Auth',
        });
      }
      if (req.url === '/github/user') return send(200, { id: 42, login: 'octo', name: null });
      if (req.url === '/github/emails') {
        return send(200, [
          { email: 'old@octo.example', primary: false, verified: true },
          { email: 'octo@example.com', primary: true, verified: true },
        ]);
      }
      send(404, {});
    });
  });
  return new Promise<{ url: string; seen: typeof seen; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve({ url, seen, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeProvider>>;
beforeAll(async () => {
  fake = await startFakeProvider();
  t = await createTestApp({
    env: {
      GOOGLE_CLIENT_ID: 'google-id',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GITHUB_CLIENT_ID: 'github-id',
      GITHUB_CLIENT_SECRET: 'github-secret',
    },
    deps: {
      accounts: {
        oauthEndpoints: {
          google: {
            authorization: `${fake.url}/authorize`,
            token: `${fake.url}/token`,
            userInfo: `${fake.url}/google/userinfo`,
          },
          github: {
            authorization: `${fake.url}/authorize`,
            token: `${fake.url}/token`,
            userInfo: `${fake.url}/github/user`,
            emails: `${fake.url}/github/emails`,
          },
        },
      },
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** Opens the popup's start URL and answers the provider's authorization URL and the state cookie. */
async function start(provider: string, redirectTo = '/settings') {
  const res = await t.app.request(
    `/api/auth/oauth/${provider}/start?redirectTo=${encodeURIComponent(redirectTo)}`,
  );
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location') ?? '');
  const cookie =
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith('atelier_session_oauth='))
      ?.split(';')[0] ?? '';
  return { location, cookie, state: location.searchParams.get('state') ?? '' };
}

async function callback(provider: string, query: string, cookie: string) {
  const res = await t.app.request(`/api/auth/oauth/${provider}/callback?${query}`, { headers: { cookie } });
  return { res, html: await res.text() };
}

describe('social sign-in', () => {
  it('lists the configured providers, and none without configuration', async () => {
    const res = await t.app.request('/api/auth/providers');
    expect(await readJson(res)).toEqual({
      providers: [
        { id: 'google', name: 'Google' },
        { id: 'github', name: 'GitHub' },
      ],
    });
    const bare = await createTestApp();
    try {
      expect(await readJson(await bare.app.request('/api/auth/providers'))).toEqual({ providers: [] });
      expect((await bare.app.request('/api/auth/oauth/google/start')).status).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('starts with PKCE, a state and our callback as redirect URI', async () => {
    const { location, cookie, state } = await start('google');
    expect(location.origin + location.pathname).toBe(`${fake.url}/authorize`);
    expect(location.searchParams.get('client_id')).toBe('google-id');
    expect(location.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/api/auth/oauth/google/callback',
    );
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('scope')).toBe('openid email profile');
    expect(state.length).toBeGreaterThan(20);
    expect(cookie).toContain(state);
  });

  it('signs a new Google user up with a verified e-mail, sets the session cookie and tells the opener', async () => {
    const { cookie, state } = await start('google');
    const { res, html } = await callback('google', `code=good-code&state=${state}`, cookie);
    expect(res.status).toBe(200);
    expect(html).toContain('"ok":true');
    expect(html).toContain('postMessage');
    expect(html).toContain('"fallback":"/settings"');
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'nonce-/);
    const session = sessionCookieOf(res);
    expect(session).toMatch(/^atelier_session=.+/);
    const me = await readJson(
      await t.app.request('/api/auth/session', { headers: { cookie: session ?? '' } }),
    );
    expect(me.user).toMatchObject({
      email: 'olive@example.com',
      name: 'Olive Auth',
      emailVerified: true,
      hasPassword: false,
    });
    const exchange = fake.seen.at(-1);
    expect(exchange?.authorization).toBe(
      `Basic ${Buffer.from('google-id:google-secret').toString('base64')}`,
    );
    expect(exchange?.body.get('code_verifier')).toBeTruthy();
  });

  it('signs the same identity in to the same account the next time', async () => {
    const first = await start('google');
    await callback('google', `code=good-code&state=${first.state}`, first.cookie);
    const again = await start('google');
    const { res } = await callback('google', `code=good-code&state=${again.state}`, again.cookie);
    const me = await readJson(
      await t.app.request('/api/auth/session', { headers: { cookie: sessionCookieOf(res) ?? '' } }),
    );
    const rows = await t.deps.database.db.select().from(users).where(eq(users.email, 'olive@example.com'));
    expect(rows).toHaveLength(1);
    expect(me.user.id).toBe(rows[0]?.id);
  });

  it('links GitHub to the existing account of its primary verified e-mail', async () => {
    const existing = await signUp(t, 'octo@example.com');
    const { cookie, state } = await start('github');
    const { res, html } = await callback('github', `code=good-code&state=${state}`, cookie);
    expect(html).toContain('"ok":true');
    const me = await readJson(
      await t.app.request('/api/auth/session', { headers: { cookie: sessionCookieOf(res) ?? '' } }),
    );
    expect(me.user.id).toBe(existing.user.id);
    const links = await t.deps.database.db
      .select()
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, existing.user.id));
    expect(links).toMatchObject([{ provider: 'github', providerUserId: '42', email: 'octo@example.com' }]);
  });

  it('refuses a callback whose state does not match, or whose code the provider rejects, without a session', async () => {
    const { cookie } = await start('google');
    const wrongState = await callback('google', 'code=good-code&state=forged', cookie);
    expect(wrongState.html).toContain('"ok":false');
    expect(sessionCookieOf(wrongState.res)).toBeUndefined();
    const noCookie = await callback('google', 'code=good-code&state=whatever', '');
    expect(noCookie.html).toContain('"ok":false');
    const fresh = await start('google');
    const badCode = await callback('google', `code=bad-code&state=${fresh.state}`, fresh.cookie);
    expect(badCode.html).toContain('"ok":false');
    expect(badCode.html).toContain('Social sign-in failed, try again');
    expect(sessionCookieOf(badCode.res)).toBeUndefined();
  });

  it('keeps a redirectTo only when it stays on the site', async () => {
    const { cookie, state } = await start('google', 'https://evil.example/');
    const { html } = await callback('google', `code=good-code&state=${state}`, cookie);
    expect(html).toContain('"fallback":"/home"');
  });

  it("signs an app's end user in with a provider for @base44/sdk's hosted login, back to the app with a token", async () => {
    const { appId } = await createEntityApp(t, 'maker@example.com', {});
    await t.deps.database.db.update(apps).set({ slug: 'social-app' }).where(eq(apps.id, appId));
    const home = `${appOrigin(t.deps.config.apps, 'social-app')}/`;
    const endUser = await signUpEndUser(t, appId, 'octo@example.com'); // GitHub links to this account
    const startFor = async (provider: string, fromUrl: string) => {
      const res = await t.app.request(
        `/api/apps/${appId}/auth/oauth/${provider}/start?from_url=${encodeURIComponent(fromUrl)}`,
      );
      const cookie =
        res.headers
          .getSetCookie()
          .find((c) => c.startsWith('atelier_session_oauth='))
          ?.split(';')[0] ?? '';
      return { res, cookie, state: new URL(res.headers.get('location') ?? 'x:/').searchParams.get('state') };
    };
    const me = (token: string) =>
      t.app.request(`/api/apps/${appId}/entities/User/me`, {
        headers: { authorization: `Bearer ${token}`, 'x-app-id': appId },
      });

    // Google: a new end user of the app (its sign-up is on), not the builder's account of that e-mail.
    const google = await startFor('google', `${home}board?x=1`);
    expect(google.res.status).toBe(302);
    expect(google.res.headers.get('location')).toContain(`${fake.url}/authorize`);
    const { res } = await callback('google', `code=good-code&state=${google.state}`, google.cookie);
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(`${home}board`);
    expect(back.searchParams.get('x')).toBe('1');
    expect(sessionCookieOf(res)).toBeUndefined();
    const olive = await me(back.searchParams.get('access_token') ?? '');
    expect(olive.status).toBe(200);
    expect(await olive.json()).toMatchObject({
      email: 'olive@example.com',
      full_name: 'Olive Auth',
      app_id: appId,
    });
    const accounts = await t.deps.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'olive@example.com'));
    expect(accounts.map((account) => account.tenantId).sort()).toEqual([`app:${appId}`, 'platform']);

    // GitHub: the app's existing end user of that verified e-mail.
    const github = await startFor('github', home);
    const linked = await callback('github', `code=good-code&state=${github.state}`, github.cookie);
    const octo = await me(
      new URL(linked.res.headers.get('location') ?? '').searchParams.get('access_token') ?? '',
    );
    expect(await octo.json()).toMatchObject({ id: endUser.user.id, email: 'octo@example.com' });

    // Refused: an address outside the app; a forged state; a new person while the app's sign-up is off.
    const foreign = await startFor('google', 'https://evil.example/');
    expect(foreign.res.status).toBe(400);
    expect(await foreign.res.json()).toMatchObject({
      error: { message: HOSTED_LOGIN_MESSAGES.foreignReturn },
    });
    const forged = await startFor('google', home);
    const refused = await callback('google', 'code=good-code&state=forged', forged.cookie);
    expect(refused.res.status).toBe(400);
    expect(refused.html).toContain('Sign-in did not complete');
    await t.deps.database.db.delete(users).where(eq(users.tenantId, `app:${appId}`));
    await t.deps.database.db.update(apps).set({ isSignupEnabled: false }).where(eq(apps.id, appId));
    const closed = await startFor('google', home);
    const noSignUp = await callback('google', `code=good-code&state=${closed.state}`, closed.cookie);
    expect(noSignUp.res.status).toBe(400);
    expect(noSignUp.html).toContain('Sign-up is not enabled');
  });
});
