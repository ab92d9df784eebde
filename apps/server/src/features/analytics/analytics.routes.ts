import { analyticsQuerySchema, appAnalyticsSchema, appIdParamSchema } from '@atelier/shared';
import { builderOf, requireBuilder } from '../../platform/auth/middleware.ts';
import {
  builderErrors,
  createRouter,
  defineRoute,
  errorContent,
  jsonContent,
} from '../../platform/http/openapi.ts';
import { POLICY } from '../../platform/http/route-policy.ts';
import type { AppsRuntime } from '../apps/apps.runtime.ts';
import { appAnalytics } from './analytics.service.ts';

const analyticsRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/apps/{appId}/analytics',
  tags: ['analytics'],
  summary: 'Runs, unique users, sign-ups, messages, tokens and cost per UTC day of a published app',
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema, query: analyticsQuerySchema },
  responses: {
    200: jsonContent(appAnalyticsSchema, 'Figures per day, oldest first'),
    409: errorContent('Publish your app to access analytics.'),
    ...builderErrors,
  },
});

/** The analytics page's data (features/analytics). */
export function analyticsRoutes(runtime: AppsRuntime) {
  return createRouter().openapi(analyticsRoute, async (c) => {
    const { days } = c.req.valid('query');
    return c.json(await appAnalytics(runtime, builderOf(c), c.req.valid('param').appId, days), 200);
  });
}
