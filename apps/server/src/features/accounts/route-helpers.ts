import { errorResponseSchema } from '@atelier/shared';
import type { Context } from 'hono';
import type { z } from 'zod';
import { clientIp } from '../../platform/auth/client-ip.ts';
import type { AppEnv } from '../../platform/http/env.ts';
import type { RequestMeta } from './accounts.context.ts';

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

export const errorContent = (description: string) => jsonContent(errorResponseSchema, description);

export function requestMeta(c: Context<AppEnv>): RequestMeta {
  return {
    ip: clientIp(c, c.get('auth').config.auth.trustProxy),
    userAgent: c.req.header('user-agent') ?? null,
  };
}
