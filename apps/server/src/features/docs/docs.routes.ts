import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { Hono } from 'hono';
import type { AppEnv } from '../../platform/http/env.ts';
import { openApiDocument } from '../../platform/http/openapi-document.ts';
import { POLICY, routePolicy } from '../../platform/http/route-policy.ts';
import { APP_VERSION } from '../../platform/version.ts';

const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS = new Map([
  ['swagger-ui.css', 'text/css; charset=utf-8'],
  ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
]);

const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Atelier API reference</title><link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="reference"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/init.js"></script>
</body></html>`;

const init = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#reference', deepLinking: true });`;

/**
 * The reference page's policy: Swagger UI's own script and stylesheet from here (it sets style
 * attributes), the OpenAPI document fetched from here, nothing else; never framed (issue 20 #15).
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** The OpenAPI document built from the zod contracts, and a self-hosted reference page. */
export function docsRoutes(api: OpenAPIHono<AppEnv>) {
  const router = new Hono<AppEnv>();
  router.get('/openapi.json', routePolicy(POLICY.api), (c) =>
    c.json(
      openApiDocument(api, {
        openapi: '3.1.0',
        info: { title: 'Atelier API', version: APP_VERSION },
        servers: [{ url: '/api' }],
      }),
    ),
  );
  router.get('/docs', routePolicy(POLICY.api), (c) =>
    c.html(page, 200, { 'content-security-policy': DOCS_CSP }),
  );
  router.get('/docs/assets/init.js', routePolicy(POLICY.api), (c) =>
    c.body(init, 200, { 'content-type': 'text/javascript' }),
  );
  router.get('/docs/assets/:file', routePolicy(POLICY.api), (c) => {
    const file = c.req.param('file');
    const type = ASSETS.get(file);
    if (!type) return c.notFound();
    return c.body(fs.readFileSync(path.join(swaggerDir, file)), 200, {
      'content-type': type,
      'cache-control': 'public, max-age=86400',
    });
  });
  return router;
}
