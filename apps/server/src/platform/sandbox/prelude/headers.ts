/* ---------- Headers (Set-Cookie values kept apart, as getSetCookie() answers them) ---------- */

const TOKEN = /^[!#$%&'*+\-.^_\x60|~0-9A-Za-z]+$/;

function headerName(input: unknown): string {
  const name = String(input);
  if (!TOKEN.test(name)) throw new TypeError(`Invalid header name: ${name}`);
  return name.toLowerCase();
}

function headerValue(input: unknown): string {
  const value = String(input).replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
  if (/[\0\r\n]/.test(value)) throw new TypeError('Invalid header value');
  return value;
}

export type HeadersInit = Headers | Iterable<[unknown, unknown]> | Record<string, unknown>;

export class Headers {
  #map = new Map<string, string>();
  #cookies: string[] = [];
  constructor(init?: HeadersInit | null) {
    if (init == null) return;
    // Each cookie once, as its own value (forEach gives them joined by ', ', which would be a cookie too).
    if (init instanceof Headers) {
      init.forEach((v, k) => {
        if (k !== 'set-cookie') this.append(k, v);
      });
      for (const c of init.getSetCookie()) this.append('set-cookie', c);
      return;
    }
    if (typeof (init as Partial<Iterable<unknown>>)[Symbol.iterator] === 'function') {
      for (const pair of init as Iterable<[unknown, unknown]>) this.append(pair[0], pair[1]);
      return;
    }
    const record = init as Record<string, unknown>;
    for (const key of Object.keys(record)) this.append(key, record[key]);
  }
  append(name: unknown, value: unknown) {
    const key = headerName(name);
    const text = headerValue(value);
    if (key === 'set-cookie') this.#cookies.push(text);
    const current = this.#map.get(key);
    this.#map.set(key, current === undefined ? text : `${current}, ${text}`);
  }
  set(name: unknown, value: unknown) {
    const key = headerName(name);
    const text = headerValue(value);
    if (key === 'set-cookie') this.#cookies = [text];
    this.#map.set(key, text);
  }
  get(name: unknown) {
    const v = this.#map.get(headerName(name));
    return v === undefined ? null : v;
  }
  has(name: unknown) {
    return this.#map.has(headerName(name));
  }
  delete(name: unknown) {
    const key = headerName(name);
    this.#map.delete(key);
    if (key === 'set-cookie') this.#cookies = [];
  }
  getSetCookie() {
    return this.#cookies.slice();
  }
  forEach(fn: (value: string, name: string, headers: Headers) => void, self?: unknown) {
    for (const entry of this.entries()) fn.call(self, entry[1], entry[0], this);
  }
  keys() {
    return Array.from(this.entries(), (e) => e[0])[Symbol.iterator]();
  }
  values() {
    return Array.from(this.entries(), (e) => e[1])[Symbol.iterator]();
  }
  entries() {
    return Array.from(this.#map.entries())
      .sort((a, b) => (a[0] < b[0] ? -1 : 1))
      [Symbol.iterator]();
  }
  [Symbol.iterator]() {
    return this.entries();
  }
}
