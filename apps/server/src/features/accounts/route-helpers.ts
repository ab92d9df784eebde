import type { Context } from 'hono';
import { clientIp, isLoopbackRequest } from '../../platform/auth/client-ip.ts';
import type { AppEnv } from '../../platform/http/env.ts';
import type { RequestMeta } from './accounts.context.ts';

export function requestMeta(c: Context<AppEnv>): RequestMeta {
  const { trustProxy } = c.get('auth').config.auth;
  return {
    ip: clientIp(c, trustProxy),
    userAgent: c.req.header('user-agent') ?? null,
    loopback: isLoopbackRequest(c, trustProxy),
  };
}
