import type { AsyncApply, HostBridge } from './host.ts';

/** The isolate's global object (no DOM, no Node: only what V8 and the host put there). */
export const g = globalThis as unknown as Record<string, unknown>;

/** Reads a bridge global and deletes it, so the function's code never sees the host's functions. */
const take = <K extends keyof HostBridge>(name: K): HostBridge[K] => {
  const v = g[name] as HostBridge[K];
  delete g[name];
  return v;
};

export const hostLog = take('__ab_log');
export const hostRandom = take('__ab_random');
export const hostUrl = take('__ab_url');
export const hostDigest = take('__ab_digest');
export const hostHmac = take('__ab_hmac');
export const hostFetch = take('__ab_fetch');
export const hostSleep = take('__ab_sleep');
export const hostSdk = take('__ab_sdk');
export const ASYNC: AsyncApply = { arguments: { copy: true }, result: { promise: true, copy: true } };

/** Defines a global the function's code cannot overwrite or delete. */
export function defineHidden(name: string, value: unknown, configurable = false): void {
  Object.defineProperty(g, name, { value, writable: false, configurable, enumerable: false });
}
