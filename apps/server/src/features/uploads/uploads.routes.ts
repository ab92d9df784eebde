import {
  appIdParamSchema,
  IMAGE_UPLOAD_MAX_BYTES,
  imageUploadResponseSchema,
  UPLOAD_FOLDERS,
  UPLOAD_MESSAGES,
  type UploadFolder,
} from '@atelier/shared';
import { z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import type { AppDeps } from '../../platform/app-deps.ts';
import { requireBuilder } from '../../platform/auth/middleware.ts';
import { AppError } from '../../platform/errors.ts';
import { readForm } from '../../platform/http/multipart.ts';
import {
  builderErrors,
  createRouter,
  defineRoute,
  errorContent,
  formBody,
  jsonContent,
} from '../../platform/http/openapi.ts';
import { POLICY } from '../../platform/http/route-policy.ts';
import { fileHeaders, findUpload, uploadImage } from './uploads.service.ts';

const tags = ['uploads'];

const uploadRoute = defineRoute({
  policy: POLICY.upload,
  method: 'post',
  path: '/apps/{appId}/integrations/upload',
  tags,
  summary:
    'Upload an image of the app (multipart "file", optional "folder": icons, tools, branding, database, files); owner only',
  description:
    'Images only (PNG, JPEG, GIF, WebP, AVIF, BMP, judged by their bytes), under 10,000,000 bytes. Stored under accounts/{accountId}/apps/{appId}/{folder}/… and served publicly by GET /api/uploads/{key}.',
  middleware: [
    requireBuilder,
    bodyLimit({
      maxSize: IMAGE_UPLOAD_MAX_BYTES + 64 * 1024,
      onError: () => {
        throw new AppError('file_too_large', UPLOAD_MESSAGES.tooLarge);
      },
    }),
  ] as const,
  request: {
    params: appIdParamSchema,
    ...formBody(z.object({ file: z.file(), folder: z.enum(UPLOAD_FOLDERS).optional() })),
  },
  responses: {
    201: jsonContent(imageUploadResponseSchema, 'The stored image'),
    400: errorContent(
      'No file ("File not found"), not an image, or 10,000,000 bytes or more ("File size to large")',
    ),
    ...builderErrors,
  },
});

const keyParams = z.object({
  accountId: z.string().regex(/^[\w-]{1,100}$/),
  appId: z.string().regex(/^[\w-]{1,100}$/),
  folder: z.enum(UPLOAD_FOLDERS),
  file: z.string().regex(/^[a-f0-9]{24}\.[a-z]{3,4}$/),
});

const serveRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/uploads/accounts/{accountId}/apps/{appId}/{folder}/{file}',
  tags,
  summary: 'An uploaded image (public: uploaded images appear in published apps); cached for a year',
  request: { params: keyParams },
  responses: { 200: { description: 'The image' }, 404: errorContent('File not found') },
});

const isFolder = (value: unknown): value is UploadFolder =>
  typeof value === 'string' && (UPLOAD_FOLDERS as readonly string[]).includes(value);

/** Image uploads (README.md in this folder). */
export function uploadsRoutes(deps: Pick<AppDeps, 'config' | 'database'>) {
  const { db } = deps.database;
  return createRouter()
    .openapi(uploadRoute, async (c) => {
      const { appId } = c.req.valid('param');
      const form = await readForm(c.req.raw);
      const file = form?.file('file');
      if (!file) throw new AppError('file_required', UPLOAD_MESSAGES.notFound);
      const asked = form?.fields.get('folder');
      const folder: UploadFolder = isFolder(asked) ? asked : 'files';
      const stored = await uploadImage(db, {
        userId: c.get('actor').userId,
        appId,
        folder,
        file,
        publicUrl: deps.config.publicUrl,
      });
      return c.json(stored, 201);
    })
    .openapi(serveRoute, async (c) => {
      const { accountId, appId, folder, file } = c.req.valid('param');
      const upload = await findUpload(db, `accounts/${accountId}/apps/${appId}/${folder}/${file}`);
      return new Response(new Uint8Array(upload.data), {
        headers: fileHeaders(upload, 'public, max-age=31536000, immutable'),
      });
    });
}
