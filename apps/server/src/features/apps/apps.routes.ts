import {
  appIdParamSchema,
  appSchema,
  appsListResponseSchema,
  createAppRequestSchema,
  previewTokenRequestSchema,
  previewTokenResponseSchema,
  publishAppRequestSchema,
  publishAppResponseSchema,
  updateAppRequestSchema,
} from '@atelier/shared';
import { builderOf, requireBuilder } from '../../platform/auth/middleware.ts';
import {
  builderErrors,
  createRouter,
  defineRoute,
  errorContent,
  jsonBody,
  jsonContent,
} from '../../platform/http/openapi.ts';
import { POLICY } from '../../platform/http/route-policy.ts';
import { suggestAppName } from './app-name.ts';
import type { AppsRuntime } from './apps.runtime.ts';
import {
  createApp,
  deleteApp,
  findApp,
  issuePreviewLink,
  publishApp,
  publishedUrl,
  toAppView,
  updateApp,
} from './apps.service.ts';

const tags = ['apps'];

const createAppRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/apps',
  tags,
  summary: 'Create an app; a generated app (GEN_APP) starts from the template as its first version',
  middleware: [requireBuilder] as const,
  request: jsonBody(createAppRequestSchema),
  responses: { 201: jsonContent(appSchema, 'The new app'), 400: errorContent('Invalid name or type') },
});

const listAppsRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/apps',
  tags,
  summary: "The signed-in builder's apps, most recently changed first",
  middleware: [requireBuilder] as const,
  responses: { 200: jsonContent(appsListResponseSchema, 'Apps'), 401: errorContent('Signed out') },
});

const getAppRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/apps/{appId}',
  tags,
  summary: 'One app of the signed-in builder',
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema },
  responses: { 200: jsonContent(appSchema, 'The app'), ...builderErrors },
});

const updateAppRoute = defineRoute({
  policy: POLICY.api,
  method: 'patch',
  path: '/apps/{appId}',
  tags,
  summary: 'Change some fields of an app (sign-up can be switched on once the app is published)',
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema, ...jsonBody(updateAppRequestSchema) },
  responses: {
    200: jsonContent(appSchema, 'The app'),
    400: errorContent('An invalid slug (invalid_slug)'),
    409: errorContent('Sign-up needs the app published first; or the slug is taken (slug_taken)'),
    ...builderErrors,
  },
});

const deleteAppRoute = defineRoute({
  policy: POLICY.api,
  method: 'delete',
  path: '/apps/{appId}',
  tags,
  summary: 'Delete an app with its versions, domains and data',
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema },
  responses: { 204: { description: 'Deleted' }, ...builderErrors },
});

const publishRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/apps/{appId}/publish',
  tags,
  summary:
    "Publish: pin the current version as the one the app's own origin {slug}.{APPS_DOMAIN} serves (spec 2 §7)",
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema, ...jsonBody(publishAppRequestSchema) },
  responses: {
    200: jsonContent(publishAppResponseSchema, 'Published'),
    400: errorContent('Nothing to publish, or an invalid slug (invalid_slug)'),
    409: errorContent('The slug is taken by another app (slug_taken)'),
    422: errorContent('The current version does not build (details.diagnostics)'),
    ...builderErrors,
  },
});

const previewTokenRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/apps/{appId}/preview-token',
  tags,
  summary: 'A short-lived link to preview a version (the current one by default) on the preview origin',
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema, ...jsonBody(previewTokenRequestSchema) },
  responses: { 200: jsonContent(previewTokenResponseSchema, 'The preview link'), ...builderErrors },
});

/** Apps CRUD, publishing and preview links; every call is scoped to the signed-in builder's apps. */
export function appsRoutes(runtime: AppsRuntime) {
  return createRouter()
    .openapi(createAppRoute, async (c) => {
      const body = c.req.valid('json');
      const actor = builderOf(c);
      const name = body.prompt
        ? await suggestAppName(runtime, {
            prompt: body.prompt,
            type: body.type,
            userId: actor.userId,
            fallback: body.name,
          })
        : body.name;
      const app = await createApp(runtime, actor, { name, type: body.type });
      return c.json(toAppView(runtime, app), 201);
    })
    .openapi(listAppsRoute, async (c) => {
      const apps = await runtime.apps.list(builderOf(c));
      return c.json({ apps: apps.map((app) => toAppView(runtime, app)) }, 200);
    })
    .openapi(getAppRoute, async (c) => {
      const app = await findApp(runtime, builderOf(c), c.req.valid('param').appId);
      return c.json(toAppView(runtime, app), 200);
    })
    .openapi(updateAppRoute, async (c) => {
      const app = await updateApp(runtime, builderOf(c), c.req.valid('param').appId, c.req.valid('json'));
      return c.json(toAppView(runtime, app), 200);
    })
    .openapi(deleteAppRoute, async (c) => {
      await deleteApp(runtime, builderOf(c), c.req.valid('param').appId);
      return c.body(null, 204);
    })
    .openapi(publishRoute, async (c) => {
      const app = await publishApp(runtime, builderOf(c), c.req.valid('param').appId, c.req.valid('json'));
      const view = toAppView(runtime, app);
      return c.json(
        { app: view, publishedVersionId: app.publishedVersionId, url: publishedUrl(runtime, app) ?? '' },
        200,
      );
    })
    .openapi(previewTokenRoute, async (c) => {
      const { appId } = c.req.valid('param');
      const options = { ...c.req.valid('json'), requestOrigin: new URL(c.req.url).origin };
      return c.json(await issuePreviewLink(runtime, builderOf(c), appId, options), 200);
    });
}
