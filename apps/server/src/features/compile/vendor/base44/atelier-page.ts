/** What the page tells the app (`window.__ATELIER__`, compile/html.ts) that Base44's client needs. */
interface AtelierPage {
  __ATELIER__?: { appId?: string; apiBase?: string; previewToken?: string; basePath?: string };
}

export const atelierPage = () => (globalThis as AtelierPage).__ATELIER__;

/** The page's address (this module is browser code, type-checked without the DOM's types). */
interface PageLocation {
  href: string;
  origin: string;
  search: string;
}
export const pageLocation = () => (globalThis as unknown as { location: PageLocation }).location;

/** Headers every Base44 call from a preview carries (the preview credential). */
export function previewHeaders(): Record<string, string> {
  const token = atelierPage()?.previewToken;
  return token ? { 'x-atelier-preview-token': token } : {};
}

/**
 * Whether `token` is the builder preview's own credential rather than a session of the app: the
 * page's `previewToken`, or the document token of its address (`?token=`), which an export's
 * reworked app-params may read as its access token.
 */
export function isPreviewCredential(token: string | undefined): boolean {
  const page = atelierPage();
  if (!token || !page?.previewToken) return false;
  return token === page.previewToken || token === new URLSearchParams(pageLocation().search).get('token');
}

/**
 * An absolute API URL for a path the export wrote against its own origin (`/api/apps/public`).
 * Base44's template also writes `${appParams.serverUrl}/api/apps/public`, where the server URL is
 * Base44's `VITE_BASE44_BACKEND_URL`, which an export does not carry: `null/api/…` (or
 * `undefined/api/…`) is that path on this origin.
 */
export function onAtelier(url: string): string {
  const apiBase = atelierPage()?.apiBase;
  if (!apiBase || /^https?:\/\//.test(url)) return url;
  const path = url.replace(/^(?:null|undefined)(?=\/)/, '');
  return `${apiBase.replace(/\/$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
}

/**
 * The app's hosted login page for a return to `fromUrl` (`{base path}/login?from_url=`, shown by the
 * runtime, packages/app-runtime/src/hosted-login.tsx). In the builder's preview it keeps the `version` and
 * `token` of the page's address, without which the preview serves no document. `provider`: the
 * social provider `loginWithProvider` asked for (the page says when the app has none).
 */
export function hostedLoginUrl(fromUrl: string, provider?: string): string {
  const url = appPageUrl('/login', false);
  url.searchParams.set('from_url', appPageUrl(fromUrl).toString());
  if (provider) url.searchParams.set('provider', provider);
  return keepPreviewParams(url).toString();
}

/**
 * The address of the app's page `path`: a path from the app's root (`/`, `/tasks`) is under the
 * page's base path, as the app's own links are; others resolve against the page. In the builder's
 * preview a page of this origin keeps the `version` and `token` of the current address.
 */
function appPageUrl(path: string, preview = true): URL {
  const location = pageLocation();
  const fromRoot = path.startsWith('/') && !path.startsWith('//');
  const base = (atelierPage()?.basePath ?? '/').replace(/\/$/, '');
  const url =
    fromRoot && !isWithinBase(path, base)
      ? new URL(`${base}${path}`, location.origin)
      : new URL(path, location.href);
  return preview ? keepPreviewParams(url) : url;
}

function keepPreviewParams(url: URL): URL {
  const location = pageLocation();
  if (!atelierPage()?.previewToken || url.origin !== location.origin) return url;
  const current = new URLSearchParams(location.search);
  for (const name of ['version', 'token']) {
    const value = current.get(name);
    if (value && !url.searchParams.has(name)) url.searchParams.set(name, value);
  }
  return url;
}

const isWithinBase = (path: string, base: string) =>
  base === '' || path === base || path.startsWith(`${base}/`) || path.startsWith(`${base}?`);
