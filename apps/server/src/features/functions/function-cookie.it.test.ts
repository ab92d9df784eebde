import type { FunctionsListResponse } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/support/accounts.ts';
import { createEntityApp, type EntityApp, entityCall } from '../../../test/support/entities.ts';
import { markPublished, writeFile } from '../../../test/support/functions.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

/** Issue 20 #10: a link on any site must not run a function with the owner's rights. */
let t: TestApp;
let app: EntityApp;

const LEAK = [
  'export default async (req, ctx) => {',
  '  try { return Response.json({ rows: await ctx.sdk.entities.Secret.list() }); }',
  '  catch (error) { return Response.json({ refused: String(error.message) }); }',
  '};',
].join('\n');

/** Answers the headers and type named by the query (issue 20 #11). */
const HEADERS = [
  'export default async (req) => {',
  '  const q = new URL(req.url).searchParams;',
  "  const headers = new Headers(JSON.parse(q.get('h') || '{}'));",
  "  return new Response('alert(1)', { status: Number(q.get('s') || 200), headers });",
  '};',
].join('\n');

/** Answers the cookies it was sent. */
const COOKIES = "export default async (req) => Response.json({ cookie: req.headers.get('cookie') });";

/** The app's own origin, `{slug}.{APPS_DOMAIN}` (APPS_DOMAIN defaults to PUBLIC_URL's localhost:3000). */
const SLUG = 'cookie-app';
const APP_HOST = `${SLUG}.localhost:3000`;

beforeAll(async () => {
  t = await createTestApp({ env: { FUNCTION_RUNNERS: '1' } });
  app = await createEntityApp(t, 'cookie-owner@example.com', {
    Secret: { properties: { note: { type: 'string' } }, rls: { read: 'creator', write: 'creator' } },
  });
  const created = await entityCall(t, app.appId, 'POST', 'Secret', { note: 'owner only' }, app.owner.headers);
  expect(created.status).toBe(201);
  await writeFile(t, app.owner, app.appId, 'functions/leak.ts', LEAK);
  await writeFile(t, app.owner, app.appId, 'functions/headers.ts', HEADERS);
  await writeFile(t, app.owner, app.appId, 'functions/cookies.ts', COOKIES);
  await markPublished(t, app.appId, SLUG);
  const deployed = await t.app.request(
    `/api/apps/${app.appId}/functions/deploy`,
    json('POST', {}, app.owner.headers),
  );
  expect(deployed.status).toBe(200);
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('functions never act by the builder cookie', () => {
  it.each(['GET', 'POST', 'PUT', 'DELETE'])(
    "a cross-site %s with the owner's cookie runs the function anonymously",
    async (method) => {
      const res = await t.app.request(`/api/apps/${app.appId}/functions/leak`, {
        method,
        // What a browser sends for a link, image or form on another site: the cookie, no Origin or a foreign one.
        headers: { cookie: app.owner.headers.cookie ?? '' },
      });
      const text = await res.text();
      expect(text).not.toContain('owner only');
    },
  );

  it("the owner's bearer token still acts as the owner", async () => {
    const refreshed = await t.app.request(
      '/api/auth/token/refresh',
      json('POST', undefined, app.owner.headers),
    );
    const { accessToken } = (await refreshed.json()) as { accessToken: string };
    const res = await t.app.request(`/api/apps/${app.appId}/functions/leak`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(JSON.stringify(await res.json())).toContain('owner only');
  });
});

describe("function answers on the platform's origin (issue 20 #11)", () => {
  const call = (headers: Record<string, string>, status = 200) =>
    t.app.request(
      `/api/apps/${app.appId}/functions/headers?s=${status}&h=${encodeURIComponent(JSON.stringify(headers))}`,
    );

  it('drops Set-Cookie, Clear-Site-Data, Refresh and a Location that leaves the app', async () => {
    const res = await call(
      {
        'set-cookie': 'atelier_session=evil; Path=/',
        'clear-site-data': '"cookies", "storage"',
        refresh: '0; url=https://evil.example/',
        location: 'https://evil.example/phish',
        'x-request-tag': 'kept',
      },
      302,
    );
    expect(res.status).toBe(302);
    for (const name of ['set-cookie', 'clear-site-data', 'refresh', 'location']) {
      expect({ name, value: res.headers.get(name) }).toEqual({ name, value: null });
    }
    expect(res.headers.get('x-request-tag')).toBe('kept');
    for (const location of ['//evil.example/', '/api/auth/logout', '/login']) {
      expect((await call({ location }, 302)).headers.get('location')).toBeNull();
    }
  });

  it("keeps a Location on the app's own function URLs", async () => {
    const own = `/api/apps/${app.appId}/functions/leak`;
    expect((await call({ location: own }, 302)).headers.get('location')).toBe(own);
  });

  it('never serves scriptable content as such', async () => {
    const script = await call({ 'content-type': 'text/javascript' });
    expect(script.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    const page = await call({ 'content-type': 'text/html' });
    expect(page.headers.get('content-disposition')).toBe('attachment');
    expect(page.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    const svg = await call({ 'content-type': 'image/svg+xml' });
    expect(svg.headers.get('content-disposition')).toBe('attachment');
  });
});

describe("function answers on the app's own origin", () => {
  const onApp = (path: string, init: RequestInit = {}) =>
    t.app.request(path, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), host: APP_HOST },
    });
  const headersOnApp = (headers: Record<string, string>, status = 200) =>
    onApp(
      `/api/apps/${app.appId}/functions/headers?s=${status}&h=${encodeURIComponent(JSON.stringify(headers))}`,
    );

  it('is where the webhook URL points', async () => {
    const res = await t.app.request(
      `/api/apps/${app.appId}/functions/list`,
      json('GET', undefined, app.owner.headers),
    );
    const { functions } = (await res.json()) as FunctionsListResponse;
    expect(functions.find((fn) => fn.name === 'headers')?.webhookUrl).toBe(
      `http://${APP_HOST}/api/apps/${app.appId}/functions/headers`,
    );
  });

  it("keeps the function's cookies, redirects and pages there", async () => {
    const redirect = await headersOnApp(
      { 'set-cookie': 'theme=dark; Path=/; HttpOnly', location: 'https://accounts.example/login' },
      302,
    );
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('set-cookie')).toBe('theme=dark; Path=/; HttpOnly');
    expect(redirect.headers.get('location')).toBe('https://accounts.example/login');
    const page = await headersOnApp({ 'content-type': 'text/html; charset=utf-8' });
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-disposition')).toBeNull();
    expect(page.headers.get('content-security-policy')).toBeNull();
    const post = await onApp(`/api/apps/${app.appId}/functions/headers?h=%7B%22x-made%22%3A%22yes%22%7D`, {
      method: 'POST',
    });
    expect(post.headers.get('x-made')).toBe('yes');
  });

  it("hands the function that origin's cookies, never the platform's session cookie", async () => {
    const session = t.deps.config.auth.sessionCookieName;
    const res = await onApp(`/api/apps/${app.appId}/functions/cookies`, {
      headers: { cookie: `theme=dark; ${session}=stolen; cart=3` },
    });
    expect(await res.json()).toEqual({ cookie: 'theme=dark; cart=3' });
    // On the platform's origin no cookie reaches a function.
    const platform = await t.app.request(`/api/apps/${app.appId}/functions/cookies`, {
      headers: { cookie: 'theme=dark' },
    });
    expect(await platform.json()).toEqual({ cookie: null });
  });

  it("answers only that app's functions, and no other API", async () => {
    const other = await onApp('/api/apps/another-app/functions/headers');
    expect(other.status).toBe(404);
    const entities = await onApp(`/api/apps/${app.appId}/entities/Secret`);
    expect(entities.status).toBe(404);
    expect(await entities.text()).not.toContain('owner only');
  });
});
