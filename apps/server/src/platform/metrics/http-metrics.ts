import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import { isLoopbackRequest } from '../auth/client-ip.ts';
import type { AppEnv } from '../http/env.ts';
import { POLICY, routePolicy } from '../http/route-policy.ts';
import type { Metrics } from './metrics.ts';

/**
 * Counts every answer and its latency by the route pattern that answered (`/api/apps/:appId`), never
 * the raw URL, so the number of series stays bounded whatever clients ask for.
 */
export function httpMetrics(metrics: Metrics) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    await next();
    metrics.observeRequest({
      method: c.req.method,
      route: routePath(c) || 'unmatched',
      status: c.res.status,
      seconds: (performance.now() - started) / 1000,
    });
  });
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * `GET /metrics` in Prometheus's text format; with METRICS_TOKEN set it asks for `Authorization:
 * Bearer`, without it only requests from this machine get an answer (404 to others: issue 20 #15).
 */
export function metricsRoutes(metrics: Metrics, token: string | undefined, trustProxy: boolean) {
  return new Hono<AppEnv>().get('/metrics', routePolicy(POLICY.page), async (c) => {
    if (!token && !isLoopbackRequest(c, trustProxy)) return c.text('Not found\n', 404);
    if (token) {
      const given = c.req.header('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1] ?? '';
      if (!sameSecret(given, token)) {
        c.header('WWW-Authenticate', 'Bearer realm="metrics"');
        return c.text('Unauthorized\n', 401);
      }
    }
    c.header('Cache-Control', 'no-store');
    return c.body(await metrics.render(), 200, { 'Content-Type': metrics.registry.contentType });
  });
}
