import path from 'node:path';
import {
  appIdParamSchema,
  BASE44_IMPORT_MESSAGES,
  base44ImportReportSchema,
  base44ImportResponseSchema,
} from '@atelier/shared';
import { createMiddleware } from 'hono/factory';
import type { AppDeps } from '../../platform/app-deps.ts';
import { requireBuilder } from '../../platform/auth/middleware.ts';
import { AppError } from '../../platform/errors.ts';
import {
  builderErrors,
  createRouter,
  defineRoute,
  errorContent,
  jsonContent,
} from '../../platform/http/openapi.ts';
import { POLICY } from '../../platform/http/route-policy.ts';
import { appsRuntime } from '../apps/apps.runtime.ts';
import { toAppView } from '../apps/apps.service.ts';
import { ExportArchiveError, type ExportTree, readExportZipFile } from './archive.ts';
import { downloadGitArchive, parseGitUrl } from './git-source.ts';
import { importBase44App, importReportOf } from './import.service.ts';
import { NotAnExportError } from './translate.ts';
import { receiveImportUpload, UPLOAD_BODY_BYTES, uploadTooLarge } from './upload.ts';

const tags = ['apps'];

/** The import takes a zip larger than the 1 MiB body cap of other routes: its own cap (below). */
const importRoute = defineRoute({
  policy: POLICY.upload,
  method: 'post',
  path: '/apps/import/base44',
  tags,
  summary:
    'Import an exported Base44 app (multipart "file": a zip of the export, or "url": an https Git URL on github.com, gitlab.com or codeberg.org) as a new app',
  description:
    'Answers 201 with the new app and the import report. 400 when the zip cannot be read, is no Base44 export or does not fit an app; 413 over the size limit.',
  middleware: [
    requireBuilder,
    // Its own bound on the body (POLICY.upload): a declared length over it is refused at once; the
    // body is otherwise counted as it streams to a temporary file (upload.ts), never buffered.
    createMiddleware(async (c, next) => {
      if (Number(c.req.header('content-length') ?? 0) > UPLOAD_BODY_BYTES) throw uploadTooLarge();
      await next();
    }),
  ] as const,
  responses: {
    201: jsonContent(base44ImportResponseSchema, 'The new app and the report'),
    400: errorContent('Not a readable zip, not a Base44 export, or too large for an app'),
    413: errorContent('The zip is over the size limit'),
  },
});

const reportRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/apps/{appId}/import-report',
  tags,
  summary: 'The report of the Base44 import this app was made from',
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema },
  responses: { 200: jsonContent(base44ImportReportSchema, 'The report'), ...builderErrors },
});

/** Importing exported Base44 apps (README.md in this folder). */
export function base44ImportRoutes(deps: Pick<AppDeps, 'config' | 'database' | 'base44Import' | 'areas'>) {
  return createRouter()
    .openapi(importRoute, async (c) => {
      const upload = await receiveImportUpload(c.req.raw, path.join(deps.config.dataDir, 'tmp'));
      try {
        if (!upload.file && !upload.url?.trim())
          throw new AppError('bad_request', BASE44_IMPORT_MESSAGES.noFile);
        let tree: ExportTree;
        let name: string;
        if (upload.file) {
          tree = await readExportZipFile(upload.file.path);
          name = upload.file.name;
        } else {
          // A Git URL: the host's zip of the repository, downloaded through the SSRF guard into the
          // request's temporary folder (bounded like an upload), cancelled if the client goes away.
          const source = parseGitUrl(upload.url!);
          const file = path.join(upload.dir, 'repository.zip');
          await downloadGitArchive(source, {
            allowLoopback: deps.config.dataSources.netAllowLoopback,
            origins: deps.base44Import?.archiveOrigins,
            file,
            signal: c.req.raw.signal,
          });
          tree = await readExportZipFile(file);
          name = `${source.owner}/${source.repo}${source.ref ? `@${source.ref}` : ''}`;
        }
        await upload.dispose();
        const { app, report } = await importBase44App(deps, c.var.actor, tree, name);
        return c.json({ app: toAppView(appsRuntime(deps), app), report }, 201);
      } catch (error) {
        if (error instanceof ExportArchiveError || error instanceof NotAnExportError) {
          throw new AppError('bad_request', error.message);
        }
        throw error;
      } finally {
        await upload.dispose();
      }
    })
    .openapi(reportRoute, async (c) => {
      return c.json(await importReportOf(deps, c.var.actor, c.req.valid('param').appId), 200);
    });
}
