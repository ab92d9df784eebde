import type { IncomingMessage } from 'node:http';
import { GENERIC_ERROR_MESSAGES, jsonDepth } from '@atelier/shared';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../errors.ts';
import type { AppEnv } from './env.ts';

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** 413 payload_too_large naming the 1 MiB cap. */
export const payloadTooLarge = () =>
  new AppError('payload_too_large', GENERIC_ERROR_MESSAGES.payloadTooLarge, {
    limitBytes: JSON_BODY_LIMIT_BYTES,
  });

/** Hono's body cap at 1 MiB (declared length refused at once, a chunked body read up to the cap). */
export const oneMebibyteCap = bodyLimit({
  maxSize: JSON_BODY_LIMIT_BYTES,
  onError: () => {
    throw payloadTooLarge();
  },
});

/** The Node request under @hono/node-server; undefined for in-process requests (`app.request`). */
export const nodeIncoming = (c: Context): IncomingMessage | undefined =>
  (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;

/**
 * Under @hono/node-server the body is read straight from the Node request (no Web stream in
 * between, which costs more than the rest of a small JSON call), at most 1 MiB, and handed to Hono's
 * body cache so `c.req.json()` and the validators read it from there.
 */
async function readIncoming(c: Context<AppEnv>, incoming: IncomingMessage): Promise<string> {
  const declared = Number(c.req.header('content-length'));
  if (declared > JSON_BODY_LIMIT_BYTES) throw payloadTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming) {
    size += (chunk as Buffer).length;
    if (size > JSON_BODY_LIMIT_BYTES) throw payloadTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Deepest nesting of objects and arrays a JSON body may have (entity fields stop at 64 levels). */
export const JSON_MAX_DEPTH = 100;

function checkJson(text: string): void {
  if (text.trim() === '') return;
  if (jsonDepth(text) > JSON_MAX_DEPTH) {
    throw new AppError('invalid_json', GENERIC_ERROR_MESSAGES.jsonTooDeep, { maxDepth: JSON_MAX_DEPTH });
  }
  try {
    JSON.parse(text);
  } catch (error) {
    throw new AppError('invalid_json', GENERIC_ERROR_MESSAGES.invalidJson, {
      reason: (error as Error).message,
    });
  }
}

/**
 * For JSON requests: refuses bodies over 1 MiB (413 payload_too_large) and parses the body once,
 * answering 400 invalid_json when it is malformed or nested deeper than JSON_MAX_DEPTH. The parsed body is cached on the request, so the
 * route validators read it without parsing again. Other content types pass through untouched.
 */
export const jsonBody = createMiddleware<AppEnv>(async (c, next) => {
  const type = c.req.header('content-type') ?? '';
  if (!METHODS_WITH_BODY.has(c.req.method) || !/^application\/([\w.+-]+\+)?json/i.test(type)) {
    return next();
  }
  const incoming = nodeIncoming(c);
  if (incoming && typeof incoming.on === 'function' && !incoming.readableEnded) {
    const text = await readIncoming(c, incoming);
    checkJson(text);
    (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve(text);
    return next();
  }
  return oneMebibyteCap(c, async () => {
    const text = await c.req.text();
    checkJson(text);
    // Later readers of the raw request (an upload route's own body cap, formData()) get the bytes
    // again instead of a consumed, locked stream (which answered 500).
    c.req.raw = new Request(c.req.raw, { body: text });
    await next();
  });
});
