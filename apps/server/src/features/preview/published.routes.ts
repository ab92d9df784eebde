import { APP_MESSAGES, RESERVED_FUNCTION_NAMES } from '@atelier/shared';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Next } from 'hono/types';
import type { AppEnv } from '../../platform/http/env.ts';
import { POLICY, routePolicy } from '../../platform/http/route-policy.ts';
import { appOrigin, slugOfHost } from '../apps/app-origin.ts';
import { isAppSignupOpen } from '../apps/apps.repo.ts';
import type { AppsRuntime } from '../apps/apps.runtime.ts';
import { hostOf, isPlatformHost, isReservedHost } from '../apps/domains.service.ts';
import { logoutReturn } from '../base44/platform.routes.ts';
import { appBranding } from '../compile/app-branding.ts';
import { importedSpecifiers } from '../compile/vendor-imports.ts';
import { buildErrorDocument, type DocumentMode, messageDocument, renderAppDocument } from './app-document.ts';
import {
  sendAppFont,
  sendAsset,
  sendDocument,
  sendNpmModule,
  sendVendorModule,
  withNpmImports,
} from './serve.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const OWN_ORIGIN: DocumentMode = { kind: 'own-origin' };

/**
 * Published apps live on origins of their own (ARCHITECTURE §6), served by `appHosts` below. On the
 * platform's origin:
 *
 *   GET /app/{appId}[/…]               302 to the same path on the app's origin (the old address)
 *   GET /app/{appId}/tool/{toolPath}   not redirected: the web app's public tool page of that app's
 *                                      tool (spec 3 §2 `{appBase}/tool/{toolPath}`)
 *   GET /preview-vendor/{name}.js      the vendor modules of the import map
 *   GET /preview-npm/{key}.js          an app's on-demand npm packages (features/npm)
 */
export function publishedRoutes(runtime: AppsRuntime) {
  const app = new Hono<AppEnv>();
  app.get('/preview-vendor/:file', routePolicy(POLICY.page), (c) =>
    sendVendorModule(c, runtime, c.req.param('file')),
  );
  app.get('/preview-npm/:file', routePolicy(POLICY.page), (c) =>
    sendNpmModule(c, runtime, c.req.param('file')),
  );
  const redirect = async (c: Context<AppEnv>, next: Next) => {
    // `{appBase}/tool/{toolPath}` is the platform's tool page (mounted after this): handed on.
    if (isAppToolPath(c.req.path)) return next();
    const appId = c.req.param('appId') as string;
    const found = await runtime.apps.unsafeFindById(appId);
    if (!found?.publishedAt || !found.slug) {
      const title = found ? (found.header ?? found.name) : 'Not published';
      return sendDocument(
        c,
        messageDocument(OWN_ORIGIN, runtime.origins().public, title, APP_MESSAGES.notPublished),
        404,
      );
    }
    const url = new URL(c.req.url);
    const rest = url.pathname.slice(`/app/${appId}`.length).replace(/^\/?/, '/');
    return c.redirect(`${appOrigin(runtime.config.apps, found.slug)}${rest}${url.search}`, 302);
  };
  app.get('/app/:appId', routePolicy(POLICY.page), redirect);
  app.get('/app/:appId/*', routePolicy(POLICY.page), redirect);
  return app;
}

/** `/app/{appId}/tool/{toolPath}` (one segment each, an optional trailing slash). */
export const isAppToolPath = (path: string) => /^\/app\/[^/]+\/tool\/[^/]+\/?$/.test(path);

/**
 * Requests for an app's own host get that app, and nothing else of the platform (no API, no web app,
 * no cookie is read or set): its document on every path, its assets and the vendor modules;
 * `/tool/{toolPath}` there is sent to the platform's `/app/{appId}/tool/{toolPath}`.
 *
 * An app's host is `{slug}.{APPS_DOMAIN}` (any other name under the apps domain answers 404) or a
 * verified custom domain. Other hosts are handed on to the platform.
 */
export function appHosts(runtime: AppsRuntime) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const host = hostOf(c.req.header('host'));
    if (!host || isPlatformHost(runtime, host)) return next();
    const appId = await appIdOfHost(runtime, host);
    if (appId === undefined) return next();
    const path = c.req.path;
    // The app's backend functions answer on its own origin with their own headers (cookies,
    // redirects, pages: features/functions); the API's other routes stay off app hosts.
    if (appId && functionOfPath(path)?.appId === appId) {
      c.set('appHost', appId);
      return next();
    }
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return c.text('Method not allowed', 405);
    // `base44.auth.logout()` of an exported app ends at `/api/apps/auth/logout?from_url=` on the
    // page's origin: back to `from_url` when it is on this app's origin, else to the app's home.
    if (path === '/api/apps/auth/logout') {
      return c.redirect(logoutReturn(c.req.query('from_url'), undefined, c.req.url) ?? '/', 302);
    }
    if (path.startsWith('/api/')) return c.json({ error: { code: 'not_found', message: 'Not found' } }, 404);
    if (appId === null) {
      const doc = messageDocument(OWN_ORIGIN, runtime.origins().public, 'Not found', APP_MESSAGES.noAppHere);
      return sendDocument(c, doc, 404);
    }
    const asset = /^\/app-assets\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(path);
    if (asset) {
      if (asset[1] !== appId) return c.text('Not found', 404);
      return servePublishedAsset(c, runtime, appId, asset[2] as string, asset[3] as string);
    }
    const vendor = /^\/preview-vendor\/([^/]+)$/.exec(path);
    if (vendor) return sendVendorModule(c, runtime, vendor[1] as string);
    const npm = /^\/preview-npm\/([^/]+)$/.exec(path);
    if (npm) return sendNpmModule(c, runtime, npm[1] as string);
    const font = /^\/preview-fonts\/([^/]+)$/.exec(path);
    if (font) return sendAppFont(c, font[1] as string);
    // `{appBase}/tool/{toolPath}` with the app's origin as the app base: the platform's tool page of
    // this app (a tool path is letters, numbers and dashes; anything else stays the app's own route).
    const tool = /^\/tool\/([A-Za-z0-9-]+)\/?$/.exec(path);
    if (tool) {
      const target = `${runtime.origins().public}/app/${encodeURIComponent(appId)}/tool/${tool[1]}`;
      return c.redirect(target, 302);
    }
    return servePublishedDocument(c, runtime, appId);
  });
}

/** `/api/apps/{appId}/functions/{name}`: a function's address (its webhook URL's path). */
export function functionOfPath(path: string): { appId: string; name: string } | undefined {
  const match = /^\/api\/apps\/([^/]+)\/functions\/([^/]+)$/.exec(path);
  if (!match) return undefined;
  try {
    const name = decodeURIComponent(match[2] as string);
    if ((RESERVED_FUNCTION_NAMES as readonly string[]).includes(name)) return undefined;
    return { appId: decodeURIComponent(match[1] as string), name };
  } catch {
    return undefined;
  }
}

/**
 * The app a host serves: its id; null for a name under the apps domain that is no app's; undefined
 * for a host that is not an app's (the platform's, or an unknown custom domain).
 */
async function appIdOfHost(runtime: AppsRuntime, host: string): Promise<string | null | undefined> {
  const slug = slugOfHost(runtime.config.apps, host);
  if (slug !== undefined) return (slug && (await runtime.apps.unsafeFindIdBySlug(slug))) || null;
  if (isReservedHost(runtime, host)) return undefined;
  return runtime.domains.unsafeFindAppIdByVerifiedDomain(host);
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

async function servePublishedDocument(c: Context<AppEnv>, runtime: AppsRuntime, appId: string) {
  const origins = runtime.origins();
  const app = await runtime.apps.unsafeFindById(appId);
  if (!app?.publishedAt) {
    return sendDocument(
      c,
      messageDocument(OWN_ORIGIN, origins.public, 'Not published', APP_MESSAGES.notPublished),
      404,
    );
  }
  const versionId = app.publishedVersionId;
  const build = versionId ? await runtime.builds.build(appId, versionId) : undefined;
  if (!versionId || !build) {
    return sendDocument(
      c,
      messageDocument(OWN_ORIGIN, origins.public, app.header ?? app.name, APP_MESSAGES.notPublished),
      404,
    );
  }
  if (!build.result.ok) {
    c.get('logger').error({ appId, versionId }, 'published version does not build');
    return sendDocument(
      c,
      buildErrorDocument(OWN_ORIGIN, origins.public, build.result.diagnostics, origins.public),
      500,
    );
  }
  const assets = `/app-assets/${encodeURIComponent(appId)}/${encodeURIComponent(versionId)}`;
  const branding = appBranding(app);
  const document = renderAppDocument({
    title: branding.title,
    jsUrl: `${assets}/app.js`,
    cssUrl: `${assets}/app.css`,
    webStylesheets: build.result.webStylesheets,
    importMap: withNpmImports(runtime.vendor.importMap('/preview-vendor/'), build.npmImports, ''),
    modulePreloads: await runtime.vendor.modulePreloads(
      importedSpecifiers(build.result.js),
      '/preview-vendor/',
    ),
    runtime: {
      appId,
      apiBase: origins.public,
      basePath: '/',
      parentOrigin: origins.public,
      auth: {
        signupEnabled: isAppSignupOpen(app),
        appName: branding.title,
        requireLogin: (app.settings as { requireLogin?: unknown } | null)?.requireLogin === true,
      },
      branding,
      env: build.result.env,
    },
    mode: OWN_ORIGIN,
    apiOrigin: origins.public,
  });
  return sendDocument(c, document);
}
