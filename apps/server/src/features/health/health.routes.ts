import { healthResponseSchema } from '@atelier/shared';
import { createRoute } from '@hono/zod-openapi';
import type { Database } from '../../platform/db/database.ts';
import { createRouter } from '../../platform/http/openapi.ts';
import { APP_VERSION } from '../../platform/version.ts';

const healthRoute = createRoute({
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

export function healthRoutes(database: Pick<Database, 'kind'>) {
  return createRouter().openapi(healthRoute, (c) =>
    c.json({ status: 'ok' as const, database: database.kind, version: APP_VERSION }, 200),
  );
}
