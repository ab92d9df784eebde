import { createHash } from 'node:crypto';
import { functionWebhookUrl } from '@atelier/shared';
import { AppError } from '../../platform/errors.ts';
import type { FunctionsRuntime } from './functions.runtime.ts';
import { invokeFunction } from './invoke.service.ts';

/** Attempts of an automation's run the pool refused for load (app busy, overloaded) or whose runner crashed. */
export const SERVICE_RUN_ATTEMPTS = 3;

/** How an automation's run ended (its invocation is recorded by invokeFunction). */
export interface ServiceRunResult {
  status: 'success' | 'error' | 'timeout';
  error: string | null;
}

/**
 * Runs a function as the app's service role (automations: entity hooks, schedules) with a JSON
 * body, through the function pool like any call, retried when the pool refused it for load or its
 * runner crashed.
 */
export async function runAsService(
  rt: FunctionsRuntime,
  appId: string,
  name: string,
  body: string,
  trigger: 'entity' | 'schedule',
): Promise<ServiceRunResult> {
  const url = functionWebhookUrl(rt.origin(), appId, name);
  for (let attempt = 1; ; attempt++) {
    let result: ServiceRunResult;
    let retry: boolean;
    try {
      const request = new Request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-atelier-trigger': trigger },
        body,
      });
      const response = await invokeFunction(rt, {
        appId,
        name,
        request,
        body: () => request.arrayBuffer(),
        actor: null,
        trigger,
        callerIsService: true,
        env: { atelierServiceRole: { appId } },
      });
      await response.body?.cancel();
      retry = response.status === 429 || response.status === 503;
      result =
        response.status < 400
          ? { status: 'success', error: null }
          : { status: 'error', error: `The function answered status ${response.status}` };
    } catch (error) {
      // The function's own failures are in its invocations already; a crashed runner is retried.
      if (!(error instanceof AppError)) throw error;
      retry = (error.details as { kind?: string } | undefined)?.kind === 'crash';
      result = { status: error.code === 'function_timeout' ? 'timeout' : 'error', error: error.message };
    }
    if (!retry || attempt >= SERVICE_RUN_ATTEMPTS) return result;
    await new Promise((resolve) => setTimeout(resolve, 500 * attempt).unref());
  }
}

/** A UUID made from `text`: the same on every instance for the same signal, hook and record. */
export function uuidOf(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
