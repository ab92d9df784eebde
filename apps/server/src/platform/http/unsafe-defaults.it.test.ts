import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, readJson, signUpVerified } from '../../../test/support/accounts.ts';
import { bufferLogger } from '../../../test/support/functions.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { printAdminSetupCode } from '../../features/accounts/admin-setup.ts';

/** Issue 20 #15: what a server reachable beyond this machine must not hand out by default. */

/** Bindings of a Node request from `address` (what @hono/node-server gives the app). */
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });
const REMOTE = from('203.0.113.9');
const LOCAL = from('127.0.0.1');

describe('dev outbox and /metrics answer this machine only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(['/api/dev/outbox', '/metrics'])('%s: 404 to another machine, 200 to loopback', async (path) => {
    expect((await t.app.request(path, {}, REMOTE)).status).toBe(404);
    expect((await t.app.request(path, {}, from('::ffff:10.0.0.7'))).status).toBe(404);
    // A proxy on this machine relaying someone else (TRUST_PROXY off): still not local.
    const relayed = await t.app.request(path, { headers: { 'x-forwarded-for': '203.0.113.9' } }, LOCAL);
    expect(relayed.status).toBe(404);
    expect((await t.app.request(path, {}, LOCAL)).status).toBe(200);
    expect((await t.app.request(path, {}, from('::1'))).status).toBe(200);
  });
});

describe('the first admin of a public install needs the setup code', () => {
  let t: TestApp;
  const { logger, lines } = bufferLogger();
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://atelier.example.com' }, logger });
  });
  afterAll(() => t.close());

  it('nobody becomes admin by signing up first; the printed code makes one builder admin, once', async () => {
    const first = await signUpVerified(t, 'first@example.com');
    expect(first.user.isAdmin).toBe(false);
    const headers = { ...first.headers, origin: 'https://atelier.example.com' };
    await printAdminSetupCode(t.deps.config, t.deps.database, logger);
    const line = lines.find((text) => text.includes('setup code'));
    const code = /setup code in Settings → Admin setup: (\S+)"/.exec(line ?? '')?.[1];
    expect(code).toMatch(/^[\w-]{16}$/);
    expect(await readJson(await t.app.request('/api/auth/admin-setup', { headers }))).toEqual({
      pending: true,
    });
    const wrong = await t.app.request(
      '/api/auth/admin-setup',
      json('POST', { code: 'not-the-code' }, headers),
    );
    expect(wrong.status).toBe(400);
    expect((await readJson(wrong)).error.message).toBe('This setup code is not valid');
    const ok = await t.app.request('/api/auth/admin-setup', json('POST', { code }, headers));
    expect(ok.status).toBe(200);
    expect((await readJson(ok)).user.isAdmin).toBe(true);
    const second = await signUpVerified(t, 'second@example.com');
    const again = await t.app.request(
      '/api/auth/admin-setup',
      json('POST', { code }, { ...second.headers, origin: 'https://atelier.example.com' }),
    );
    expect(again.status).toBe(400);
    expect(await readJson(await t.app.request('/api/auth/admin-setup', { headers }))).toEqual({
      pending: false,
    });
  });
});

describe('a local install keeps the zero-config first admin, for this machine only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
  });
  afterAll(() => t.close());

  it('a sign-up from another machine does not become admin', async () => {
    const res = await t.app.request(
      '/api/auth/signup',
      json(
        'POST',
        { email: 'lan@example.com', password: 'violet-canyon-maple-42' },
        { origin: 'http://localhost:3000' },
      ),
      REMOTE,
    );
    expect(res.status).toBe(201);
    expect((await readJson(res)).user.isAdmin).toBe(false);
    const local = await signUpVerified(t, 'me@example.com');
    expect(local.user.isAdmin).toBe(true);
  });
});

describe('reference page and deep JSON', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('/api/docs carries a Content-Security-Policy', async () => {
    const res = await t.app.request('/api/docs');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('a 5,000-level nested body answers 400, on any JSON route', async () => {
    const owner = await signUpVerified(t, 'deep@example.com');
    const created = await t.app.request(
      '/api/apps',
      json('POST', { name: 'Deep', type: 'GEN_APP' }, owner.headers),
    );
    const { id } = await readJson(created);
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    for (const [method, path, body] of [
      ['PATCH', `/api/apps/${id}`, `{"features":${deep}}`],
      ['POST', '/api/auth/login', `{"email":${deep},"password":"x"}`],
      ['POST', `/api/apps/${id}/entities/Task`, `[${deep}]`],
    ] as const) {
      const res = await t.app.request(path, {
        method,
        body,
        headers: { ...owner.headers, 'content-type': 'application/json' },
      });
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect((await readJson(res)).error.code).toBe('invalid_json');
    }
    // Depth inside strings does not count.
    const fine = await t.app.request(
      `/api/apps/${id}`,
      json('PATCH', { features: { note: '{'.repeat(5000) } }, owner.headers),
    );
    expect(fine.status).toBe(200);
  });
});
