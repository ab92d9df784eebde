import { randomBytes } from 'node:crypto';
import {
  APP_MESSAGES,
  IMAGE_UPLOAD_MAX_BYTES,
  type ImageUploadResponse,
  sniffImageType,
  UPLOAD_MESSAGES,
  type UploadFolder,
} from '@atelier/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { apps, uploads } from '../../platform/db/schema/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { appOpenableBy } from '../apps/apps.repo.ts';

/** The public address of a stored upload on the platform's origin. */
export const uploadPath = (key: string) => `/api/uploads/${key}`;

export interface StoredUpload {
  contentType: string;
  size: number;
  data: Buffer;
}

/**
 * Stores an image of an app for its owner (or a builder collaborator, who edits the app like its
 * owner; any other caller gets 404, as for the app itself). The key names the app owner's account.
 * Images only, judged by their first bytes (a declared `image/*` type is not enough), under
 * IMAGE_UPLOAD_MAX_BYTES: 'File size to large' above it.
 */
export async function uploadImage(
  db: Db,
  input: { userId: string; appId: string; folder: UploadFolder; file: File; publicUrl: string },
): Promise<ImageUploadResponse> {
  const [app] = await db
    .select({ ownerId: apps.ownerId })
    .from(apps)
    .where(and(eq(apps.id, input.appId), appOpenableBy(input.userId)))
    .limit(1);
  if (!app) throw notFound(APP_MESSAGES.appNotFound);
  if (input.file.size >= IMAGE_UPLOAD_MAX_BYTES) {
    throw new AppError('file_too_large', UPLOAD_MESSAGES.tooLarge, { limitBytes: IMAGE_UPLOAD_MAX_BYTES });
  }
  const data = Buffer.from(await input.file.arrayBuffer());
  if (data.length >= IMAGE_UPLOAD_MAX_BYTES) {
    throw new AppError('file_too_large', UPLOAD_MESSAGES.tooLarge, { limitBytes: IMAGE_UPLOAD_MAX_BYTES });
  }
  const image = sniffImageType(data.subarray(0, 32));
  if (!image) throw new AppError('unsupported_file_type', UPLOAD_MESSAGES.imagesOnly);
  const key = `accounts/${app.ownerId}/apps/${input.appId}/${input.folder}/${randomBytes(12).toString('hex')}.${image.ext}`;
  await db.insert(uploads).values({
    key,
    appId: input.appId,
    ownerId: app.ownerId,
    name: (input.file.name || 'image').slice(0, 300),
    contentType: image.type,
    size: data.length,
    data,
  });
  const url = uploadPath(key);
  return { file_url: `${input.publicUrl}${url}`, url, key, contentType: image.type, size: data.length };
}

/** An upload by its key, for anyone (uploaded images appear in published apps); 404 'File not found'. */
export async function findUpload(db: Db, key: string): Promise<StoredUpload> {
  const [row] = await db
    .select({ contentType: uploads.contentType, size: uploads.size, data: uploads.data })
    .from(uploads)
    .where(eq(uploads.key, key))
    .limit(1);
  if (!row) throw new AppError('not_found', UPLOAD_MESSAGES.notFound);
  return row;
}

/** Headers of a served file: never run as a page; only images shown inline. */
export function fileHeaders(
  file: { contentType: string; size: number },
  cache: string,
): Record<string, string> {
  return {
    'content-type': file.contentType,
    'content-length': String(file.size),
    'cache-control': cache,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'cross-origin-resource-policy': 'cross-origin',
    ...(file.contentType.startsWith('image/') ? {} : { 'content-disposition': 'attachment' }),
  };
}
