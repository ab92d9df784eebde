import type { AddressInfo } from 'node:net';
import type { EntityHandler } from '@base44/sdk';
import { type ServerType, serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  json,
  lastMailTo,
  outbox,
  type SignedIn,
  signUpEndUser,
  signUpVerified,
} from '../../../test/support/accounts.ts';
import { failure, sdkClients } from '../../../test/support/base44.ts';
import { createEntityApp } from '../../../test/support/entities.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { apps, users } from '../../platform/db/schema/index.ts';
import { appOrigin } from '../apps/app-origin.ts';
import { HOSTED_LOGIN_MESSAGES } from './hosted-login.ts';
import { INVITE_MESSAGES } from './users.routes.ts';

/**
 * The hosted login's return (issue 26 #2): `POST /api/apps/{appId}/auth/hosted-login` hands a
 * signed-in end user a session for `@base44/sdk` on the way back to `from_url`, only when that is an
 * address of the app; the token works for that app alone. And `base44.auth.logout()`'s navigation
 * to `/api/apps/auth/logout` on the app's own origin goes back into the app, never elsewhere.
 */
let t: TestApp;
let appId: string;
let otherAppId: string;
let home: string;
let otherHome: string;
let owner: SignedIn | undefined;

beforeAll(async () => {
  t = await createTestApp();
  const publish = async (ownerEmail: string, slug: string) => {
    const made = await createEntityApp(t, ownerEmail, {
      Note: { properties: { text: { type: 'string' } } },
    });
    const id = made.appId;
    owner ??= made.owner;
    await t.deps.database.db.update(apps).set({ slug }).where(eq(apps.id, id));
    return { id, home: `${appOrigin(t.deps.config.apps, slug)}/` };
  };
  ({ id: appId, home } = await publish('owner@example.com', 'task-board'));
  ({ id: otherAppId, home: otherHome } = await publish('other-owner@example.com', 'other-board'));
});
afterAll(() => t.close());

const hostedLogin = (id: string, fromUrl: unknown, headers: Record<string, string> = {}) =>
  t.app.request(`/api/apps/${id}/auth/hosted-login`, json('POST', { from_url: fromUrl }, headers));

const me = (id: string, token: string) =>
  t.app.request(`/api/apps/${id}/entities/User/me`, {
    headers: { authorization: `Bearer ${token}`, 'x-app-id': id },
  });

describe('hosted login', () => {
  it('returns to an address of the app with a token for that app only', async () => {
    const user = await signUpEndUser(t, appId, 'reader@example.com');
    const fromUrl = `${home}tasks?filter=open#top`;
    const res = await hostedLogin(appId, fromUrl, user.headers);
    expect(res.status).toBe(200);
    const { redirect_url: redirect } = (await res.json()) as { redirect_url: string };
    const back = new URL(redirect);
    expect(`${back.origin}${back.pathname}`).toBe(`${home}tasks`);
    expect(back.searchParams.get('filter')).toBe('open');
    expect(back.hash).toBe('#top');
    const token = back.searchParams.get('access_token') as string;
    // A session of its own (not the screens' access token), which auth.me() answers with.
    expect(token).not.toBe(user.accessToken);
    const answer = await me(appId, token);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ email: 'reader@example.com', app_id: appId });
    // Bound to this app: another app does not know it.
    expect((await me(otherAppId, token)).status).toBe(401);

    // The builder's preview of this app is an address of it too; of another app it is not.
    const preview = new URL(t.deps.config.preview.origin).origin;
    expect((await hostedLogin(appId, `${preview}/preview/${appId}/tasks?token=x`, user.headers)).status).toBe(
      200,
    );
    expect((await hostedLogin(appId, `${preview}/preview/${otherAppId}/`, user.headers)).status).toBe(400);
  });

  it('e-mailed links started in the builder preview continue there: verification, code, reset (issue 26)', async () => {
    const preview = new URL(t.deps.config.preview.origin).origin;
    const back = (id: string) =>
      `${preview}/preview/${id}/login?from_url=${encodeURIComponent(`${preview}/preview/${id}/?token=p`)}&token=p`;
    const email = 'previewer@example.com';
    const continueUrl = back(appId);
    const signup = await t.app.request(
      `/api/auth/signup?appId=${appId}`,
      json('POST', { email, password: 'violet-canyon-maple-42', continueUrl }),
    );
    expect(signup.status).toBe(201);
    expect((await lastMailTo(t, email)).link?.searchParams.get('continueUrl')).toBe(continueUrl);
    const magic = (url: string) =>
      t.app.request(
        `/api/live_api/account/sendMagicLink?appId=${appId}`,
        json('POST', { email, continueUrl: url }),
      );
    expect((await magic(continueUrl)).status).toBe(200);
    const { link, oobCode } = await lastMailTo(t, email);
    expect(link?.searchParams.get('continueUrl')).toBe(continueUrl);
    const opened = await t.app.request('/api/auth/magic-link', json('POST', { token: oobCode, continueUrl }));
    expect(await opened.json()).toMatchObject({ tenantId: `app:${appId}`, continueUrl });
    const reset = await t.app.request(
      '/api/live_api/account/sendResetPasswordEmail',
      json('POST', { email, mainAppId: appId, continueUrl }),
    );
    expect(reset.status).toBe(200);
    expect((await lastMailTo(t, email)).link?.searchParams.get('continueUrl')).toBe(continueUrl);
    // Another app's preview is not an address of this app: the app's own home instead.
    expect((await magic(back(otherAppId))).status).toBe(200);
    expect((await lastMailTo(t, email)).link?.searchParams.get('continueUrl')).toBe(home);
  });

  it('refuses addresses outside the app, and callers not signed in to it', async () => {
    const user = await signUpEndUser(t, appId, 'second@example.com');
    for (const fromUrl of [
      'https://evil.example/',
      otherHome,
      `${home.replace('http:', 'https:')}`,
      'javascript:alert(1)',
      `${home.replace('//', '//user:pw@')}`,
      '/relative',
      'not a url',
    ]) {
      const res = await hostedLogin(appId, fromUrl, user.headers);
      expect(res.status, fromUrl).toBe(400);
      expect(await res.json(), fromUrl).toEqual({
        error: { code: 'bad_request', message: HOSTED_LOGIN_MESSAGES.foreignReturn },
      });
    }
    expect((await hostedLogin(appId, 42, user.headers)).status).toBe(400);

    // Signed out, signed in to another app, or a builder: 401, whatever the address.
    expect((await hostedLogin(appId, home)).status).toBe(401);
    const stranger = await signUpEndUser(t, otherAppId, 'stranger@example.com');
    expect((await hostedLogin(appId, home, stranger.headers)).status).toBe(401);
    const builder = await signUpVerified(t, 'builder@example.com');
    expect((await hostedLogin(appId, home, builder.headers)).status).toBe(401);
  });

  it("sends the SDK's logout on the app's origin back into the app only", async () => {
    const host = new URL(home).host;
    const logout = (fromUrl: string) =>
      t.app.request(`${home}api/apps/auth/logout?from_url=${encodeURIComponent(fromUrl)}`, {
        headers: { host },
      });
    const inside = await logout(`${home}tasks`);
    expect(inside.status).toBe(302);
    expect(inside.headers.get('location')).toBe(`${home}tasks`);
    for (const outside of ['https://evil.example/', otherHome]) {
      const res = await logout(outside);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/');
    }
  });
});

describe('auth.inviteUser through the real SDK', () => {
  let server: ServerType;
  const { client, cleanup } = sdkClients(() => ({ serverUrl, appId }));
  let serverUrl = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
    });
    serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    cleanup();
    await new Promise((resolve) => server.close(resolve));
  });

  /** The invitee signs in with the mailed code: their SDK client and who auth.me() says they are. */
  async function accept(email: string) {
    const { otp, link } = await lastMailTo(t, email);
    // The link goes through the hosted login, back to the app's home.
    expect(link?.searchParams.get('continueUrl')).toBe(`${home}login?from_url=${encodeURIComponent(home)}`);
    const sdk = client();
    const { access_token: token } = (await sdk.auth.verifyOtp({ email, otpCode: otp ?? '' })) as {
      access_token: string;
    };
    sdk.setToken(token);
    return { sdk, me: (await sdk.auth.me()) as { email: string; role: string } };
  }

  it("lets the app's admins invite users with a role, even with sign-up closed; others may not", async () => {
    const admin = await signUpEndUser(t, appId, 'admin@example.com');
    await t.deps.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
    await t.deps.database.db.update(apps).set({ isSignupEnabled: false }).where(eq(apps.id, appId));
    const adminSdk = client(admin.accessToken);

    expect(await adminSdk.auth.inviteUser('Invited@Example.com', 'user')).toEqual({
      success: true,
      user_email: 'invited@example.com',
      role: 'user',
    });
    const invited = await accept('invited@example.com');
    expect(invited.me).toMatchObject({ email: 'invited@example.com', role: 'user' });
    await adminSdk.auth.inviteUser('deputy@example.com', 'admin');
    expect((await accept('deputy@example.com')).me).toMatchObject({ role: 'admin' });

    // The app's builder may invite too.
    const byBuilder = await t.app.request(
      `/api/apps/${appId}/users/invite-user`,
      json('POST', { user_email: 'helper@example.com' }, owner?.headers),
    );
    expect(byBuilder.status).toBe(200);
    expect((await accept('helper@example.com')).me).toMatchObject({ role: 'user' });

    // The app's admins manage its users through entities.User (list, filter, update); an end user
    // who is no admin sees and changes only themselves.
    type Person = { id: string; email: string; role: string; full_name?: string };
    const people = adminSdk.entities.User as EntityHandler<Person>;
    const ownPeople = invited.sdk.entities.User as EntityHandler<Person>;
    const emails = (list: Person[]) => list.map((person) => person.email).sort();
    expect(emails((await people.list()) as Person[])).toEqual(
      expect.arrayContaining([
        'admin@example.com',
        'deputy@example.com',
        'helper@example.com',
        'invited@example.com',
      ]),
    );
    const [helper] = (await people.filter({ email: 'helper@example.com' })) as Person[];
    expect(helper).toMatchObject({ email: 'helper@example.com', role: 'user' });
    expect(await people.update(helper?.id ?? '', { role: 'admin' })).toMatchObject({ role: 'admin' });
    expect(emails((await ownPeople.list()) as Person[])).toEqual(['invited@example.com']);
    expect(await failure(ownPeople.update(helper?.id ?? '', { full_name: 'Not mine' }))).toMatchObject({
      status: 404,
    });

    // An end user who is not an admin, a signed-out caller, another app's admin.
    const refused = await failure(invited.sdk.auth.inviteUser('third@example.com', 'admin'));
    expect(refused).toMatchObject({ status: 403, message: INVITE_MESSAGES.adminsOnly });
    expect(await failure(client().auth.inviteUser('third@example.com', 'user'))).toMatchObject({
      status: 401,
    });
    const elsewhere = await signUpEndUser(t, otherAppId, 'admin@example.com');
    await t.deps.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, elsewhere.user.id));
    expect(
      await failure(client(elsewhere.accessToken).auth.inviteUser('third@example.com', 'user')),
    ).toMatchObject({
      status: 401,
    });
    expect(await outbox(t)).not.toContainEqual(expect.objectContaining({ to: 'third@example.com' }));
    // Bad input gets a clear error.
    expect(await failure(adminSdk.auth.inviteUser('not an address', 'user'))).toMatchObject({
      status: 400,
      code: 'invalid_email',
    });
    expect(await failure(adminSdk.auth.inviteUser('x@example.com', 'owner'))).toMatchObject({ status: 400 });
  });
});
