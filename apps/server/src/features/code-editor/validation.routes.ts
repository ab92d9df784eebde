import {
  APP_MESSAGES,
  appIdParamSchema,
  applyRepairRequestSchema,
  type CompareResponse,
  compareQuerySchema,
  compareResponseSchema,
  diffFileTrees,
  repairRequestSchema,
  repairResultSchema,
  validateRequestSchema,
  validationResultSchema,
} from '@atelier/shared';
import { z } from '@hono/zod-openapi';
import type { AppDeps } from '../../platform/app-deps.ts';
import { builderOf, requireBuilder } from '../../platform/auth/middleware.ts';
import { notFound } from '../../platform/errors.ts';
import {
  builderErrors,
  createRouter,
  defineRoute,
  errorContent,
  jsonBody,
  jsonContent,
} from '../../platform/http/openapi.ts';
import { POLICY } from '../../platform/http/route-policy.ts';
import type { AppActor } from '../apps/apps.repo.ts';
import { type AppsRuntime, appsRuntime } from '../apps/apps.runtime.ts';
import { requireCodeEditor } from './guard.ts';
import { applyRepair, repairVersion } from './repair.service.ts';
import { validateFiles } from './validate.service.ts';

const versionParams = appIdParamSchema.extend({ versionId: z.string().min(1).max(100) });

const compareRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/apps/{appId}/compare',
  tags: ['code editor'],
  summary:
    'All changes between two versions of the app, or from its current version to another app of the same builder',
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema, query: compareQuerySchema },
  responses: { 200: jsonContent(compareResponseSchema, 'The diff items'), ...builderErrors },
});

const validateRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/apps/{appId}/versions/{versionId}/validate',
  tags: ['code editor'],
  summary: 'Admins: type-check, compile, imports, entity schemas and a model review of a version',
  middleware: [requireBuilder] as const,
  request: { params: versionParams, ...jsonBody(validateRequestSchema) },
  responses: { 200: jsonContent(validationResultSchema, 'The issues'), ...builderErrors },
});

const repairRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/apps/{appId}/versions/{versionId}/repair',
  tags: ['code editor'],
  summary: 'Admins: validate → ask the model to fix → validate, 1–5 times; the result is a new version',
  middleware: [requireBuilder] as const,
  request: { params: versionParams, ...jsonBody(repairRequestSchema) },
  responses: {
    200: jsonContent(repairResultSchema, 'The repair result'),
    400: errorContent('No issues to repair'),
    503: errorContent('The model call failed'),
    ...builderErrors,
  },
});

const applyRepairRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/apps/{appId}/versions/{versionId}/apply-repair',
  tags: ['code editor'],
  summary:
    "Admins: a repair run's candidate version becomes current, only if the app has not changed since the run started",
  middleware: [requireBuilder] as const,
  request: { params: versionParams, ...jsonBody(applyRepairRequestSchema) },
  responses: {
    200: jsonContent(z.object({ versionId: z.string() }), 'The candidate is now the current version'),
    409: errorContent('The app changed since the repair started'),
    ...builderErrors,
  },
});

type Side = CompareResponse['base'] & { files: { path: string; content: string }[] };

async function sideOf(
  runtime: AppsRuntime,
  actor: AppActor,
  appId: string,
  versionId?: string,
): Promise<Side> {
  const app = await runtime.apps.find(actor, appId);
  if (!app) throw notFound(APP_MESSAGES.appNotFound);
  if (versionId) {
    const loaded = await runtime.versions.getVersion(actor, appId, versionId);
    if (!loaded) throw notFound(APP_MESSAGES.versionNotFound);
    return { appId, appName: app.name, versionId, seq: loaded.version.seq, files: loaded.files };
  }
  const current = await runtime.versions.getCurrent(actor, appId);
  return {
    appId,
    appName: app.name,
    versionId: current.version?.id ?? null,
    seq: current.version?.seq ?? null,
    files: current.files,
  };
}

/** Compare (diff view), validate and repair (admin validation tester) — README.md in this folder. */
export function codeValidationModule(deps: Pick<AppDeps, 'areas'>) {
  const runtime = appsRuntime(deps);
  return createRouter()
    .openapi(compareRoute, async (c) => {
      const { appId } = c.req.valid('param');
      const query = c.req.valid('query');
      const actor = builderOf(c);
      const base = query.otherAppId
        ? await sideOf(runtime, actor, appId)
        : await sideOf(runtime, actor, appId, query.fromVersionId);
      const compared = query.otherAppId
        ? await sideOf(runtime, actor, query.otherAppId)
        : await sideOf(runtime, actor, appId, query.toVersionId);
      const items = diffFileTrees(base.files, compared.files).map((e) => ({
        path: e.path,
        status: e.kind,
        oldCode: e.before,
        newCode: e.after,
      }));
      const { files: _b, ...baseView } = base;
      const { files: _c, ...comparedView } = compared;
      return c.json({ base: baseView, compared: comparedView, items }, 200);
    })
    .openapi(validateRoute, async (c) => {
      const { appId, versionId } = c.req.valid('param');
      await requireCodeEditor(c, runtime, appId);
      const actor = builderOf(c);
      const body = c.req.valid('json');
      const loaded = await runtime.versions.getVersion(actor, appId, versionId);
      if (!loaded) throw notFound(APP_MESSAGES.versionNotFound);
      const result = await validateFiles(
        {
          runtime,
          appId,
          userId: actor.userId,
          messageId: body.messageId,
          messageContent: body.messageContent,
          modelReview: true,
          signal: c.req.raw.signal,
        },
        loaded.files,
      );
      return c.json(result, 200);
    })
    .openapi(applyRepairRoute, async (c) => {
      const { appId, versionId } = c.req.valid('param');
      await requireCodeEditor(c, runtime, appId);
      const actor = builderOf(c);
      const { expectedCurrentVersionId } = c.req.valid('json');
      const version = await applyRepair(
        { runtime, appId, userId: actor.userId },
        versionId,
        expectedCurrentVersionId,
      );
      return c.json({ versionId: version.id }, 200);
    })
    .openapi(repairRoute, async (c) => {
      const { appId, versionId } = c.req.valid('param');
      await requireCodeEditor(c, runtime, appId);
      const actor = builderOf(c);
      const body = c.req.valid('json');
      const result = await repairVersion(
        {
          runtime,
          appId,
          userId: actor.userId,
          messageId: body.messageId,
          messageContent: body.messageContent,
          modelReview: false,
          signal: c.req.raw.signal,
        },
        versionId,
        body,
      );
      return c.json(result, 200);
    });
}
