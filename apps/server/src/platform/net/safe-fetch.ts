import dns from 'node:dns';
import net from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';
import {
  BlockedAddressError,
  DnsLookupError,
  FetchTimeoutError,
  findSafeFetchError,
  InvalidUrlError,
  ResponseTooLargeError,
  TooManyRedirectsError,
  UnsupportedProtocolError,
} from './errors.ts';
import { checkAddress } from './ip-policy.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (like `dns.lookup(host, { all: true })`). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface SafeFetchOptions {
  /** Tests only: allow 127.0.0.0/8 and ::1 so local test servers can be reached. Never in production. */
  allowLoopback?: boolean;
  /** Redirects followed (each hop re-checked) before TooManyRedirectsError. Default 5. */
  maxRedirects?: number;
  /** Time for the whole exchange, redirects and body included. Default 15 s. */
  timeoutMs?: number;
  /** Largest response body read; more fails the body read with ResponseTooLargeError. Default 10 MiB. */
  maxBytes?: number;
  /** User-Agent sent when the caller sets none. */
  userAgent?: string;
  /** Host resolution; defaults to `dns.lookup` with all addresses. Injectable for tests. */
  resolve?: Resolver;
}

/** A `fetch`-compatible function that can only reach public addresses; `close()` frees its sockets. */
export type SafeFetch = ((input: string | URL | Request, init?: RequestInit) => Promise<Response>) & {
  close(): Promise<void>;
};

export const SAFE_FETCH_DEFAULTS = {
  maxRedirects: 5,
  timeoutMs: 15_000,
  maxBytes: 10 * 1024 * 1024,
  userAgent: 'AtelierBot/1.0 (+https://github.com/atelier)',
} as const;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

const defaultResolver: Resolver = async (hostname) => {
  const answers = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

type LookupCallback = (
  error: Error | null,
  address: string | { address: string; family: number }[],
  family?: number,
) => void;

/**
 * Builds the SSRF-guarded fetcher.
 *
 * How the guard holds: every outgoing connection resolves its host through the `lookup` hook of the
 * connection itself (an undici Agent's `connect.lookup`), checks EVERY address of the answer against
 * the address policy, and hands exactly those checked addresses to the socket. There is no second
 * resolution between check and connect, so DNS rebinding cannot swap the address. IP-literal hosts
 * (which sockets connect to without a lookup) are checked before each request. Redirects are
 * followed here, one hop at a time, so every hop goes through the same checks.
 */
export function createSafeFetch(options: SafeFetchOptions = {}): SafeFetch {
  const maxRedirects = options.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects;
  const timeoutMs = options.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? SAFE_FETCH_DEFAULTS.maxBytes;
  const userAgent = options.userAgent ?? SAFE_FETCH_DEFAULTS.userAgent;
  const resolve = options.resolve ?? defaultResolver;
  const policy = { allowLoopback: options.allowLoopback === true };

  const lookup = (hostname: string, lookupOptions: { all?: boolean }, callback: LookupCallback) => {
    resolveAndCheck(hostname).then(
      (addresses) => {
        if (lookupOptions.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: Error) => callback(error, ''),
    );
  };

  async function resolveAndCheck(hostname: string): Promise<ResolvedAddress[]> {
    let addresses: ResolvedAddress[];
    try {
      addresses = await resolve(hostname);
    } catch (error) {
      throw new DnsLookupError(hostname, error);
    }
    if (addresses.length === 0) throw new DnsLookupError(hostname, new Error('no addresses'));
    for (const { address } of addresses) {
      const verdict = checkAddress(address, policy);
      if (!verdict.allowed) throw new BlockedAddressError(hostname, address, verdict.reason);
    }
    return addresses;
  }

  const agent = new Agent({ connect: { lookup: lookup as never }, keepAliveTimeout: 4_000 });

  const safeFetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const start = await normaliseRequest(input, init);
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    const redirectMode = init.redirect ?? 'follow';
    let { method, body } = start;
    const headers = start.headers;
    if (!headers.has('user-agent')) headers.set('user-agent', userAgent);
    let url = parseUrl(start.url);
    for (let hop = 0; ; hop++) {
      checkLiteralHost(url);
      let response: Awaited<ReturnType<typeof undiciFetch>>;
      try {
        response = await undiciFetch(url, {
          method,
          headers: [...headers],
          body: body ?? null,
          redirect: 'manual',
          signal,
          dispatcher: agent,
        });
      } catch (error) {
        throw mapError(error, url.href, timeout);
      }
      const location = response.headers.get('location');
      if (redirectMode === 'manual' || !REDIRECT_STATUSES.has(response.status) || !location) {
        return limitBody(response, url.href, method, hop > 0, timeout);
      }
      await response.body?.cancel().catch(() => {});
      if (redirectMode === 'error')
        throw new TypeError(`Redirect refused (redirect: 'error') at ${url.href}`);
      if (hop >= maxRedirects) throw new TooManyRedirectsError(start.url, maxRedirects);
      const next = parseUrl(location, url);
      if (next.origin !== url.origin) for (const name of CREDENTIAL_HEADERS) headers.delete(name);
      const status = response.status;
      if (
        (status === 303 && method !== 'GET' && method !== 'HEAD') ||
        ((status === 301 || status === 302) && method === 'POST')
      ) {
        method = 'GET';
        body = undefined;
        headers.delete('content-type');
        headers.delete('content-length');
      }
      url = next;
    }
  };

  function checkLiteralHost(url: URL) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host) === 0) return;
    const verdict = checkAddress(host, policy);
    if (!verdict.allowed) throw new BlockedAddressError(host, host, verdict.reason, url.href);
  }

  function mapError(error: unknown, url: string, timeout: AbortSignal): Error {
    const own = findSafeFetchError(error);
    if (own) {
      if (own instanceof BlockedAddressError && !own.url) {
        return new BlockedAddressError(own.host, own.address, own.reason, url);
      }
      return own;
    }
    if (timeout.aborted) return new FetchTimeoutError(url, timeoutMs);
    return error instanceof Error ? error : new Error(String(error));
  }

  /** Re-wraps the body so reading more than `maxBytes` (or past the deadline) fails clearly. */
  function limitBody(
    response: Awaited<ReturnType<typeof undiciFetch>>,
    url: string,
    method: string,
    redirected: boolean,
    timeout: AbortSignal,
  ): Response {
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    const init = { status: response.status, statusText: response.statusText, headers: response.headers };
    let body: ReadableStream<Uint8Array> | null = null;
    if (response.body && !NULL_BODY_STATUSES.has(response.status) && method !== 'HEAD') {
      if (declared > maxBytes) {
        void response.body.cancel().catch(() => {});
        throw new ResponseTooLargeError(url, maxBytes);
      }
      const reader = response.body.getReader();
      let received = 0;
      body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            const { done, value } = await reader.read();
            if (done) return controller.close();
            received += value.byteLength;
            if (received > maxBytes) {
              await reader.cancel().catch(() => {});
              return controller.error(new ResponseTooLargeError(url, maxBytes));
            }
            controller.enqueue(value);
          } catch (error) {
            controller.error(mapError(error, url, timeout));
          }
        },
        cancel: (reason) => reader.cancel(reason),
      });
    } else {
      void response.body?.cancel().catch(() => {});
    }
    const result = new Response(body, init as ResponseInit);
    Object.defineProperty(result, 'url', { value: url });
    Object.defineProperty(result, 'redirected', { value: redirected });
    return result;
  }

  return Object.assign(safeFetch, { close: () => agent.close() });
}

function parseUrl(value: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    throw new InvalidUrlError(value);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UnsupportedProtocolError(url.href, url.protocol.replace(/:$/, ''));
  }
  return url;
}

interface NormalisedRequest {
  url: string;
  method: string;
  headers: Headers;
  /** Buffered so that a 307/308 redirect can send it again. */
  body: Uint8Array | undefined;
}

async function normaliseRequest(
  input: string | URL | Request,
  init: RequestInit,
): Promise<NormalisedRequest> {
  const request = input instanceof Request ? input : undefined;
  const url = request ? request.url : String(input);
  const method = (init.method ?? request?.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers ?? request?.headers);
  let body: Uint8Array | undefined;
  const source = init.body ?? (request?.body ? request : undefined);
  if (source !== undefined && source !== null && method !== 'GET' && method !== 'HEAD') {
    const buffered =
      source instanceof Request ? source : new Response(source as ConstructorParameters<typeof Response>[0]);
    body = new Uint8Array(await buffered.arrayBuffer());
    const type = buffered.headers.get('content-type');
    if (type && !headers.has('content-type')) headers.set('content-type', type);
  }
  return { url, method, headers, body };
}
