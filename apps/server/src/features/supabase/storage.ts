import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { apps, uploads } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { checkedAppFile } from '../base44/files.ts';

/** Supabase Storage's objects of an app: `bucket/path` keys under the app's folder of the uploads store. */

const BUCKET = /^[\w.-]{1,100}$/;
const PATH_MAX = 900;
/** Most objects one list or remove call handles. */
export const STORAGE_PAGE_MAX = 1000;
/** The longest life of a signed URL (seconds), as Base44's signed URLs. */
export const SIGNED_URL_MAX_SECONDS = 7 * 24 * 3600;

/** Storage's error (`StorageApiError` in supabase-js): `{ statusCode, error, message }`. */
export const storageError = (status: 400 | 403 | 404 | 409 | 413, error: string, message: string) =>
  new AppError(status === 404 ? 'not_found' : 'bad_request', message, { storage: { status, error } }, status);

const notFound = () => storageError(404, 'not_found', 'Object not found');

/** A bucket and a path the client gave, checked: no empty, `.` or `..` segment, bounded. */
export function objectName(bucket: string, path: string): { bucket: string; path: string } {
  const segments = path.split('/').filter((segment) => segment !== '');
  if (!BUCKET.test(bucket)) throw storageError(400, 'InvalidBucketName', 'The bucket name is invalid');
  if (
    segments.length === 0 ||
    path.length > PATH_MAX ||
    segments.some((segment) => segment === '.' || segment === '..' || segment.length > 255)
  ) {
    throw storageError(400, 'InvalidKey', `Invalid key: ${path.slice(0, 100)}`);
  }
  return { bucket, path: segments.join('/') };
}

async function appFolder(db: Db, appId: string): Promise<string> {
  const [app] = await db.select({ ownerId: apps.ownerId }).from(apps).where(eq(apps.id, appId)).limit(1);
  if (!app) throw storageError(404, 'not_found', 'Bucket not found');
  return `accounts/${app.ownerId}/apps/${appId}/supabase/`;
}

const keyOf = (folder: string, bucket: string, path: string) => `${folder}${bucket}/${path}`;
/** `like` with the pattern's own `%`, `_` and `\` taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export function createSupabaseStorage(db: Db) {
  const find = async (appId: string, key: string) => {
    const [row] = await db
      .select({ size: uploads.size, uploadedBy: uploads.uploadedBy })
      .from(uploads)
      .where(and(eq(uploads.appId, appId), eq(uploads.key, key)))
      .limit(1);
    return row;
  };

  return {
    /**
     * Stores `file` at `bucket/path` (checkedAppFile: size, room, kind by its bytes). An existing
     * object is replaced only with `upsert`, and only when `mayReplace` allows it (409 otherwise).
     */
    async put(input: {
      appId: string;
      bucket: string;
      path: string;
      file: File;
      upsert: boolean;
      uploadedBy: string | null;
      mayReplace: (uploadedBy: string | null) => boolean;
    }) {
      const folder = await appFolder(db, input.appId);
      const key = keyOf(folder, input.bucket, input.path);
      const existing = await find(input.appId, key);
      if (existing && (!input.upsert || !input.mayReplace(existing.uploadedBy))) {
        throw storageError(409, 'Duplicate', 'The resource already exists');
      }
      const checked = await checkedAppFile(db, input.appId, input.file, existing?.size ?? 0);
      const values = {
        name: input.path.split('/').pop()?.slice(0, 300) ?? 'file',
        contentType: checked.contentType,
        size: checked.data.length,
        data: checked.data,
        uploadedBy: input.uploadedBy,
      };
      await db
        .insert(uploads)
        .values({ key, appId: input.appId, ownerId: checked.ownerId, ...values })
        .onConflictDoUpdate({ target: uploads.key, set: { ...values, createdAt: new Date() } });
      return { key: `${input.bucket}/${input.path}` };
    },

    /** An object's bytes, or 404. */
    async read(appId: string, bucket: string, path: string) {
      const key = keyOf(await appFolder(db, appId), bucket, path);
      const [row] = await db
        .select({ contentType: uploads.contentType, size: uploads.size, data: uploads.data })
        .from(uploads)
        .where(and(eq(uploads.appId, appId), eq(uploads.key, key)))
        .limit(1);
      if (!row) throw notFound();
      return row;
    },

    /** Removes the objects `mayRemove` allows; answers those removed. */
    async remove(
      appId: string,
      bucket: string,
      paths: string[],
      mayRemove: (uploadedBy: string | null) => boolean,
    ) {
      const folder = await appFolder(db, appId);
      const keys = paths.map((path) => keyOf(folder, bucket, objectName(bucket, path).path));
      if (keys.length === 0) return [];
      const rows = await db
        .select({
          key: uploads.key,
          uploadedBy: uploads.uploadedBy,
          size: uploads.size,
          contentType: uploads.contentType,
          createdAt: uploads.createdAt,
        })
        .from(uploads)
        .where(and(eq(uploads.appId, appId), inArray(uploads.key, keys)));
      const allowed = rows.filter((row) => mayRemove(row.uploadedBy));
      if (allowed.length > 0) {
        await db.delete(uploads).where(
          and(
            eq(uploads.appId, appId),
            inArray(
              uploads.key,
              allowed.map((row) => row.key),
            ),
          ),
        );
      }
      return allowed.map((row) => ({ ...row, name: row.key.slice(folder.length + bucket.length + 1) }));
    },

    /**
     * The objects and folders right under `prefix` in the bucket (as Storage's list: folders first
     * have no id), `search` a part of the name, by name, `offset`/`limit` paged.
     */
    async list(
      appId: string,
      bucket: string,
      input: { prefix: string; limit: number; offset: number; search: string },
    ) {
      const folder = await appFolder(db, appId);
      const prefix = input.prefix.split('/').filter(Boolean).join('/');
      const base = `${folder}${bucket}/${prefix ? `${prefix}/` : ''}`;
      // The next segment of each key under the prefix: a name, or a folder when more follows.
      const rest = sql<string>`substr(${uploads.key}, ${base.length + 1})`;
      const rows = await db
        .select({
          rest,
          size: uploads.size,
          contentType: uploads.contentType,
          createdAt: uploads.createdAt,
        })
        .from(uploads)
        .where(and(eq(uploads.appId, appId), like(uploads.key, `${literal(base)}%`)))
        .orderBy(asc(uploads.key))
        .limit(10_000);
      const entries = new Map<string, Record<string, unknown>>();
      for (const row of rows) {
        const [name = '', ...more] = row.rest.split('/');
        if (input.search && !name.toLowerCase().includes(input.search.toLowerCase())) continue;
        if (more.length > 0) {
          if (!entries.has(name))
            entries.set(name, {
              name,
              id: null,
              updated_at: null,
              created_at: null,
              last_accessed_at: null,
              metadata: null,
            });
          continue;
        }
        const at = row.createdAt.toISOString();
        entries.set(name, {
          name,
          id: `${bucket}/${prefix ? `${prefix}/` : ''}${name}`,
          updated_at: at,
          created_at: at,
          last_accessed_at: at,
          metadata: {
            size: row.size,
            mimetype: row.contentType,
            cacheControl: 'max-age=3600',
            contentLength: row.size,
          },
        });
      }
      return [...entries.values()].slice(input.offset, input.offset + input.limit);
    },
  };
}

export type SupabaseStorage = ReturnType<typeof createSupabaseStorage>;

const signatureOf = (secret: string, appId: string, object: string, expires: number) =>
  createHmac('sha256', secret)
    .update(`supabase-object\u0000${appId}\u0000${object}\u0000${expires}`)
    .digest('base64url');

/** A signed URL's token for `bucket/path` of the app: its expiry and signature. */
export function signObject(
  secret: string,
  appId: string,
  object: string,
  expiresIn: number,
  now = Date.now(),
) {
  const expires = Math.floor(now / 1000) + expiresIn;
  return `${expires}.${signatureOf(secret, appId, object, expires)}`;
}

/** Whether a signed URL's token holds for `bucket/path` of the app and has not expired. */
export function verifyObjectToken(secret: string, appId: string, object: string, token: string | undefined) {
  const [expiresText = '', signature = ''] = (token ?? '').split('.');
  const expires = Number(expiresText);
  if (!Number.isInteger(expires) || expires * 1000 <= Date.now()) return false;
  const given = Buffer.from(signature, 'utf8');
  const expected = Buffer.from(signatureOf(secret, appId, object, expires), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
