import {
  llmSettingsSchema,
  llmSettingsUpdateSchema,
  llmUsageQuerySchema,
  llmUsageResponseSchema,
  modelListResponseSchema,
} from '@atelier/shared';
import type { MiddlewareHandler } from 'hono';
import { requireAdmin, requireBuilder } from '../../platform/auth/middleware.ts';
import { AppError } from '../../platform/errors.ts';
import type { AppEnv } from '../../platform/http/env.ts';
import { createRouter, defineRoute } from '../../platform/http/openapi.ts';
import { POLICY } from '../../platform/http/route-policy.ts';
import { type Llm, LlmSettingsError } from '../../platform/llm/index.ts';

type Guard = MiddlewareHandler<AppEnv>;

/** `GET /api/llm/models`: the model catalogue for model pickers (names, context sizes, prices; never keys). */
export function llmRoutes(llm: Llm, guard: Guard = requireBuilder) {
  const modelsRoute = defineRoute({
    policy: POLICY.api,
    method: 'get',
    path: '/llm/models',
    tags: ['ai'],
    summary: 'The models an app can use, with context sizes and prices per 1M tokens',
    middleware: [guard] as const,
    responses: {
      200: {
        description: 'The catalogue',
        content: { 'application/json': { schema: modelListResponseSchema } },
      },
    },
  });
  return createRouter().openapi(modelsRoute, async (c) => c.json(await llm.catalogue.list(), 200));
}

/** Admin routes of the AI layer: provider settings, the catalogue, token usage. */
export function llmAdminRoutes(llm: Llm, guard: Guard = requireAdmin) {
  const getSettings = defineRoute({
    policy: POLICY.api,
    method: 'get',
    path: '/admin/llm/settings',
    tags: ['admin', 'ai'],
    summary: 'Model providers, default model and catalogue (admin)',
    middleware: [guard] as const,
    responses: {
      200: { description: 'The settings', content: { 'application/json': { schema: llmSettingsSchema } } },
    },
  });
  const putSettings = defineRoute({
    policy: POLICY.api,
    method: 'put',
    path: '/admin/llm/settings',
    tags: ['admin', 'ai'],
    summary: 'Change the default model, base URLs, API keys (write-only) or the catalogue (admin)',
    middleware: [guard] as const,
    request: {
      body: { required: true, content: { 'application/json': { schema: llmSettingsUpdateSchema } } },
    },
    responses: {
      200: {
        description: 'The settings now',
        content: { 'application/json': { schema: llmSettingsSchema } },
      },
    },
  });
  const refreshModels = defineRoute({
    policy: POLICY.api,
    method: 'post',
    path: '/admin/llm/models/refresh',
    tags: ['admin', 'ai'],
    summary: 'Refresh prices and context sizes from the public model list now (admin)',
    middleware: [guard] as const,
    responses: {
      200: {
        description: 'The settings now',
        content: { 'application/json': { schema: llmSettingsSchema } },
      },
    },
  });
  const getUsage = defineRoute({
    policy: POLICY.api,
    method: 'get',
    path: '/admin/llm/usage',
    tags: ['admin', 'ai'],
    summary: 'Token usage and cost: the summary and the per-message table, for one app or all (admin)',
    middleware: [guard] as const,
    request: { query: llmUsageQuerySchema },
    responses: {
      200: { description: 'Usage', content: { 'application/json': { schema: llmUsageResponseSchema } } },
    },
  });

  return createRouter()
    .openapi(getSettings, async (c) => c.json(await llm.settings.get(), 200))
    .openapi(putSettings, async (c) => {
      try {
        return c.json(await llm.settings.update(c.req.valid('json')), 200);
      } catch (error) {
        if (error instanceof LlmSettingsError) throw new AppError('bad_request', error.message);
        throw error;
      }
    })
    .openapi(refreshModels, async (c) => {
      await llm.catalogue.refresh(true);
      return c.json(await llm.settings.get(), 200);
    })
    .openapi(getUsage, async (c) => {
      const { appId, limit } = c.req.valid('query');
      const [summary, messages] = await Promise.all([
        llm.usage.summary({ appId }),
        llm.usage.byMessage({ appId, limit }),
      ]);
      return c.json({ summary, messages }, 200);
    });
}
