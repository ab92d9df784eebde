import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import type { JWTPayload } from 'jose';

/**
 * Synchronous HS256 verification of a compact JWT with node:crypto, for the per-request path (every
 * signed-in API call checks an access token). jose's Web Crypto verification imports the key and
 * runs the HMAC on the thread pool on each call, which costs more than the whole check here. Signing
 * stays with jose; this accepts exactly what `jwtVerify(token, key, { algorithms: ['HS256'], issuer,
 * audience })` accepts for our tokens: header `alg` HS256 (no `crit`, no unencoded payload), a valid
 * signature, a JSON object payload, `exp`/`nbf`/`iat` numbers when present, an unexpired `exp`, the
 * issuer and, when asked, the audience. Anything else is null. Stricter than jose in two ways only:
 * base64url padding (`=`) and a `b64` header without `crit` are refused. hs256.test.ts runs valid and
 * crafted tokens through both and compares the verdicts and claims.
 */
export interface Hs256Expectations {
  issuer: string;
  audience?: string;
}

const keys = new Map<string, KeyObject>();

function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    if (keys.size > 8) keys.clear();
    keys.set(secret, key);
  }
  return key;
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

function decodeJson(part: string): unknown {
  if (!BASE64URL.test(part)) return undefined;
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function verifyHs256(
  token: string,
  secret: string,
  expect: Hs256Expectations,
  nowSeconds = Math.floor(Date.now() / 1000),
): JWTPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  if (!BASE64URL.test(signaturePart)) return null;
  const header = decodeJson(headerPart);
  if (!isObject(header) || header.alg !== 'HS256' || 'crit' in header || 'b64' in header) return null;
  const expected = createHmac('sha256', keyOf(secret)).update(`${headerPart}.${payloadPart}`).digest();
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const payload = decodeJson(payloadPart);
  if (!isObject(payload)) return null;
  for (const claim of ['exp', 'nbf', 'iat'] as const) {
    if (claim in payload && (typeof payload[claim] !== 'number' || !Number.isFinite(payload[claim]))) {
      return null;
    }
  }
  if (typeof payload.exp === 'number' && payload.exp <= nowSeconds) return null;
  if (typeof payload.nbf === 'number' && payload.nbf > nowSeconds) return null;
  if (payload.iss !== expect.issuer) return null;
  if (expect.audience !== undefined) {
    const aud = payload.aud;
    const audiences = typeof aud === 'string' ? [aud] : Array.isArray(aud) ? aud : [];
    if (!audiences.includes(expect.audience)) return null;
  }
  return payload as JWTPayload;
}
