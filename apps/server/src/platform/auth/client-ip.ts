import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** The address of an in-process request (tests): per-address limits do not apply to it. */
export const UNKNOWN_IP = 'unknown';

/** The caller's address: the first X-Forwarded-For hop behind a trusted proxy, else the socket's. */
export function clientIp(c: Context, trustProxy: boolean): string {
  let socket: string | undefined;
  try {
    socket = getConnInfo(c).remote.address;
  } catch {
    // In-process requests (tests) have no socket.
  }
  return callerAddress(c.req.header('x-forwarded-for'), socket, trustProxy);
}

/** `clientIp` from what any connection tells (an HTTP request, a socket.io handshake). */
export function callerAddress(
  forwardedFor: string | undefined,
  socket: string | undefined,
  trustProxy: boolean,
): string {
  if (trustProxy) {
    const forwarded = forwardedFor?.split(',')[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  return socket ?? UNKNOWN_IP;
}

/** 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export function isLoopbackAddress(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** Whether a host name (of a URL) is this machine only: localhost, *.localhost, 127.x, [::1]. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || isLoopbackAddress(host);
}

/**
 * Whether the request comes from this machine (issue 20 #15: the dev outbox and an open /metrics
 * answer nobody else). The socket's address must be loopback; a request relayed by a proxy (it
 * names a forwarded client) counts only when TRUST_PROXY is on and that client is loopback too. An
 * in-process request (no socket: tests, the server calling itself) is local.
 */
export function isLoopbackRequest(c: Context, trustProxy: boolean): boolean {
  let socket: string | undefined;
  try {
    socket = getConnInfo(c).remote.address;
  } catch {
    return true;
  }
  if (!socket || !isLoopbackAddress(socket)) return false;
  const forwarded = c.req.header('x-forwarded-for') ?? c.req.header('forwarded');
  if (forwarded === undefined) return true;
  return trustProxy && isLoopbackAddress(clientIp(c, true));
}
