import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AuthRuntime } from './runtime.ts';

/** The session cookie: httpOnly, SameSite=Lax, Secure when the public URL is HTTPS. */
export function setSessionCookie(c: Context, auth: AuthRuntime, token: string, expiresAt: Date): void {
  setCookie(c, auth.config.auth.sessionCookieName, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(auth),
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(c: Context, auth: AuthRuntime): void {
  deleteCookie(c, auth.config.auth.sessionCookieName, { path: '/', secure: isHttps(auth), httpOnly: true });
}

export function readSessionCookie(c: Context, auth: AuthRuntime): string | undefined {
  const value = getCookie(c, auth.config.auth.sessionCookieName);
  return value && value.length <= 200 ? value : undefined;
}

export function isHttps(auth: AuthRuntime): boolean {
  return auth.config.publicUrl.startsWith('https://');
}
