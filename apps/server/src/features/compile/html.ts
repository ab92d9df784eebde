import { createHash } from 'node:crypto';
import { supabasePageEnv } from '../supabase/page-env.ts';
import { type AppBranding, brandingCss } from './app-branding.ts';
import { STARTUP_SCREEN_SCRIPT } from './startup-screen.ts';
import type { WebStylesheet } from './tailwind-css.ts';
import type { ImportMap } from './vendor/vendor-bundles.ts';

/** What the page tells the app SDK and runtime (`window.__ATELIER__`). */
export interface AppRuntimeConfig {
  appId: string;
  /** Origin (and optional path prefix) of the Atelier API, e.g. `http://localhost:3000`. */
  apiBase: string;
  /** Path the app is served under (`/app/{appId}` when published); the router's basename. */
  basePath?: string;
  /** Origin of the builder that embeds the preview; runtime errors are posted only to it. */
  parentOrigin?: string;
  /**
   * The builder's preview only: the preview credential (features/preview/preview-token.ts), which
   * the app SDK sends as `x-atelier-preview-token`: the entity API serves the previewed version's
   * entities, and the app acts as whom the builder's "View as" chose.
   */
  previewToken?: string;
  /** When `previewToken` expires (ISO 8601): the app SDK renews it shortly before. */
  previewExpiresAt?: string;
  /** Whom the builder's preview views the app as: an export's app-params then see the credential as a token (app-runtime). */
  previewViewAs?: 'owner' | 'user' | 'visitor';
  /**
   * The end-user screens of the runtime (packages/app-runtime/src/auth-screens.tsx): sign-up
   * offered, the app's name, and whether every page needs a signed-in end user ("Require login").
   */
  auth?: { signupEnabled: boolean; appName: string; requireLogin?: boolean };
  /** The side panel's App texts and App branding (app-branding.ts): the app's name and theme colours. */
  branding?: AppBranding;
  /** The `VITE_*` values of the version's `.env` file (app-env.ts); the names above win over them. */
  env?: Record<string, string>;
}

/**
 * `import.meta.env` of a compiled app (bundle-js.ts): public values only, the names Vite apps and
 * Base44 exports read, and the `VITE_*` lines of the app's `.env`. Any other name is undefined.
 * Supabase's names (`VITE_SUPABASE_URL`…) point at the app's Supabase-compatible API unless the
 * `.env` sets them.
 */
export function publicEnv(config: AppRuntimeConfig): Record<string, string | boolean> {
  const env: Record<string, string | boolean> = {
    ...supabasePageEnv(config.apiBase, config.appId),
    ...config.env,
    MODE: 'production',
    PROD: true,
    DEV: false,
    SSR: false,
    BASE_URL: config.basePath ?? '/',
    VITE_APP_ID: config.appId,
    VITE_BASE44_APP_ID: config.appId,
    VITE_API_URL: config.apiBase,
    VITE_BASE44_APP_BASE_URL: config.apiBase,
    VITE_BASE44_BACKEND_URL: config.apiBase,
  };
  if (config.branding) {
    env.VITE_APP_NAME = config.branding.title;
    env.VITE_APP_DESCRIPTION = config.branding.description;
    env.VITE_APP_LOGO_URL = config.branding.logoUrl;
  }
  return env;
}

export interface AppHtmlOptions {
  jsUrl: string;
  cssUrl: string;
  /** Remote https stylesheets of the app's CSS (web fonts), linked before it; one out of reach is not reported. */
  webStylesheets?: readonly WebStylesheet[];
  importMap: ImportMap;
  /** Module URLs the page will load (the vendor modules the app uses), fetched at once. */
  modulePreloads?: readonly string[];
  /** A Content-Security-Policy; the hashes of the page's inline scripts are added to its script-src. */
  csp?: string;
  title: string;
  runtimeConfig?: AppRuntimeConfig;
  lang?: string;
}

/** JSON that is safe inside a `<script>` element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Reports failures before the app's runtime is up (a module that fails to load or link, e.g. an
 * import the vendor module does not export) with the same message as the runtime; such a failure
 * (not a stylesheet's) means the app cannot start: its screen replaces the blank page.
 */
function bootstrapScript(config: AppRuntimeConfig | undefined): string {
  const target = JSON.stringify(config?.parentOrigin ?? '*');
  return [
    config ? `window.__ATELIER__=${scriptJson(config)};` : '',
    config ? `window.__ATELIER_ENV__=${scriptJson(publicEnv(config))};` : '',
    config?.branding?.dark ? "document.documentElement.classList.add('dark');" : '',
    STARTUP_SCREEN_SCRIPT,
    '(function(){',
    'function report(title,details,fails,file){',
    'if(window.__ATELIER_RUNTIME_READY__)return;',
    `if(window.parent!==window)window.parent.postMessage({type:'atelier:runtime-error',title:String(title),details:String(details||title),componentName:null},${target});`,
    'if(fails)window.__ATELIER_STARTUP_FAILED__(title,file||null);',
    '}',
    "window.addEventListener('error',function(e){",
    "var t=e.target;if(t&&t.tagName==='SCRIPT'){report('Failed to load '+(t.src||'a script'),'',true,t.src);return;}",
    // A web font's stylesheet out of reach (`data-web-font`) is no failure: the page falls back to its other fonts.
    "if(t&&t.tagName==='LINK'){if(!t.hasAttribute('data-web-font'))report('Failed to load '+(t.href||'a stylesheet'),'');return;}",
    "var err=e.error;report(err&&err.name?err.name+': '+err.message:e.message,err&&err.stack,!!err);",
    '},true);',
    "window.addEventListener('unhandledrejection',function(e){var r=e.reason;report('Unhandled promise rejection: '+(r&&r.message?r.message:r),r&&r.stack);});",
    '})();',
  ].join('');
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Adds source expressions to a policy's script-src (created from default-src when absent). */
export function addScriptSources(policy: string, sources: string[]): string {
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean);
  const index = directives.findIndex(
    (directive) => /^script-src\s/i.test(directive) || directive === 'script-src',
  );
  if (index >= 0) directives[index] = `${directives[index]} ${sources.join(' ')}`;
  else {
    const fallback = directives.find((directive) => /^default-src\s/i.test(directive));
    const base = fallback ? fallback.replace(/^default-src/i, 'script-src') : "script-src 'self'";
    directives.push(`${base} ${sources.join(' ')}`);
  }
  return directives.join('; ');
}

/**
 * A Content-Security-Policy for a compiled app: scripts and styles from its own origin (plus the
 * vendor origin when different; Google Fonts stylesheets), API calls to `apiOrigin`, images and
 * fonts from anywhere over https.
 */
export function appContentSecurityPolicy({
  apiOrigin,
  assetOrigin,
}: {
  apiOrigin: string;
  assetOrigin?: string;
}): string {
  const self = assetOrigin ? `'self' ${assetOrigin}` : "'self'";
  return [
    "default-src 'self'",
    `script-src ${self}`,
    `style-src ${self} 'unsafe-inline' https://fonts.googleapis.com`,
    "img-src 'self' data: blob: https:",
    "font-src 'self' data: https:",
    `connect-src 'self' ${apiOrigin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * The HTML document of a compiled app: the runtime config and an early error reporter, the import
 * map of the vendor modules, the app's stylesheet and its module script, and `#root`.
 */
export function renderAppHtml(options: AppHtmlOptions): string {
  const bootstrap = bootstrapScript(options.runtimeConfig);
  const importMap = scriptJson(options.importMap);
  const branding = options.runtimeConfig?.branding ? brandingCss(options.runtimeConfig.branding) : '';
  const csp = options.csp ? addScriptSources(options.csp, [sha256(bootstrap), sha256(importMap)]) : undefined;
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(options.lang ?? 'en')}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    csp ? `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">` : '',
    `<title>${escapeHtml(options.title)}</title>`,
    `<script>${bootstrap}</script>`,
    `<script type="importmap">${importMap}</script>`,
    // After the import map: a module fetch before it would make the browser ignore the map.
    ...(options.modulePreloads ?? []).map((url) => `<link rel="modulepreload" href="${escapeHtml(url)}">`),
    ...(options.webStylesheets ?? []).map(
      (sheet) =>
        `<link rel="stylesheet" href="${escapeHtml(sheet.href)}"${sheet.media ? ` media="${escapeHtml(sheet.media)}"` : ''} data-web-font>`,
    ),
    `<link rel="stylesheet" href="${escapeHtml(options.cssUrl)}">`,
    branding ? `<style>${branding}</style>` : '',
    `<script type="module" src="${escapeHtml(options.jsUrl)}"></script>`,
    '</head>',
    '<body>',
    '<div id="root"></div>',
    '</body>',
    '</html>',
  ]
    .filter((line) => line !== '')
    .join('\n')
    .concat('\n');
}
