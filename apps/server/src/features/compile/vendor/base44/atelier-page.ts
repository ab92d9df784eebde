/** What the page tells the app (`window.__ATELIER__`, compile/html.ts) that Base44's client needs. */
interface AtelierPage {
  __ATELIER__?: { appId?: string; apiBase?: string; previewToken?: string };
}

export const atelierPage = () => (globalThis as AtelierPage).__ATELIER__;

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
