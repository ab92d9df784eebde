/* ---------- URL and URLSearchParams (parsing done by the host's WHATWG URL) ---------- */
import { hostUrl } from './bridge.ts';
import type { UrlParts } from './host.ts';

type Pair = [string, string];
export type URLSearchParamsInit =
  | URLSearchParams
  | Iterable<[unknown, unknown]>
  | Record<string, unknown>
  | string;

export class URLSearchParams {
  #list: Pair[] = [];
  #onChange: ((text: string) => void) | null = null;
  constructor(init?: URLSearchParamsInit | null) {
    if (init == null) return;
    if (init instanceof URLSearchParams) {
      this.#list = init.#list.map((p): Pair => [p[0], p[1]]);
      return;
    }
    if (typeof init === 'object') {
      const pairs =
        typeof (init as Partial<Iterable<unknown>>)[Symbol.iterator] === 'function'
          ? Array.from(init as Iterable<[unknown, unknown]>)
          : Object.keys(init).map((k) => [k, (init as Record<string, unknown>)[k]]);
      for (const pair of pairs) this.#list.push([String(pair[0]), String(pair[1])]);
      return;
    }
    this.#parse(String(init));
  }
  #parse(text: string) {
    this.#list = [];
    const s = text.startsWith('?') ? text.slice(1) : text;
    for (const part of s.split('&')) {
      if (!part) continue;
      const i = part.indexOf('=');
      const dec = (x: string) => {
        try {
          return decodeURIComponent(x.replace(/\+/g, ' '));
        } catch {
          return x;
        }
      };
      this.#list.push(i < 0 ? [dec(part), ''] : [dec(part.slice(0, i)), dec(part.slice(i + 1))]);
    }
  }
  /** Ties the params to a URL: each change sets the URL's search. */
  static _bind(params: URLSearchParams, onChange: (text: string) => void, text: string) {
    params.#parse(text);
    params.#onChange = onChange;
    return params;
  }
  static _reparse(params: URLSearchParams, text: string) {
    params.#parse(text);
  }
  #changed() {
    if (this.#onChange) this.#onChange(this.toString());
  }
  get size() {
    return this.#list.length;
  }
  append(k: unknown, v: unknown) {
    this.#list.push([String(k), String(v)]);
    this.#changed();
  }
  delete(k: unknown) {
    const key = String(k);
    this.#list = this.#list.filter((p) => p[0] !== key);
    this.#changed();
  }
  get(k: unknown) {
    const key = String(k);
    const p = this.#list.find((x) => x[0] === key);
    return p ? p[1] : null;
  }
  getAll(k: unknown) {
    const key = String(k);
    return this.#list.filter((x) => x[0] === key).map((x) => x[1]);
  }
  has(k: unknown) {
    const key = String(k);
    return this.#list.some((x) => x[0] === key);
  }
  set(k: unknown, v: unknown) {
    const key = String(k);
    const value = String(v);
    const i = this.#list.findIndex((x) => x[0] === key);
    if (i < 0) this.#list.push([key, value]);
    else {
      (this.#list[i] as Pair)[1] = value;
      this.#list = this.#list.filter((x, j) => j <= i || x[0] !== key);
    }
    this.#changed();
  }
  sort() {
    this.#list.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    this.#changed();
  }
  forEach(fn: (value: string, key: string, params: URLSearchParams) => void, self?: unknown) {
    for (const p of this.#list) fn.call(self, p[1], p[0], this);
  }
  keys() {
    return this.#list.map((p) => p[0])[Symbol.iterator]();
  }
  values() {
    return this.#list.map((p) => p[1])[Symbol.iterator]();
  }
  entries() {
    return this.#list.map((p): Pair => [p[0], p[1]])[Symbol.iterator]();
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  toString() {
    const enc = (x: string) =>
      encodeURIComponent(x)
        .replace(/%20/g, '+')
        .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    return this.#list.map((p) => `${enc(p[0])}=${enc(p[1])}`).join('&');
  }
}

function parseUrl(input: unknown, base?: unknown): UrlParts {
  const parts = hostUrl(String(input), base === undefined ? undefined : String(base));
  if (typeof parts === 'string') throw new TypeError(parts);
  return parts;
}

type UrlPart = Exclude<keyof UrlParts, 'href' | 'origin'>;

export class URL {
  #parts: UrlParts;
  #params: URLSearchParams;
  constructor(input: unknown, base?: unknown) {
    this.#parts = parseUrl(input instanceof URL ? input.href : input, base instanceof URL ? base.href : base);
    this.#params = URLSearchParams._bind(
      new URLSearchParams(),
      (text) => this.#set('search', text),
      this.#parts.search,
    );
  }
  static canParse(input: unknown, base?: unknown) {
    try {
      new URL(input, base);
      return true;
    } catch {
      return false;
    }
  }
  #set(part: UrlPart, value: unknown) {
    const next = hostUrl(this.#parts.href, undefined, part, String(value));
    if (typeof next === 'string') throw new TypeError(next);
    this.#parts = next;
    URLSearchParams._reparse(this.#params, next.search);
  }
  get origin() {
    return this.#parts.origin;
  }
  get href() {
    return this.#parts.href;
  }
  set href(value) {
    this.#parts = parseUrl(value);
    URLSearchParams._reparse(this.#params, this.#parts.search);
  }
  get protocol() {
    return this.#parts.protocol;
  }
  set protocol(value) {
    this.#set('protocol', value);
  }
  get username() {
    return this.#parts.username;
  }
  set username(value) {
    this.#set('username', value);
  }
  get password() {
    return this.#parts.password;
  }
  set password(value) {
    this.#set('password', value);
  }
  get host() {
    return this.#parts.host;
  }
  set host(value) {
    this.#set('host', value);
  }
  get hostname() {
    return this.#parts.hostname;
  }
  set hostname(value) {
    this.#set('hostname', value);
  }
  get port() {
    return this.#parts.port;
  }
  set port(value) {
    this.#set('port', value);
  }
  get pathname() {
    return this.#parts.pathname;
  }
  set pathname(value) {
    this.#set('pathname', value);
  }
  get search() {
    return this.#parts.search;
  }
  set search(value) {
    this.#set('search', value);
  }
  get hash() {
    return this.#parts.hash;
  }
  set hash(value) {
    this.#set('hash', value);
  }
  get searchParams() {
    return this.#params;
  }
  toString() {
    return this.#parts.href;
  }
  toJSON() {
    return this.#parts.href;
  }
}
