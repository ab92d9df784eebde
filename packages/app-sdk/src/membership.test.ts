import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membershipClient, needsPaywall } from './membership.ts';
import { Transport } from './transport.ts';

const seen: { method: string; url: string; authorization?: string; body: string }[] = [];
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => {
    body += chunk.toString();
  });
  req.on('end', () => {
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization,
      body,
    });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        req.method === 'GET'
          ? {
              required: true,
              isMember: false,
              status: 'none',
              product: null,
              currentPeriodEnd: null,
              cancelAtPeriodEnd: false,
            }
          : { checkoutUrl: 'https://pay.example/cs_1', saleId: 'sale_1' },
      ),
    );
  });
});
let baseUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('membership client', () => {
  it('reads the membership and opens a checkout with the access token', async () => {
    const navigated: string[] = [];
    const transport = new Transport({ appId: 'app 1', baseUrl, getToken: () => 'tok' });
    const client = membershipClient(
      () => transport,
      (url) => navigated.push(url),
    );
    const status = await client.status();
    expect(needsPaywall(status)).toBe(true);
    await client.startCheckout({ returnUrl: 'https://atelier.test/app/app%201' });
    expect(navigated).toEqual(['https://pay.example/cs_1']);
    expect(seen).toEqual([
      { method: 'GET', url: '/api/apps/app%201/membership', authorization: 'Bearer tok', body: '' },
      {
        method: 'POST',
        url: '/api/apps/app%201/membership/checkout',
        authorization: 'Bearer tok',
        body: JSON.stringify({ returnUrl: 'https://atelier.test/app/app%201' }),
      },
    ]);
  });

  it('lets members and apps without memberships through the paywall', () => {
    const base = { product: null, currentPeriodEnd: null, cancelAtPeriodEnd: false } as const;
    expect(needsPaywall({ ...base, required: true, isMember: true, status: 'active' })).toBe(false);
    expect(needsPaywall({ ...base, required: false, isMember: false, status: 'none' })).toBe(false);
    expect(needsPaywall({ ...base, required: true, isMember: false, status: 'canceled' })).toBe(true);
  });
});
