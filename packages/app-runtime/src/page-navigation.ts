/**
 * Exported apps load pages by address (`window.location.href = createPageUrl('Orders')`,
 * `<a href="/">`): a path from the app's root. On the app's own host that is its page; under a base
 * path (the builder's preview, `/preview/{appId}?version=&token=`) it would leave the app, so such
 * a page load goes under the base path, with the preview's `version` and `token`. The compiler sends
 * an own-entry app's `window.location.href = …`, `window.location = …`, `.assign()` and `.replace()`
 * here (`globalThis.__atelierLocation`, compile/own-entry.ts); the runtime follows plain links and
 * wraps `window.open` (`window.open(createPageUrl('Orders'), '_blank')`: a new tab of the preview).
 * (The Navigation API cannot do it: the preview's sandboxed frame has an opaque origin.)
 */

/** What the preview needs in a page's address to serve it (its link's version and token). */
const PREVIEW_PARAMS = ['version', 'token'] as const;
/** The server's own paths beside the app's pages (the SDK's logout, the preview's assets). */
const SERVER_PATHS = /^\/(api|preview[^/]*|app-assets)(\/|$)/;

/**
 * The address a page load of `target` from the page at `href` goes to instead, or null when it
 * stays as it is: another origin, a server path, or an address under the base path that already
 * has the preview's params. `search`: the query the page was loaded with (its router drops it).
 */
export function addressUnderBase(
  target: string,
  location: { href: string; search: string },
  basePath: string,
): string | null {
  const base = basePath.replace(/\/$/, '');
  if (!base) return null;
  let url: URL;
  try {
    url = new URL(target, location.href);
  } catch {
    return null;
  }
  if (url.origin !== new URL(location.href).origin) return null;
  const within = url.pathname === base || url.pathname.startsWith(`${base}/`);
  if (!within) {
    if (SERVER_PATHS.test(url.pathname)) return null;
    url.pathname = `${base}${url.pathname === '/' ? '' : url.pathname}`;
  }
  const current = new URLSearchParams(location.search);
  let changed = !within;
  for (const name of PREVIEW_PARAMS) {
    const value = current.get(name);
    if (value && !url.searchParams.has(name)) {
      url.searchParams.set(name, value);
      changed = true;
    }
  }
  return changed ? url.toString() : null;
}

/** `window.location`'s writes as the compiler rewrites an own-entry app's (`__atelierLocation`). */
export interface PageLocation {
  href: string;
  assign(url: string | URL): void;
  replace(url: string | URL): void;
}

/**
 * `window.open` sending an address through `under` (an app path goes under the base path). No
 * address or an empty one is a blank window (a print window the app then writes into): left as is.
 */
export function openUnderBase(open: Window['open'], under: (url: string) => string): Window['open'] {
  return function (this: unknown, url?: string | URL, ...rest: [string?, string?]) {
    const address = url === undefined || String(url) === '' ? url : under(String(url));
    return open.call(this, address, ...rest);
  };
}

/**
 * Installs `globalThis.__atelierLocation`, follows plain links (`<a href="/Orders">`, in this tab or
 * another) and wraps `window.open` under the page's base path. Without a base path (the app's own
 * host) all three are the browser's own.
 */
export function keepPageLoadsUnderBase(basePath: string | undefined): void {
  const base = basePath && basePath !== '/' ? basePath : '';
  // The preview's version and token are in the address the page was loaded with.
  const search = window.location.search;
  const from = () => ({ href: window.location.href, search });
  const under = (url: string | URL) => (base && addressUnderBase(String(url), from(), base)) || String(url);
  const pageLocation: PageLocation = {
    get href() {
      return window.location.href;
    },
    set href(url: string) {
      window.location.href = under(url);
    },
    assign: (url) => window.location.assign(under(url)),
    replace: (url) => window.location.replace(under(url)),
  };
  (globalThis as { __atelierLocation?: PageLocation }).__atelierLocation = pageLocation;
  if (!base) return;
  window.open = openUnderBase(window.open, under);
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return;
    const address = addressUnderBase(link.href, from(), base);
    if (address === null) return;
    // A link to another tab or frame opens the address under the base path, as its target says.
    if (link.target && link.target !== '_self') {
      link.href = address;
      return;
    }
    event.preventDefault();
    window.location.assign(address);
  });
}
