import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BlockedAddressError,
  DnsLookupError,
  FetchTimeoutError,
  ResponseTooLargeError,
  TooManyRedirectsError,
  UnsupportedProtocolError,
} from './errors.ts';
import { createSafeFetch, type Resolver } from './safe-fetch.ts';

let server: http.Server;
let base: string;
let port: number;
const seen: { url: string; method: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      seen.push({ url: req.url ?? '', method: req.method ?? '', headers: req.headers, body });
      const url = new URL(req.url ?? '/', 'http://x');
      const to = url.searchParams.get('to');
      if (url.pathname === '/redirect' && to) {
        res.writeHead(Number(url.searchParams.get('status') ?? 302), { location: to, connection: 'close' });
        return res.end();
      }
      if (url.pathname === '/loop') {
        const n = Number(url.searchParams.get('n') ?? 0);
        res.writeHead(302, { location: `/loop?n=${n + 1}` });
        return res.end();
      }
      if (url.pathname === '/big') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = 'x'.repeat(1024);
        for (let i = 0; i < 64; i++) res.write(chunk);
        return res.end();
      }
      if (url.pathname === '/declared-big') {
        res.writeHead(200, { 'content-length': String(10 * 1024 * 1024) });
        res.write('x');
        return setTimeout(() => res.destroy(), 50);
      }
      if (url.pathname === '/slow') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('start');
        return setTimeout(() => res.end('end'), 2_000);
      }
      res.writeHead(200, { 'content-type': 'text/plain', connection: 'close' });
      res.end(`hello ${req.method} ${url.pathname}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A resolver answering from a script, one answer per call (the last repeats), counting calls. */
function scriptedResolver(...answers: string[][]) {
  const calls: string[] = [];
  const resolve: Resolver = async (hostname) => {
    calls.push(hostname);
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)] ?? [];
    return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, calls };
}

describe('createSafeFetch', () => {
  it('fetches from an allowed address and reports the final URL', async () => {
    const safeFetch = createSafeFetch({ allowLoopback: true });
    const response = await safeFetch(`${base}/hello`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('hello GET /hello');
    expect(response.url).toBe(`${base}/hello`);
    await safeFetch.close();
  });

  it('refuses loopback without the test-only option, by literal and by name', async () => {
    const safeFetch = createSafeFetch();
    await expect(safeFetch(`${base}/hello`)).rejects.toThrow(BlockedAddressError);
    // Says only that the address is not allowed (issue 20 #14); the reason is kept for the log.
    const named = await safeFetch(`http://localhost:${port}/hello`).catch((e: unknown) => e);
    expect((named as Error).message).toBe('This address is not allowed');
    expect((named as BlockedAddressError).detail).toMatch(
      /Refused to connect to localhost \((127\.0\.0\.1|::1)\): loopback addresses are not allowed/,
    );
    await expect(safeFetch(`http://[::ffff:127.0.0.1]:${port}/`)).rejects.toThrow(BlockedAddressError);
    await expect(safeFetch(`http://0x7f.1:${port}/`)).rejects.toThrow(BlockedAddressError);
    await expect(safeFetch(`http://2130706433:${port}/`)).rejects.toThrow(BlockedAddressError);
    await safeFetch.close();
  });

  it.each([
    ['10.0.0.1'],
    ['169.254.169.254'],
    ['0.0.0.0'],
    ['fd00:ec2::254'],
    ['::ffff:a00:1'],
    ['64:ff9b::a00:1'],
  ])('refuses a name resolving to %s before connecting', async (address) => {
    const { resolve } = scriptedResolver([address]);
    const safeFetch = createSafeFetch({ allowLoopback: true, resolve });
    const error = await safeFetch('http://internal.example/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect((error as BlockedAddressError).address).toBe(address);
    expect((error as BlockedAddressError).url).toBe('http://internal.example/');
    await safeFetch.close();
  });

  it('refuses a name when any one of its addresses is blocked', async () => {
    const { resolve } = scriptedResolver(['127.0.0.1', '10.1.2.3']);
    const safeFetch = createSafeFetch({ allowLoopback: true, resolve });
    const error = await safeFetch(`http://mixed.example:${port}/`).catch((e: unknown) => e);
    expect((error as BlockedAddressError).detail).toMatch(/10\.1\.2\.3/);
    await safeFetch.close();
  });

  it('connects to the address it checked: a rebinding resolver is asked once per connection', async () => {
    // First answer passes (loopback is allowed in this test), the next one is blocked: the request
    // must use the first answer and never resolve again for the same connection.
    const { resolve, calls } = scriptedResolver(['127.0.0.1'], ['0.0.0.0']);
    const safeFetch = createSafeFetch({ allowLoopback: true, resolve });
    const response = await safeFetch(`http://rebind.example:${port}/pinned`);
    expect(await response.text()).toBe('hello GET /pinned');
    expect(calls).toEqual(['rebind.example']);
    // The server closed that connection; the next connection resolves again and is refused.
    await expect(safeFetch(`http://rebind.example:${port}/again`)).rejects.toThrow(BlockedAddressError);
    expect(calls).toEqual(['rebind.example', 'rebind.example']);
    await safeFetch.close();
  });

  it('follows redirects and refuses one that points at the metadata address', async () => {
    const safeFetch = createSafeFetch({ allowLoopback: true });
    const ok = await safeFetch(`${base}/redirect?to=/target`);
    expect(await ok.text()).toBe('hello GET /target');
    expect(ok.redirected).toBe(true);
    expect(ok.url).toBe(`${base}/target`);
    const toMetadata = `${base}/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`;
    const error = await safeFetch(toMetadata).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect((error as Error).message).toBe('This address is not allowed');
    expect((error as BlockedAddressError).detail).toBe(
      'Refused to connect to 169.254.169.254: cloud metadata addresses are not allowed',
    );
    await safeFetch.close();
  });

  it('refuses a redirect to a name that resolves to a private address', async () => {
    const { resolve } = scriptedResolver(['192.168.0.10']);
    const safeFetch = createSafeFetch({ allowLoopback: true, resolve });
    const to = encodeURIComponent('http://intranet.example/');
    await expect(safeFetch(`${base}/redirect?to=${to}`)).rejects.toThrow(BlockedAddressError);
    await safeFetch.close();
  });

  it('refuses a redirect to a non-http scheme', async () => {
    const safeFetch = createSafeFetch({ allowLoopback: true });
    const to = encodeURIComponent('file:///etc/passwd');
    await expect(safeFetch(`${base}/redirect?to=${to}`)).rejects.toThrow(UnsupportedProtocolError);
    await expect(safeFetch('ftp://example.com/')).rejects.toThrow(
      'Only http and https URLs can be fetched (got ftp)',
    );
    await safeFetch.close();
  });

  it('stops after the maximum number of redirects', async () => {
    const safeFetch = createSafeFetch({ allowLoopback: true, maxRedirects: 3 });
    await expect(safeFetch(`${base}/loop`)).rejects.toThrow(TooManyRedirectsError);
    const follows = seen.filter((s) => s.url.startsWith('/loop')).length;
    expect(follows).toBe(4);
    await safeFetch.close();
  });

  it('turns a POST into a GET on 303 and keeps the body on 307', async () => {
    const safeFetch = createSafeFetch({ allowLoopback: true });
    const after303 = await safeFetch(`${base}/redirect?status=303&to=/after303`, {
      method: 'POST',
      body: 'a=1',
    });
    expect(await after303.text()).toBe('hello GET /after303');
    const after307 = await safeFetch(`${base}/redirect?status=307&to=/after307`, {
      method: 'POST',
      body: 'b=2',
    });
    expect(await after307.text()).toBe('hello POST /after307');
    expect(seen.find((s) => s.url === '/after307')?.body).toBe('b=2');
    await safeFetch.close();
  });

  it('drops credentials when a redirect leaves the origin', async () => {
    const safeFetch = createSafeFetch({ allowLoopback: true });
    const to = encodeURIComponent(`http://localhost:${port}/cross`);
    await (
      await safeFetch(`${base}/redirect?to=${to}`, { headers: { authorization: 'Bearer s3cret' } })
    ).text();
    const cross = seen.find((s) => s.url === '/cross');
    expect(cross?.headers.authorization).toBeUndefined();
    expect(cross?.headers['user-agent']).toMatch(/^AtelierBot/);
    await safeFetch.close();
  });

  it('fails the body read past the byte cap', async () => {
    const safeFetch = createSafeFetch({ allowLoopback: true, maxBytes: 10_000 });
    const response = await safeFetch(`${base}/big`);
    await expect(response.text()).rejects.toThrow(ResponseTooLargeError);
    const ok = await createSafeFetch({ allowLoopback: true, maxBytes: 65_536 })(`${base}/big`);
    expect((await ok.text()).length).toBe(65_536);
    await safeFetch.close();
  });

  it('refuses at once a response that declares a body over the cap', async () => {
    const safeFetch = createSafeFetch({ allowLoopback: true, maxBytes: 1024 });
    await expect(safeFetch(`${base}/declared-big`)).rejects.toThrow(
      `The response from ${base}/declared-big is larger than 1024 bytes`,
    );
    await safeFetch.close();
  });

  it('times out a slow response with a clear error', async () => {
    const safeFetch = createSafeFetch({ allowLoopback: true, timeoutMs: 300 });
    const response = await safeFetch(`${base}/slow`);
    await expect(response.text()).rejects.toThrow(FetchTimeoutError);
    await safeFetch.close();
  });

  it('reports a name that does not resolve', async () => {
    const safeFetch = createSafeFetch({
      resolve: async () => {
        throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
      },
    });
    const unresolved = await safeFetch('http://nowhere.invalid/').catch((e: unknown) => e);
    expect(unresolved).toBeInstanceOf(DnsLookupError);
    // The same words as a refused address: whether an internal name exists is not told.
    expect((unresolved as Error).message).toBe('This address is not allowed');
    await safeFetch.close();
  });
});
