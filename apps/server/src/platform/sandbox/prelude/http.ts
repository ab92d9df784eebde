/* ---------- bodies, Request and Response ---------- */
import { Blob, File, FormData, parseFormData } from './blob.ts';
import { randomUUID } from './crypto.ts';
import { Headers, type HeadersInit } from './headers.ts';
import type { HostFetchResponse } from './host.ts';
import { toBytes, utf8Decode, utf8Encode } from './text.ts';
import { URL, URLSearchParams } from './url.ts';

/** The bytes of a body given to Request or Response; sets the content type it implies when none is set. */
function bodyFrom(init: unknown, headers: Headers): Uint8Array | null {
  if (init == null) return null;
  const type = (t: string) => {
    if (!headers.has('content-type')) headers.set('content-type', t);
  };
  if (typeof init === 'string') {
    type('text/plain;charset=UTF-8');
    return utf8Encode(init);
  }
  if (init instanceof URLSearchParams) {
    type('application/x-www-form-urlencoded;charset=UTF-8');
    return utf8Encode(init.toString());
  }
  if (init instanceof ArrayBuffer || ArrayBuffer.isView(init)) return toBytes(init).slice();
  if (init instanceof Blob) {
    if (init.type) type(init.type);
    return init._bytes();
  }
  if (init instanceof FormData) {
    const boundary = `----AtelierFormBoundary${randomUUID().replace(/-/g, '')}`;
    type(`multipart/form-data; boundary=${boundary}`);
    const parts: (string | File)[] = [];
    const quote = (text: string) => text.replace(/"/g, '%22').replace(/\r?\n/g, ' ');
    init.forEach((value, name) => {
      const file = value instanceof File;
      parts.push(
        `--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"${
          file
            ? `; filename="${quote(value.name)}"\r\nContent-Type: ${value.type || 'application/octet-stream'}`
            : ''
        }\r\n\r\n`,
      );
      parts.push(file ? value : String(value), '\r\n');
    });
    parts.push(`--${boundary}--\r\n`);
    return new Blob(parts)._bytes();
  }
  type('text/plain;charset=UTF-8');
  return utf8Encode(String(init));
}

abstract class Body {
  #bytes: Uint8Array | null = null;
  #used = false;
  abstract get headers(): Headers;
  _initBody(bytes: Uint8Array | null) {
    this.#bytes = bytes;
  }
  _bytes() {
    return this.#bytes;
  }
  get bodyUsed() {
    return this.#used;
  }
  get body() {
    return this.#bytes === null ? null : { locked: this.#used };
  }
  #consume() {
    if (this.#used) return Promise.reject(new TypeError('Body has already been used'));
    this.#used = true;
    return Promise.resolve(this.#bytes === null ? new Uint8Array(0) : this.#bytes);
  }
  arrayBuffer() {
    return this.#consume().then((b) => b.slice().buffer);
  }
  bytes() {
    return this.#consume().then((b) => b.slice());
  }
  text() {
    return this.#consume().then(utf8Decode);
  }
  json(): Promise<unknown> {
    return this.text().then((t) => JSON.parse(t));
  }
  formData() {
    return this.bytes().then((bytes) => parseFormData(bytes, this.headers.get('content-type') || ''));
  }
  blob() {
    return this.bytes().then((bytes) => new Blob([bytes], { type: this.headers.get('content-type') || '' }));
  }
}

export interface RequestInit {
  method?: unknown;
  headers?: HeadersInit;
  body?: unknown;
  redirect?: 'follow' | 'manual' | 'error';
}

const METHODS = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH'];

export class Request extends Body {
  #url: string;
  #method: string;
  #headers: Headers;
  #redirect: 'follow' | 'manual' | 'error';
  constructor(input: unknown, init: RequestInit = {}) {
    super();
    const source = input instanceof Request ? input : null;
    this.#url = source ? source.url : new URL(String(input)).href;
    const method = String(init.method ?? (source ? source.method : 'GET'));
    this.#method = METHODS.includes(method.toUpperCase()) ? method.toUpperCase() : method;
    this.#headers = new Headers(init.headers ?? (source ? source.headers : undefined));
    this.#redirect = init.redirect ?? (source ? source.redirect : 'follow');
    const body =
      init.body !== undefined ? bodyFrom(init.body, this.#headers) : source ? source._bytes() : null;
    if (body !== null && (this.#method === 'GET' || this.#method === 'HEAD'))
      throw new TypeError('Request with GET/HEAD method cannot have body.');
    this._initBody(body);
  }
  get url() {
    return this.#url;
  }
  get method() {
    return this.#method;
  }
  get headers() {
    return this.#headers;
  }
  get redirect() {
    return this.#redirect;
  }
  get signal() {
    return undefined;
  }
  clone() {
    return new Request(this);
  }
}

export interface ResponseInit {
  status?: unknown;
  statusText?: unknown;
  headers?: HeadersInit;
}

export class Response extends Body {
  #status: number;
  #statusText: string;
  #headers: Headers;
  #url = '';
  #redirected = false;
  #type = 'default';
  constructor(body: unknown = null, init: ResponseInit = {}) {
    super();
    const status = init.status === undefined ? 200 : Number(init.status);
    if (!Number.isInteger(status) || status < 200 || status > 599)
      // biome-ignore lint/style/useTemplate: the status shown as `+` converts it (valueOf first), as before
      throw new RangeError('The status provided (' + init.status + ') is outside the range [200, 599].');
    this.#status = status;
    this.#statusText = String(init.statusText ?? '');
    this.#headers = new Headers(init.headers);
    const bytes = bodyFrom(body, this.#headers);
    if (bytes !== null && (status === 204 || status === 205 || status === 304))
      throw new TypeError('Response with null body status cannot have body');
    this._initBody(bytes);
  }
  static json(data: unknown, init: ResponseInit = {}) {
    const headers = new Headers(init.headers);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    return new Response(JSON.stringify(data), { status: init.status, statusText: init.statusText, headers });
  }
  static redirect(url: unknown, status = 302) {
    if (![301, 302, 303, 307, 308].includes(status)) throw new RangeError('Invalid status code');
    return new Response(null, { status, headers: { location: new URL(String(url)).href } });
  }
  static error() {
    const r = new Response(null, { status: 200 });
    r.#type = 'error';
    r.#status = 0;
    return r;
  }
  /** The Response of the function's `fetch`, from what the host answered. */
  static _fromHost(raw: HostFetchResponse) {
    const r = new Response(raw.body?.byteLength ? new Uint8Array(raw.body) : null, {
      status: raw.status < 200 ? 200 : raw.status,
      statusText: raw.statusText,
      headers: raw.headers,
    });
    r.#status = raw.status;
    r.#url = raw.url;
    r.#redirected = raw.redirected;
    r.#type = 'basic';
    return r;
  }
  get status() {
    return this.#status;
  }
  get statusText() {
    return this.#statusText;
  }
  get ok() {
    return this.#status >= 200 && this.#status < 300;
  }
  get headers() {
    return this.#headers;
  }
  get url() {
    return this.#url;
  }
  get redirected() {
    return this.#redirected;
  }
  get type() {
    return this.#type;
  }
  clone() {
    const r = new Response(this._bytes(), {
      status: this.#status === 0 ? 200 : this.#status,
      statusText: this.#statusText,
      headers: this.#headers,
    });
    r.#status = this.#status;
    r.#url = this.#url;
    r.#redirected = this.#redirected;
    r.#type = this.#type;
    return r;
  }
}
