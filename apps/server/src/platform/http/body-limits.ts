import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './env.ts';
import { JSON_BODY_LIMIT_BYTES, oneMebibyteCap, payloadTooLarge } from './json-body.ts';

/** A route that enforces its own, larger cap (file uploads) with its own spec message. */
export interface OwnBodyCap {
  method: string;
  path: RegExp;
}

/** Methods whose requests never carry a body here (the Node adapter gives them none). */
const BODYLESS_METHODS = new Set(['GET', 'HEAD']);

/**
 * The body cap of every route, whatever the content type (JSON, text, form, multipart, raw): 1 MiB
 * answered 413 `payload_too_large`. A declared Content-Length over the cap is refused before any
 * byte is read; a chunked body is read only up to the cap. Upload routes listed in `ownCaps`
 * apply their own cap (with their own message) in their route middleware instead.
 *
 * Over HTTP (the Node adapter) the request's headers decide, so that no Fetch `Request` is built
 * for it (costly, on every call): HTTP/1.1 bodies come with a Content-Length (Node's parser then
 * delivers exactly that many bytes: checking the number is the cap) or chunked with a
 * Transfer-Encoding (read through Hono's cap). In-process requests (tests) ask the `Request`.
 */
export function bodyLimits(ownCaps: readonly OwnBodyCap[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const overNode = (c.env as { incoming?: unknown } | undefined)?.incoming !== undefined;
    if (overNode ? BODYLESS_METHODS.has(c.req.method) : c.req.raw.body === null) return next();
    const length = c.req.header('content-length');
    const chunked = c.req.header('transfer-encoding') !== undefined;
    if (overNode && !chunked && (length === undefined || length === '0')) return next();
    const method = c.req.method;
    const path = c.req.path;
    if (ownCaps.some((cap) => cap.method === method && cap.path.test(path))) return next();
    if (overNode && !chunked) {
      if (Number(length) > JSON_BODY_LIMIT_BYTES) throw payloadTooLarge();
      return next();
    }
    return oneMebibyteCap(c, next);
  });
}
