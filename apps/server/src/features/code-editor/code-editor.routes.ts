import {
  APP_MESSAGES,
  appIdParamSchema,
  type FileHistoryResponse,
  fileHistoryResponseSchema,
  fileReferencesResponseSchema,
  findFileReferences,
  mergeRequestSchema,
  mergeResponseSchema,
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
import { appsRuntime } from '../apps/apps.runtime.ts';
import { requireCodeEditor } from './guard.ts';
import { mergeFiles } from './merge.ts';

const referencesRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/apps/{appId}/files/{fileId}/references',
  tags: ['code editor'],
  summary:
    'The files of the current version that import this file, with those imports removed (referencesToUpdate)',
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema.extend({ fileId: z.string().min(1).max(100) }) },
  responses: {
    200: jsonContent(fileReferencesResponseSchema, 'The file and its importers'),
    ...builderErrors,
  },
});

const historyRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/apps/{appId}/files/{fileId}/history',
  tags: ['code editor'],
  summary: 'The file across the latest 50 versions, newest first, one entry per change of its content',
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema.extend({ fileId: z.string().min(1).max(100) }) },
  responses: { 200: jsonContent(fileHistoryResponseSchema, 'The file history'), ...builderErrors },
});

const mergeRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/apps/{appId}/merge',
  tags: ['code editor'],
  summary:
    'Merge added and modified files (from a comparison) as one new version, then deploy their functions',
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema, ...jsonBody(mergeRequestSchema) },
  responses: {
    200: jsonContent(mergeResponseSchema, 'Merged'),
    400: errorContent('No files to merge, or no changes to merge'),
    ...builderErrors,
  },
});

/** Code editor calls beside the apps area's files/update and files/delete (README.md in this folder). */
export function codeEditorModule(deps: Pick<AppDeps, 'areas'>) {
  const runtime = appsRuntime(deps);
  return createRouter()
    .openapi(referencesRoute, async (c) => {
      const { appId, fileId } = c.req.valid('param');
      const current = await runtime.versions.getCurrent(builderOf(c), appId);
      const file = current.files.find((f) => f.id === fileId);
      if (!file) throw notFound(APP_MESSAGES.fileNotFound);
      const referencesToUpdate = findFileReferences(current.files, file.path);
      return c.json({ file: { id: file.id, path: file.path }, referencesToUpdate }, 200);
    })
    .openapi(historyRoute, async (c) => {
      const { appId, fileId } = c.req.valid('param');
      const actor = builderOf(c);
      const versions = await runtime.versions.listVersions(actor, appId, 50);
      const entries: FileHistoryResponse['entries'] = [];
      // Oldest first, so that an entry is kept only where the content (or path) changed.
      let previous: string | null = null;
      for (const version of [...versions].reverse()) {
        const found = await runtime.versions.getVersion(actor, appId, version.id);
        const file = found?.files.find((f) => f.id === fileId);
        const key = file ? `${file.path}\u0000${file.content}` : null;
        if (file && key !== previous) {
          entries.push({
            versionId: version.id,
            seq: version.seq,
            timestamp: version.timestamp,
            description: version.metadata.description ?? null,
            path: file.path,
            content: file.content,
          });
        }
        previous = key;
      }
      return c.json({ entries: entries.reverse() }, 200);
    })
    .openapi(mergeRoute, async (c) => {
      const { appId } = c.req.valid('param');
      await requireCodeEditor(c, runtime, appId);
      return c.json(await mergeFiles(runtime, builderOf(c), appId, c.req.valid('json')), 200);
    });
}
