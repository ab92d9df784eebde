import {
  APP_MESSAGES,
  appIdParamSchema,
  currentFilesResponseSchema,
  deleteFileRequestSchema,
  deleteFileResponseSchema,
  renameFileRequestSchema,
  renameFileResponseSchema,
  updateFileRequestSchema,
  updateFileResponseSchema,
  versionFilesResponseSchema,
  versionsListResponseSchema,
  versionsQuerySchema,
} from '@atelier/shared';
import { z } from '@hono/zod-openapi';
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
import { requireCodeEditor } from '../code-editor/guard.ts';
import type { AppsRuntime } from './apps.runtime.ts';
import { findApp } from './apps.service.ts';
import { deleteFile, renameFile, updateFile } from './files.service.ts';

const tags = ['app versions'];
const versionParams = appIdParamSchema.extend({ versionId: z.string().min(1).max(100) });

const listVersionsRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/apps/{appId}/versions',
  tags,
  summary: 'Versions of the app, newest first (at most 50)',
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema, query: versionsQuerySchema },
  responses: { 200: jsonContent(versionsListResponseSchema, 'Versions'), ...builderErrors },
});

const getVersionRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/apps/{appId}/versions/{versionId}',
  tags,
  summary: 'The files of one version and its metadata (spec 3 §7)',
  middleware: [requireBuilder] as const,
  request: { params: versionParams },
  responses: { 200: jsonContent(versionFilesResponseSchema, 'The version'), ...builderErrors },
});

const currentFilesRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/apps/{appId}/files',
  tags,
  summary: 'The files of the current version',
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema },
  responses: { 200: jsonContent(currentFilesResponseSchema, 'Files'), ...builderErrors },
});

const updateFileRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/apps/{appId}/files/update',
  tags,
  summary: 'Update the file with file.id, or create/update the one at file.path: one new version (spec 1 §7)',
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema, ...jsonBody(updateFileRequestSchema) },
  responses: {
    200: jsonContent(updateFileResponseSchema, 'The file as saved and the new version'),
    400: errorContent('Bad path or the tree breaks a limit (app_files_rejected, details.problems)'),
    409: errorContent('The app kept changing while saving'),
    ...builderErrors,
  },
});

const deleteFileRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/apps/{appId}/files/delete',
  tags,
  summary: 'Delete a file and write the files that referenced it, in one version (spec 1 §7)',
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema, ...jsonBody(deleteFileRequestSchema) },
  responses: {
    200: jsonContent(deleteFileResponseSchema, 'The deleted file and the new version'),
    400: errorContent('A reference breaks the path rules or a limit'),
    409: errorContent('The app kept changing while saving'),
    ...builderErrors,
  },
});

const renameFileRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/apps/{appId}/files/rename',
  tags,
  summary: 'Move a file to a new path and rewrite the imports that named it, in one version',
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema, ...jsonBody(renameFileRequestSchema) },
  responses: {
    200: jsonContent(
      renameFileResponseSchema,
      'The renamed file, the files whose imports changed, the version',
    ),
    400: errorContent('A file already exists at the path, or the path breaks the path rules'),
    409: errorContent('The app changed while renaming'),
    ...builderErrors,
  },
});

/** Versions and files of an app (README.md in this folder). */
export function versionsRoutes(runtime: AppsRuntime) {
  return createRouter()
    .openapi(listVersionsRoute, async (c) => {
      const { appId } = c.req.valid('param');
      const actor = builderOf(c);
      const app = await findApp(runtime, actor, appId);
      const versions = await runtime.versions.listVersions(actor, appId, c.req.valid('query').limit);
      return c.json(
        { versions, currentVersionId: app.currentVersionId, publishedVersionId: app.publishedVersionId },
        200,
      );
    })
    .openapi(getVersionRoute, async (c) => {
      const { appId, versionId } = c.req.valid('param');
      const found = await runtime.versions.getVersion(builderOf(c), appId, versionId);
      if (!found) throw notFound(APP_MESSAGES.versionNotFound);
      return c.json(found, 200);
    })
    .openapi(currentFilesRoute, async (c) => {
      const current = await runtime.versions.getCurrent(builderOf(c), c.req.valid('param').appId);
      return c.json({ versionId: current.version?.id ?? null, files: current.files }, 200);
    })
    .openapi(updateFileRoute, async (c) => {
      const { appId } = c.req.valid('param');
      await requireCodeEditor(c, runtime, appId); // code editor (issue 11): admins only, spec 1 §5–§6
      return c.json(await updateFile(runtime, builderOf(c), appId, c.req.valid('json')), 200);
    })
    .openapi(deleteFileRoute, async (c) => {
      const { appId } = c.req.valid('param');
      await requireCodeEditor(c, runtime, appId); // code editor (issue 11): admins only, spec 1 §5–§6
      return c.json(await deleteFile(runtime, builderOf(c), appId, c.req.valid('json')), 200);
    })
    .openapi(renameFileRoute, async (c) => {
      const { appId } = c.req.valid('param');
      await requireCodeEditor(c, runtime, appId);
      return c.json(await renameFile(runtime, builderOf(c), appId, c.req.valid('json')), 200);
    });
}
