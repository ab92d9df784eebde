/** The link's own query parameters: never part of the app's route. */
const LINK_PARAMS = ['token', 'version'];

/**
 * The preview document's address for a route of the app: the link (`…/preview/{appId}?version=…&token=…`)
 * with the route's path under the app's base path, its query beside the link's, and its hash.
 */
export function previewUrlAt(link: string, route: string): string {
  const url = new URL(link);
  const base = url.pathname.replace(/\/+$/, '');
  const target = new URL(route.startsWith('/') ? route : `/${route}`, 'http://route.invalid');
  url.pathname = target.pathname === '/' ? base : `${base}${target.pathname}`;
  for (const [key, value] of target.searchParams) {
    if (!LINK_PARAMS.includes(key)) url.searchParams.append(key, value);
  }
  url.hash = target.hash;
  return url.toString();
}

/** A route as the preview reports it, without the link's own parameters (`/contacts?x=1#top`). */
export function cleanRoute(route: string): string {
  const target = new URL(route.startsWith('/') ? route : `/${route}`, 'http://route.invalid');
  for (const key of LINK_PARAMS) target.searchParams.delete(key);
  const search = target.searchParams.toString();
  return `${target.pathname}${search ? `?${search}` : ''}${target.hash}`;
}
