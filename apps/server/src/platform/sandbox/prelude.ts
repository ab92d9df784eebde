import { DENO_PRELUDE_SECTION } from './prelude-deno.ts';

/**
 * The JavaScript run first in every function isolate: the web-standard globals a handler may use
 * (Headers, Request, Response, FormData, Blob, File, URL, URLSearchParams, TextEncoder, TextDecoder, atob, btoa,
 * crypto.randomUUID / getRandomValues / subtle.digest / HMAC, fetch, timers, console) and
 * `__atelierInvoke`, which builds the Request, calls the handler with `{ env, sdk }` and answers a
 * plain copy of the Response. The isolate has no Node APIs: everything that needs the outside
 * (randomness, URL parsing, hashing, fetch, timers, SDK calls, log lines) goes through the bridge
 * functions the host installs as `__ab_*` globals, which this script captures and deletes.
 *
 * It is a string (not a module) because it runs inside V8 untouched by any bundler. It contains
 * no backtick and no dollar-brace sequence (but the one splicing in the Deno section,
 * `prelude-deno.ts`), so it can live in a raw template literal.
 */
export const PRELUDE_SOURCE = String.raw`
(function () {
'use strict';
const g = globalThis;
const take = (name) => { const v = g[name]; delete g[name]; return v; };
const hostLog = take('__ab_log');
const hostRandom = take('__ab_random');
const hostUrl = take('__ab_url');
const hostDigest = take('__ab_digest');
const hostHmac = take('__ab_hmac');
const hostFetch = take('__ab_fetch');
const hostSleep = take('__ab_sleep');
const hostSdk = take('__ab_sdk');
const ASYNC = { arguments: { copy: true }, result: { promise: true, copy: true } };

/* ---------- text ---------- */
function utf8Encode(str) {
  str = String(str);
  const buf = new Uint8Array(str.length * 3);
  let p = 0;
  for (let i = 0; i < str.length; i++) {
    let c = str.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < str.length) {
      const d = str.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) { c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00); i++; } else c = 0xfffd;
    } else if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    if (c < 0x80) buf[p++] = c;
    else if (c < 0x800) { buf[p++] = 0xc0 | (c >> 6); buf[p++] = 0x80 | (c & 63); }
    else if (c < 0x10000) { buf[p++] = 0xe0 | (c >> 12); buf[p++] = 0x80 | ((c >> 6) & 63); buf[p++] = 0x80 | (c & 63); }
    else { buf[p++] = 0xf0 | (c >> 18); buf[p++] = 0x80 | ((c >> 12) & 63); buf[p++] = 0x80 | ((c >> 6) & 63); buf[p++] = 0x80 | (c & 63); }
  }
  return buf.slice(0, p);
}
function utf8Decode(bytes) {
  const units = [];
  let out = '';
  const flush = () => { out += String.fromCharCode.apply(null, units); units.length = 0; };
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i];
    let c = 0xfffd, n = 1;
    if (b < 0x80) c = b;
    else if (b >= 0xc2 && b <= 0xdf && i + 1 < bytes.length && (bytes[i + 1] & 0xc0) === 0x80) { c = ((b & 31) << 6) | (bytes[i + 1] & 63); n = 2; }
    else if (b >= 0xe0 && b <= 0xef && i + 2 < bytes.length && (bytes[i + 1] & 0xc0) === 0x80 && (bytes[i + 2] & 0xc0) === 0x80) {
      const v = ((b & 15) << 12) | ((bytes[i + 1] & 63) << 6) | (bytes[i + 2] & 63);
      if (v >= 0x800 && (v < 0xd800 || v > 0xdfff)) { c = v; n = 3; }
    } else if (b >= 0xf0 && b <= 0xf4 && i + 3 < bytes.length && (bytes[i + 1] & 0xc0) === 0x80 && (bytes[i + 2] & 0xc0) === 0x80 && (bytes[i + 3] & 0xc0) === 0x80) {
      const v = ((b & 7) << 18) | ((bytes[i + 1] & 63) << 12) | ((bytes[i + 2] & 63) << 6) | (bytes[i + 3] & 63);
      if (v >= 0x10000 && v <= 0x10ffff) { c = v; n = 4; }
    }
    if (c > 0xffff) { c -= 0x10000; units.push(0xd800 + (c >> 10), 0xdc00 + (c & 1023)); } else units.push(c);
    if (units.length > 8000) flush();
    i += n;
  }
  flush();
  return out;
}
function toBytes(data) {
  if (data instanceof Uint8Array) return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  throw new TypeError('Expected an ArrayBuffer or a typed array');
}
class TextEncoder {
  get encoding() { return 'utf-8'; }
  encode(input = '') { return utf8Encode(input); }
}
class TextDecoder {
  constructor(label = 'utf-8') {
    if (!/^utf-?8$/i.test(String(label))) throw new RangeError('Only utf-8 is supported');
  }
  get encoding() { return 'utf-8'; }
  decode(input) {
    if (input === undefined) return '';
    let bytes = toBytes(input);
    if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
    return utf8Decode(bytes);
  }
}
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function btoa(input) {
  const s = String(input);
  let out = '';
  for (let i = 0; i < s.length; i += 3) {
    const a = s.charCodeAt(i), b = s.charCodeAt(i + 1), c = s.charCodeAt(i + 2);
    if (a > 255 || b > 255 || c > 255) throw new Error('Invalid character');
    const n = (a << 16) | ((b || 0) << 8) | (c || 0);
    out += B64[n >> 18] + B64[(n >> 12) & 63] + (i + 1 < s.length ? B64[(n >> 6) & 63] : '=') + (i + 2 < s.length ? B64[n & 63] : '=');
  }
  return out;
}
function atob(input) {
  const s = String(input).replace(/[\t\n\f\r ]/g, '').replace(/=+$/, '');
  if (s.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(s)) throw new Error('The string to be decoded is not correctly encoded.');
  let out = '';
  for (let i = 0; i < s.length; i += 4) {
    const n = (B64.indexOf(s[i]) << 18) | (B64.indexOf(s[i + 1]) << 12) | ((B64.indexOf(s[i + 2]) & 63) << 6) | (B64.indexOf(s[i + 3]) & 63);
    out += String.fromCharCode(n >> 16);
    if (i + 2 < s.length) out += String.fromCharCode((n >> 8) & 255);
    if (i + 3 < s.length) out += String.fromCharCode(n & 255);
  }
  return out;
}

/* ---------- console ---------- */
function describe(value, depth) {
  if (typeof value === 'string') return depth === 0 ? value : JSON.stringify(value);
  if (value instanceof Error) return value.stack || (value.name + ': ' + value.message);
  if (typeof value === 'function') return '[Function ' + (value.name || 'anonymous') + ']';
  if (typeof value === 'bigint') return value + 'n';
  if (value === undefined || typeof value === 'symbol') return String(value);
  try { const json = JSON.stringify(value); return json === undefined ? String(value) : json; } catch { return String(value); }
}
const write = (level) => (...args) => { hostLog(level, args.map((a) => describe(a, 0)).join(' ')); };
const console = { log: write('info'), info: write('info'), debug: write('debug'), warn: write('warn'), error: write('error'), trace: write('debug') };

/* ---------- URL ---------- */
class URLSearchParams {
  #list = [];
  #onChange = null;
  constructor(init) {
    if (init == null) return;
    if (init instanceof URLSearchParams) { this.#list = init.#list.map((p) => [p[0], p[1]]); return; }
    if (typeof init === 'object') {
      const pairs = typeof init[Symbol.iterator] === 'function' ? Array.from(init) : Object.keys(init).map((k) => [k, init[k]]);
      for (const pair of pairs) this.#list.push([String(pair[0]), String(pair[1])]);
      return;
    }
    this.#parse(String(init));
  }
  #parse(text) {
    this.#list = [];
    const s = text.startsWith('?') ? text.slice(1) : text;
    for (const part of s.split('&')) {
      if (!part) continue;
      const i = part.indexOf('=');
      const dec = (x) => { try { return decodeURIComponent(x.replace(/\+/g, ' ')); } catch { return x; } };
      this.#list.push(i < 0 ? [dec(part), ''] : [dec(part.slice(0, i)), dec(part.slice(i + 1))]);
    }
  }
  static _bind(params, onChange, text) { params.#parse(text); params.#onChange = onChange; return params; }
  static _reparse(params, text) { params.#parse(text); }
  #changed() { if (this.#onChange) this.#onChange(this.toString()); }
  get size() { return this.#list.length; }
  append(k, v) { this.#list.push([String(k), String(v)]); this.#changed(); }
  delete(k) { k = String(k); this.#list = this.#list.filter((p) => p[0] !== k); this.#changed(); }
  get(k) { k = String(k); const p = this.#list.find((x) => x[0] === k); return p ? p[1] : null; }
  getAll(k) { k = String(k); return this.#list.filter((x) => x[0] === k).map((x) => x[1]); }
  has(k) { k = String(k); return this.#list.some((x) => x[0] === k); }
  set(k, v) {
    k = String(k); v = String(v);
    const i = this.#list.findIndex((x) => x[0] === k);
    if (i < 0) this.#list.push([k, v]); else { this.#list[i][1] = v; this.#list = this.#list.filter((x, j) => j <= i || x[0] !== k); }
    this.#changed();
  }
  sort() { this.#list.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)); this.#changed(); }
  forEach(fn, self) { for (const p of this.#list) fn.call(self, p[1], p[0], this); }
  keys() { return this.#list.map((p) => p[0])[Symbol.iterator](); }
  values() { return this.#list.map((p) => p[1])[Symbol.iterator](); }
  entries() { return this.#list.map((p) => [p[0], p[1]])[Symbol.iterator](); }
  [Symbol.iterator]() { return this.entries(); }
  toString() {
    const enc = (x) => encodeURIComponent(x).replace(/%20/g, '+').replace(/[!'()~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
    return this.#list.map((p) => enc(p[0]) + '=' + enc(p[1])).join('&');
  }
}
function parseUrl(input, base) {
  const parts = hostUrl(String(input), base === undefined ? undefined : String(base));
  if (typeof parts === 'string') throw new TypeError(parts);
  return parts;
}
class URL {
  #parts;
  #params;
  constructor(input, base) {
    this.#parts = parseUrl(input instanceof URL ? input.href : input, base instanceof URL ? base.href : base);
    this.#params = URLSearchParams._bind(new URLSearchParams(), (text) => this.#set('search', text), this.#parts.search);
  }
  static canParse(input, base) { try { new URL(input, base); return true; } catch { return false; } }
  #set(part, value) {
    const next = hostUrl(this.#parts.href, undefined, part, String(value));
    if (typeof next === 'string') throw new TypeError(next);
    this.#parts = next;
    URLSearchParams._reparse(this.#params, next.search);
  }
  get origin() { return this.#parts.origin; }
  get href() { return this.#parts.href; }
  set href(value) { this.#parts = parseUrl(value); URLSearchParams._reparse(this.#params, this.#parts.search); }
  get protocol() { return this.#parts.protocol; }
  set protocol(value) { this.#set('protocol', value); }
  get username() { return this.#parts.username; }
  set username(value) { this.#set('username', value); }
  get password() { return this.#parts.password; }
  set password(value) { this.#set('password', value); }
  get host() { return this.#parts.host; }
  set host(value) { this.#set('host', value); }
  get hostname() { return this.#parts.hostname; }
  set hostname(value) { this.#set('hostname', value); }
  get port() { return this.#parts.port; }
  set port(value) { this.#set('port', value); }
  get pathname() { return this.#parts.pathname; }
  set pathname(value) { this.#set('pathname', value); }
  get search() { return this.#parts.search; }
  set search(value) { this.#set('search', value); }
  get hash() { return this.#parts.hash; }
  set hash(value) { this.#set('hash', value); }
  get searchParams() { return this.#params; }
  toString() { return this.#parts.href; }
  toJSON() { return this.#parts.href; }
}

/* ---------- headers and bodies ---------- */
const TOKEN = /^[!#$%&'*+\-.^_\x60|~0-9A-Za-z]+$/;
function headerName(name) {
  name = String(name);
  if (!TOKEN.test(name)) throw new TypeError('Invalid header name: ' + name);
  return name.toLowerCase();
}
function headerValue(value) {
  value = String(value).replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
  if (/[\0\r\n]/.test(value)) throw new TypeError('Invalid header value');
  return value;
}
class Headers {
  #map = new Map();
  #cookies = [];
  constructor(init) {
    if (init == null) return;
    // Each cookie once, as its own value (forEach gives them joined by ', ', which would be a cookie too).
    if (init instanceof Headers) { init.forEach((v, k) => { if (k !== 'set-cookie') this.append(k, v); }); for (const c of init.getSetCookie()) this.append('set-cookie', c); return; }
    if (typeof init[Symbol.iterator] === 'function') { for (const pair of init) this.append(pair[0], pair[1]); return; }
    for (const key of Object.keys(init)) this.append(key, init[key]);
  }
  append(name, value) {
    name = headerName(name); value = headerValue(value);
    if (name === 'set-cookie') this.#cookies.push(value);
    const current = this.#map.get(name);
    this.#map.set(name, current === undefined ? value : current + ', ' + value);
  }
  set(name, value) {
    name = headerName(name); value = headerValue(value);
    if (name === 'set-cookie') this.#cookies = [value];
    this.#map.set(name, value);
  }
  get(name) { const v = this.#map.get(headerName(name)); return v === undefined ? null : v; }
  has(name) { return this.#map.has(headerName(name)); }
  delete(name) { name = headerName(name); this.#map.delete(name); if (name === 'set-cookie') this.#cookies = []; }
  getSetCookie() { return this.#cookies.slice(); }
  forEach(fn, self) { for (const entry of this.entries()) fn.call(self, entry[1], entry[0], this); }
  keys() { return Array.from(this.entries(), (e) => e[0])[Symbol.iterator](); }
  values() { return Array.from(this.entries(), (e) => e[1])[Symbol.iterator](); }
  entries() { return Array.from(this.#map.entries()).sort((a, b) => (a[0] < b[0] ? -1 : 1))[Symbol.iterator](); }
  [Symbol.iterator]() { return this.entries(); }
}
function bodyFrom(init, headers) {
  if (init == null) return null;
  const type = (t) => { if (!headers.has('content-type')) headers.set('content-type', t); };
  if (typeof init === 'string') { type('text/plain;charset=UTF-8'); return utf8Encode(init); }
  if (init instanceof URLSearchParams) { type('application/x-www-form-urlencoded;charset=UTF-8'); return utf8Encode(init.toString()); }
  if (init instanceof ArrayBuffer || ArrayBuffer.isView(init)) return toBytes(init).slice();
  if (init instanceof Blob) { if (init.type) type(init.type); return init._bytes(); }
  if (init instanceof FormData) {
    const boundary = '----AtelierFormBoundary' + randomUUID().replace(/-/g, '');
    type('multipart/form-data; boundary=' + boundary);
    const parts = [];
    const quote = (text) => text.replace(/"/g, '%22').replace(/\r?\n/g, ' ');
    init.forEach((value, name) => {
      const file = value instanceof File;
      parts.push('--' + boundary + '\r\nContent-Disposition: form-data; name="' + quote(name) + '"' + (file ? '; filename="' + quote(value.name) + '"\r\nContent-Type: ' + (value.type || 'application/octet-stream') : '') + '\r\n\r\n');
      parts.push(file ? value : String(value), '\r\n');
    });
    parts.push('--' + boundary + '--\r\n');
    return new Blob(parts)._bytes();
  }
  type('text/plain;charset=UTF-8');
  return utf8Encode(String(init));
}
class Body {
  #bytes; #used = false;
  _initBody(bytes) { this.#bytes = bytes; }
  _bytes() { return this.#bytes; }
  get bodyUsed() { return this.#used; }
  get body() { return this.#bytes === null ? null : { locked: this.#used }; }
  #consume() {
    if (this.#used) return Promise.reject(new TypeError('Body has already been used'));
    this.#used = true;
    return Promise.resolve(this.#bytes === null ? new Uint8Array(0) : this.#bytes);
  }
  arrayBuffer() { return this.#consume().then((b) => b.slice().buffer); }
  bytes() { return this.#consume().then((b) => b.slice()); }
  text() { return this.#consume().then(utf8Decode); }
  json() { return this.text().then((t) => JSON.parse(t)); }
  formData() { return this.bytes().then((bytes) => parseFormData(bytes, this.headers.get('content-type') || '')); }
  blob() { return this.bytes().then((bytes) => new Blob([bytes], { type: this.headers.get('content-type') || '' })); }
}
/* ---------- Blob, File, FormData (bodies read with formData()) ---------- */
class Blob {
  #bytes; #type;
  constructor(parts = [], options = {}) {
    const chunks = Array.from(parts, (part) => (part instanceof Blob ? part.#bytes : typeof part === 'string' ? utf8Encode(part) : toBytes(part)));
    const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const chunk of chunks) { out.set(chunk, at); at += chunk.length; }
    this.#bytes = out;
    this.#type = String(options.type || '').toLowerCase();
  }
  _bytes() { return this.#bytes.slice(); }
  get size() { return this.#bytes.length; }
  get type() { return this.#type; }
  arrayBuffer() { return Promise.resolve(this.#bytes.slice().buffer); }
  bytes() { return Promise.resolve(this.#bytes.slice()); }
  text() { return Promise.resolve(utf8Decode(this.#bytes)); }
  slice(start, end, type) { return new Blob([this.#bytes.slice(start, end)], { type }); }
}
class File extends Blob {
  #name; #lastModified;
  constructor(parts, name, options = {}) { super(parts, options); this.#name = String(name); this.#lastModified = options.lastModified || 0; }
  get name() { return this.#name; }
  get lastModified() { return this.#lastModified; }
}
class FormData {
  #list = [];
  #value(value, filename) {
    if (value instanceof Blob) return value instanceof File && filename === undefined ? value : new File([value], filename === undefined ? 'blob' : filename, { type: value.type });
    return String(value);
  }
  append(name, value, filename) { this.#list.push([String(name), this.#value(value, filename)]); }
  set(name, value, filename) { this.delete(name); this.append(name, value, filename); }
  get(name) { const e = this.#list.find((p) => p[0] === String(name)); return e ? e[1] : null; }
  getAll(name) { return this.#list.filter((p) => p[0] === String(name)).map((p) => p[1]); }
  has(name) { return this.#list.some((p) => p[0] === String(name)); }
  delete(name) { this.#list = this.#list.filter((p) => p[0] !== String(name)); }
  forEach(fn, self) { for (const [k, v] of this.#list) fn.call(self, v, k, this); }
  entries() { return this.#list.map((p) => [p[0], p[1]])[Symbol.iterator](); }
  keys() { return this.#list.map((p) => p[0])[Symbol.iterator](); }
  values() { return this.#list.map((p) => p[1])[Symbol.iterator](); }
  [Symbol.iterator]() { return this.entries(); }
}
function latin1(bytes) {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192));
  return out;
}
function parseFormData(bytes, contentType) {
  const form = new FormData();
  if (/^application\/x-www-form-urlencoded/i.test(contentType)) {
    new URLSearchParams(utf8Decode(bytes)).forEach((value, key) => form.append(key, value));
    return form;
  }
  const boundary = /^multipart\/form-data;.*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) throw new TypeError('formData(): the body is not multipart/form-data or application/x-www-form-urlencoded');
  const text = latin1(bytes);
  const delimiter = '--' + (boundary[1] || boundary[2]);
  let at = text.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (text.startsWith('--', start)) break;
    const next = text.indexOf('\r\n' + delimiter, start);
    if (next < 0) break;
    const part = text.slice(start + 2, next);
    const split = part.indexOf('\r\n\r\n');
    const head = split < 0 ? part : part.slice(0, split);
    const bodyStart = start + 2 + (split < 0 ? part.length : split + 4);
    const disposition = /content-disposition:[^\r\n]*?\bname="([^"]*)"(?:;\s*filename="([^"]*)")?/i.exec(head);
    const type = /content-type:\s*([^\r\n]+)/i.exec(head);
    if (disposition) {
      const content = bytes.subarray(bodyStart, next);
      const name = utf8Decode(Uint8Array.from(disposition[1], (c) => c.charCodeAt(0)));
      if (disposition[2] !== undefined) {
        const filename = utf8Decode(Uint8Array.from(disposition[2], (c) => c.charCodeAt(0)));
        form.append(name, new File([content], filename, { type: type ? type[1].trim() : 'application/octet-stream' }));
      } else form.append(name, utf8Decode(content));
    }
    at = next + 2;
  }
  return form;
}

const METHODS = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH'];
class Request extends Body {
  #url; #method; #headers; #redirect;
  constructor(input, init = {}) {
    super();
    const source = input instanceof Request ? input : null;
    this.#url = source ? source.url : new URL(String(input)).href;
    const method = String(init.method ?? (source ? source.method : 'GET'));
    this.#method = METHODS.includes(method.toUpperCase()) ? method.toUpperCase() : method;
    this.#headers = new Headers(init.headers ?? (source ? source.headers : undefined));
    this.#redirect = init.redirect ?? (source ? source.redirect : 'follow');
    const body = init.body !== undefined ? bodyFrom(init.body, this.#headers) : source ? source._bytes() : null;
    if (body !== null && (this.#method === 'GET' || this.#method === 'HEAD')) throw new TypeError('Request with GET/HEAD method cannot have body.');
    this._initBody(body);
  }
  get url() { return this.#url; }
  get method() { return this.#method; }
  get headers() { return this.#headers; }
  get redirect() { return this.#redirect; }
  get signal() { return undefined; }
  clone() { return new Request(this); }
}
class Response extends Body {
  #status; #statusText; #headers; #url = ''; #redirected = false; #type = 'default';
  constructor(body = null, init = {}) {
    super();
    const status = init.status === undefined ? 200 : Number(init.status);
    if (!Number.isInteger(status) || status < 200 || status > 599) throw new RangeError('The status provided (' + init.status + ') is outside the range [200, 599].');
    this.#status = status;
    this.#statusText = String(init.statusText ?? '');
    this.#headers = new Headers(init.headers);
    const bytes = bodyFrom(body, this.#headers);
    if (bytes !== null && (status === 204 || status === 205 || status === 304)) throw new TypeError('Response with null body status cannot have body');
    this._initBody(bytes);
  }
  static json(data, init = {}) {
    const headers = new Headers(init.headers);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    return new Response(JSON.stringify(data), { status: init.status, statusText: init.statusText, headers });
  }
  static redirect(url, status = 302) {
    if (![301, 302, 303, 307, 308].includes(status)) throw new RangeError('Invalid status code');
    return new Response(null, { status, headers: { location: new URL(String(url)).href } });
  }
  static error() { const r = new Response(null, { status: 200 }); r.#type = 'error'; r.#status = 0; return r; }
  static _fromHost(raw) {
    const r = new Response(raw.body && raw.body.byteLength ? new Uint8Array(raw.body) : null, { status: raw.status < 200 ? 200 : raw.status, statusText: raw.statusText, headers: raw.headers });
    r.#status = raw.status; r.#url = raw.url; r.#redirected = raw.redirected; r.#type = 'basic';
    return r;
  }
  get status() { return this.#status; }
  get statusText() { return this.#statusText; }
  get ok() { return this.#status >= 200 && this.#status < 300; }
  get headers() { return this.#headers; }
  get url() { return this.#url; }
  get redirected() { return this.#redirected; }
  get type() { return this.#type; }
  clone() {
    const r = new Response(this._bytes(), { status: this.#status === 0 ? 200 : this.#status, statusText: this.#statusText, headers: this.#headers });
    r.#status = this.#status; r.#url = this.#url; r.#redirected = this.#redirected; r.#type = this.#type;
    return r;
  }
}

/* ---------- timers, randomness, crypto ---------- */
let generation = 0;
let nextTimer = 1;
const timers = new Map();
function schedule(fn, ms, args, repeat) {
  if (typeof fn !== 'function') throw new TypeError('Callback must be a function');
  const id = nextTimer++;
  const delay = Math.max(0, Number(ms) || 0);
  const born = generation;
  const tick = () => {
    hostSleep.apply(undefined, [delay], ASYNC).then(() => {
      if (!timers.has(id) || born !== generation) return;
      if (!repeat) timers.delete(id);
      try { fn(...args); } finally { if (repeat && timers.has(id)) tick(); }
    });
  };
  timers.set(id, true);
  tick();
  return id;
}
const setTimeout = (fn, ms, ...args) => schedule(fn, ms, args, false);
const setInterval = (fn, ms, ...args) => schedule(fn, Math.max(Number(ms) || 0, 1), args, true);
const clearTimeout = (id) => { timers.delete(id); };
const queueMicrotask = (fn) => { Promise.resolve().then(fn); };
function getRandomValues(array) {
  const bytes = toBytes(array);
  if (bytes.byteLength > 65536) throw new RangeError('getRandomValues: at most 65536 bytes');
  bytes.set(new Uint8Array(hostRandom(bytes.byteLength)));
  return array;
}
function randomUUID() {
  const b = new Uint8Array(hostRandom(16));
  b[6] = (b[6] & 0x0f) | 0x40; b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => (x + 0x100).toString(16).slice(1)).join('');
  return h.slice(0, 8) + '-' + h.slice(8, 12) + '-' + h.slice(12, 16) + '-' + h.slice(16, 20) + '-' + h.slice(20);
}
const hashName = (alg) => { const name = typeof alg === 'string' ? alg : alg && alg.name; return String(name).toUpperCase(); };
const copyBuffer = (data) => toBytes(data).slice().buffer;
const subtle = {
  digest: async (alg, data) => hostDigest(hashName(alg), copyBuffer(data)),
  importKey: async (format, keyData, alg, extractable, usages) => {
    if (format !== 'raw' || hashName(alg) !== 'HMAC') throw new Error('Only raw HMAC keys are supported');
    return Object.freeze({ type: 'secret', algorithm: { name: 'HMAC', hash: { name: hashName(alg.hash) } }, extractable: !!extractable, usages: usages || [], _raw: copyBuffer(keyData) });
  },
  sign: async (alg, key, data) => {
    if (hashName(alg) !== 'HMAC') throw new Error('Only HMAC signing is supported');
    return hostHmac(key.algorithm.hash.name, key._raw, copyBuffer(data));
  },
  verify: async (alg, key, signature, data) => {
    const expected = new Uint8Array(await subtle.sign(alg, key, data));
    const given = toBytes(signature);
    if (given.length !== expected.length) return false;
    let diff = 0;
    for (let i = 0; i < given.length; i++) diff |= given[i] ^ expected[i];
    return diff === 0;
  },
};
const crypto = Object.freeze({ randomUUID, getRandomValues, subtle: Object.freeze(subtle) });

/* ---------- fetch ---------- */
async function fetch(input, init) {
  const request = new Request(input, init);
  const body = request._bytes();
  const raw = await hostFetch.apply(undefined, [{
    url: request.url, method: request.method, headers: Array.from(request.headers.entries()),
    body: body === null ? null : body.slice().buffer, redirect: request.redirect,
  }], ASYNC).catch((error) => { throw new TypeError('fetch failed: ' + (error && error.message ? error.message : String(error))); });
  return Response._fromHost(raw);
}

/* ---------- the app SDK inside functions ---------- */
function makeSdk(role) {
  const call = (method, path, options) => hostSdk.apply(undefined, [{ role, method, path, query: options && options.query, body: options && options.body }], ASYNC)
    .then((answer) => {
      if (answer.ok) return answer.body;
      const error = new Error(answer.message);
      error.name = 'AtelierError'; error.code = answer.code; error.status = answer.status; error.details = answer.details;
      throw error;
    });
  const page = (sort, limit, skip) => ({ sort, limit, skip });
  const entity = (name) => Object.freeze({
    list: (sort, limit, skip) => call('GET', ['entities', name], { query: page(sort, limit, skip) }),
    filter: (q, sort, limit, skip) => call('GET', ['entities', name], { query: Object.assign({ q: JSON.stringify(q) }, page(sort, limit, skip)) }),
    get: (id) => call('GET', ['entities', name, String(id)]),
    create: (data) => call('POST', ['entities', name], { body: data }),
    update: (id, data) => call('PATCH', ['entities', name, String(id)], { body: data }),
    delete: (id) => call('DELETE', ['entities', name, String(id)]).then(() => undefined),
    bulkCreate: (records) => call('POST', ['entities', name, 'bulk'], { body: records }),
  });
  const entities = new Proxy({}, { get: (_, name) => (typeof name === 'string' ? entity(name) : undefined) });
  return {
    entities,
    functions: Object.freeze({ invoke: (name, payload) => call('POST', ['functions', String(name)], { body: payload === undefined ? {} : payload }) }),
    integrations: Object.freeze({ Core: Object.freeze({
      InvokeLLM: (params) => call('POST', ['integrations', 'llm'], { body: params }),
      SendEmail: (params) => call('POST', ['integrations', 'email'], { body: params }),
    }) }),
  };
}
const callerSdk = makeSdk('caller');
callerSdk.asServiceRole = makeSdk('service');
Object.freeze(callerSdk);
/* import { entities } from '@atelier/app-sdk' inside a function reads this (see function-bundle.ts). */
Object.defineProperty(g, '__atelierSdk', { value: callerSdk, writable: false, configurable: false, enumerable: false });

${DENO_PRELUDE_SECTION}
/* ---------- invocation ---------- */
const DENO_INFO = Object.freeze({ remoteAddr: Object.freeze({ transport: 'tcp', hostname: '0.0.0.0', port: 0 }), completed: new Promise(() => {}) });
async function invoke(raw, env, ownHandler) {
  generation++;
  timers.clear();
  denoEnv = Object.assign({}, env);
  // A default export (Atelier's form) wins; otherwise the handler the file gave Deno.serve.
  const handler = ownHandler || (typeof g.__atelierHandler === 'function' ? g.__atelierHandler : null);
  const deno = handler ? null : denoHandler;
  if (typeof (handler || deno) !== 'function') throw new TypeError('The function file must export a default handler (export default async (req, ctx) => new Response(...)) or call Deno.serve(async (req) => new Response(...))');
  const request = new Request(raw.url, { method: raw.method, headers: raw.headers, body: raw.body && raw.body.byteLength ? new Uint8Array(raw.body) : undefined });
  const result = deno
    ? await deno(request, DENO_INFO)
    : await handler(request, Object.freeze({ env: Object.freeze(Object.assign({}, env)), sdk: callerSdk }));
  if (!(result instanceof Response)) throw new TypeError('The handler must return a Response (or a Promise of one), got ' + describe(result, 1));
  const bytes = result._bytes();
  generation++;
  timers.clear();
  return { status: result.status, headers: Array.from(result.headers.entries()).filter((e) => e[0] !== 'set-cookie').concat(result.headers.getSetCookie().map((c) => ['set-cookie', c])), body: bytes === null ? null : bytes.slice().buffer };
}

const globals = { Deno, Blob, File, FormData, console, TextEncoder, TextDecoder, atob, btoa, URL, URLSearchParams, Headers, Request, Response, fetch, crypto, setTimeout, setInterval, clearTimeout, clearInterval: clearTimeout, queueMicrotask };
for (const name of Object.keys(globals)) Object.defineProperty(g, name, { value: globals[name], writable: true, configurable: true, enumerable: false });
Object.defineProperty(g, '__atelierInvoke', { value: (raw, env) => invoke(raw, env), writable: false, configurable: false, enumerable: false });
const warmUpHandler = async (req) => {
  const url = new URL(req.url);
  url.searchParams.get('q');
  await req.text();
  return Response.json({ ok: req.headers.get('content-type'), path: url.pathname }, { headers: { 'x-warm': '1' } });
};
Object.defineProperty(g, '__atelierWarmUp', {
  value: () => { delete g.__atelierWarmUp; return invoke({ method: 'POST', url: 'http://warm.up/?q=1', headers: [['content-type', 'text/plain']], body: utf8Encode('warm').buffer }, {}, warmUpHandler).then(() => undefined); },
  writable: false, configurable: true, enumerable: false,
});
})();
`;
