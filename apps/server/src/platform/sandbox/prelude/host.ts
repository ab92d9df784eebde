/**
 * What crosses the isolate's boundary: the bridge functions the host (isolate-runtime.ts) installs
 * as `__ab_*` globals before the prelude runs, and the shapes they take and answer. Types only, shared
 * by both sides, so a change on one side fails the other's type check.
 */
import type { SdkAnswer, SdkCall } from '../protocol.ts';

/** The parts of a parsed URL (the host parses with Node's WHATWG URL). */
export interface UrlParts {
  href: string;
  origin: string;
  protocol: string;
  username: string;
  password: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;
}

/** A request of the function's `fetch`, as the host performs it (through the SSRF guard). */
export interface HostFetchRequest {
  url: string;
  method: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
  redirect: 'follow' | 'manual' | 'error';
}

export interface HostFetchResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: ArrayBuffer;
  url: string;
  redirected: boolean;
}

/** The request `__atelierInvoke` receives (the invocation's HTTP request, copied in). */
export interface IsolateRequest {
  method: string;
  url: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
}

/** What `__atelierInvoke` answers (copied out). */
export interface IsolateAnswer {
  status: number;
  headers: [string, string][];
  body: ArrayBuffer | null;
}

/** The options every asynchronous bridge call passes to `Reference.apply`. */
export interface AsyncApply {
  arguments: { copy: true };
  result: { promise: true; copy: true };
}

/** An isolated-vm `Reference` to a host function answering a promise, as seen from inside the isolate. */
export interface HostReference<A extends unknown[], R> {
  apply(receiver: undefined, args: A, options: AsyncApply): Promise<R>;
}

/** The bridge globals, by name. Callbacks (`ivm.Callback`) are plain synchronous functions inside. */
export interface HostBridge {
  __ab_log: (level: string, text: string) => void;
  __ab_random: (bytes: number) => ArrayBuffer;
  /** Parses `input` against `base`, or sets `part` to `value` on `input`; an error message on failure. */
  __ab_url: (input: string, base?: string, part?: string, value?: string) => UrlParts | string;
  __ab_digest: (algorithm: string, data: ArrayBuffer) => ArrayBuffer;
  __ab_hmac: (hash: string, key: ArrayBuffer, data: ArrayBuffer) => ArrayBuffer;
  __ab_fetch: HostReference<[HostFetchRequest], HostFetchResponse>;
  __ab_sleep: HostReference<[number], void>;
  __ab_sdk: HostReference<[SdkCall], SdkAnswer>;
}
