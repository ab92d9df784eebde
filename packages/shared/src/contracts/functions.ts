import { z } from 'zod';
import { FUNCTION_DEPLOY_STATUSES } from '../constants/functions.ts';

/** Backend functions of an app: deploy, list, batch deploy, recent invocations (spec 1 §4, §7, §8). */
export const functionDeployStatusSchema = z.enum(FUNCTION_DEPLOY_STATUSES);

/** A secret a function reads that is not set, with what it is for (the chat's secrets request; '' when unknown). */
export const missingSecretSchema = z
  .object({ key: z.string(), description: z.string() })
  .meta({ id: 'FunctionMissingSecret' });
export type MissingSecret = z.infer<typeof missingSecretSchema>;

export const deployErrorSchema = z
  .object({
    /** `missing_secrets` (with `missingSecrets`) or `compile` (with `diagnostics`). */
    type: z.enum(['missing_secrets', 'compile']),
    message: z.string(),
    missingSecrets: z.array(z.string()).optional(),
    /** The same secrets with their descriptions (spec 3 §3: reported with their description). */
    missingSecretDetails: z.array(missingSecretSchema).optional(),
    diagnostics: z.array(z.string()).optional(),
  })
  .meta({ id: 'FunctionDeployError' });
export type DeployError = z.infer<typeof deployErrorSchema>;

export const functionDeploymentSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    status: functionDeployStatusSchema,
    versionId: z.string().nullable(),
    /** Secret names the code reads (`ctx.env.NAME`, `ctx.env['NAME']`). */
    envReads: z.array(z.string()),
    error: deployErrorSchema.nullable(),
    createdAt: z.string(),
    deployedAt: z.string().nullable(),
  })
  .meta({ id: 'FunctionDeployment' });
export type FunctionDeployment = z.infer<typeof functionDeploymentSchema>;

/** A scheduled automation of the function's function.jsonc, with its run state. */
export const functionScheduleSchema = z
  .object({
    id: z.string(),
    /** The automation's name in function.jsonc. */
    automation: z.string(),
    /** Five-field cron expression (UTC) of a recurring schedule, or null. */
    cron: z.string().nullable(),
    /** The time of a one-time schedule, or null. */
    runAt: z.string().nullable(),
    paused: z.boolean(),
    /** When it runs next; null when paused or finished. */
    nextRunAt: z.string().nullable(),
    runCount: z.number().int(),
    lastRunAt: z.string().nullable(),
    lastStatus: z.enum(['success', 'error', 'timeout']).nullable(),
    lastError: z.string().nullable(),
  })
  .meta({ id: 'FunctionSchedule' });
export type FunctionSchedule = z.infer<typeof functionScheduleSchema>;

export const updateScheduleRequestSchema = z
  .object({ paused: z.boolean() })
  .meta({ id: 'UpdateFunctionScheduleRequest' });

export const functionSummarySchema = z
  .object({
    name: z.string(),
    path: z.string(),
    /** The latest deployment's state, or `not_deployed`. */
    status: z.union([functionDeployStatusSchema, z.literal('not_deployed')]),
    /** The deployment that answers calls (the latest successful one), if any. */
    live: functionDeploymentSchema.nullable(),
    latest: functionDeploymentSchema.nullable(),
    /** The current file differs from the live deployment's source. */
    changedSinceDeploy: z.boolean(),
    /** Secret names the current file reads. */
    envReads: z.array(z.string()),
    /** Of those, the ones not set. */
    missingSecrets: z.array(z.string()),
    /** The same, each with its description. */
    missingSecretDetails: z.array(missingSecretSchema),
    /** `{origin}/api/apps/{appId}/functions/{name}`, or null until the app is published. */
    webhookUrl: z.string().nullable(),
    /** Its scheduled automations (as last deployed). */
    schedules: z.array(functionScheduleSchema),
  })
  .meta({ id: 'FunctionSummary' });
export type FunctionSummary = z.infer<typeof functionSummarySchema>;

export const functionsListResponseSchema = z
  .object({ functions: z.array(functionSummarySchema), published: z.boolean() })
  .meta({ id: 'FunctionsList' });
export type FunctionsListResponse = z.infer<typeof functionsListResponseSchema>;

export const deployFunctionResponseSchema = z
  .object({
    deployment: functionDeploymentSchema,
    /** The webhook URL, or null until the app is published (spec 1 §7 `functionUrl`). */
    functionUrl: z.string().nullable(),
    message: z.string(),
  })
  .meta({ id: 'DeployFunctionResponse' });
export type DeployFunctionResponse = z.infer<typeof deployFunctionResponseSchema>;

export const batchDeployRequestSchema = z
  .object({ names: z.array(z.string().min(1).max(64)).max(100).optional() })
  .meta({ id: 'BatchDeployRequest' });
export type BatchDeployRequest = z.infer<typeof batchDeployRequestSchema>;

export const batchDeployResponseSchema = z
  .object({
    results: z.array(
      z.object({
        name: z.string(),
        ok: z.boolean(),
        status: functionDeployStatusSchema,
        error: deployErrorSchema.nullable(),
      }),
    ),
    deployed: z.number().int(),
    failed: z.number().int(),
    /** The success, partial or all-failed message. */
    message: z.string(),
    outcome: z.enum(['success', 'partial', 'failed', 'empty']),
  })
  .meta({ id: 'BatchDeployResponse' });
export type BatchDeployResponse = z.infer<typeof batchDeployResponseSchema>;

export const invocationLogLineSchema = z.object({
  level: z.enum(['debug', 'info', 'warn', 'error']),
  message: z.string(),
  at: z.number(),
});

export const functionInvocationSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    deploymentId: z.string().nullable(),
    status: z.enum(['success', 'error', 'timeout']),
    httpStatus: z.number().int(),
    durationMs: z.number(),
    cold: z.boolean(),
    trigger: z.enum(['webhook', 'sdk', 'entity', 'schedule']),
    error: z.string().nullable(),
    logs: z.array(invocationLogLineSchema),
    createdAt: z.string(),
  })
  .meta({ id: 'FunctionInvocation' });
export type FunctionInvocation = z.infer<typeof functionInvocationSchema>;

export const invocationsResponseSchema = z
  .object({ invocations: z.array(functionInvocationSchema) })
  .meta({ id: 'FunctionInvocations' });
export type InvocationsResponse = z.infer<typeof invocationsResponseSchema>;
