import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Context } from 'hono';
import type { AppsRuntime } from '../apps/apps.runtime.ts';
import type { CompileSuccess } from '../compile/compiler.ts';
import { VENDOR_RESPONSE_HEADERS } from '../compile/vendor/vendor-bundles.ts';
import type { RenderedDocument } from './app-document.ts';

/**
 * Compiled apps load their module scripts with CORS (module scripts always do), and sandboxed
 * documents have an opaque origin (`Origin: null`): their scripts, styles and vendor modules are
 * answered to any origin. They are public code or token-protected, never credentialed.
 */
export const ANY_ORIGIN = { 'access-control-allow-origin': '*' } as const;

/** Answers a rendered app document with its policy; never cached (the version behind a URL changes). */
export function sendDocument(c: Context, document: RenderedDocument, status: 200 | 401 | 404 | 500 = 200) {
  return c.html(document.html, status, {
    'content-security-policy': document.csp,
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  });
}

/** Answers the script or stylesheet of a compiled version. */
export function sendAsset(c: Context, build: CompileSuccess, file: string, cacheControl: string) {
  const isScript = file === 'app.js';
  if (!isScript && file !== 'app.css') return c.text('Not found', 404);
  return c.body(isScript ? build.js : build.css, 200, {
    ...ANY_ORIGIN,
    'content-type': isScript ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8',
    'cache-control': cacheControl,
    'x-content-type-options': 'nosniff',
  });
}

/** Answers `/preview-vendor/{name}.js`: the pre-bundled packages the import map names. */
export async function sendVendorModule(c: Context, runtime: AppsRuntime, file: string) {
  const name = /^([a-z0-9-]+)\.js$/.exec(file)?.[1];
  const bundle = name ? await runtime.vendor.get(name) : undefined;
  if (!bundle) return c.text('Not found', 404);
  if (c.req.header('if-none-match') === bundle.etag) {
    return c.body(null, 304, { ...ANY_ORIGIN, etag: bundle.etag });
  }
  return c.body(bundle.code, 200, { ...VENDOR_RESPONSE_HEADERS, ...ANY_ORIGIN, etag: bundle.etag });
}

/** Answers `/preview-npm/{key}.js`: an on-demand npm package's bundle (features/npm), immutable by key. */
export function sendNpmModule(c: Context, runtime: AppsRuntime, file: string) {
  const key = /^([a-f0-9]{32})\.js$/.exec(file)?.[1];
  const bundle = key ? runtime.npm.bundle(key) : undefined;
  if (!bundle) return c.text('Not found', 404);
  const etag = `"${bundle.key}"`;
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, { ...ANY_ORIGIN, etag });
  return c.body(bundle.code, 200, { ...VENDOR_RESPONSE_HEADERS, ...ANY_ORIGIN, etag });
}

/** The page's import map with the app's on-demand npm packages added (`{origin}/preview-npm/{key}.js`). */
export function withNpmImports(
  importMap: { imports: Record<string, string> },
  npmImports: Record<string, string>,
  base: string,
): { imports: Record<string, string> } {
  const imports = { ...importMap.imports };
  for (const [specifier, key] of Object.entries(npmImports))
    imports[specifier] = `${base}/preview-npm/${key}.js`;
  return { ...importMap, imports };
}

/** The web fonts app stylesheets may name (`/preview-fonts/{file}`): the template's Inter. */
const APP_FONTS: Record<string, string> = {
  'inter-latin-wght-normal.woff2': '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  'inter-latin-wght-italic.woff2': '@fontsource-variable/inter/files/inter-latin-wght-italic.woff2',
};
const fontCache = new Map<string, Buffer>();

/** Answers `/preview-fonts/{file}`: a font of the template's stylesheet, immutable, to any origin (fonts load with CORS). */
export function sendAppFont(c: Context, file: string) {
  const specifier = Object.hasOwn(APP_FONTS, file) ? APP_FONTS[file] : undefined;
  if (!specifier) return c.text('Not found', 404);
  let body = fontCache.get(file);
  if (!body) {
    body = fs.readFileSync(createRequire(import.meta.url).resolve(specifier));
    fontCache.set(file, body);
  }
  return c.body(new Uint8Array(body), 200, {
    ...ANY_ORIGIN,
    'content-type': 'font/woff2',
    'cache-control': 'public, max-age=31536000, immutable',
    'x-content-type-options': 'nosniff',
  });
}
