import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, signUp, signUpEndUser } from '../../../test/support/accounts.ts';
import { createEntityApp } from '../../../test/support/entities.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { apps } from '../../platform/db/schema/index.ts';
import { appOrigin } from '../apps/app-origin.ts';
import { HOSTED_LOGIN_MESSAGES } from './hosted-login.ts';

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

beforeAll(async () => {
  t = await createTestApp();
  const publish = async (owner: string, slug: string) => {
    const { appId: id } = await createEntityApp(t, owner, {
      Note: { properties: { text: { type: 'string' } } },
    });
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
    const builder = await signUp(t, 'builder@example.com');
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
