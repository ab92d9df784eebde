/**
 * The sandbox prelude: run first in every function isolate (bundled to one script by
 * `bundle-prelude.mjs`; loaded by `prelude-source.ts`). It installs the web-standard globals a handler
 * may use (Headers, Request, Response, FormData, Blob, File, URL, URLSearchParams, TextEncoder,
 * TextDecoder, atob, btoa, crypto.randomUUID / getRandomValues / subtle.digest / HMAC, fetch, timers,
 * console, Deno) and `__atelierInvoke`, which builds the Request, calls the handler with `{ env, sdk }`
 * and answers a plain copy of the Response. The isolate has no Node APIs: everything that needs the
 * outside (randomness, URL parsing, hashing, fetch, timers, SDK calls, log lines) goes through the
 * bridge functions the host installs as `__ab_*` globals, which `bridge.ts` captures and deletes
 * before any other module runs. This directory is type-checked with its own tsconfig (no DOM, no
 * Node types): only what V8 and the host provide.
 */
import './base44.ts';
import { Blob, File, FormData } from './blob.ts';
import { defineHidden, g } from './bridge.ts';
import { console, describe } from './console.ts';
import { crypto } from './crypto.ts';
import { Deno, type DenoServeInfo, servedHandler, setDenoEnv } from './deno.ts';
import { fetch } from './fetch.ts';
import { Headers } from './headers.ts';
import type { IsolateAnswer, IsolateRequest } from './host.ts';
import { Request, Response } from './http.ts';
import { callerSdk } from './sdk.ts';
import { atob, btoa, TextDecoder, TextEncoder, utf8Encode } from './text.ts';
import { clearTimeout, queueMicrotask, resetTimers, setInterval, setTimeout } from './timers.ts';
import { URL, URLSearchParams } from './url.ts';

/* ---------- invocation ---------- */
type Handler = (
  request: Request,
  ctx: { env: Readonly<Record<string, string>>; sdk: typeof callerSdk },
) => unknown;

const DENO_INFO: DenoServeInfo = Object.freeze({
  remoteAddr: Object.freeze({ transport: 'tcp', hostname: '0.0.0.0', port: 0 }),
  completed: new Promise<never>(() => {}),
});

async function runInvocation(
  raw: IsolateRequest,
  env: Record<string, string>,
  ownHandler?: Handler,
): Promise<IsolateAnswer> {
  resetTimers();
  setDenoEnv(env);
  // A default export (Atelier's form) wins; otherwise the handler the file gave Deno.serve.
  const handler =
    ownHandler || (typeof g.__atelierHandler === 'function' ? (g.__atelierHandler as Handler) : null);
  const deno = handler ? null : servedHandler();
  if (typeof (handler || deno) !== 'function')
    throw new TypeError(
      'The function file must export a default handler (export default async (req, ctx) => new Response(...)) or call Deno.serve(async (req) => new Response(...))',
    );
  const request = new Request(raw.url, {
    method: raw.method,
    headers: raw.headers,
    body: raw.body?.byteLength ? new Uint8Array(raw.body) : undefined,
  });
  const result = deno
    ? await deno(request, DENO_INFO)
    : await (handler as Handler)(
        request,
        Object.freeze({ env: Object.freeze(Object.assign({}, env)), sdk: callerSdk }),
      );
  if (!(result instanceof Response))
    throw new TypeError(
      `The handler must return a Response (or a Promise of one), got ${describe(result, 1)}`,
    );
  const bytes = result._bytes();
  resetTimers();
  return {
    status: result.status,
    headers: Array.from(result.headers.entries())
      .filter((e) => e[0] !== 'set-cookie')
      .concat(result.headers.getSetCookie().map((c): [string, string] => ['set-cookie', c])),
    body: bytes === null ? null : bytes.slice().buffer,
  };
}

const globals: Record<string, unknown> = {
  Deno,
  Blob,
  File,
  FormData,
  console,
  TextEncoder,
  TextDecoder,
  atob,
  btoa,
  URL,
  URLSearchParams,
  Headers,
  Request,
  Response,
  fetch,
  crypto,
  setTimeout,
  setInterval,
  clearTimeout,
  clearInterval: clearTimeout,
  queueMicrotask,
};
for (const name of Object.keys(globals))
  Object.defineProperty(g, name, {
    value: globals[name],
    writable: true,
    configurable: true,
    enumerable: false,
  });
defineHidden('__atelierInvoke', (raw: IsolateRequest, env: Record<string, string>) =>
  runInvocation(raw, env),
);

/** Runs the request/response paths once so V8 has compiled them before a real call (isolate-runtime.ts). */
const warmUpHandler: Handler = async (req) => {
  const url = new URL(req.url);
  url.searchParams.get('q');
  await req.text();
  return Response.json(
    { ok: req.headers.get('content-type'), path: url.pathname },
    { headers: { 'x-warm': '1' } },
  );
};
defineHidden(
  '__atelierWarmUp',
  () => {
    delete g.__atelierWarmUp;
    const body = utf8Encode('warm').buffer as ArrayBuffer;
    const request = {
      method: 'POST',
      url: 'http://warm.up/?q=1',
      headers: [['content-type', 'text/plain']],
      body,
    };
    return runInvocation(request as IsolateRequest, {}, warmUpHandler).then(() => undefined);
  },
  true,
);
