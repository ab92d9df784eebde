import { plansQuerySchema, plansResponseSchema } from '@atelier/shared';
import { createRouter, defineRoute, jsonContent } from '../../platform/http/openapi.ts';
import { POLICY } from '../../platform/http/route-policy.ts';
import type { BillingService } from './billing.service.ts';

const tags = ['plans'];

const plansRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/plans',
  tags,
  summary: 'The plans catalogue (lite, discover, explorer, monetizer, moon and the one-time app package)',
  responses: { 200: jsonContent(plansResponseSchema, 'Plans in upgrade order') },
});

const paidPlansRoute = defineRoute({
  policy: POLICY.api,
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
