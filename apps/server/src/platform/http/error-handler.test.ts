import { Writable } from 'node:stream';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { createLogger } from '../logger.ts';
import type { AppEnv } from './env.ts';
import { errorHandler } from './error-handler.ts';
import { requestContext } from './request-context.ts';

function appWithCapturedLogs() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const app = new Hono<AppEnv>();
  app.onError(errorHandler);
  app.use('*', requestContext(createLogger('info', sink)));
  app.get('/boom', () => {
    throw new Error('connection string postgres://user:hunter2@db leaked');
  });
  app.get('/conflict', () => {
    throw new AppError('conflict', 'This email is already in use, try logging in', { field: 'email' });
  });
  return { app, lines };
}

describe('errorHandler', () => {
  it('answers 500 without internals and logs the error with the request id', async () => {
    const { app, lines } = appWithCapturedLogs();
    const res = await app.request('/boom', { headers: { 'x-request-id': 'req-abcdef12' } });
    expect(res.status).toBe(500);
    expect(res.headers.get('x-request-id')).toBe('req-abcdef12');
    const text = await res.text();
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('Error:');
    expect(JSON.parse(text)).toEqual({
      error: {
        code: 'internal_error',
        message: 'Something went wrong on our side. Please try again.',
        details: { requestId: 'req-abcdef12' },
      },
    });
    const logged = lines.find((line) => line.msg === 'unhandled error');
    expect(logged).toMatchObject({ requestId: 'req-abcdef12', path: '/boom', level: 50 });
    expect(JSON.stringify(logged)).toContain('connection string');
  });

  it('answers an AppError with its code, message, details and mapped status', async () => {
    const { app } = appWithCapturedLogs();
    const res = await app.request('/conflict');
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: {
        code: 'conflict',
        message: 'This email is already in use, try logging in',
        details: { field: 'email' },
      },
    });
  });
});
