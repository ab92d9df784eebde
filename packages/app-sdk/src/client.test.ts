import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pageRoutePath } from '@atelier/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AtelierError, createClient, createPageUrl, type EntityChange } from './index.ts';
import { PREVIEW_RENEW_BEFORE_MS, Transport } from './transport.ts';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;

const seen: Seen[] = [];
let handler: Handler = (_req, res) => json(res, 200, { ok: true });
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('latin1');
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      body,
    });
    handler(req, res, body);
  });
});
let baseUrl = '';

function json(res: http.ServerResponse, status: number, value: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
afterEach(() => {
  seen.length = 0;
  handler = (_req, res) => json(res, 200, { ok: true });
});

const client = () => createClient({ appId: 'app-1', baseUrl: `${baseUrl}/`, getToken: () => 'token-1' });

describe('entities', () => {
  it('lists with sort, limit and skip as query parameters and the bearer token', async () => {
    handler = (_req, res) => json(res, 200, [{ id: 'c1', name: 'Ada' }]);
    const rows = await client().entities.Contact!.list('-createdAt', 10, 20);
    expect(rows).toEqual([{ id: 'c1', name: 'Ada' }]);
    expect(seen).toEqual([
      expect.objectContaining({
        method: 'GET',
        url: '/api/apps/app-1/entities/Contact?sort=-createdAt&limit=10&skip=20',
        authorization: 'Bearer token-1',
      }),
    ]);
    await client().entities.Contact!.list();
    expect(seen[1]?.url).toBe('/api/apps/app-1/entities/Contact');
  });

  it('filters with the query as JSON in q', async () => {
    handler = (_req, res) => json(res, 200, []);
    await client().entities.Deal!.filter({ stage: 'won', amount: { $gt: 100 } }, 'amount', 5);
    const url = new URL(seen[0]!.url, baseUrl);
    expect(url.pathname).toBe('/api/apps/app-1/entities/Deal');
    expect(JSON.parse(url.searchParams.get('q')!)).toEqual({ stage: 'won', amount: { $gt: 100 } });
    expect(url.searchParams.get('sort')).toBe('amount');
    expect(url.searchParams.get('limit')).toBe('5');
    expect(url.searchParams.has('skip')).toBe(false);
  });

  it('gets, creates, updates, deletes and bulk-creates at the documented paths', async () => {
    handler = (req, res, body) => {
      if (req.method === 'DELETE') return void res.writeHead(204).end();
      json(res, req.method === 'POST' ? 201 : 200, body ? JSON.parse(body) : { id: 'c 1' });
    };
    const contacts = client().entities.Contact!;
    expect(await contacts.get('c 1')).toEqual({ id: 'c 1' });
    expect(await contacts.create({ name: 'Ada' })).toEqual({ name: 'Ada' });
    expect(await contacts.update('c 1', { name: 'Grace' })).toEqual({ name: 'Grace' });
    expect(await contacts.delete('c 1')).toBeUndefined();
    expect(await contacts.bulkCreate([{ name: 'A' }, { name: 'B' }])).toEqual([{ name: 'A' }, { name: 'B' }]);
    expect(seen.map(({ method, url, body, contentType }) => [method, url, body, contentType])).toEqual([
      ['GET', '/api/apps/app-1/entities/Contact/c%201', '', undefined],
      ['POST', '/api/apps/app-1/entities/Contact', '{"name":"Ada"}', 'application/json'],
      ['PATCH', '/api/apps/app-1/entities/Contact/c%201', '{"name":"Grace"}', 'application/json'],
      ['DELETE', '/api/apps/app-1/entities/Contact/c%201', '', undefined],
      ['POST', '/api/apps/app-1/entities/Contact/bulk', '[{"name":"A"},{"name":"B"}]', 'application/json'],
    ]);
  });

  it("throws an AtelierError carrying the server's code, message, details and status", async () => {
    handler = (_req, res) =>
      json(res, 404, { error: { code: 'not_found', message: 'Not found', details: { entity: 'Contact' } } });
    const error = await client()
      .entities.Contact!.get('missing')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AtelierError);
    expect(error).toMatchObject({
      code: 'not_found',
      message: 'Not found',
      status: 404,
      details: { entity: 'Contact' },
    });
  });

  it('throws a network_error AtelierError when the server cannot be reached', async () => {
    const offline = createClient({ appId: 'app-1', baseUrl: 'http://127.0.0.1:1' });
    const error = await offline.entities.Contact!.list().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'AtelierError', code: 'network_error', status: 0 });
  });

  it('streams changes to subscribe listeners until unsubscribed', async () => {
    let closed!: () => void;
    const connectionClosed = new Promise<void>((resolve) => {
      closed = resolve;
    });
    handler = (req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(': hello\n\n');
      res.write(
        `id: 1\ndata: ${JSON.stringify({ type: 'create', id: 'c1', data: { id: 'c1', name: 'Ada' } })}\n\n`,
      );
      res.write(`event: delete\ndata: {"id":"c2"}\n\n`);
      req.on('close', closed);
    };
    const changes: EntityChange[] = [];
    const received = new Promise<void>((resolve) => {
      const unsubscribe = client().entities.Contact!.subscribe((change) => {
        changes.push(change);
        if (changes.length === 2) {
          unsubscribe();
          resolve();
        }
      });
    });
    await received;
    await connectionClosed;
    expect(changes).toEqual([
      { type: 'create', id: 'c1', data: { id: 'c1', name: 'Ada' } },
      { type: 'delete', id: 'c2' },
    ]);
    expect(seen[0]).toMatchObject({
      method: 'GET',
      url: '/api/apps/app-1/entities/Contact/subscribe',
      authorization: 'Bearer token-1',
    });
  });
});

describe('auth', () => {
  const signIn = {
    user: { id: 'u1', email: 'ada@example.com', name: 'Ada' },
    tenantId: 'app:app-1',
    accessToken: 'access-1',
    refreshToken: 'refresh-1',
    expiresIn: 3600,
  };

  it('signs in, sends the access token afterwards, and signs out', async () => {
    const sdk = createClient({ appId: 'app-1', baseUrl });
    handler = (req, res) => {
      if (req.url?.startsWith('/api/auth/login')) return json(res, 200, signIn);
      if (req.url?.startsWith('/api/auth/session'))
        return json(res, 200, { user: signIn.user, tenantId: 'app:app-1' });
      json(res, 200, { ok: true });
    };
    expect(await sdk.auth.login({ email: 'ada@example.com', password: 'pw' })).toEqual(signIn.user);
    expect(await sdk.auth.me()).toEqual(signIn.user);
    await sdk.auth.logout();
    await sdk.entities.Item!.list();
    expect(seen.map(({ method, url, authorization }) => [method, url, authorization])).toEqual([
      ['POST', '/api/auth/login?appId=app-1', undefined],
      ['GET', '/api/auth/session?appId=app-1', 'Bearer access-1'],
      ['POST', '/api/auth/logout', 'Bearer access-1'],
      ['GET', '/api/apps/app-1/entities/Item', undefined],
    ]);
    expect(JSON.parse(seen[0]!.body)).toEqual({ email: 'ada@example.com', password: 'pw' });
  });

  it('sends a sign-in code, signs in with it through a custom token, and asks for a password reset', async () => {
    const sdk = createClient({ appId: 'app-1', baseUrl });
    handler = (req, res) => {
      if (req.url?.startsWith('/api/live_api/account/validateOtp'))
        return json(res, 200, { customToken: 'custom-1', tenantId: 'app:app-1' });
      if (req.url?.startsWith('/api/auth/custom-token')) return json(res, 200, signIn);
      json(res, 200, { message: 'sent' });
    };
    await sdk.auth.sendMagicLink('ada@example.com', 'http://crm.localhost:3000/');
    expect(await sdk.auth.verifyCode('ada@example.com', '123456')).toEqual(signIn.user);
    await sdk.auth.sendPasswordReset('ada@example.com');
    await sdk.auth.me().catch(() => undefined);
    expect(seen.map(({ method, url, authorization }) => [method, url, authorization])).toEqual([
      ['POST', '/api/live_api/account/sendMagicLink?appId=app-1', undefined],
      ['POST', '/api/live_api/account/validateOtp?appId=app-1', undefined],
      ['POST', '/api/auth/custom-token?appId=app-1', undefined],
      ['POST', '/api/live_api/account/sendResetPasswordEmail', 'Bearer access-1'],
      ['GET', '/api/auth/session?appId=app-1', 'Bearer access-1'],
    ]);
    expect(seen.map(({ body }) => (body ? JSON.parse(body) : null))).toEqual([
      { email: 'ada@example.com', continueUrl: 'http://crm.localhost:3000/' },
      { email: 'ada@example.com', otp: '123456' },
      { token: 'custom-1' },
      { email: 'ada@example.com', mainAppId: 'app-1' },
      null,
    ]);
  });

  it('signs up with ?appId=, and updates the signed-in user at entities/User/me', async () => {
    const sdk = createClient({ appId: 'app-1', baseUrl });
    handler = (req, res, body) =>
      json(res, req.method === 'PATCH' ? 200 : 201, req.method === 'PATCH' ? JSON.parse(body) : signIn);
    await sdk.auth.signup({ email: 'ada@example.com', password: 'long password', name: 'Ada' });
    expect(await sdk.auth.updateMe({ name: 'Ada L.' })).toEqual({ name: 'Ada L.' });
    expect(seen.map(({ method, url, authorization }) => [method, url, authorization])).toEqual([
      ['POST', '/api/auth/signup?appId=app-1', undefined],
      ['PATCH', '/api/apps/app-1/entities/User/me', 'Bearer access-1'],
    ]);
  });

  it('answers isAuthenticated false on 401 from the session call', async () => {
    handler = (_req, res) => json(res, 401, { error: { code: 'unauthorized', message: 'Signed out' } });
    expect(await createClient({ appId: 'app-1', baseUrl }).auth.isAuthenticated()).toBe(false);
  });

  it('refreshes an expired access token once and repeats the request', async () => {
    const sdk = createClient({ appId: 'app-1', baseUrl });
    sdk.auth.setTokens('stale', 'refresh-1');
    handler = (req, res) => {
      if (req.url === '/api/auth/token/refresh')
        return json(res, 200, { accessToken: 'fresh', tokenType: 'Bearer', expiresIn: 3600 });
      if (req.headers.authorization === 'Bearer stale')
        return json(res, 401, { error: { code: 'unauthorized', message: 'Expired' } });
      json(res, 200, []);
    };
    expect(await sdk.entities.Item!.list()).toEqual([]);
    expect(seen.map(({ method, url, authorization }) => [method, url, authorization])).toEqual([
      ['GET', '/api/apps/app-1/entities/Item', 'Bearer stale'],
      ['POST', '/api/auth/token/refresh', undefined],
      ['GET', '/api/apps/app-1/entities/Item', 'Bearer fresh'],
    ]);
    expect(JSON.parse(seen[1]!.body)).toEqual({ refreshToken: 'refresh-1' });
  });
});

describe('functions and integrations', () => {
  it('invokes a backend function with its payload', async () => {
    handler = (_req, res) => json(res, 200, { sent: 3 });
    expect(await client().functions.invoke('sendDigest', { to: 'team' })).toEqual({ sent: 3 });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/apps/app-1/functions/sendDigest',
      body: '{"to":"team"}',
    });
  });

  it('calls InvokeLLM, UploadFile (multipart) and SendEmail', async () => {
    handler = (req, res) => {
      if (req.url?.endsWith('/llm')) return json(res, 200, { summary: 'short' });
      if (req.url?.endsWith('/upload')) return json(res, 201, { file_url: 'https://files.test/f1.txt' });
      json(res, 200, { ok: true });
    };
    const { Core } = client().integrations;
    const schema = { type: 'object', properties: { summary: { type: 'string' } } };
    expect(await Core.InvokeLLM({ prompt: 'Summarise', response_json_schema: schema })).toEqual({
      summary: 'short',
    });
    const file = new Blob(['hello upload'], { type: 'text/plain' });
    expect(await Core.UploadFile({ file, filename: 'notes.txt' })).toEqual({
      file_url: 'https://files.test/f1.txt',
    });
    expect(await Core.SendEmail({ to: 'a@example.com', subject: 'Hi', body: 'Hello' })).toEqual({ ok: true });
    expect(seen.map(({ method, url }) => [method, url])).toEqual([
      ['POST', '/api/apps/app-1/integrations/llm'],
      ['POST', '/api/apps/app-1/integrations/upload'],
      ['POST', '/api/apps/app-1/integrations/email'],
    ]);
    expect(JSON.parse(seen[0]!.body)).toEqual({ prompt: 'Summarise', response_json_schema: schema });
    expect(seen[1]!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[1]!.body).toContain('name="file"; filename="notes.txt"');
    expect(seen[1]!.body).toContain('hello upload');
    expect(JSON.parse(seen[2]!.body)).toEqual({ to: 'a@example.com', subject: 'Hi', body: 'Hello' });
  });
});

describe('default client', () => {
  it('explains a page without window.__ATELIER__, then uses it once set', async () => {
    const sdk = await import('./index.ts');
    const error = await sdk.entities.Item!.list().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'not_configured' });
    (globalThis as { window?: unknown }).window = { __ATELIER__: { appId: 'app-9', apiBase: baseUrl } };
    try {
      handler = (_req, res) => json(res, 200, []);
      await sdk.entities.Item!.list('name');
      expect(seen[0]).toMatchObject({
        url: '/api/apps/app-9/entities/Item?sort=name',
        authorization: undefined,
      });
    } finally {
      delete (globalThis as { window?: unknown }).window;
    }
  });
});

describe("the builder preview's credential", () => {
  it('is renewed shortly before it expires, and the calls after it send the new one', async () => {
    const tokens: (string | undefined)[] = [];
    handler = (req, res) => {
      tokens.push(req.headers['x-atelier-preview-token'] as string | undefined);
      if (req.url === '/api/auth/preview-credential') {
        json(res, 200, {
          previewToken: 'fresh',
          expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
        });
      } else json(res, 200, []);
    };
    const transport = new Transport({
      appId: 'app-7',
      baseUrl,
      previewToken: 'ending',
      previewExpiresAt: new Date(Date.now() + PREVIEW_RENEW_BEFORE_MS / 2).toISOString(),
    });
    await transport.request('GET', transport.appPath('entities', 'Item'));
    await transport.request('GET', transport.appPath('entities', 'Item'));
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /api/auth/preview-credential',
      'GET /api/apps/app-7/entities/Item',
      'GET /api/apps/app-7/entities/Item',
    ]);
    expect(tokens).toEqual(['ending', 'fresh', 'fresh']);
    expect(transport.previewRenewAt()).toBeGreaterThan(Date.now() + 10 * 60_000);
  });

  it('keeps the old one when the renewal is refused, and is not asked for outside the preview', async () => {
    handler = (req, res) =>
      req.url === '/api/auth/preview-credential'
        ? json(res, 401, { error: { code: 'unauthorized', message: 'x' } })
        : json(res, 200, []);
    const transport = new Transport({
      appId: 'app-7',
      baseUrl,
      previewToken: 'ending',
      previewExpiresAt: new Date(Date.now() + 1000).toISOString(),
    });
    expect(await transport.renewPreviewToken()).toBe(false);
    expect(await transport.headers()).toMatchObject({ 'x-atelier-preview-token': 'ending' });
    expect(new Transport({ appId: 'app-7', baseUrl }).previewRenewAt()).toBeNull();
  });
});

describe('createPageUrl', () => {
  it('gives the routes the compiled app serves', () => {
    for (const name of ['Home', 'Contacts', 'ContactDetails', 'HTMLReport', 'admin/UserList', 'my_page2Go']) {
      expect(createPageUrl(name)).toBe(pageRoutePath(name));
    }
    expect(createPageUrl('ContactDetails?id=7')).toBe('/contact-details?id=7');
  });
});
