import type { Context } from 'hono';

/**
 * Bindings of an in-process request made for a function's SDK calls (`ctx.sdk`, or the Base44
 * client of `npm:@base44/sdk`). Only the functions runtime's dispatch sets them: a request from
 * outside gets the server's own bindings and can never carry these.
 */
export interface SdkDispatchEnv {
  /** Set for `asServiceRole` calls: the request acts as the app's service role. */
  atelierServiceRole?: { appId: string };
  /** How deep in function-calls-function the request is (refused past MAX_FUNCTION_DEPTH). */
  atelierFunctionDepth?: number;
}

/**
 * The app whose service role this request acts as (a function's `asServiceRole` call), or
 * undefined. The service role bypasses the app's access rules, for that app only.
 */
export function serviceRoleAppId(c: Context): string | undefined {
  const env = c.env as SdkDispatchEnv | undefined;
  const appId = env?.atelierServiceRole?.appId;
  return typeof appId === 'string' ? appId : undefined;
}
