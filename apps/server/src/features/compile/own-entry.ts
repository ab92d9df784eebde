import { type AppFile, PACKAGE_MANIFEST_PATH } from '@atelier/shared';
import { RUNTIME_SPECIFIER } from './app-entry.ts';

/**
 * "Own entry" apps (an imported Vite project, features/base44-import): package.json's `main`
 * names the app's own entry module (`services/main.jsx`), which mounts its own router,
 * providers and Layout; Atelier's page routing is not generated. Undefined for generated apps.
 */
export function ownEntryOf(files: readonly AppFile[]): string | undefined {
  const manifest = files.find((file) => file.path === PACKAGE_MANIFEST_PATH);
  if (!manifest) return undefined;
  let main: unknown;
  try {
    main = (JSON.parse(manifest.content) as { main?: unknown }).main;
  } catch {
    return undefined;
  }
  if (typeof main !== 'string') return undefined;
  const file = main.replace(/^\.?\//, '');
  return files.some((candidate) => candidate.path === file) ? file : undefined;
}

/**
 * The entry of an own-entry app: the runtime first (its error reporter), then the app's main module,
 * loaded only when the page is not the hosted login the runtime shows instead (`runOwnEntry`).
 */
export const ownEntrySource = (main: string) =>
  `import { runOwnEntry } from ${JSON.stringify(RUNTIME_SPECIFIER)};\nrunOwnEntry(() => import(${JSON.stringify(`@/${main}`)}));\n`;

/** What an own-entry app's `react-router(-dom)` imports resolve to (see `ROUTER_SHIM`). */
export const ROUTER_SHIM_NAMESPACE = 'atelier-router';

/**
 * An own-entry app builds its own `BrowserRouter`, but the page may be served under a path (the
 * preview's `/preview/{appId}`, a published app's `/app/{appId}`): its routers default their
 * `basename` to that path, as Atelier's generated router does. A `basename` the app gives that is
 * not within that path, or that the page's address is not under, names where the export was
 * deployed before (Vite's `base`, GitHub Pages' `/<repository>`: `<Router basename="/NeonValley">`):
 * on Atelier nothing would match (react-router renders nothing), so the page's path is used instead.
 * Everything else is the library's.
 */
export const routerShim = (specifier: string) => `import { createElement } from 'react';
import * as RR from ${JSON.stringify(specifier)};
export * from ${JSON.stringify(specifier)};
const basename = ((globalThis.__ATELIER__ && globalThis.__ATELIER__.basePath) || '/').replace(/\\/$/, '') || '/';
const baseOf = (given) =>
  typeof given === 'string' && given.startsWith(basename) && globalThis.location.pathname.startsWith(given.replace(/\\/$/, '')) ? given : basename;
export function BrowserRouter(props) { return createElement(RR.BrowserRouter, { ...props, basename: baseOf(props.basename) }); }
export function createBrowserRouter(routes, options) { return RR.createBrowserRouter(routes, { ...options, basename: baseOf(options && options.basename) }); }
`;

/** `window.location`'s writes: `.href =` and `= ` (not `==`), `.assign(`, `.replace(`. */
const LOCATION_WRITES = /\bwindow\.location(?:(\.href)?(\s*=)(?!=)|\.(assign|replace)(\s*\())/g;

/**
 * An own-entry app's page loads by address (`window.location.href = createPageUrl('Orders')`)
 * go through the runtime's `__atelierLocation` (packages/app-runtime/src/page-navigation.ts), which
 * keeps a path from the app's root under the page's base path (the builder's preview). Only the
 * `window.`-qualified writes (a local `location` is often react-router's); reads are untouched.
 */
export function withPageLoadsUnderBase(source: string): string {
  if (!source.includes('window.location')) return source;
  return source.replace(LOCATION_WRITES, (_all, _href, assign, method, call) =>
    method ? `globalThis.__atelierLocation.${method}${call}` : `globalThis.__atelierLocation.href${assign}`,
  );
}
