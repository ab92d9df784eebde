import {
  APP_MESSAGES,
  appIdParamSchema,
  batchDeployRequestSchema,
  batchDeployResponseSchema,
  deployFunctionResponseSchema,
  functionScheduleSchema,
  functionsListResponseSchema,
  invocationsResponseSchema,
  updateScheduleRequestSchema,
} from '@atelier/shared';
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { builderOf, optionalActor, requireBuilder } from '../../platform/auth/middleware.ts';
import { notFound } from '../../platform/errors.ts';
import type { AppEnv } from '../../platform/http/env.ts';
import {
  builderErrors,
  createRouter,
  defineRoute,
  errorContent,
  jsonBody,
  jsonContent,
} from '../../platform/http/openapi.ts';
import { POLICY, routePolicy } from '../../platform/http/route-policy.ts';
import {
  deployFunction,
  deployFunctions,
  listFunctions,
  listInvocations,
  setSchedulePaused,
} from './deploy.service.ts';
import type { FunctionsRuntime, SdkDispatchEnv } from './functions.runtime.ts';
import { invokeFunction } from './invoke.service.ts';

const tags = ['functions'];
const functionParams = appIdParamSchema.extend({ name: z.string().min(1).max(64) });

const listRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/apps/{appId}/functions/list',
  tags,
  summary: "The current version's functions with deploy state, secrets they read and webhook URL",
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema },
  responses: { 200: jsonContent(functionsListResponseSchema, 'Functions'), ...builderErrors },
});

const batchDeployRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/apps/{appId}/functions/deploy',
  tags,
  summary: 'Deploy several functions (all when `names` is absent): success, partial or all-failed',
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema, ...jsonBody(batchDeployRequestSchema) },
  responses: { 200: jsonContent(batchDeployResponseSchema, 'One result per function'), ...builderErrors },
});

const deployRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/apps/{appId}/functions/{name}/deploy',
  tags,
  summary: 'Compile and deploy functions/{name}.ts of the current version',
  middleware: [requireBuilder] as const,
  request: { params: functionParams },
  responses: {
    200: jsonContent(deployFunctionResponseSchema, 'Deployed ("Function deployed successfully!")'),
    422: errorContent(
      'missing_secrets ("Missing required secrets") or deploy_failed ("Failed to deploy function")',
    ),
    ...builderErrors,
  },
});

const invocationsRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/apps/{appId}/functions/{name}/invocations',
  tags,
  summary: 'Recent invocations of a function (status, duration, error, log lines), newest first',
  middleware: [requireBuilder] as const,
  request: {
    params: functionParams,
    query: z.object({ limit: z.coerce.number().int().min(1).max(50).optional() }),
  },
  responses: { 200: jsonContent(invocationsResponseSchema, 'Invocations'), ...builderErrors },
});

const scheduleRoute = defineRoute({
  policy: POLICY.api,
  method: 'patch',
  path: '/apps/{appId}/functions/{name}/schedules/{scheduleId}',
  tags,
  summary: 'Pause or resume a scheduled automation of a function',
  middleware: [requireBuilder] as const,
  request: {
    params: functionParams.extend({ scheduleId: z.string().min(1).max(64) }),
    ...jsonBody(updateScheduleRequestSchema),
  },
  responses: {
    200: jsonContent(z.object({ schedule: functionScheduleSchema }), 'The schedule'),
    ...builderErrors,
  },
});

const invokeResponses = {
  200: { description: "The function's own answer (any status, headers and body)" },
  404: errorContent('No such app or no deployment of this function'),
  409: errorContent('App must be published to get webhook URL'),
  413: errorContent('Request body over 1 MiB'),
  500: errorContent('function_error: the function threw, ran out of memory or returned no Response'),
  504: errorContent('function_timeout: the function ran past its time limit'),
};

const invokePostRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/apps/{appId}/functions/{name}',
  tags,
  summary: 'Invoke a deployed function (its webhook URL; also functions.invoke of the app SDK)',
  middleware: [optionalActor] as const,
  request: { params: functionParams },
  responses: invokeResponses,
});

const invokeGetRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/apps/{appId}/functions/{name}',
  tags,
  summary: 'Invoke a deployed function with GET (its webhook URL)',
  middleware: [optionalActor] as const,
  request: { params: functionParams },
  responses: invokeResponses,
});

/**
 * Runs the app's function `name` for this request (its webhook URL, `functions.invoke` of the app
 * SDK, supabase-js's `functions.invoke`: features/supabase), after `optionalActor`.
 */
export function invokeFromRequest(rt: FunctionsRuntime, c: Context<AppEnv>, name: string) {
  // Functions never authenticate by the builder's cookie (issue 20 #10): a link or form on any
  // site would run them, and their `ctx.sdk`, with the owner's rights. Only a bearer credential
  // (the app SDK's tokens) names the caller; a cookie-only request is anonymous.
  const actor = c.var.actor && c.var.actor.via !== 'cookie' ? c.var.actor : null;
  const appId = c.req.param('appId') ?? '';
  // On an app's own host only that app's functions answer (published.routes.ts hands them on).
  const appHost = c.get('appHost');
  if (appHost !== undefined && appHost !== appId) throw notFound(APP_MESSAGES.appNotFound);
  return invokeFunction(rt, {
    appId,
    name,
    request: c.req.raw,
    body: () => c.req.arrayBuffer(),
    actor,
    trigger: actor ? 'sdk' : 'webhook',
    env: c.env as SdkDispatchEnv | undefined,
    onAppOrigin: appHost !== undefined,
  });
}

/** Function routes (spec 1 §7, spec 3 §7). Static paths (`list`, `deploy`) are declared before `{name}`. */
export function functionsRoutes(rt: FunctionsRuntime) {
  const invoke = (c: Context<AppEnv>) => invokeFromRequest(rt, c, c.req.param('name') ?? '');
  const router = createRouter()
    .openapi(listRoute, async (c) =>
      c.json(await listFunctions(rt, builderOf(c), c.req.valid('param').appId), 200),
    )
    .openapi(batchDeployRoute, async (c) => {
      const { names } = c.req.valid('json');
      return c.json(await deployFunctions(rt, builderOf(c), c.req.valid('param').appId, names), 200);
    })
    .openapi(deployRoute, async (c) => {
      const { appId, name } = c.req.valid('param');
      return c.json(await deployFunction(rt, builderOf(c), appId, name), 200);
    })
    .openapi(invocationsRoute, async (c) => {
      const { appId, name } = c.req.valid('param');
      const invocations = await listInvocations(
        rt,
        builderOf(c),
        appId,
        name,
        c.req.valid('query').limit ?? 20,
      );
      return c.json({ invocations }, 200);
    })
    .openapi(scheduleRoute, async (c) => {
      const { appId, name, scheduleId } = c.req.valid('param');
      const { paused } = c.req.valid('json');
      return c.json(
        { schedule: await setSchedulePaused(rt, builderOf(c), appId, name, scheduleId, paused) },
        200,
      );
    })
    .openapi(invokePostRoute, (c) => invoke(c))
    .openapi(invokeGetRoute, (c) => invoke(c));
  // Other methods reach the function too (not in the OpenAPI document).
  router.on(
    ['PUT', 'PATCH', 'DELETE'],
    '/apps/:appId/functions/:name',
    routePolicy(POLICY.api),
    optionalActor,
    (c) => invoke(c),
  );
  return router;
}
