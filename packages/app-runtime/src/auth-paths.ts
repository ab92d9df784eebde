/** Pure helpers of the runtime's end-user screens (browser code without React; unit-tested). */

/** Paths of the end-user screens (an app page at the same path wins). */
export const AUTH_PATHS = {
  signIn: '/login',
  signUp: '/signup',
  forgotPassword: '/forgot-password',
} as const;

/**
 * Whether a page sends signed-out visitors to sign in: it exports `requireSignIn = true`, or the
 * app's "Require login to access" setting is on (every page then).
 */
export function pageNeedsSignIn(page: { requireSignIn?: boolean }, app: { requireLogin?: boolean }): boolean {
  return page.requireSignIn === true || app.requireLogin === true;
}

/** `?next=` when it is a path of this app (not `//host` or `/\host`), else `/`. */
export function safeNext(next: string | null): string {
  return next && /^\/(?![/\\])/.test(next) ? next : '/';
}

/** The `customToken` of the address's fragment (`#customToken=…`), if any. */
export function customTokenOfHash(hash: string): string | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get('customToken');
  return value?.trim() ? value : null;
}

/**
 * The hosted login of `@base44/sdk` (`redirectToLogin` → `/login?from_url=…`): on one of the
 * end-user screens' paths (under the page's base path) with a `from_url`, that address; else null.
 */
export function hostedLoginReturn(pathname: string, search: string, basePath: string): string | null {
  const base = basePath.replace(/\/$/, '');
  if (base && pathname !== base && !pathname.startsWith(`${base}/`)) return null;
  const path = pathname.slice(base.length).replace(/\/$/, '') || '/';
  if (!(Object.values(AUTH_PATHS) as string[]).includes(path)) return null;
  return new URLSearchParams(search).get('from_url');
}

/** Whether `fromUrl` is an http(s) address of this app: the page's origin, under its base path. */
export function isAppReturnAddress(fromUrl: string, origin: string, basePath: string): boolean {
  try {
    const url = new URL(fromUrl);
    const base = basePath.replace(/\/$/, '');
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.origin === origin &&
      (!base || url.pathname === base || url.pathname.startsWith(`${base}/`))
    );
  } catch {
    return false;
  }
}

/** What the builder's preview needs in a page's address to serve it (its link's version and token). */
const PREVIEW_PARAMS = ['version', 'token'] as const;

/**
 * The hosted login's own sign-in address for `fromUrl` (`{origin}{base}/login?from_url=`), where
 * its e-mailed links (code, verification, reset) continue: in the builder's preview it keeps the
 * page's `version` and `token`, without which the preview serves no document.
 */
export function hostedLoginAddress(
  location: { origin: string; search: string },
  basePath: string,
  fromUrl: string,
): string {
  const url = new URL(`${basePath.replace(/\/$/, '')}${AUTH_PATHS.signIn}`, location.origin);
  url.searchParams.set('from_url', fromUrl);
  const current = new URLSearchParams(location.search);
  for (const name of PREVIEW_PARAMS) {
    const value = current.get(name);
    if (value) url.searchParams.set(name, value);
  }
  return url.toString();
}

const PROVIDER_NAMES: Record<string, string> = {
  google: 'Google',
  microsoft: 'Microsoft',
  facebook: 'Facebook',
  apple: 'Apple',
  github: 'GitHub',
  sso: 'single sign-on',
};

/**
 * The social provider a hosted login was asked for (`?provider=`, `loginWithProvider(provider)`),
 * as people know it: `{ id, name }`, or null when none (or not a plain name).
 */
export function requestedProvider(search: string): { id: string; name: string } | null {
  const id = new URLSearchParams(search).get('provider')?.trim().toLowerCase() ?? '';
  if (!/^[a-z0-9_-]{1,40}$/.test(id)) return null;
  return { id, name: PROVIDER_NAMES[id] ?? id.charAt(0).toUpperCase() + id.slice(1) };
}

/**
 * Where the hosted login sends an end user who signs in with a provider the server has
 * (`GET /api/apps/{appId}/auth/oauth/{provider}/start`): back to `fromUrl` with `?access_token=`.
 */
export function providerStartUrl(apiBase: string, appId: string, provider: string, fromUrl: string): string {
  return `${apiBase.replace(/\/$/, '')}/api/apps/${encodeURIComponent(appId)}/auth/oauth/${encodeURIComponent(provider)}/start?from_url=${encodeURIComponent(fromUrl)}`;
}
