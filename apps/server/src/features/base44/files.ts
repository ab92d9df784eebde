import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { IMAGE_UPLOAD_MAX_BYTES, sniffImageType, UPLOAD_MESSAGES } from '@atelier/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '../../platform/db/database.ts';
import { apps, uploads } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { AppEnv } from '../../platform/http/env.ts';
import { readForm } from '../../platform/http/multipart.ts';
import { uploadPath } from '../uploads/uploads.service.ts';

/** Files one app may hold from `UploadFile` / `UploadPrivateFile` together (bytes). */
export const BASE44_APP_FILES_MAX_BYTES = 500 * 1024 * 1024;
/** The longest life of a signed URL of a private file, and its default (seconds). */
export const SIGNED_URL_MAX_SECONDS = 7 * 24 * 3600;
export const SIGNED_URL_DEFAULT_SECONDS = 300;

/** Where private files live: a folder the public upload route never serves. */
const PRIVATE_FOLDER = 'private';
const FILE_NAME = /^[a-f0-9]{24}\.[a-z]{3,4}$/;
/** Text files keep these extensions (3–4 letters, as upload keys have); other text is `.txt`. */
const TEXT_EXTENSIONS = new Set(['txt', 'csv', 'json', 'tsv', 'xml']);

/** What a file is, judged by its bytes (never its declared type): an image, a PDF, text, or bytes. */
export function fileKind(data: Buffer, name: string): { contentType: string; ext: string } {
  const image = sniffImageType(data.subarray(0, 32));
  if (image) return { contentType: image.type, ext: image.ext };
  if (data.subarray(0, 5).toString('latin1') === '%PDF-')
    return { contentType: 'application/pdf', ext: 'pdf' };
  const declared = /\.([a-z0-9]{2,4})$/i.exec(name)?.[1]?.toLowerCase();
  const text = !data.includes(0) && Buffer.from(data.toString('utf8'), 'utf8').equals(data);
  if (text) {
    const ext = declared && TEXT_EXTENSIONS.has(declared) ? declared : 'txt';
    return { contentType: ext === 'csv' ? 'text/csv; charset=utf-8' : 'text/plain; charset=utf-8', ext };
  }
  return { contentType: 'application/octet-stream', ext: 'bin' };
}

/** The multipart `file` of a request (400 'File not found' without one). */
export async function formFile(c: Context<AppEnv>): Promise<File> {
  const declared = Number(c.req.header('content-length'));
  if (declared > IMAGE_UPLOAD_MAX_BYTES + 64 * 1024) {
    throw new AppError('file_too_large', UPLOAD_MESSAGES.tooLarge, { limitBytes: IMAGE_UPLOAD_MAX_BYTES });
  }
  const value = (await readForm(c.req.raw))?.file('file');
  if (!value) throw new AppError('file_required', UPLOAD_MESSAGES.notFound);
  return value;
}

/**
 * A file an app stores through an SDK, checked: under IMAGE_UPLOAD_MAX_BYTES, with room left in the
 * app's BASE44_APP_FILES_MAX_BYTES (`replacing`: the bytes of the file it replaces), its kind judged
 * by its bytes (never its declared type). With the app's owner, under whose account it is kept.
 */
export async function checkedAppFile(db: Db, appId: string, file: File, replacing = 0) {
  if (file.size >= IMAGE_UPLOAD_MAX_BYTES) {
    throw new AppError('file_too_large', UPLOAD_MESSAGES.tooLarge, { limitBytes: IMAGE_UPLOAD_MAX_BYTES });
  }
  const data = Buffer.from(await file.arrayBuffer());
  if (data.length >= IMAGE_UPLOAD_MAX_BYTES) {
    throw new AppError('file_too_large', UPLOAD_MESSAGES.tooLarge, { limitBytes: IMAGE_UPLOAD_MAX_BYTES });
  }
  const [app] = await db.select({ ownerId: apps.ownerId }).from(apps).where(eq(apps.id, appId)).limit(1);
  if (!app) throw new AppError('not_found', 'App not found');
  const [used] = await db
    .select({ bytes: sql<string>`coalesce(sum(${uploads.size}), 0)` })
    .from(uploads)
    .where(eq(uploads.appId, appId));
  if (Number(used?.bytes ?? 0) - replacing + data.length > BASE44_APP_FILES_MAX_BYTES) {
    throw new AppError('file_too_large', 'This app has no room for more files');
  }
  return { data, ownerId: app.ownerId, ...fileKind(data, file.name) };
}

/**
 * Stores a file of an app uploaded through the SDK (`checkedAppFile`). Public files go to the app's
 * `files` folder, served by the upload route; private ones to a folder only signed URLs reach.
 * Answers the key.
 */
export async function storeAppFile(
  db: Db,
  input: { appId: string; file: File; private: boolean },
): Promise<{ key: string; contentType: string }> {
  const { data, ownerId, contentType, ext } = await checkedAppFile(db, input.appId, input.file);
  const folder = input.private ? PRIVATE_FOLDER : 'files';
  const key = `accounts/${ownerId}/apps/${input.appId}/${folder}/${randomBytes(12).toString('hex')}.${ext}`;
  await db.insert(uploads).values({
    key,
    appId: input.appId,
    ownerId,
    name: (input.file.name || 'file').slice(0, 300),
    contentType,
    size: data.length,
    data,
  });
  return { key, contentType };
}

/** The public address of a stored public file. */
export const publicFileUrl = (publicUrl: string, key: string) => `${publicUrl}${uploadPath(key)}`;

const signatureOf = (secret: string, appId: string, name: string, expires: number) =>
  createHmac('sha256', secret)
    .update(`base44-private-file\u0000${appId}\u0000${name}\u0000${expires}`)
    .digest('base64url');

/** The private file a `file_uri` names in this app (its key), or 404. */
export function privateFileName(appId: string, fileUri: string): string {
  const match = new RegExp(`^accounts/[\\w-]{1,100}/apps/([\\w-]{1,100})/${PRIVATE_FOLDER}/([^/]+)$`).exec(
    fileUri,
  );
  if (!match || match[1] !== appId || !FILE_NAME.test(match[2] ?? '')) {
    throw new AppError('not_found', UPLOAD_MESSAGES.notFound);
  }
  return match[2] as string;
}

/** A signed, expiring address of a private file of the app (`…/private-files/{name}?expires=&signature=`). */
export function signedFileUrl(
  input: { publicUrl: string; appId: string; name: string; expiresIn: number; secret: string },
  now = Date.now(),
): string {
  const expires = Math.floor(now / 1000) + input.expiresIn;
  const signature = signatureOf(input.secret, input.appId, input.name, expires);
  return `${input.publicUrl}/api/apps/${input.appId}/private-files/${input.name}?expires=${expires}&signature=${signature}`;
}

/** The bytes of a private file when the signature holds and has not expired; 404 otherwise (nothing told). */
export async function readSignedFile(
  db: Db,
  input: {
    appId: string;
    name: string;
    expires: string | undefined;
    signature: string | undefined;
    secret: string;
  },
): Promise<{ contentType: string; size: number; data: Buffer; name: string }> {
  const expires = Number(input.expires);
  const given = Buffer.from(input.signature ?? '', 'utf8');
  const expected = Buffer.from(
    FILE_NAME.test(input.name) && Number.isInteger(expires)
      ? signatureOf(input.secret, input.appId, input.name, expires)
      : '',
    'utf8',
  );
  const valid =
    expected.length > 0 &&
    given.length === expected.length &&
    timingSafeEqual(given, expected) &&
    expires * 1000 > Date.now();
  if (!valid) throw new AppError('not_found', UPLOAD_MESSAGES.notFound);
  const [app] = await db
    .select({ ownerId: apps.ownerId })
    .from(apps)
    .where(eq(apps.id, input.appId))
    .limit(1);
  const key = `accounts/${app?.ownerId}/apps/${input.appId}/${PRIVATE_FOLDER}/${input.name}`;
  const [row] = await db
    .select({ contentType: uploads.contentType, size: uploads.size, data: uploads.data, name: uploads.name })
    .from(uploads)
    .where(and(eq(uploads.appId, input.appId), eq(uploads.key, key)))
    .limit(1);
  if (!row) throw new AppError('not_found', UPLOAD_MESSAGES.notFound);
  return row;
}
