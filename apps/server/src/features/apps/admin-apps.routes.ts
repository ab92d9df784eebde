import {
  ADMIN_USER_APPS_PAGE,
  type AdminApp,
  APP_MESSAGES,
  adminAppSchema,
  adminAppsResponseSchema,
  adminUserParamSchema,
  appIdParamSchema,
} from '@atelier/shared';
import { requireAdmin } from '../../platform/auth/middleware.ts';
import { notFound } from '../../platform/errors.ts';
import { createRouter, defineRoute, errorContent, jsonContent } from '../../platform/http/openapi.ts';
import { POLICY } from '../../platform/http/route-policy.ts';
import type { AppRow } from './apps.repo.ts';
import type { AppsRuntime } from './apps.runtime.ts';

/**
 * Platform admins find a builder's app and open its chat read-only (spec 3 §6 "Rating is hidden
 * when the view is read-only"): support reads the conversation; the chat's actions answer 403 for
 * them (features/chat `ownedApp`). Nothing here changes an app.
 */
const tags = ['admin'];
const adminErrors = { 401: errorContent('Signed out'), 403: errorContent('Not an admin') } as const;

const userAppsRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/admin/users/{userId}/apps',
  tags,
  summary: "A builder's apps, most recently changed first (admins)",
  middleware: [requireAdmin] as const,
  request: { params: adminUserParamSchema },
  responses: { 200: jsonContent(adminAppsResponseSchema, 'Apps'), ...adminErrors },
});

const appRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/admin/apps/{appId}',
  tags,
  summary: 'Any app with its owner, for its read-only chat view (admins)',
  middleware: [requireAdmin] as const,
  request: { params: appIdParamSchema },
  responses: {
    200: jsonContent(adminAppSchema, 'The app'),
    ...adminErrors,
    404: errorContent('No such app'),
  },
});

const toAdminApp = (app: AppRow, ownerEmail: string): AdminApp => ({
  id: app.id,
  name: app.name,
  type: app.type,
  ownerId: app.ownerId,
  ownerEmail,
  updatedAt: app.updatedAt.toISOString(),
});

export function adminAppsRoutes(runtime: AppsRuntime) {
  return createRouter()
    .openapi(userAppsRoute, async (c) => {
      const { userId } = c.req.valid('param');
      const rows = await runtime.apps.listOwnedByForPlatformAdmin(userId, ADMIN_USER_APPS_PAGE + 1);
      return c.json(
        {
          apps: rows.slice(0, ADMIN_USER_APPS_PAGE).map((app) => toAdminApp(app, app.ownerEmail)),
          hasMore: rows.length > ADMIN_USER_APPS_PAGE,
        },
        200,
      );
    })
    .openapi(appRoute, async (c) => {
      const app = await runtime.apps.findForPlatformAdmin(c.req.valid('param').appId);
      if (!app) throw notFound(APP_MESSAGES.appNotFound);
      return c.json(toAdminApp(app, app.ownerEmail), 200);
    });
}
