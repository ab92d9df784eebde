import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import type { Config } from '../../config.ts';
import type { AppEnv } from './env.ts';
import { previewFrameSources } from './preview-hosts.ts';
import { answeringPolicy } from './route-policy.ts';

/** One year, the value HSTS preload lists ask for. Sent only when PUBLIC_URL is https. */
export const HSTS_VALUE = 'max-age=31536000';

/**
 * Headers on every answer: no-sniff, referrer policy, X-Frame-Options and friends (Hono's
 * `secureHeaders`), and HSTS only when the public URL is https (over plain HTTP it would be ignored,
 * and behind a TLS-terminating proxy the public URL, not the socket, tells us the scheme).
 */
export function baseSecurityHeaders(config: Pick<Config, 'publicUrl'>) {
  return secureHeaders({
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https://') ? HSTS_VALUE : false,
  });
}

/**
 * The Content-Security-Policy of the builder's web app (the built Vite app): its scripts from its own
 * origin only, inline styles allowed (Radix and the editor set style attributes), API calls to its own
 * origin, the preview iframe from the preview origin, and never framed by another site.
 */
export function webAppCsp(previewOrigins: string | readonly string[]): string {
  const frames = typeof previewOrigins === 'string' ? previewOrigins : previewOrigins.join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    `frame-src ${frames}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * Adds the web app's CSP to the HTML pages of the built web app: answers of a route declaring
 * `csp: 'web-app'` (route-policy.ts; web-app.ts). Answers that already carry a policy, API answers
 * and published apps (which have their own) are left alone. The preview origin is
 * read per request: without PREVIEW_ORIGIN it is only known once the preview listener is bound.
 */
export function webAppSecurityHeaders(config: Pick<Config, 'preview' | 'publicUrl'>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (answeringPolicy(c)?.csp !== 'web-app') return;
    if (!c.res.headers.get('content-type')?.startsWith('text/html')) return;
    if (c.res.headers.has('content-security-policy')) return;
    const hosts = {
      public: new URL(config.publicUrl).origin,
      preview: config.preview.origin,
      builders: [],
      followHost: config.preview.followHost,
    };
    c.res.headers.set(
      'Content-Security-Policy',
      webAppCsp(previewFrameSources(hosts, new URL(c.req.url).origin)),
    );
  });
}
