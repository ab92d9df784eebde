import { APP_MESSAGES } from '@atelier/shared';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Next } from 'hono/types';
import type { AppEnv } from '../../platform/http/env.ts';
import type { AppsRuntime } from '../apps/apps.runtime.ts';
import { hostOf, isPlatformHost } from '../apps/domains.service.ts';
import { buildErrorDocument, type DocumentMode, messageDocument, renderAppDocument } from './app-document.ts';
import { sendAsset, sendDocument, sendVendorModule } from './serve.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Published apps on the main origin (ARCHITECTURE §6):
 *
 *   GET /app/{appId}[/…]                                the published version's document
 *   GET /app-assets/{appId}/{versionId}/app.js|app.css  its script and stylesheet (published version only)
 *   GET /preview-vendor/{name}.js                       the vendor modules of the import map
 *   GET /app/{appId}/tool/{toolPath}                    not the document: the web app's public tool
 *                                                       page of that app's tool (spec 3 §2 `{appBase}/tool/{toolPath}`)
 *
 * The document is sent with a CSP `sandbox` (no allow-same-origin): it runs in an opaque origin, so
 * it cannot read the builder's cookies or storage, and its requests to the API are cross-site —
 * the SameSite=Lax session cookie is not sent and the CSRF guard refuses `Origin: null`. The app
 * talks to the API with the SDK's bearer tokens only. (The cost: an opaque origin has no
 * localStorage, so an end user's sign-in lasts for the page; a custom domain is a real origin.)
 */
export function publishedRoutes(runtime: AppsRuntime) {
  const app = new Hono<AppEnv>();
  app.get('/preview-vendor/:file', (c) => sendVendorModule(c, runtime, c.req.param('file')));
  app.get('/app-assets/:appId/:versionId/:file', (c) => {
    const { appId, versionId, file } = c.req.param();
    return servePublishedAsset(c, runtime, appId, versionId, file);
  });
  const document = (c: Context<AppEnv>, next: Next) => {
    // `{appBase}/tool/{toolPath}` is the platform's tool page (mounted after this): handed on.
    if (isAppToolPath(c.req.path)) return next();
    // The origin it was asked at too (127.0.0.1 when PUBLIC_URL says localhost): assets load from there.
    const ownOrigins = [...new Set([runtime.origins().public, new URL(c.req.url).origin])];
    return servePublishedDocument(c, runtime, c.req.param('appId') as string, {
      mode: { kind: 'published', ownOrigins },
      basePath: `/app/${c.req.param('appId')}`,
    });
  };
  app.get('/app/:appId', document);
  app.get('/app/:appId/*', document);
  return app;
}

/** `/app/{appId}/tool/{toolPath}` (one segment each, an optional trailing slash). */
export const isAppToolPath = (path: string) => /^\/app\/[^/]+\/tool\/[^/]+\/?$/.test(path);

/**
 * Requests whose Host is a verified custom domain get the app published there, and nothing else of
 * the platform (no API, no web app): its document on every path, its assets and vendor modules;
 * `/tool/{toolPath}` there is sent to the platform's `/app/{appId}/tool/{toolPath}`.
 */
export function customDomainHost(runtime: AppsRuntime) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const host = hostOf(c.req.header('host'));
    if (!host || isPlatformHost(runtime, host)) return next();
    const appId = await runtime.domains.unsafeFindAppIdByVerifiedDomain(host);
    if (!appId) return next();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return c.text('Method not allowed', 405);
    const path = c.req.path;
    const asset = /^\/app-assets\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(path);
    if (asset) {
      if (asset[1] !== appId) return c.text('Not found', 404);
      return servePublishedAsset(c, runtime, appId, asset[2] as string, asset[3] as string);
    }
    const vendor = /^\/preview-vendor\/([^/]+)$/.exec(path);
    if (vendor) return sendVendorModule(c, runtime, vendor[1] as string);
    if (path.startsWith('/api/')) return c.json({ error: { code: 'not_found', message: 'Not found' } }, 404);
    // `{appBase}/tool/{toolPath}` with the domain as the app base: the platform's tool page of this
    // app (a tool path is letters, numbers and dashes; anything else stays the app's own route).
    const tool = /^\/tool\/([A-Za-z0-9-]+)\/?$/.exec(path);
    if (tool) {
      const target = `${runtime.origins().public}/app/${encodeURIComponent(appId)}/tool/${tool[1]}`;
      return c.redirect(target, 302);
    }
    return servePublishedDocument(c, runtime, appId, { mode: { kind: 'custom-domain' }, basePath: '/' });
  });
}

async function servePublishedAsset(
  c: Context<AppEnv>,
  runtime: AppsRuntime,
  appId: string,
  versionId: string,
  file: string,
) {
  const app = await runtime.apps.unsafeFindById(appId);
  // Only the published version: later edits (and older versions) never leak through this path.
  if (!app?.publishedAt || app.publishedVersionId !== versionId) return c.text('Not found', 404);
  const build = await runtime.builds.build(appId, versionId);
  if (!build?.result.ok) return c.text('Not found', 404);
  return sendAsset(c, build.result, file, IMMUTABLE);
}

async function servePublishedDocument(
  c: Context<AppEnv>,
  runtime: AppsRuntime,
  appId: string,
  options: { mode: DocumentMode; basePath: string },
) {
  const origins = runtime.origins();
  const { mode } = options;
  const app = await runtime.apps.unsafeFindById(appId);
  if (!app?.publishedAt) {
    return sendDocument(
      c,
      messageDocument(mode, origins.public, 'Not published', APP_MESSAGES.notPublished),
      404,
    );
  }
  const versionId = app.publishedVersionId;
  const build = versionId ? await runtime.builds.build(appId, versionId) : undefined;
  if (!versionId || !build) {
    return sendDocument(
      c,
      messageDocument(mode, origins.public, app.header ?? app.name, APP_MESSAGES.notPublished),
      404,
    );
  }
  if (!build.result.ok) {
    c.get('logger').error({ appId, versionId }, 'published version does not build');
    return sendDocument(
      c,
      buildErrorDocument(mode, origins.public, build.result.diagnostics, origins.public),
      500,
    );
  }
  const assets = `/app-assets/${encodeURIComponent(appId)}/${encodeURIComponent(versionId)}`;
  const document = renderAppDocument({
    title: app.header ?? app.name,
    jsUrl: `${assets}/app.js`,
    cssUrl: `${assets}/app.css`,
    importMap: runtime.vendor.importMap('/preview-vendor/'),
    runtime: { appId, apiBase: origins.public, basePath: options.basePath, parentOrigin: origins.public },
    mode,
    apiOrigin: origins.public,
  });
  return sendDocument(c, document);
}
