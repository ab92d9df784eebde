import { AUTH_MESSAGES, AUTH_TEXTS, GENERIC_ERROR_MESSAGES } from '@atelier/shared';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  json,
  readJson,
  type SignedIn,
  STRONG_PASSWORD,
  signUpVerified,
} from '../../../test/support/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { apps, authTokens, rateLimits } from '../db/schema/index.ts';

const from = (ip: string, headers: Record<string, string> = {}) => ({ 'x-forwarded-for': ip, ...headers });

describe('rate limits of the public endpoints', () => {
  let t: TestApp;
  let builder: SignedIn;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        TRUST_PROXY: 'true',
        RATE_LIMIT_ANONYMOUS_PER_MINUTE: '3',
        RATE_LIMIT_AUTH_PER_MINUTE: '4',
        RATE_LIMIT_SIGNED_IN_PER_MINUTE: '5',
      },
    });
    builder = await signUpVerified(t, 'limits-builder@example.com');
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After once an address has used its anonymous budget, per address', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await t.app.request('/api/plans', { headers: from('203.0.113.7') })).status).toBe(200);
    }
    const refused = await t.app.request('/api/plans', { headers: from('203.0.113.7') });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await readJson(refused)).toMatchObject({
      error: { code: 'rate_limited', message: AUTH_TEXTS.tooManyRequests },
    });
    // The budget is per endpoint group, not per path: another anonymous endpoint is refused too.
    expect((await t.app.request('/api/auth/providers', { headers: from('203.0.113.7') })).status).toBe(429);
    // Another address has its own budget.
    expect((await t.app.request('/api/plans', { headers: from('203.0.113.8') })).status).toBe(200);
    // A signed-in caller from the same address is not counted by the anonymous limit.
    expect(
      (await t.app.request('/api/plans', { headers: from('203.0.113.7', builder.headers) })).status,
    ).toBe(200);
    // A bogus credential does not escape it.
    const bogus = await t.app.request('/api/plans', {
      headers: from('203.0.113.7', { authorization: 'Bearer not-a-session' }),
    });
    expect(bogus.status).toBe(429);
    // Probes are never limited.
    expect((await t.app.request('/api/health', { headers: from('203.0.113.7') })).status).toBe(200);
  });

  it('gives a signed-in account its own budget, whatever address it calls from', async () => {
    const member = await signUpVerified(t, 'limits-busy@example.com');
    for (let i = 0; i < 5; i++) {
      const ip = `198.51.100.${100 + i}`;
      expect((await t.app.request('/api/plans', { headers: from(ip, member.headers) })).status).toBe(200);
    }
    const refused = await t.app.request('/api/plans', { headers: from('198.51.100.200', member.headers) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await readJson(refused)).toMatchObject({
      error: { code: 'rate_limited', message: AUTH_TEXTS.tooManyRequests },
    });
    // Another account from the same address is not affected.
    expect(
      (await t.app.request('/api/plans', { headers: from('198.51.100.200', builder.headers) })).status,
    ).toBe(200);
  });

  it('keeps the counters in the database (shared by every instance)', async () => {
    const rows = await t.deps.database.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, 'rl-anonymous%203.0.113.7'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.points).toBeGreaterThanOrEqual(3);
  });

  it('limits the sign-in endpoints for every caller, with the spec message on login', async () => {
    const ip = '198.51.100.20';
    for (let i = 0; i < 4; i++) {
      const res = await t.app.request(
        '/api/auth/login',
        json('POST', { email: 'limits-builder@example.com', password: 'wrong-password-1' }, from(ip)),
      );
      expect(res.status).toBe(401);
    }
    const refused = await t.app.request(
      '/api/auth/login',
      json('POST', { email: 'limits-builder@example.com', password: STRONG_PASSWORD }, from(ip)),
    );
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await readJson(refused)).toMatchObject({
      error: { code: 'rate_limited', message: AUTH_MESSAGES.login.tooManyAttempts },
    });
    // The same budget covers sign-up and the e-mail links; nothing is created by a refused sign-up.
    const signup = await t.app.request(
      '/api/auth/signup',
      json('POST', { email: 'refused-signup@example.com', password: STRONG_PASSWORD }, from(ip)),
    );
    expect(signup.status).toBe(429);
    expect(await readJson(signup)).toMatchObject({ error: { message: AUTH_TEXTS.tooManyRequests } });
    // …and the end-user sign-in of the Base44 SDK's protocol (features/base44/auth.routes.ts).
    for (const path of [
      'login',
      'register',
      'verify-otp',
      'resend-otp',
      'reset-password-request',
      'reset-password',
    ]) {
      const base44 = await t.app.request(
        `/api/apps/some-app/auth/${path}`,
        json('POST', { email: 'limits-builder@example.com', password: STRONG_PASSWORD }, from(ip)),
      );
      expect(base44.status, path).toBe(429);
    }
    const login = await t.app.request(
      '/api/auth/login',
      json('POST', { email: 'refused-signup@example.com', password: STRONG_PASSWORD }, from('198.51.100.21')),
    );
    expect(login.status).toBe(401);
  });
});

describe('e-mail limits', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('stores no link token for a mail the per-recipient limit refuses', async () => {
    t = await createTestApp();
    const builder = await signUpVerified(t, 'mail-limits@example.com');
    const answers: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.app.request(
        '/api/live_api/account/sendResetPasswordEmail',
        json('POST', { email: 'mail-limits@example.com' }),
      );
      answers.push(res.status);
    }
    expect(answers.slice(-2)).toEqual([429, 429]);
    const sent = answers.filter((status) => status < 300).length;
    const tokens = await t.deps.database.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, builder.user.id), eq(authTokens.kind, 'reset_password')));
    expect(tokens).toHaveLength(sent);
  });
});

describe('body caps', () => {
  let t: TestApp;
  let builder: SignedIn;
  const overCap = 'x'.repeat(1024 * 1024 + 10);

  beforeAll(async () => {
    t = await createTestApp();
    builder = await signUpVerified(t, 'caps-builder@example.com');
  });
  afterAll(() => t.close());

  const tooLarge = { error: { code: 'payload_too_large', message: GENERIC_ERROR_MESSAGES.payloadTooLarge } };

  it('refuses a JSON body over 1 MiB with 413 and stores nothing', async () => {
    const before = await t.deps.database.db.select().from(apps);
    const res = await t.app.request(
      '/api/apps',
      json('POST', { name: 'Big', type: 'GEN_APP', description: overCap }, builder.headers),
    );
    expect(res.status).toBe(413);
    expect(await readJson(res)).toMatchObject(tooLarge);
    expect(await t.deps.database.db.select().from(apps)).toHaveLength(before.length);
  });

  it('refuses non-JSON bodies over 1 MiB too (text, form, multipart on a non-upload route)', async () => {
    const text = await t.app.request('/api/apps/some-app/functions/hook', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: overCap,
    });
    expect(text.status).toBe(413);
    expect(await readJson(text)).toMatchObject(tooLarge);

    const form = new FormData();
    form.append('file', new Blob([overCap]), 'big.txt');
    const multipart = await t.app.request('/api/apps', {
      method: 'POST',
      headers: builder.headers,
      body: form,
    });
    expect(multipart.status).toBe(413);

    const urlencoded = await t.app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `a=${overCap}`,
    });
    expect(urlencoded.status).toBe(413);
  });

  it('refuses a chunked body (no Content-Length) once it passes the cap', async () => {
    let sent = 0;
    const chunk = new Uint8Array(64 * 1024).fill(120);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        // An endless body: the server must stop reading it at the cap.
        sent += chunk.length;
        if (sent > 8 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const res = await t.app.request('/api/apps/some-app/functions/hook', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(8 * 1024 * 1024);
  });

  it('lets upload routes apply their own larger cap', async () => {
    const created = await t.app.request(
      '/api/apps',
      json('POST', { name: 'Uploads', type: 'GEN_APP' }, builder.headers),
    );
    const { id } = (await readJson(created)) as { id: string };
    const form = new FormData();
    const png = new Uint8Array(2 * 1024 * 1024);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    form.append('file', new Blob([png], { type: 'image/png' }), 'big.png');
    const res = await t.app.request(`/api/apps/${id}/chat/attachments`, {
      method: 'POST',
      headers: builder.headers,
      body: form,
    });
    expect(res.status).toBe(201);
  });

  it('answers a JSON body sent to an upload route as a missing file, not a server error', async () => {
    const created = await t.app.request(
      '/api/apps',
      json('POST', { name: 'Wrong body', type: 'GEN_APP' }, builder.headers),
    );
    const { id } = (await readJson(created)) as { id: string };
    const res = await t.app.request(`/api/apps/${id}/chat/attachments`, json('POST', [1], builder.headers));
    expect(res.status).toBe(400);
    expect(await readJson(res)).toMatchObject({ error: { code: 'file_required' } });
  });
});
