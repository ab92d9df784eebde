import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './env.ts';
import { oneMebibyteCap } from './json-body.ts';

/** A route that enforces its own, larger cap (file uploads) with its own spec message. */
export interface OwnBodyCap {
  method: string;
  path: RegExp;
}

/**
 * The body cap of every route, whatever the content type (JSON, text, form, multipart, raw): 1 MiB
 * answered 413 `payload_too_large`. A declared Content-Length over the cap is refused before any
 * byte is read; a chunked body is read only up to the cap. Upload routes listed in `ownCaps`
 * apply their own cap (with their own message) in their route middleware instead.
 */
export function bodyLimits(ownCaps: readonly OwnBodyCap[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!c.req.raw.body) return next();
    const method = c.req.method;
    const path = c.req.path;
    if (ownCaps.some((cap) => cap.method === method && cap.path.test(path))) return next();
    return oneMebibyteCap(c, next);
  });
}
