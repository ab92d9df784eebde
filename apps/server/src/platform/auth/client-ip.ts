import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** The address of an in-process request (tests): per-address limits do not apply to it. */
export const UNKNOWN_IP = 'unknown';

/** The caller's address: the first X-Forwarded-For hop behind a trusted proxy, else the socket's. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? UNKNOWN_IP;
  } catch {
    // In-process requests (tests) have no socket.
    return UNKNOWN_IP;
  }
}
