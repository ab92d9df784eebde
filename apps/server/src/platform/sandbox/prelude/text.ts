/* ---------- text: UTF-8, base64, TextEncoder / TextDecoder ---------- */

export function utf8Encode(input: unknown): Uint8Array {
  const str = String(input);
  const buf = new Uint8Array(str.length * 3);
  let p = 0;
  for (let i = 0; i < str.length; i++) {
    let c = str.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < str.length) {
      const d = str.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
      } else c = 0xfffd;
    } else if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    if (c < 0x80) buf[p++] = c;
    else if (c < 0x800) {
      buf[p++] = 0xc0 | (c >> 6);
      buf[p++] = 0x80 | (c & 63);
    } else if (c < 0x10000) {
      buf[p++] = 0xe0 | (c >> 12);
      buf[p++] = 0x80 | ((c >> 6) & 63);
      buf[p++] = 0x80 | (c & 63);
    } else {
      buf[p++] = 0xf0 | (c >> 18);
      buf[p++] = 0x80 | ((c >> 12) & 63);
      buf[p++] = 0x80 | ((c >> 6) & 63);
      buf[p++] = 0x80 | (c & 63);
    }
  }
  return buf.slice(0, p);
}

const continuation = (bytes: Uint8Array, at: number) => ((bytes[at] as number) & 0xc0) === 0x80;

export function utf8Decode(bytes: Uint8Array): string {
  const units: number[] = [];
  let out = '';
  const flush = () => {
    out += String.fromCharCode.apply(null, units);
    units.length = 0;
  };
  const at = (i: number) => bytes[i] as number;
  for (let i = 0; i < bytes.length; ) {
    const b = at(i);
    let c = 0xfffd;
    let n = 1;
    if (b < 0x80) c = b;
    else if (b >= 0xc2 && b <= 0xdf && i + 1 < bytes.length && continuation(bytes, i + 1)) {
      c = ((b & 31) << 6) | (at(i + 1) & 63);
      n = 2;
    } else if (
      b >= 0xe0 &&
      b <= 0xef &&
      i + 2 < bytes.length &&
      continuation(bytes, i + 1) &&
      continuation(bytes, i + 2)
    ) {
      const v = ((b & 15) << 12) | ((at(i + 1) & 63) << 6) | (at(i + 2) & 63);
      if (v >= 0x800 && (v < 0xd800 || v > 0xdfff)) {
        c = v;
        n = 3;
      }
    } else if (
      b >= 0xf0 &&
      b <= 0xf4 &&
      i + 3 < bytes.length &&
      continuation(bytes, i + 1) &&
      continuation(bytes, i + 2) &&
      continuation(bytes, i + 3)
    ) {
      const v = ((b & 7) << 18) | ((at(i + 1) & 63) << 12) | ((at(i + 2) & 63) << 6) | (at(i + 3) & 63);
      if (v >= 0x10000 && v <= 0x10ffff) {
        c = v;
        n = 4;
      }
    }
    if (c > 0xffff) {
      c -= 0x10000;
      units.push(0xd800 + (c >> 10), 0xdc00 + (c & 1023));
    } else units.push(c);
    if (units.length > 8000) flush();
    i += n;
  }
  flush();
  return out;
}

/** The bytes of a buffer or view (a view of the same memory, not a copy). */
export function toBytes(data: unknown): Uint8Array {
  if (data instanceof Uint8Array) return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  throw new TypeError('Expected an ArrayBuffer or a typed array');
}

/** Each byte as one character (multipart bodies are split on their boundary this way). */
export function latin1(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192)
    out += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192) as unknown as number[]);
  return out;
}

export class TextEncoder {
  get encoding() {
    return 'utf-8';
  }
  encode(input: unknown = '') {
    return utf8Encode(input);
  }
}

export class TextDecoder {
  constructor(label: unknown = 'utf-8') {
    if (!/^utf-?8$/i.test(String(label))) throw new RangeError('Only utf-8 is supported');
  }
  get encoding() {
    return 'utf-8';
  }
  decode(input?: unknown) {
    if (input === undefined) return '';
    let bytes = toBytes(input);
    if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
      bytes = bytes.subarray(3);
    return utf8Decode(bytes);
  }
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function btoa(input: unknown): string {
  const s = String(input);
  let out = '';
  for (let i = 0; i < s.length; i += 3) {
    const a = s.charCodeAt(i);
    const b = s.charCodeAt(i + 1);
    const c = s.charCodeAt(i + 2);
    if (a > 255 || b > 255 || c > 255) throw new Error('Invalid character');
    const n = (a << 16) | ((b || 0) << 8) | (c || 0);
    out +=
      (B64[n >> 18] as string) +
      B64[(n >> 12) & 63] +
      (i + 1 < s.length ? B64[(n >> 6) & 63] : '=') +
      (i + 2 < s.length ? B64[n & 63] : '=');
  }
  return out;
}

export function atob(input: unknown): string {
  const s = String(input)
    .replace(/[\t\n\f\r ]/g, '')
    .replace(/=+$/, '');
  if (s.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(s))
    throw new Error('The string to be decoded is not correctly encoded.');
  const index = (i: number) => B64.indexOf(s[i] as string);
  let out = '';
  for (let i = 0; i < s.length; i += 4) {
    const n = (index(i) << 18) | (index(i + 1) << 12) | ((index(i + 2) & 63) << 6) | (index(i + 3) & 63);
    out += String.fromCharCode(n >> 16);
    if (i + 2 < s.length) out += String.fromCharCode((n >> 8) & 255);
    if (i + 3 < s.length) out += String.fromCharCode(n & 255);
  }
  return out;
}
