/* ---------- randomness and crypto (digests and HMAC computed by the host) ---------- */
import { hostDigest, hostHmac, hostRandom } from './bridge.ts';
import { toBytes } from './text.ts';

export function getRandomValues<T>(array: T): T {
  const bytes = toBytes(array);
  if (bytes.byteLength > 65536) throw new RangeError('getRandomValues: at most 65536 bytes');
  bytes.set(new Uint8Array(hostRandom(bytes.byteLength)));
  return array;
}

export function randomUUID(): string {
  const b = new Uint8Array(hostRandom(16));
  b[6] = ((b[6] as number) & 0x0f) | 0x40;
  b[8] = ((b[8] as number) & 0x3f) | 0x80;
  const h = Array.from(b, (x) => (x + 0x100).toString(16).slice(1)).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

type Algorithm = string | { name?: unknown; hash?: Algorithm } | null | undefined;

interface HmacKey {
  type: 'secret';
  algorithm: { name: 'HMAC'; hash: { name: string } };
  extractable: boolean;
  usages: unknown;
  _raw: ArrayBuffer;
}

const hashName = (alg: Algorithm) => {
  // biome-ignore lint/complexity/useOptionalChain: a null algorithm is named 'NULL' in the error, as before
  const name = typeof alg === 'string' ? alg : alg && alg.name;
  return String(name).toUpperCase();
};
const copyBuffer = (data: unknown) => toBytes(data).slice().buffer;

const subtle = {
  digest: async (alg: Algorithm, data: unknown) => hostDigest(hashName(alg), copyBuffer(data)),
  importKey: async (
    format: unknown,
    keyData: unknown,
    alg: Algorithm,
    extractable: unknown,
    usages: unknown,
  ): Promise<Readonly<HmacKey>> => {
    if (format !== 'raw' || hashName(alg) !== 'HMAC') throw new Error('Only raw HMAC keys are supported');
    return Object.freeze({
      type: 'secret',
      algorithm: { name: 'HMAC' as const, hash: { name: hashName((alg as { hash?: Algorithm }).hash) } },
      extractable: !!extractable,
      usages: usages || [],
      _raw: copyBuffer(keyData),
    });
  },
  sign: async (alg: Algorithm, key: HmacKey, data: unknown) => {
    if (hashName(alg) !== 'HMAC') throw new Error('Only HMAC signing is supported');
    return hostHmac(key.algorithm.hash.name, key._raw, copyBuffer(data));
  },
  verify: async (alg: Algorithm, key: HmacKey, signature: unknown, data: unknown) => {
    const expected = new Uint8Array(await subtle.sign(alg, key, data));
    const given = toBytes(signature);
    if (given.length !== expected.length) return false;
    let diff = 0;
    for (let i = 0; i < given.length; i++) diff |= (given[i] as number) ^ (expected[i] as number);
    return diff === 0;
  },
};

export const crypto = Object.freeze({ randomUUID, getRandomValues, subtle: Object.freeze(subtle) });
