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
