/* ---------- Blob, File, FormData (bodies read with formData()) ---------- */
import { latin1, toBytes, utf8Decode, utf8Encode } from './text.ts';
import { URLSearchParams } from './url.ts';

export interface BlobOptions {
  type?: unknown;
}

export class Blob {
  #bytes: Uint8Array;
  #type: string;
  constructor(parts: Iterable<unknown> = [], options: BlobOptions = {}) {
    const chunks = Array.from(parts, (part) =>
      part instanceof Blob ? part.#bytes : typeof part === 'string' ? utf8Encode(part) : toBytes(part),
    );
    const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const chunk of chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    this.#bytes = out;
    this.#type = String(options.type || '').toLowerCase();
  }
  _bytes() {
    return this.#bytes.slice();
  }
  get size() {
    return this.#bytes.length;
  }
  get type() {
    return this.#type;
  }
  arrayBuffer() {
    return Promise.resolve(this.#bytes.slice().buffer);
  }
  bytes() {
    return Promise.resolve(this.#bytes.slice());
  }
  text() {
    return Promise.resolve(utf8Decode(this.#bytes));
  }
  slice(start?: number, end?: number, type?: unknown) {
    return new Blob([this.#bytes.slice(start, end)], { type });
  }
}

export interface FileOptions extends BlobOptions {
  lastModified?: number;
}

export class File extends Blob {
  #name: string;
  #lastModified: number;
  constructor(parts: Iterable<unknown>, name: unknown, options: FileOptions = {}) {
    super(parts, options);
    this.#name = String(name);
    this.#lastModified = options.lastModified || 0;
  }
  get name() {
    return this.#name;
  }
  get lastModified() {
    return this.#lastModified;
  }
}

type FormValue = string | File;

export class FormData {
  #list: [string, FormValue][] = [];
  #value(value: unknown, filename?: unknown): FormValue {
    if (value instanceof Blob)
      return value instanceof File && filename === undefined
        ? value
        : new File([value], filename === undefined ? 'blob' : filename, { type: value.type });
    return String(value);
  }
  append(name: unknown, value: unknown, filename?: unknown) {
    this.#list.push([String(name), this.#value(value, filename)]);
  }
  set(name: unknown, value: unknown, filename?: unknown) {
    this.delete(name);
    this.append(name, value, filename);
  }
  get(name: unknown) {
    const e = this.#list.find((p) => p[0] === String(name));
    return e ? e[1] : null;
  }
  getAll(name: unknown) {
    return this.#list.filter((p) => p[0] === String(name)).map((p) => p[1]);
  }
  has(name: unknown) {
    return this.#list.some((p) => p[0] === String(name));
  }
  delete(name: unknown) {
    this.#list = this.#list.filter((p) => p[0] !== String(name));
  }
  forEach(fn: (value: FormValue, name: string, form: FormData) => void, self?: unknown) {
    for (const [k, v] of this.#list) fn.call(self, v, k, this);
  }
  entries() {
    return this.#list.map((p): [string, FormValue] => [p[0], p[1]])[Symbol.iterator]();
  }
  keys() {
    return this.#list.map((p) => p[0])[Symbol.iterator]();
  }
  values() {
    return this.#list.map((p) => p[1])[Symbol.iterator]();
  }
  [Symbol.iterator]() {
    return this.entries();
  }
}

/** A url-encoded or multipart body as FormData (what `formData()` of a Request or Response answers). */
export function parseFormData(bytes: Uint8Array, contentType: string): FormData {
  const form = new FormData();
  if (/^application\/x-www-form-urlencoded/i.test(contentType)) {
    new URLSearchParams(utf8Decode(bytes)).forEach((value, key) => {
      form.append(key, value);
    });
    return form;
  }
  const boundary = /^multipart\/form-data;.*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary)
    throw new TypeError(
      'formData(): the body is not multipart/form-data or application/x-www-form-urlencoded',
    );
  const text = latin1(bytes);
  const delimiter = `--${boundary[1] || boundary[2]}`;
  const fromLatin1 = (value: string) => utf8Decode(Uint8Array.from(value, (c) => c.charCodeAt(0)));
  let at = text.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (text.startsWith('--', start)) break;
    const next = text.indexOf(`\r\n${delimiter}`, start);
    if (next < 0) break;
    const part = text.slice(start + 2, next);
    const split = part.indexOf('\r\n\r\n');
    const head = split < 0 ? part : part.slice(0, split);
    const bodyStart = start + 2 + (split < 0 ? part.length : split + 4);
    const disposition = /content-disposition:[^\r\n]*?\bname="([^"]*)"(?:;\s*filename="([^"]*)")?/i.exec(
      head,
    );
    const type = /content-type:\s*([^\r\n]+)/i.exec(head);
    if (disposition) {
      const content = bytes.subarray(bodyStart, next);
      const name = fromLatin1(disposition[1] as string);
      if (disposition[2] !== undefined) {
        const filename = fromLatin1(disposition[2]);
        form.append(
          name,
          new File([content], filename, {
            type: type ? (type[1] as string).trim() : 'application/octet-stream',
          }),
        );
      } else form.append(name, utf8Decode(content));
    }
    at = next + 2;
  }
  return form;
}
