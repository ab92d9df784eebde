import {
  appIdParamSchema,
  createToolRequestSchema,
  memoriesQuerySchema,
  memoriesResponseSchema,
  publicToolSchema,
  reorderToolsRequestSchema,
  runToolRequestSchema,
  runToolResponseSchema,
  toolParamsSchema,
  toolPathParamSchema,
  toolPathQuerySchema,
  toolSchema,
  toolsListResponseSchema,
  updateToolRequestSchema,
} from '@atelier/shared';
import { clientIp } from '../../platform/auth/client-ip.ts';
import {
  builderOf,
  maybeActor,
  optionalActor,
  requireAppUser,
  requireBuilder,
} from '../../platform/auth/middleware.ts';
import {
  builderErrors,
  createRouter,
  defineRoute,
  errorContent,
  jsonBody,
  jsonContent,
} from '../../platform/http/openapi.ts';
import { POLICY } from '../../platform/http/route-policy.ts';
import { memoriesOf, publicTool, runTool } from './tool-runs.service.ts';
import { toToolView } from './tools.repo.ts';
import type { ToolsRuntime } from './tools.runtime.ts';
import { createTool, deleteTool, listTools, reorderTools, updateTool } from './tools.service.ts';

const tags = ['tools'];

const listRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/apps/{appId}/tools',
  tags,
  summary:
    "An app's tools in order, with the live-tool count and cap (a single-tool app's tool is made on first use)",
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema },
  responses: { 200: jsonContent(toolsListResponseSchema, 'Tools'), ...builderErrors },
});

const createToolRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/apps/{appId}/tools',
  tags,
  summary: 'Add a tool (draft); the path is made from the title unless given',
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema, ...jsonBody(createToolRequestSchema) },
  responses: {
    201: jsonContent(toolSchema, 'The new tool'),
    400: errorContent('Bad path or title'),
    409: errorContent('Path already used'),
    ...builderErrors,
  },
});

const updateToolRoute = defineRoute({
  policy: POLICY.api,
  method: 'patch',
  path: '/apps/{appId}/tools/{toolId}',
  tags,
  summary:
    'Rename, change path or photo, activate or deactivate a tool (activation: title and live-tool cap)',
  middleware: [requireBuilder] as const,
  request: { params: toolParamsSchema, ...jsonBody(updateToolRequestSchema) },
  responses: {
    200: jsonContent(toolSchema, 'The tool'),
    400: errorContent('Bad path, or no title to activate with'),
    409: errorContent('Path already used'),
    ...builderErrors,
  },
});

const deleteToolRoute = defineRoute({
  policy: POLICY.api,
  method: 'delete',
  path: '/apps/{appId}/tools/{toolId}',
  tags,
  summary: 'Delete a tool with its runs',
  middleware: [requireBuilder] as const,
  request: { params: toolParamsSchema },
  responses: { 204: { description: 'Deleted' }, ...builderErrors },
});

const reorderRoute = defineRoute({
  policy: POLICY.api,
  method: 'put',
  path: '/apps/{appId}/tools/order',
  tags,
  summary: 'Put the tools in this order (the draggable list)',
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema, ...jsonBody(reorderToolsRequestSchema) },
  responses: { 200: jsonContent(toolsListResponseSchema.pick({ tools: true }), 'Tools'), ...builderErrors },
});

const byPathRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/tools/by-path/{path}',
  tags,
  summary:
    'A live tool for its public page: branding, texts, fields, steps, call to action (never the prompt)',
  request: { params: toolPathParamSchema, query: toolPathQuerySchema },
  responses: {
    200: jsonContent(publicToolSchema, 'The tool'),
    404: errorContent('Tool with path {path} not found'),
  },
});

const runRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/tools/by-path/{path}/run',
  tags,
  summary:
    'Run a live tool with its inputs (signed in or not); daily and weekly limits count credits per run',
  middleware: [optionalActor] as const,
  request: { params: toolPathParamSchema, query: toolPathQuerySchema, ...jsonBody(runToolRequestSchema) },
  responses: {
    200: jsonContent(runToolResponseSchema, 'The answer'),
    400: errorContent('A required field is empty or invalid'),
    404: errorContent('Tool with path {path} not found'),
    429: errorContent('Daily or weekly limit reached'),
    503: errorContent('The AI call failed'),
  },
});

const memoriesRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/live_api/user/memories/current',
  tags,
  summary: "The signed-in end user's last answers to the memorized fields of the app's tools (spec 1 §7)",
  middleware: [requireAppUser((c) => c.req.query('appId'))] as const,
  request: { query: memoriesQuerySchema },
  responses: {
    200: jsonContent(memoriesResponseSchema, 'Memories by field name'),
    401: errorContent('Signed out'),
    403: errorContent('Not an end user of this app'),
  },
});

/** Builder calls on an app's tools, the public tool page and runs, and end-user memories. */
export function toolsRoutes(runtime: ToolsRuntime) {
  return createRouter()
    .openapi(listRoute, async (c) =>
      c.json(await listTools(runtime, builderOf(c), c.req.valid('param').appId), 200),
    )
    .openapi(createToolRoute, async (c) => {
      const row = await createTool(runtime, builderOf(c), c.req.valid('param').appId, c.req.valid('json'));
      return c.json(toToolView(row), 201);
    })
    .openapi(reorderRoute, async (c) => {
      const rows = await reorderTools(
        runtime,
        builderOf(c),
        c.req.valid('param').appId,
        c.req.valid('json').toolIds,
      );
      return c.json({ tools: rows.map(toToolView) }, 200);
    })
    .openapi(updateToolRoute, async (c) => {
      const { appId, toolId } = c.req.valid('param');
      const row = await updateTool(runtime, builderOf(c), appId, toolId, c.req.valid('json'));
      return c.json(toToolView(row), 200);
    })
    .openapi(deleteToolRoute, async (c) => {
      const { appId, toolId } = c.req.valid('param');
      await deleteTool(runtime, builderOf(c), appId, toolId);
      return c.body(null, 204);
    })
    .openapi(byPathRoute, async (c) =>
      c.json(await publicTool(runtime, c.req.valid('param').path, c.req.valid('query').appId), 200),
    )
    .openapi(runRoute, async (c) => {
      const body = c.req.valid('json');
      const answer = await runTool(
        runtime,
        c.req.valid('param').path,
        { actor: maybeActor(c), ip: clientIp(c, runtime.trustProxy) },
        { input: body.input, values: body.values, appId: c.req.valid('query').appId },
        c.req.raw.signal,
      );
      return c.json(answer, 200);
    })
    .openapi(memoriesRoute, async (c) =>
      c.json(await memoriesOf(runtime, c.get('actor'), c.req.valid('query').appId), 200),
    );
}
