import { GENERIC_ERROR_MESSAGES } from '@atelier/shared';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../errors.ts';
import type { AppEnv } from './env.ts';

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const limit = bodyLimit({
  maxSize: JSON_BODY_LIMIT_BYTES,
  onError: () => {
    throw new AppError('payload_too_large', GENERIC_ERROR_MESSAGES.payloadTooLarge, {
      limitBytes: JSON_BODY_LIMIT_BYTES,
    });
  },
});

/**
 * For JSON requests: refuses bodies over 1 MiB (413 payload_too_large) and parses the body once,
 * answering 400 invalid_json when it is malformed. The parsed body is cached on the request, so the
 * route validators read it without parsing again. Other content types pass through untouched.
 */
export const jsonBody = createMiddleware<AppEnv>(async (c, next) => {
  const type = c.req.header('content-type') ?? '';
  if (!METHODS_WITH_BODY.has(c.req.method) || !/^application\/([\w.+-]+\+)?json/i.test(type)) {
    return next();
  }
  return limit(c, async () => {
    const text = await c.req.text();
    // Later readers of the raw request (an upload route's own body cap, formData()) get the bytes
    // again instead of a consumed, locked stream (which answered 500).
    c.req.raw = new Request(c.req.raw, { body: text });
    if (text.trim() !== '') {
      try {
        JSON.parse(text);
      } catch (error) {
        throw new AppError('invalid_json', GENERIC_ERROR_MESSAGES.invalidJson, {
          reason: (error as Error).message,
        });
      }
    }
    await next();
  });
});
