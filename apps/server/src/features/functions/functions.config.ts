import os from 'node:os';
import { z } from 'zod';

/** Env variables of backend functions (README "Configuration"). */
export const functionsEnvSchema = z.object({
  /** Function runner processes (isolated-vm); default min(4, CPUs). */
  FUNCTION_RUNNERS: z.coerce.number().int().min(1).max(64).optional(),
});

export interface FunctionsConfig {
  runners: number;
}

export function toFunctionsConfig(e: z.infer<typeof functionsEnvSchema>): FunctionsConfig {
  return { runners: e.FUNCTION_RUNNERS ?? Math.max(1, Math.min(4, os.availableParallelism())) };
}
