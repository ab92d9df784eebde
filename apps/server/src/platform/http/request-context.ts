import { randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { Logger } from '../logger.ts';
import type { AppEnv } from './env.ts';

const INCOMING_ID = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * Gives every request an id (the caller's X-Request-Id when it is well-formed), a child logger that
 * carries it, an X-Request-Id answer header, and one access-log line when the answer is sent.
 */
export function requestContext(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    const log = logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('logger', log);
    // Set before the handler runs: a header added after the answer exists forces Hono to copy it.
    c.header('X-Request-Id', requestId);
    const started = performance.now();
    await next();
    const path = c.req.path;
    if (path === '/api/health') return;
    log.info(
      {
        method: c.req.method,
        path,
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  });
}
