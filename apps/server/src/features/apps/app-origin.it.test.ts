import { APP_MESSAGES, APP_SLUG_MESSAGES, type AppSummary, type PublishAppResponse } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type SignedIn, signUpVerified } from '../../../test/support/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

/**
 * Published apps on their own origins (ARCHITECTURE §6): `{slug}.{APPS_DOMAIN}`, by default
 * `{slug}.localhost:{port}`; slugs chosen at publish, unique, changeable; `/app/{appId}` redirects.
 */
let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
  alice = await signUpVerified(t, 'alice@example.com');
  bob = await signUpVerified(t, 'bob@example.com');
});
afterAll(() => t.close());

async function call<T>(who: SignedIn, method: string, path: string, body?: unknown) {
  const res = await t.app.request(path, json(method, body, who.headers));
  return { status: res.status, body: (await res.json()) as T };
}

type ErrorAnswer = { error: { code: string; message: string } };

async function newApp(who: SignedIn, name: string) {
  return (await call<AppSummary>(who, 'POST', '/api/apps', { name, type: 'GEN_APP' })).body;
}

const onHost = (host: string, init: RequestInit = {}) => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), host },
});

describe('slugs', () => {
  it('gives a published app a readable address from its name, numbered when taken', async () => {
    const first = await newApp(alice, 'Garden Planner');
    expect(first).toMatchObject({ slug: null, publishedUrl: null });
    const published = await call<PublishAppResponse>(alice, 'POST', `/api/apps/${first.id}/publish`, {});
    expect(published.status).toBe(200);
    expect(published.body.url).toBe('http://garden-planner.localhost:3000/');
    expect(published.body.app).toMatchObject({
      slug: 'garden-planner',
      publishedUrl: 'http://garden-planner.localhost:3000/',
    });

    const second = await newApp(bob, 'Garden planner!');
    const again = await call<PublishAppResponse>(bob, 'POST', `/api/apps/${second.id}/publish`, {});
    expect(again.body.app.slug).toBe('garden-planner-2');

    // Publishing again keeps the address.
    const republished = await call<PublishAppResponse>(alice, 'POST', `/api/apps/${first.id}/publish`, {});
    expect(republished.body.app.slug).toBe('garden-planner');
    const listed = await call<{ apps: AppSummary[] }>(alice, 'GET', '/api/apps');
    expect(listed.body.apps.find((app) => app.id === first.id)?.publishedUrl).toBe(
      'http://garden-planner.localhost:3000/',
    );
  });

  it('takes the slug asked for at publish, refusing invalid, reserved and taken ones with clear messages', async () => {
    const app = await newApp(alice, 'Recipe Box');
    const publish = (slug: string) =>
      call<ErrorAnswer & PublishAppResponse>(alice, 'POST', `/api/apps/${app.id}/publish`, { slug });

    const invalid = await publish('Bad_Slug!');
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toEqual({ code: 'invalid_slug', message: APP_SLUG_MESSAGES.invalid });
    const reserved = await publish('admin');
    expect(reserved.status).toBe(400);
    expect(reserved.body.error.message).toBe(APP_SLUG_MESSAGES.reserved);
    const taken = await publish('garden-planner');
    expect(taken.status).toBe(409);
    expect(taken.body.error).toEqual({ code: 'slug_taken', message: APP_SLUG_MESSAGES.taken });
    // Nothing was published by the refused calls.
    expect((await call<AppSummary>(alice, 'GET', `/api/apps/${app.id}`)).body.status).toBe('draft');

    const ok = await publish('  My-Recipes ');
    expect(ok.status).toBe(200);
    expect(ok.body.app).toMatchObject({
      slug: 'my-recipes',
      publishedUrl: 'http://my-recipes.localhost:3000/',
    });
  });

  it('changes the slug later: the new host serves the app, the old one no longer does', async () => {
    const app = await newApp(alice, 'Book Club');
    await call(alice, 'POST', `/api/apps/${app.id}/publish`, {});
    expect((await t.app.request('/', onHost('book-club.localhost:3000'))).status).toBe(200);

    const taken = await call<ErrorAnswer>(alice, 'PATCH', `/api/apps/${app.id}`, { slug: 'garden-planner' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('slug_taken');
    const invalid = await call<ErrorAnswer>(alice, 'PATCH', `/api/apps/${app.id}`, { slug: 'x' });
    expect(invalid.status).toBe(400);

    const changed = await call<AppSummary>(alice, 'PATCH', `/api/apps/${app.id}`, { slug: 'readers' });
    expect(changed.body).toMatchObject({ slug: 'readers', publishedUrl: 'http://readers.localhost:3000/' });
    expect((await t.app.request('/', onHost('readers.localhost:3000'))).status).toBe(200);
    const old = await t.app.request('/', onHost('book-club.localhost:3000'));
    expect(old.status).toBe(404);
    expect(await old.text()).toContain(APP_MESSAGES.noAppHere);

    // Another builder cannot rename someone else's app.
    expect((await call(bob, 'PATCH', `/api/apps/${app.id}`, { slug: 'mine-now' })).status).toBe(404);
  });
});

describe('host routing', () => {
  it("serves the published version on the app's own origin, with assets, and nothing of the platform", async () => {
    const app = await newApp(alice, 'Plant Diary');
    await call(alice, 'POST', `/api/apps/${app.id}/publish`, {});
    const host = 'plant-diary.localhost:3000';

    const doc = await t.app.request('/some/page?x=1', onHost(host, { headers: { cookie: alice.cookie } }));
    expect(doc.status).toBe(200);
    const html = await doc.text();
    expect(html).toContain('"basePath":"/"');
    expect(html).toContain(`"apiBase":"http://localhost:3000"`);
    const csp = doc.headers.get('content-security-policy') ?? '';
    expect(csp).not.toContain('sandbox');
    expect(csp).toContain('connect-src http://localhost:3000 ws://localhost:3000 https: wss:;');
    expect(doc.headers.get('set-cookie')).toBeNull();
    // The end-user screens learn whether sign-up is open (the User signup switch) and the app's name.
    expect(html).toContain('"auth":{"signupEnabled":false,"appName":"Plant Diary","requireLogin":false}');
    await call(alice, 'PATCH', `/api/apps/${app.id}`, { isSignupEnabled: true });
    expect(await (await t.app.request('/', onHost(host))).text()).toContain('"auth":{"signupEnabled":true');

    const js = await t.app.request(`/app-assets/${app.id}/${app.currentVersionId}/app.js`, onHost(host));
    expect(js.status).toBe(200);
    // The assets of one app are not served on another app's host, nor on the platform's.
    const other = await newApp(alice, 'Other One');
    await call(alice, 'POST', `/api/apps/${other.id}/publish`, {});
    const cross = await t.app.request(
      `/app-assets/${app.id}/${app.currentVersionId}/app.js`,
      onHost('other-one.localhost:3000'),
    );
    expect(cross.status).toBe(404);
    const onPlatform = await t.app.request(`/app-assets/${app.id}/${app.currentVersionId}/app.js`);
    expect(onPlatform.status).toBe(404);

    // No API on an app's host, even with the builder's cookie; nothing but GET and HEAD.
    const api = await t.app.request('/api/apps', onHost(host, { headers: { cookie: alice.cookie } }));
    expect(api.status).toBe(404);
    const post = await t.app.request(
      '/',
      onHost(host, { method: 'POST', headers: { cookie: alice.cookie } }),
    );
    expect(post.status).toBe(405);
  });

  it('answers 404 for names under the apps domain that are no app, and for an unpublished app', async () => {
    for (const host of ['nobody-here.localhost:3000', 'a.b.localhost:3000']) {
      const res = await t.app.request('/', onHost(host));
      expect(res.status, host).toBe(404);
      expect(await res.text(), host).toContain(APP_MESSAGES.noAppHere);
    }
  });

  it('redirects the old /app/{appId} address to the same path on the app origin', async () => {
    const app = await newApp(alice, 'Old Address');
    const draft = await t.app.request(`/app/${app.id}`);
    expect(draft.status).toBe(404);
    expect(await draft.text()).toContain(APP_MESSAGES.notPublished);
    await call(alice, 'POST', `/api/apps/${app.id}/publish`, {});
    const root = await t.app.request(`/app/${app.id}`);
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('http://old-address.localhost:3000/');
    const deep = await t.app.request(`/app/${app.id}/contacts/42?tab=notes`);
    expect(deep.headers.get('location')).toBe('http://old-address.localhost:3000/contacts/42?tab=notes');
    expect((await t.app.request('/app/no-such-app')).status).toBe(404);
  });
});

describe("the platform's cookie and app origins", () => {
  it('is host-only (no Domain attribute), so browsers never send it to {slug}.localhost', async () => {
    const res = await t.app.request(
      '/api/auth/login',
      json('POST', { email: 'alice@example.com', password: 'x' }),
    );
    expect(res.status).toBe(401);
    const signup = await t.app.request(
      '/api/auth/signup',
      json('POST', { email: 'carol@example.com', password: 'violet-canyon-maple-42' }),
    );
    const cookies = signup.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie.toLowerCase()).not.toContain('domain=');
  });

  it("is not accepted from an app's origin for anything that changes state", async () => {
    const res = await t.app.request(
      '/api/apps',
      json(
        'POST',
        { name: 'Sneaky', type: 'GEN_APP' },
        { cookie: alice.cookie, origin: 'http://plant-diary.localhost:3000' },
      ),
    );
    expect(res.status).toBe(403);
  });
});

describe('with APPS_DOMAIN', () => {
  it('serves {slug}.{APPS_DOMAIN} over the public scheme, and keeps those names from custom domains', async () => {
    const prod = await createTestApp({
      env: { PUBLIC_URL: 'https://atelier.example.com', APPS_DOMAIN: 'example-apps.com' },
    });
    try {
      const dana = await signUpVerified(prod, 'dana@example.com');
      const request = (method: string, path: string, body?: unknown) =>
        prod.app.request(
          path,
          json(method, body, { ...dana.headers, origin: 'https://atelier.example.com' }),
        );
      const app = (await (
        await request('POST', '/api/apps', { name: 'Shop', type: 'GEN_APP' })
      ).json()) as AppSummary;
      const published = (await (
        await request('POST', `/api/apps/${app.id}/publish`, {})
      ).json()) as PublishAppResponse;
      expect(published.url).toBe('https://shop.example-apps.com/');
      expect((await prod.app.request('/', onHost('shop.example-apps.com'))).status).toBe(200);
      expect((await prod.app.request('/', onHost('shop.localhost'))).status).not.toBe(200);
      for (const domain of ['example-apps.com', 'other.example-apps.com', 'atelier.example.com']) {
        const res = await request('POST', `/api/apps/${app.id}/domains`, { domain });
        expect(res.status, domain).toBe(400);
      }
    } finally {
      await prod.close();
    }
  });
});
