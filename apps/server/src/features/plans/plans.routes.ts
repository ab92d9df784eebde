import { plansQuerySchema, plansResponseSchema } from '@atelier/shared';
import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '../../platform/http/openapi.ts';
import type { BillingService } from './billing.service.ts';
import { jsonContent } from './route-helpers.ts';

const tags = ['plans'];

const plansRoute = createRoute({
  method: 'get',
  path: '/plans',
  tags,
  summary: 'The plans catalogue (lite, discover, explorer, monetizer, moon and the one-time app package)',
  responses: { 200: jsonContent(plansResponseSchema, 'Plans in upgrade order') },
});

const paidPlansRoute = createRoute({
  method: 'get',
  path: '/live_api/app/paidPlans',
  tags,
  summary: 'The plans shown by the upgrade dialog (spec 1 §7)',
  request: { query: plansQuerySchema },
  responses: { 200: jsonContent(plansResponseSchema, 'Plans in upgrade order') },
});

/** The catalogue is public: the /joinplan page shows it before sign-in too. */
export function plansRoutes(billing: BillingService) {
  return createRouter()
    .openapi(plansRoute, (c) => c.json(billing.plans(), 200))
    .openapi(paidPlansRoute, (c) => c.json(billing.plans(), 200));
}
