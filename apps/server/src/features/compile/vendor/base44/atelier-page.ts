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

/** An absolute API URL for a path the export wrote against its own origin (`/api/apps/public`). */
export function onAtelier(url: string): string {
  const apiBase = atelierPage()?.apiBase;
  if (!apiBase || /^https?:\/\//.test(url)) return url;
  return `${apiBase.replace(/\/$/, '')}${url.startsWith('/') ? '' : '/'}${url}`;
}

/**
 * The app's hosted login page for a return to `fromUrl` (`{base path}/login?from_url=`, shown by the
 * runtime, compile/runtime/hosted-login.tsx). In the builder's preview it keeps the `version` and
 * `token` of the page's address, without which the preview serves no document.
 */
export function hostedLoginUrl(fromUrl: string): string {
  const page = atelierPage();
  const location = pageLocation();
  const url = new URL(`${(page?.basePath ?? '/').replace(/\/$/, '')}/login`, location.origin);
  url.searchParams.set('from_url', new URL(fromUrl, location.href).toString());
  if (page?.previewToken) {
    const current = new URLSearchParams(location.search);
    for (const name of ['version', 'token']) {
      const value = current.get(name);
      if (value) url.searchParams.set(name, value);
    }
  }
  return url.toString();
}
