import { APP_MESSAGES } from '@atelier/shared';
import { type Context, Hono } from 'hono';
import type { AppDeps } from '../../platform/app-deps.ts';
import type { AppEnv } from '../../platform/http/env.ts';
import { errorHandler } from '../../platform/http/error-handler.ts';
import { builderOriginsAt, siteAt } from '../../platform/http/preview-hosts.ts';
import { requestContext } from '../../platform/http/request-context.ts';
import { type AppsRuntime, appsRuntime } from '../apps/apps.runtime.ts';
import { logoutReturn } from '../base44/platform.routes.ts';
import { appBranding } from '../compile/app-branding.ts';
import { importedSpecifiers } from '../compile/vendor-imports.ts';
import { buildErrorDocument, type DocumentMode, messageDocument, renderAppDocument } from './app-document.ts';
import type { VerifiedPreviewClaims } from './preview-token.ts';
import {
  sendAppFont,
  sendAsset,
  sendDocument,
  sendNpmModule,
  sendVendorModule,
  withNpmImports,
} from './serve.ts';

/**
 * The preview origin (a second listener, `PREVIEW_PORT`): it serves ONLY compiled app documents,
 * their script and stylesheet, and the vendor modules; never the API, the web app or a cookie.
 * Access to a version is by a short-lived signed token in the URL (`POST /api/apps/{appId}/preview-token`).
 *
 *   GET /preview/{appId}[/…]?version={versionId}&token={token}   the app's document
 *   GET /preview-assets/{appId}/{versionId}/app.js|app.css?token= its script and stylesheet
 *   GET /preview-vendor/{name}.js                                 react, react-router, the UI kit, the SDK …
 *   GET /preview-npm/{key}.js                                     the app's on-demand npm packages (features/npm)
 */
export function createPreviewApp(deps: Pick<AppDeps, 'logger' | 'areas'>) {
  const runtime = appsRuntime(deps);
  const app = new Hono<AppEnv>();
  app.onError(errorHandler);
  app.notFound((c) => c.text('Not found', 404));
  app.use('*', requestContext(deps.logger));

  app.get('/preview-vendor/:file', (c) => sendVendorModule(c, runtime, c.req.param('file')));
  app.get('/preview-npm/:file', (c) => sendNpmModule(c, runtime, c.req.param('file')));
  app.get('/preview-fonts/:file', (c) => sendAppFont(c, c.req.param('file')));
  // `base44.auth.logout()` of an imported app ends at `/api/apps/auth/logout?from_url=` on the
  // page's origin, as on its published address (published.routes.ts): back to the previewed page.
  app.get('/api/apps/auth/logout', (c) => {
    const back = logoutReturn(c.req.query('from_url'), undefined, c.req.url);
    return back ? c.redirect(back, 302) : c.text('Not found', 404);
  });

  app.get('/preview-assets/:appId/:versionId/:file', async (c) => {
    const { appId, versionId, file } = c.req.param();
    const claims = await authorise(runtime, c.req.query('token'), appId, versionId);
    if (!claims) return c.text(APP_MESSAGES.previewExpired, 401, { 'access-control-allow-origin': '*' });
    const build = await runtime.builds.build(appId, versionId);
    if (!build?.result.ok) return c.text('Not found', 404);
    return sendAsset(c, build.result, file, 'private, max-age=3600');
  });

  const serveDocument = async (c: Context<AppEnv>) => {
    const appId = c.req.param('appId') as string;
    const origins = runtime.origins();
    const token = c.req.query('token');
    const claims = await authorise(runtime, token, appId, c.req.query('version'));
    if (!claims || !token) {
      // No verified builder origin: the message may be framed by the builders this host allows.
      const ancestors = [...new Set([...origins.builders, ...builderOriginsAt(origins, c.req.url)])];
      const mode: DocumentMode = {
        kind: 'preview',
        previewOrigin: origins.preview,
        builderOrigins: ancestors,
      };
      return sendDocument(
        c,
        messageDocument(mode, origins.public, 'Preview expired', APP_MESSAGES.previewExpired),
        401,
      );
    }
    // The builder origin signed into the token is the only page that may frame this document.
    const site = siteAt(origins, claims.parentOrigin);
    const mode: DocumentMode = {
      kind: 'preview',
      previewOrigin: site.preview,
      builderOrigins: [site.builder],
    };
    const owned = await runtime.apps.find({ userId: claims.userId }, appId);
    const build = owned && (await runtime.builds.build(appId, claims.versionId));
    if (!owned || !build) {
      return sendDocument(c, messageDocument(mode, site.api, 'Not found', APP_MESSAGES.versionNotFound), 404);
    }
    if (!build.result.ok) {
      return sendDocument(
        c,
        buildErrorDocument(mode, site.api, build.result.diagnostics, claims.parentOrigin),
      );
    }
    const assets = `${site.preview}/preview-assets/${encodeURIComponent(appId)}/${encodeURIComponent(claims.versionId)}`;
    const query = `?token=${encodeURIComponent(token)}`;
    const branding = appBranding(owned);
    const document = renderAppDocument({
      title: branding.title,
      jsUrl: `${assets}/app.js${query}`,
      cssUrl: `${assets}/app.css${query}`,
      webStylesheets: build.result.webStylesheets,
      importMap: withNpmImports(
        runtime.vendor.importMap(`${site.preview}/preview-vendor/`),
        build.npmImports,
        site.preview,
      ),
      modulePreloads: await runtime.vendor.modulePreloads(
        importedSpecifiers(build.result.js),
        `${site.preview}/preview-vendor/`,
      ),
      runtime: {
        appId,
        apiBase: site.api,
        basePath: `/preview/${appId}`,
        parentOrigin: claims.parentOrigin,
        // The credential, not the link token: only this document holds it (never a URL).
        previewToken: await runtime.previewTokens.signCredential(claims),
        previewExpiresAt: claims.expiresAt.toISOString(),
        previewViewAs: claims.viewAs,
        branding,
        env: build.result.env,
      },
      mode,
      apiOrigin: site.api,
    });
    return sendDocument(c, document);
  };
  app.get('/preview/:appId', serveDocument);
  app.get('/preview/:appId/*', serveDocument);
  return app;
}

/** The token's claims when it is valid for this app (and version, when one is named). */
async function authorise(
  runtime: AppsRuntime,
  token: string | undefined,
  appId: string,
  versionId: string | undefined,
): Promise<VerifiedPreviewClaims | null> {
  if (!token) return null;
  const claims = await runtime.previewTokens.verify(token);
  if (!claims || claims.appId !== appId) return null;
  if (versionId !== undefined && claims.versionId !== versionId) return null;
  return claims;
}
