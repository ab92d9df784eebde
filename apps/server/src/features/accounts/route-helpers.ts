import { errorResponseSchema } from '@atelier/shared';
import type { Context } from 'hono';
import type { z } from 'zod';
import { clientIp, isLoopbackRequest } from '../../platform/auth/client-ip.ts';
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
  const { trustProxy } = c.get('auth').config.auth;
  return {
    ip: clientIp(c, trustProxy),
    userAgent: c.req.header('user-agent') ?? null,
    loopback: isLoopbackRequest(c, trustProxy),
  };
}
