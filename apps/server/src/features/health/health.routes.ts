import { healthResponseSchema, readyResponseSchema } from '@atelier/shared';
import type { Database } from '../../platform/db/database.ts';
import type { Drain } from '../../platform/http/drain.ts';
import { createRouter, defineRoute } from '../../platform/http/openapi.ts';
import { POLICY } from '../../platform/http/route-policy.ts';
import { APP_VERSION } from '../../platform/version.ts';

const healthRoute = defineRoute({
  policy: POLICY.unmetered,
  method: 'get',
  path: '/health',
  tags: ['system'],
  summary: 'Liveness: the server answers and names its database engine',
  responses: {
    200: {
      description: 'The server is up',
      content: { 'application/json': { schema: healthResponseSchema } },
    },
  },
});

const readyRoute = defineRoute({
  policy: POLICY.unmetered,
  method: 'get',
  path: '/ready',
  tags: ['system'],
  summary: 'Readiness: the database answers `select 1` and the job queue is reachable',
  responses: {
    200: {
      description: 'Ready to serve',
      content: { 'application/json': { schema: readyResponseSchema } },
    },
    503: {
      description: 'A dependency is unreachable (or the server is shutting down)',
      content: { 'application/json': { schema: readyResponseSchema } },
    },
  },
});

/** Longest wait for one readiness check: a load balancer's probe must get an answer quickly. */
export const READY_CHECK_TIMEOUT_MS = 2_000;

async function check(probe: () => Promise<unknown>): Promise<'ok' | 'unreachable'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), READY_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return 'ok';
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `drain` is the server's graceful-shutdown state (platform/http/drain.ts): while it drains, readiness
 * answers 503 with `draining: true` so a load balancer stops sending before the process stops.
 */
export function healthRoutes(database: Pick<Database, 'kind' | 'query'>, drain?: Pick<Drain, 'draining'>) {
  return createRouter()
    .openapi(healthRoute, (c) =>
      c.json({ status: 'ok' as const, database: database.kind, version: APP_VERSION }, 200),
    )
    .openapi(readyRoute, async (c) => {
      const db = await check(() => database.query('select 1'));
      // pg-boss keeps its tables in the `pgboss` schema of the same database; its version row exists
      // once the queue has started (installed its schema).
      const queue =
        db === 'ok'
          ? await check(async () => {
              const { rows } = await database.query('select version from pgboss.version');
              if (rows.length === 0) throw new Error('job queue not installed');
            })
          : 'unreachable';
      if (drain?.draining) {
        return c.json({ status: 'unavailable' as const, database: db, queue, draining: true as const }, 503);
      }
      const ready = db === 'ok' && queue === 'ok';
      return ready
        ? c.json({ status: 'ready' as const, database: db, queue }, 200)
        : c.json({ status: 'unavailable' as const, database: db, queue }, 503);
    });
}
