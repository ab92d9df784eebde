import { analyticsQuerySchema, appAnalyticsSchema, appIdParamSchema } from '@atelier/shared';
import { createRoute } from '@hono/zod-openapi';
import { requireBuilder } from '../../platform/auth/middleware.ts';
import { createRouter } from '../../platform/http/openapi.ts';
import type { AppsRuntime } from '../apps/apps.runtime.ts';
import { builderErrors, builderOf, errorContent, jsonContent } from '../apps/http.ts';
import { appAnalytics } from './analytics.service.ts';

const analyticsRoute = createRoute({
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
