/**
 * The `Deno` global, for functions written for Deno as Base44 exports them: `Deno.serve` records the
 * handler, `Deno.env` reads the app's secrets (a copy per invocation; `set` changes only the copy).
 */
import type { Request } from './http.ts';

export interface DenoServeInfo {
  remoteAddr: { transport: string; hostname: string; port: number };
  completed: Promise<never>;
}
export type DenoHandler = (request: Request, info: DenoServeInfo) => unknown;

let denoHandler: DenoHandler | null = null;
let denoEnv: Record<string, string> = {};

/** The handler the function's file gave `Deno.serve`, if any. */
export const servedHandler = () => denoHandler;

/** Sets what `Deno.env` reads for the invocation that starts. */
export function setDenoEnv(env: Record<string, string>): void {
  denoEnv = Object.assign({}, env);
}

const SERVE_HELP = 'Deno.serve needs a handler: Deno.serve(async (req) => new Response(...))';

function denoServe(a: unknown, b?: unknown) {
  const handler =
    typeof a === 'function'
      ? a
      : typeof b === 'function'
        ? b
        : a && typeof (a as { handler?: unknown }).handler === 'function'
          ? (a as { handler: DenoHandler }).handler
          : null;
  if (!handler) throw new TypeError(SERVE_HELP);
  denoHandler = handler as DenoHandler;
  const addr = Object.freeze({ transport: 'tcp', hostname: '0.0.0.0', port: 8000 });
  return Object.freeze({
    addr,
    finished: new Promise(() => {}),
    shutdown: () => Promise.resolve(),
    ref() {},
    unref() {},
  });
}

const envName = (name: unknown) => {
  if (typeof name !== 'string') throw new TypeError('Deno.env: the variable name must be a string');
  return name;
};
const denoEnvApi = Object.freeze({
  get: (name: unknown) => (Object.hasOwn(denoEnv, envName(name)) ? denoEnv[name as string] : undefined),
  has: (name: unknown) => Object.hasOwn(denoEnv, envName(name)),
  set: (name: unknown, value: unknown) => {
    denoEnv[envName(name)] = String(value);
  },
  delete: (name: unknown) => {
    delete denoEnv[envName(name)];
  },
  toObject: () => Object.assign({}, denoEnv),
});

export const Deno = Object.freeze({
  serve: denoServe,
  env: denoEnvApi,
  version: Object.freeze({ deno: '2.0.0', v8: '', typescript: '' }),
  build: Object.freeze({ os: 'linux', arch: 'x86_64', target: 'x86_64-unknown-linux-gnu' }),
  pid: 1,
  noColor: true,
  cwd: () => '/',
});
