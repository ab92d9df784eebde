import { createHash } from 'node:crypto';
import type { CompileDiagnostic } from '../compile/diagnostics.ts';
import { type AppRuntimeConfig, renderAppHtml } from '../compile/html.ts';
import type { WebStylesheet } from '../compile/tailwind-css.ts';
import type { ImportMap } from '../compile/vendor/vendor-bundles.ts';

/** Where a compiled app document is shown; decides its Content-Security-Policy. */
export type DocumentMode =
  /** In the builder's sandboxed iframe, on the preview origin. */
  | { kind: 'preview'; previewOrigin: string; builderOrigins: readonly string[] }
  /**
   * A published app on its own origin: `{slug}.{APPS_DOMAIN}` or a verified custom domain. It shares
   * nothing with the platform's pages or other apps (no cookies, own storage, cross-origin API calls).
   */
  | { kind: 'own-origin' };

export interface AppDocumentOptions {
  title: string;
  jsUrl: string;
  cssUrl: string;
  /** The compiled CSS's remote https stylesheets (web fonts), linked by the page. */
  webStylesheets?: readonly WebStylesheet[];
  importMap: ImportMap;
  /** The vendor modules the app loads (VendorBundles.modulePreloads), announced to the browser. */
  modulePreloads?: readonly string[];
  runtime: AppRuntimeConfig;
  mode: DocumentMode;
  /** Origin of the Atelier API the app SDK calls (`PUBLIC_URL`'s origin). */
  apiOrigin: string;
}

export interface RenderedDocument {
  html: string;
  /** The Content-Security-Policy header to send with it. */
  csp: string;
}

const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** CSP hash sources of the inline `<script>` elements of a document we rendered ourselves. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?:\s+type="importmap")?>([\s\S]*?)<\/script>/g)) {
    hashes.push(hashSource(match[1] ?? ''));
  }
  return hashes;
}

/**
 * The policy of an app document. Scripts: the document's own inline scripts (by hash) and modules
 * from where it was served (the preview names its origin beside 'self': its documents are framed
 * in a sandboxed iframe, whose 'self' does not reliably name the server it came from).
 *
 * Connections: the API (and its WebSocket form), and for an app's own code (`appCode`) any https
 * or wss origin — real apps read public data from the browser (a map from jsDelivr, a weather or
 * exchange-rate API, a CORS-enabled webhook). Why that is acceptable:
 * - an app document is never on the platform's origin: the preview's is its own origin, in a
 *   sandboxed frame without `allow-same-origin` (an opaque origin), a published app's is
 *   `{slug}.{APPS_DOMAIN}` or its custom domain, so the platform's session cookie is neither
 *   readable by the page nor sent with these requests (the builder's own pages keep
 *   `connect-src 'self'`, platform/http/security-headers.ts);
 * - what the page holds is the preview credential (its app's SDK calls only, as the builder, the
 *   test user or a visitor, expiring with the 15-minute link, renewed by the page for at most 12
 *   hours) or, published, the end user's session of that one app. The app's code could already
 *   send either anywhere: `img-src`/`font-src`/`media-src` allow any https URL (an image request's
 *   query string), and the sandbox allows popups and navigating the frame. Refusing `fetch` kept
 *   nothing secret; it only broke apps. The remaining difference — reading an answer, sending a
 *   body — is what the app's code, written by its builder, is for;
 * - plain http (other than the API in local development) stays refused: a published https page
 *   cannot use it anyway (mixed content), and in the preview it would reach the builder's network.
 * The server's own documents (a message, the build errors) run none of the app's code: API only.
 */
export function appDocumentCsp(
  mode: DocumentMode,
  apiOrigin: string,
  scriptHashes: readonly string[],
  { appCode = false }: { appCode?: boolean } = {},
): string {
  const own = mode.kind === 'preview' ? `'self' ${mode.previewOrigin}` : "'self'";
  const directives = [
    "default-src 'none'",
    `script-src ${own} ${scriptHashes.join(' ')}`.trim(),
    // Google Fonts' stylesheets (an app's `@import url(https://fonts.googleapis.com/…)` or its
    // `<link>`): the fonts themselves come under font-src https:.
    `style-src ${own} 'unsafe-inline' https://fonts.googleapis.com`,
    `img-src ${own} data: blob: https:`,
    `font-src ${own} data: https:`,
    `media-src ${own} data: blob: https:`,
    // The Base44 SDK's realtime socket (socket.io over WebSocket) goes to the API origin's ws(s):
    // an http(s) source does not cover it in Chromium.
    `connect-src ${apiOrigin} ${apiOrigin.replace(/^http/, 'ws')}${appCode ? ' https: wss:' : ''}`,
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${mode.kind === 'preview' ? mode.builderOrigins.join(' ') : "'self'"}`,
  ];
  return directives.join('; ');
}

/** A compiled app's document with its CSP. */
export function renderAppDocument(options: AppDocumentOptions): RenderedDocument {
  const html = renderAppHtml({
    jsUrl: options.jsUrl,
    cssUrl: options.cssUrl,
    webStylesheets: options.webStylesheets,
    importMap: options.importMap,
    modulePreloads: options.modulePreloads,
    title: options.title,
    runtimeConfig: options.runtime,
  });
  return {
    html,
    csp: appDocumentCsp(options.mode, options.apiOrigin, inlineScriptHashes(html), { appCode: true }),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** JSON that is safe inside a `<script>` element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const PAGE_STYLE =
  'body{font:14px/1.5 ui-sans-serif,system-ui,sans-serif;margin:0;padding:32px;color:#1f2937;background:#fff}' +
  'h1{font-size:18px;margin:0 0 8px}p{margin:0 0 16px;color:#4b5563}' +
  'ol{padding:0;list-style:none}li{border:1px solid #fecaca;background:#fef2f2;border-radius:8px;padding:12px;margin:0 0 8px}' +
  'code{font:12px/1.4 ui-monospace,monospace;color:#991b1b;white-space:pre-wrap;word-break:break-word}' +
  'b{display:block;font-size:13px;margin-bottom:4px}';

/** A plain page with one message (an unpublished app, an expired preview link …). */
export function messageDocument(
  mode: DocumentMode,
  apiOrigin: string,
  title: string,
  text: string,
): RenderedDocument {
  const html = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head>`,
    `<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>`,
    '',
  ].join('\n');
  return { html, csp: appDocumentCsp(mode, apiOrigin, []) };
}

/** `pages/Home.tsx:3:7` (or the message alone for a problem of the whole tree). */
export const diagnosticLocation = (d: CompileDiagnostic) => (d.file ? `${d.file}:${d.line}:${d.column}` : '');

/**
 * The preview of a version that does not build: lists the diagnostics, and posts each to the
 * builder like a runtime error so the runtime error panel shows it.
 */
export function buildErrorDocument(
  mode: DocumentMode,
  apiOrigin: string,
  diagnostics: readonly CompileDiagnostic[],
  parentOrigin: string | undefined,
): RenderedDocument {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const reports = errors.map((d) => ({
    type: 'atelier:runtime-error',
    title: `Build error${d.file ? ` in ${d.file}` : ''}: ${d.message.split('\n')[0]}`,
    details: [diagnosticLocation(d), d.message].filter(Boolean).join('\n'),
    componentName: null,
  }));
  // The reports, then the load handshake without a route (the document is up, the app is not).
  const messages = [...reports, { type: 'atelier:preview-route', route: null }];
  const script = `(function(){var r=${scriptJson(messages)};if(window.parent!==window)for(var i=0;i<r.length;i++)window.parent.postMessage(r[i],${JSON.stringify(parentOrigin ?? '*')});})();`;
  const items = errors
    .map(
      (d) =>
        `<li><b>${escapeHtml(diagnosticLocation(d) || 'App')}</b><code>${escapeHtml(d.message)}</code></li>`,
    )
    .join('');
  const html = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>Build failed</title><style>${PAGE_STYLE}</style>`,
    `<script>${script}</script></head>`,
    `<body><h1>The app does not build</h1><p>Fix these errors, then reload the preview.</p><ol>${items}</ol></body></html>`,
    '',
  ].join('\n');
  return { html, csp: appDocumentCsp(mode, apiOrigin, inlineScriptHashes(html)) };
}
