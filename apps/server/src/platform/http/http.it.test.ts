import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, jsonRequest, type TestApp } from '../../../test/support/test-app.ts';
import { testDbKind } from '../../../test/support/test-db.ts';
import { JSON_BODY_LIMIT_BYTES } from './json-body.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers ok with the database engine and the version', async () => {
    const res = await t.app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: testDbKind, version: '0.1.0' });
  });

  it('echoes a well-formed X-Request-Id and makes one up otherwise', async () => {
    const given = await t.app.request('/api/health', { headers: { 'x-request-id': 'trace-12345678' } });
    expect(given.headers.get('x-request-id')).toBe('trace-12345678');
    const made = await t.app.request('/api/health', { headers: { 'x-request-id': 'bad id<script>' } });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('bad input', () => {
  it('answers 404 not_found as JSON for an unknown API path', async () => {
    const res = await t.app.request('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });

  it('answers 404 for an unknown API path with any method', async () => {
    const res = await t.app.request('/api/nothing/here', jsonRequest('POST', { a: 1 }));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('answers 400 invalid_json for a malformed JSON body', async () => {
    const res = await t.app.request('/api/anything', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: 'invalid_json', message: 'The request body is not valid JSON' },
    });
  });

  it('answers 413 payload_too_large for a JSON body over 1 MiB', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(JSON_BODY_LIMIT_BYTES) });
    const res = await t.app.request('/api/anything', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      error: { code: 'payload_too_large', details: { limitBytes: 1048576 } },
    });
  });

  it('answers 413 for an oversized JSON body sent without a content-length (chunked)', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"text":"'));
        if (sent > JSON_BODY_LIMIT_BYTES + chunk.length) {
          controller.enqueue(new TextEncoder().encode('"}'));
          controller.close();
          return;
        }
        controller.enqueue(chunk);
        sent += chunk.length;
      },
    });
    const res = await t.app.request('/api/anything', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('accepts a JSON body just under the limit (and then answers by route)', async () => {
    const body = JSON.stringify({ text: 'x'.repeat(JSON_BODY_LIMIT_BYTES - 100) });
    const res = await t.app.request('/api/anything', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(404);
  });
});

describe('API reference', () => {
  it('publishes an OpenAPI 3.1 document built from the zod contracts', async () => {
    const res = await t.app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      openapi: '3.1.0',
      paths: {
        '/health': {
          get: {
            responses: {
              200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Health' } } } },
            },
          },
        },
      },
      components: { schemas: { Health: { properties: { database: { enum: ['pglite', 'postgres'] } } } } },
    });
  });

  it('serves a self-hosted reference page and its assets', async () => {
    const page = await t.app.request('/api/docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Atelier API reference');
    const asset = await t.app.request('/api/docs/assets/swagger-ui-bundle.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect((await t.app.request('/api/docs/assets/..%2Fpackage.json')).status).toBe(404);
  });
});

describe('JSON bodies over a real socket (@hono/node-server)', () => {
  let base: string;
  let server: ServerType;
  beforeAll(async () => {
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, ...headers },
      body,
    });

  it('hands a valid body to the route, which reads and validates it', async () => {
    const res = await post(JSON.stringify({ email: 'not-an-email', password: 'x' }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_email');
  });

  it('answers 400 invalid_json and 413 payload_too_large', async () => {
    const malformed = await post('{"email": ');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { code: string } }).error.code).toBe('invalid_json');
    const big = await post(JSON.stringify({ text: 'x'.repeat(JSON_BODY_LIMIT_BYTES) }));
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
  });

  // Over HTTP the every-route cap sees a body by its headers (Content-Length, Transfer-Encoding).
  it('answers 413 to a non-JSON body over 1 MiB, with a length or chunked', async () => {
    const overCap = 'x'.repeat(JSON_BODY_LIMIT_BYTES + 1);
    const hook = `${base}/api/apps/some-app/functions/hook`;
    const sized = await fetch(hook, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: overCap,
    });
    expect(sized.status).toBe(413);
    expect(((await sized.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
    // Chunked (no Content-Length): node:http, which hears the early answer while still sending.
    const chunked = await new Promise<number>((resolve, reject) => {
      const request = http.request(hook, { method: 'POST', headers: { 'content-type': 'text/plain' } });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      for (let at = 0; at < overCap.length; at += 65_536) request.write(overCap.slice(at, at + 65_536));
      request.end();
    });
    expect(chunked).toBe(413);
  });
});
