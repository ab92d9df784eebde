import os from 'node:os';
import { z } from 'zod';

/** Env variables of backend functions (README "Configuration"). */
export const functionsEnvSchema = z.object({
  /** Function runner processes (isolated-vm); default min(4, CPUs). */
  FUNCTION_RUNNERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Invocations of one app that run at once; default a quarter of the pool's slots. */
  FUNCTION_APP_CONCURRENCY: z.coerce.number().int().min(1).max(1024).optional(),
  /** Invocations of one app that may wait for a slot; default twice the pool's slots. */
  FUNCTION_APP_QUEUE: z.coerce.number().int().min(0).max(100_000).optional(),
  /** Invocations that may wait in all; default eight times the pool's slots. */
  FUNCTION_QUEUE_MAX: z.coerce.number().int().min(0).max(1_000_000).optional(),
  /** Entity-hook runs of one app per minute, counted across instances; default 600. */
  FUNCTION_HOOK_RUNS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).optional(),
});

export interface FunctionsConfig {
  runners: number;
  appConcurrency: number | undefined;
  appQueue: number | undefined;
  queueMax: number | undefined;
  hookRunsPerMinute: number;
}

export function toFunctionsConfig(e: z.infer<typeof functionsEnvSchema>): FunctionsConfig {
  return {
    runners: e.FUNCTION_RUNNERS ?? Math.max(1, Math.min(4, os.availableParallelism())),
    appConcurrency: e.FUNCTION_APP_CONCURRENCY,
    appQueue: e.FUNCTION_APP_QUEUE,
    queueMax: e.FUNCTION_QUEUE_MAX,
    hookRunsPerMinute: e.FUNCTION_HOOK_RUNS_PER_MINUTE ?? 600,
  };
}
