import { z } from 'zod';

export const databaseKindSchema = z.enum(['pglite', 'postgres']);
export type DatabaseKind = z.infer<typeof databaseKindSchema>;

export const healthResponseSchema = z
  .object({
    status: z.literal('ok'),
    database: databaseKindSchema,
    version: z.string(),
  })
  .meta({ id: 'Health' });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const readinessCheckSchema = z.enum(['ok', 'unreachable']);

export const readyResponseSchema = z
  .object({
    /** 'ready' (200) when every check is 'ok', else 'unavailable' (503). */
    status: z.enum(['ready', 'unavailable']),
    database: readinessCheckSchema,
    queue: readinessCheckSchema,
    /** Present (true) while a graceful shutdown drains the instance: it answers 503 whatever the checks say. */
    draining: z.literal(true).optional(),
  })
  .meta({ id: 'Readiness' });
export type ReadyResponse = z.infer<typeof readyResponseSchema>;
