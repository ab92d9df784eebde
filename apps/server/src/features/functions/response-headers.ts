/**
 * Which headers of a function's answer reach the client (issue 20 #11). On the app's own origin
 * (`appOriginResponseHeaders`) the function's headers are its own to send. From the platform's
 * origin (`functionResponseHeaders`, the SDK's and older webhook URLs) only an allow-list passes: no Set-Cookie, Clear-Site-Data, Refresh,
 * CSP or hop-by-hop headers; a Location only when it stays on the app's own addresses; scriptable
 * content never runs here (JavaScript is sent as text, markup as a download).
 */
const ALLOWED = new Set([
  'content-type',
  'content-disposition',
  'content-language',
  'content-encoding',
  'cache-control',
  'etag',
  'last-modified',
  'expires',
  'vary',
  'retry-after',
  'location',
  'access-control-allow-origin',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-expose-headers',
  'access-control-max-age',
]);
/** Custom `x-…` headers pass too, except these that change how a browser treats the page. */
const DENIED_X = new Set([
  'x-frame-options',
  'x-xss-protection',
  'x-content-type-options',
  'x-dns-prefetch-control',
]);

const SCRIPT_TYPE = /(java|ecma|j)script|wasm/i;
const MARKUP_TYPE = /html|xml|svg|xsl/i;

/** The answer's headers after the allow-list; `isOwnUrl` tells whether a Location stays on the app. */
export function functionResponseHeaders(
  given: Iterable<[string, string]>,
  isOwnUrl: (location: string) => boolean,
): Headers {
  const headers = new Headers();
  for (const [rawKey, value] of given) {
    const key = rawKey.toLowerCase();
    const allowed = ALLOWED.has(key) || (key.startsWith('x-') && !DENIED_X.has(key));
    if (!allowed) continue;
    if (key === 'location' && !isOwnUrl(value)) continue;
    headers.append(key, value);
  }
  const type = headers.get('content-type') ?? '';
  if (SCRIPT_TYPE.test(type)) headers.set('content-type', 'text/plain; charset=utf-8');
  else if (MARKUP_TYPE.test(type)) headers.set('content-disposition', 'attachment');
  // The answer comes from the platform's origin: a sandboxed document can never act as it.
  headers.set('content-security-policy', "sandbox; default-src 'none'");
  headers.set('x-content-type-options', 'nosniff');
  return headers;
}

/** Whether `location` (absolute, or relative to `base`) is within one of `addresses`. */
export function isWithinAddresses(location: string, base: string, addresses: string[]): boolean {
  let url: URL;
  try {
    url = new URL(location, base);
  } catch {
    return false;
  }
  return addresses.some((address) => {
    const own = new URL(address);
    if (url.origin !== own.origin) return false;
    const root = own.pathname.replace(/\/+$/, '');
    return root === '' || url.pathname === root || url.pathname.startsWith(`${root}/`);
  });
}

/** Headers that describe one connection or the body's framing: never a function's to set. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
]);

/**
 * The answer's headers on the app's own origin: the function's own (Set-Cookie, Location, its CSP,
 * any content type), only hop-by-hop and framing headers dropped. What it sets concerns its app's
 * origin alone, which holds no platform cookie or page.
 */
export function appOriginResponseHeaders(given: Iterable<[string, string]>): Headers {
  const headers = new Headers();
  for (const [key, value] of given) {
    if (!HOP_BY_HOP.has(key.toLowerCase())) headers.append(key, value);
  }
  return headers;
}

/** A `Cookie` header without the cookie named `name` (empty when nothing is left). */
export function withoutCookie(header: string, name: string): string {
  return header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && part.split('=', 1)[0]?.trim() !== name)
    .join('; ');
}
