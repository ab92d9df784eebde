import {
  APP_MESSAGES,
  type AppDomain,
  type AppSummary,
  type PreviewTokenResponse,
  type PublishAppResponse,
  type UpdateFileResponse,
  type VersionFilesResponse,
} from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type SignedIn, signUpVerified } from '../../../test/support/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createPreviewApp } from './preview.app.ts';

const PUBLIC = 'http://localhost:3000';
const PREVIEW = 'http://127.0.0.1:3001';

let t: TestApp;
let preview: ReturnType<typeof createPreviewApp>;
let alice: SignedIn;
let bob: SignedIn;
const txtRecords = new Map<string, string[][]>();

beforeAll(async () => {
  t = await createTestApp({
    deps: {
      apps: {
        resolveTxt: async (name) => {
          const records = txtRecords.get(name);
          if (!records) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
          return records;
        },
      },
    },
  });
  preview = createPreviewApp(t.deps);
  alice = await signUpVerified(t, 'alice@example.com');
  bob = await signUpVerified(t, 'bob@example.com');
});
afterAll(() => t.close());

async function call<T>(who: SignedIn, method: string, path: string, body?: unknown) {
  const res = await t.app.request(path, json(method, body, who.headers));
  return { res, status: res.status, body: (await res.json()) as T };
}

async function newApp(name = 'Plant Diary') {
  return (await call<AppSummary>(alice, 'POST', '/api/apps', { name, type: 'GEN_APP' })).body;
}

async function homeFile(app: AppSummary) {
  const { body } = await call<VersionFilesResponse>(
    alice,
    'GET',
    `/api/apps/${app.id}/versions/${app.currentVersionId}`,
  );
  return body.files.find((file) => file.path === 'pages/Home.tsx') as { id: string; content: string };
}

async function previewLink(app: AppSummary, body: object = {}) {
  return (await call<PreviewTokenResponse>(alice, 'POST', `/api/apps/${app.id}/preview-token`, body)).body;
}

const previewPath = (url: string) => url.slice(PREVIEW.length);

describe('preview origin', () => {
  it('gives the owner a short-lived link on the preview origin, and nobody else', async () => {
    const app = await newApp();
    const link = await previewLink(app);
    expect(link.url).toBe(`${PREVIEW}/preview/${app.id}?version=${app.currentVersionId}&token=${link.token}`);
    expect(link.versionId).toBe(app.currentVersionId);
    expect(new Date(link.expiresAt).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    const other = await call(bob, 'POST', `/api/apps/${app.id}/preview-token`, {});
    expect(other.status).toBe(404);
  });

  it('serves the compiled document with a strict CSP, the SDK config and no cookie', async () => {
    const app = await newApp();
    const link = await previewLink(app);
    const res = await preview.request(previewPath(link.url));
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/script-src 'self' http:\/\/127\.0\.0\.1:3001 'sha256-/);
    // The API and its WebSocket form (the Base44 SDK's realtime subscriptions); the app's code may
    // read public data from any https/wss origin (app-document.ts says why), never plain http.
    expect(csp).toContain(`connect-src ${PUBLIC} ${PUBLIC.replace(/^http/, 'ws')} https: wss:;`);
    expect(csp).toContain(`frame-ancestors ${PUBLIC}`);
    // Google Fonts' stylesheets, which apps import for their fonts (font-src allows https:).
    expect(csp).toContain(
      "style-src 'self' http://127.0.0.1:3001 'unsafe-inline' https://fonts.googleapis.com;",
    );
    expect(res.headers.get('set-cookie')).toBeNull();
    const html = await res.text();
    expect(html).toContain(`"appId":"${app.id}"`);
    expect(html).toContain(`"apiBase":"${PUBLIC}"`);
    expect(html).toContain(`${PREVIEW}/preview-assets/${app.id}/${app.currentVersionId}/app.js?token=`);
    // The vendor modules the app loads are announced, on the preview origin, as the import map names them.
    expect(html).toMatch(
      new RegExp(
        `<link rel="modulepreload" href="${PREVIEW}/preview-vendor/react-dom-client\\.js\\?v=[0-9a-f]{16}">`,
      ),
    );
    expect(html).not.toContain(`<link rel="modulepreload" href="${PREVIEW}/preview-vendor/three.js`);

    const script = await preview.request(
      `/preview-assets/${app.id}/${app.currentVersionId}/app.js?token=${link.token}`,
    );
    expect(script.status).toBe(200);
    expect(script.headers.get('access-control-allow-origin')).toBe('*');
    expect(await script.text()).toContain('Plant Diary');
    const css = await preview.request(
      `/preview-assets/${app.id}/${app.currentVersionId}/app.css?token=${link.token}`,
    );
    expect(css.headers.get('content-type')).toContain('text/css');
  });

  it('refuses a missing, forged or other-app token, and another version than the token names', async () => {
    const app = await newApp();
    const other = await newApp('Other');
    const link = await previewLink(app);
    const otherLink = await previewLink(other);
    expect((await preview.request(`/preview/${app.id}`)).status).toBe(401);
    expect((await preview.request(`/preview/${app.id}?token=${link.token}x`)).status).toBe(401);
    expect((await preview.request(`/preview/${app.id}?token=${otherLink.token}`)).status).toBe(401);
    expect(
      (await preview.request(`/preview/${app.id}?version=${other.currentVersionId}&token=${link.token}`))
        .status,
    ).toBe(401);
    const asset = await preview.request(`/preview-assets/${app.id}/${app.currentVersionId}/app.js`);
    expect(asset.status).toBe(401);
    const expired = await preview.request(`/preview/${app.id}`);
    // The server's own message page runs no app code: connections to the API only.
    expect(expired.headers.get('content-security-policy')).toContain(
      `connect-src ${PUBLIC} ${PUBLIC.replace(/^http/, 'ws')};`,
    );
    expect(await expired.text()).toContain(APP_MESSAGES.previewExpired);
  });

  it('never serves the API or the web app', async () => {
    expect((await preview.request('/api/apps')).status).toBe(404);
    expect((await preview.request('/')).status).toBe(404);
  });

  it('shows build errors and posts them to the builder like runtime errors', async () => {
    const app = await newApp();
    const home = await homeFile(app);
    const broken = await call<UpdateFileResponse>(alice, 'POST', `/api/apps/${app.id}/files/update`, {
      file: { id: home.id, content: 'export default function Home() { return <div>; }' },
    });
    const link = await previewLink(app, { versionId: broken.body.version.id });
    const res = await preview.request(previewPath(link.url));
    const html = await res.text();
    expect(html).toContain('The app does not build');
    expect(html).toContain('pages/Home.tsx:1:');
    expect(html).toContain('postMessage(r[i],"http://localhost:3000")');
    expect(html).toContain('"type":"atelier:runtime-error"');
  });

  it('posts runtime errors to the builder origin the page named, if it is a builder origin', async () => {
    const app = await newApp();
    const dev = await previewLink(app, { parentOrigin: 'http://localhost:5173' });
    expect(await (await preview.request(previewPath(dev.url))).text()).toContain(
      '"parentOrigin":"http://localhost:5173"',
    );
    const evil = await previewLink(app, { parentOrigin: 'https://evil.example' });
    expect(await (await preview.request(previewPath(evil.url))).text()).toContain(
      `"parentOrigin":"${PUBLIC}"`,
    );
  });
});

describe('publishing', () => {
  it("pins the current version: the app's origin serves it, later edits do not leak until republished", async () => {
    const app = await newApp();
    expect((await t.app.request(`/app/${app.id}`)).status).toBe(404);
    const host = { headers: { host: 'plant-diary.localhost:3000' } };

    const published = await call<PublishAppResponse>(alice, 'POST', `/api/apps/${app.id}/publish`, {
      header: 'Plant Diary',
      description: 'Track your plants',
      gptPrompt: 'You help with plants',
      background: '#f0fdf4',
      features: ['watering reminders'],
    });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({
      publishedVersionId: app.currentVersionId,
      url: 'http://plant-diary.localhost:3000/',
      app: {
        status: 'active',
        header: 'Plant Diary',
        description: 'Track your plants',
        features: ['watering reminders'],
      },
    });

    const home = await homeFile(app);
    const edited = await call<UpdateFileResponse>(alice, 'POST', `/api/apps/${app.id}/files/update`, {
      file: { id: home.id, content: home.content.replace('Your app is ready.', 'Unpublished draft text') },
    });
    const doc = await t.app.request('/some/page', host);
    expect(doc.status).toBe(200);
    const html = await doc.text();
    expect(html).toContain(`/app-assets/${app.id}/${app.currentVersionId}/app.js`);
    expect(html).toContain('"basePath":"/"');
    // App texts → Header is the app's one name; App branding's colours are the theme (issue 19 #7).
    expect(html).toContain('<title>Plant Diary</title>');
    expect(html).toContain('"VITE_APP_NAME":"Plant Diary"');
    const styled = await call(alice, 'PATCH', `/api/apps/${app.id}`, {
      style: { buttonBackgroundColor: '#16a34a', styleName: 'dark' },
    });
    expect(styled.status).toBe(200);
    const branded = await (await t.app.request('/', host)).text();
    expect(branded).toContain('<style>:root:root{--primary:#16a34a;--color-primary:#16a34a;');
    expect(branded).toContain("document.documentElement.classList.add('dark');");
    expect(html).toMatch(/<link rel="modulepreload" href="\/preview-vendor\/react\.js\?v=[0-9a-f]{16}">/);

    const asset = (versionId: string) => t.app.request(`/app-assets/${app.id}/${versionId}/app.js`, host);
    const publishedJs = await asset(app.currentVersionId as string);
    expect(publishedJs.status).toBe(200);
    expect(publishedJs.headers.get('access-control-allow-origin')).toBe('*');
    expect(await publishedJs.text()).not.toContain('Unpublished draft text');
    expect((await asset(edited.body.version.id)).status).toBe(404);

    await call(alice, 'POST', `/api/apps/${app.id}/publish`, {});
    expect(await (await asset(edited.body.version.id)).text()).toContain('Unpublished draft text');
  });

  it('refuses to publish a version that does not build, naming file, line and column', async () => {
    const app = await newApp();
    const home = await homeFile(app);
    await call(alice, 'POST', `/api/apps/${app.id}/files/update`, {
      file: { id: home.id, content: 'export default function Home() {\n  const x = ;\n  return x;\n}' },
    });
    const res = await call<{
      error: { code: string; details: { diagnostics: { file: string; line: number }[] } };
    }>(alice, 'POST', `/api/apps/${app.id}/publish`, {});
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('compile_failed');
    expect(res.body.error.details.diagnostics[0]).toMatchObject({ file: 'pages/Home.tsx', line: 2 });
    expect((await call<AppSummary>(alice, 'GET', `/api/apps/${app.id}`)).body.status).toBe('draft');
  });
});

describe('requests from apps', () => {
  it('answers the SDK’s preflights from any origin without credentials, and nothing else of the API', async () => {
    const app = await newApp();
    const preflight = (path: string) =>
      t.app.request(path, {
        method: 'OPTIONS',
        headers: {
          origin: 'null',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
    const sdk = await preflight(`/api/apps/${app.id}/entities/Item`);
    expect(sdk.status).toBe(204);
    expect(sdk.headers.get('access-control-allow-origin')).toBe('*');
    expect(sdk.headers.get('access-control-allow-credentials')).toBeNull();
    expect((await preflight('/api/auth/login?appId=x')).headers.get('access-control-allow-origin')).toBe('*');
    const builderOnly = await preflight(`/api/apps/${app.id}/files/update`);
    expect(builderOnly.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a builder-cookie request coming from an app’s opaque origin (Origin: null)', async () => {
    const res = await t.app.request(
      '/api/apps',
      json('POST', { name: 'Sneaky', type: 'GEN_APP' }, { cookie: alice.cookie, origin: 'null' }),
    );
    expect(res.status).toBe(403);
  });
});

describe('custom domains', () => {
  it('proves a domain with a TXT record, then serves the published app for that Host only', async () => {
    const app = await newApp('Shop');
    await call(alice, 'POST', `/api/apps/${app.id}/publish`, {});
    const added = await call<AppDomain>(alice, 'POST', `/api/apps/${app.id}/domains`, {
      domain: 'Shop.Example.com.',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      domain: 'shop.example.com',
      txtName: '_atelier-verify.shop.example.com',
      verified: false,
    });

    const host = { headers: { host: 'shop.example.com' } };
    expect((await t.app.request('/', host)).status).toBe(404);

    const missing = await call<{ error: { code: string; message: string } }>(
      alice,
      'POST',
      `/api/apps/${app.id}/domains/shop.example.com/verify`,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.error).toEqual({
      code: 'domain_not_verified',
      message: APP_MESSAGES.domainNotVerified('_atelier-verify.shop.example.com', added.body.txtValue),
    });

    txtRecords.set('_atelier-verify.shop.example.com', [
      ['unrelated'],
      [added.body.txtValue.slice(0, 10), added.body.txtValue.slice(10)],
    ]);
    const verified = await call<AppDomain>(
      alice,
      'POST',
      `/api/apps/${app.id}/domains/shop.example.com/verify`,
    );
    expect(verified.body).toMatchObject({ verified: true, verifiedAt: expect.any(String) });

    const doc = await t.app.request('/products/42', host);
    expect(doc.status).toBe(200);
    const html = await doc.text();
    expect(html).toContain('"basePath":"/"');
    expect(doc.headers.get('content-security-policy')).not.toContain('sandbox');
    expect((await t.app.request(`/app-assets/${app.id}/${app.currentVersionId}/app.js`, host)).status).toBe(
      200,
    );
    expect(
      (await t.app.request('/api/apps', { headers: { ...host.headers, cookie: alice.cookie } })).status,
    ).toBe(404);

    // Bob cannot take the verified domain.
    const bobsApp = (await call<AppSummary>(bob, 'POST', '/api/apps', { name: 'Bob', type: 'GEN_APP' })).body;
    const taken = await call(bob, 'POST', `/api/apps/${bobsApp.id}/domains`, { domain: 'shop.example.com' });
    expect(taken.status).toBe(409);
  });

  it('refuses names that are not domains or belong to the platform', async () => {
    const app = await newApp();
    for (const domain of ['localhost', '127.0.0.1', 'app.localhost', 'not a domain', 'localhost:3000']) {
      const res = await call(alice, 'POST', `/api/apps/${app.id}/domains`, { domain });
      expect(res.status, domain).toBe(400);
    }
  });
});
