/** Pure helpers of the runtime's end-user screens (browser code without React; unit-tested). */

/** Paths of the end-user screens (an app page at the same path wins). */
export const AUTH_PATHS = {
  signIn: '/login',
  signUp: '/signup',
  forgotPassword: '/forgot-password',
} as const;

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
