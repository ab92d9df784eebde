import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './env.ts';
import { JSON_BODY_LIMIT_BYTES, nodeIncoming, oneMebibyteCap, payloadTooLarge } from './json-body.ts';
import { declaredPolicy } from './route-policy.ts';

/** Methods whose requests never carry a body here (the Node adapter gives them none). */
const BODYLESS_METHODS = new Set(['GET', 'HEAD']);

/**
 * What capping the request's body takes: nothing (no body), checking its declared length, or
 * reading it through a streaming cap. Over HTTP (the Node adapter) the headers decide, so that no
 * Fetch `Request` is built for it (costly, on every call): HTTP/1.1 bodies come with a
 * Content-Length (Node's parser then delivers exactly that many bytes) or chunked with a
 * Transfer-Encoding. In-process requests (tests) ask the `Request`.
 */
function bodyShape(c: Context): 'none' | 'declared' | 'streamed' {
  if (!nodeIncoming(c)) return c.req.raw.body === null ? 'none' : 'streamed';
  if (BODYLESS_METHODS.has(c.req.method)) return 'none';
  if (c.req.header('transfer-encoding') !== undefined) return 'streamed';
  const length = c.req.header('content-length');
  return length === undefined || length === '0' ? 'none' : 'declared';
}

/**
 * The body cap of every route, whatever the content type (JSON, text, form, multipart, raw): 1 MiB
 * answered 413 `payload_too_large`. A declared Content-Length over the cap is refused before any
 * byte is read; a chunked body is read only up to the cap. Routes whose policy declares `body: 'own'`
 * (uploads, route-policy.ts) apply their own cap (with their own message) in their route middleware instead.
 */
export function bodyLimits() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const shape = bodyShape(c);
    if (shape === 'none') return next();
    if (declaredPolicy(c)?.body === 'own') return next();
    if (shape === 'streamed') return oneMebibyteCap(c, next);
    if (Number(c.req.header('content-length')) > JSON_BODY_LIMIT_BYTES) throw payloadTooLarge();
    return next();
  });
}
