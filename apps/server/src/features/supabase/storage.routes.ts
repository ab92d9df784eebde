import { IMAGE_UPLOAD_MAX_BYTES } from '@atelier/shared';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { AppEnv } from '../../platform/http/env.ts';
import { readForm } from '../../platform/http/multipart.ts';
import { POLICY, routePolicy } from '../../platform/http/route-policy.ts';
import type { AccountsContext } from '../accounts/accounts.context.ts';
import { bodyOf, signedInCaller } from '../base44/protocol.ts';
import { knowingAdmin } from '../entities/access.ts';
import type { EntitiesModule } from '../entities/entities.module.ts';
import { fileHeaders } from '../uploads/uploads.service.ts';
import {
  createSupabaseStorage,
  objectName,
  SIGNED_URL_MAX_SECONDS,
  STORAGE_PAGE_MAX,
  signObject,
  storageError,
  verifyObjectToken,
} from './storage.ts';

const schemas = {
  list: z.object({
    prefix: z.string().max(900).default(''),
    limit: z.number().int().min(1).max(STORAGE_PAGE_MAX).default(100),
    offset: z.number().int().min(0).max(100_000).default(0),
    search: z.string().max(200).default(''),
  }),
  remove: z.object({ prefixes: z.array(z.string().max(900)).max(STORAGE_PAGE_MAX) }),
  sign: z.object({ expiresIn: z.number().int().min(1).max(SIGNED_URL_MAX_SECONDS) }),
};

const MARKER = '/storage/v1/object/';

/** `[bucket, path]` of the request's URL after `/object/{kind}/` (each segment decoded). */
function objectOf(c: Context<AppEnv>, kind: string) {
  const pathname = new URL(c.req.url).pathname;
  const after = pathname.slice(pathname.indexOf(MARKER) + MARKER.length + (kind ? kind.length + 1 : 0));
  let segments: string[];
  try {
    segments = after.split('/').map(decodeURIComponent);
  } catch {
    throw storageError(400, 'InvalidKey', 'Invalid key');
  }
  const [bucket = '', ...path] = segments;
  return objectName(bucket, path.join('/'));
}

const uploadLimit = bodyLimit({
  maxSize: IMAGE_UPLOAD_MAX_BYTES + 64 * 1024,
  onError: () => {
    throw storageError(413, 'Payload too large', 'The object exceeded the maximum allowed size');
  },
});

/** The uploaded bytes: the first file of a multipart form (supabase-js sends a Blob so), else the raw body. */
async function uploadedFile(c: Context<AppEnv>, name: string): Promise<File> {
  if (/^multipart\/form-data/i.test(c.req.header('content-type') ?? '')) {
    const file = (await readForm(c.req.raw))?.files[0]?.file;
    if (!file) throw storageError(400, 'InvalidRequest', 'No file was sent');
    return file;
  }
  return new File([new Uint8Array(await c.req.arrayBuffer())], name);
}

/**
 * Errors as Supabase Storage answers them: `{ statusCode, error, message }` (supabase-js's
 * `StorageApiError`). A caller that may not write answers 403 as a row-level security refusal.
 */
function storageErrorHandler(error: Error, c: Context<AppEnv>) {
  if (!(error instanceof AppError)) {
    c.get('logger')?.error({ err: error }, 'supabase storage route failed');
    return c.json({ statusCode: '500', error: 'internal', message: 'Internal Server Error' }, 500);
  }
  const own = (error.details as { storage?: { status: ContentfulStatusCode; error: string } } | undefined)
    ?.storage;
  const mapped =
    own ??
    (error.code === 'unauthorized' || error.code === 'forbidden'
      ? { status: 403 as const, error: 'Unauthorized' }
      : error.code === 'file_too_large'
        ? { status: 413 as const, error: 'Payload too large' }
        : { status: error.status, error: error.code });
  return c.json(
    { statusCode: String(mapped.status), error: mapped.error, message: error.message },
    mapped.status,
  );
}

/**
 * Supabase Storage's object API (`supabase.storage.from(bucket)…`, `/api/apps/{appId}/supabase/storage/v1`)
 * on the app's files (the uploads store the Base44 UploadFile integration uses, with its checks):
 * buckets are folders of the app. Reading is public (`getPublicUrl`), as UploadFile's files are;
 * writing needs a signed-in caller of the app, and an end user replaces or removes only what they
 * stored (the app's builder, admins and functions any).
 */
export function supabaseStorageRoutes(db: Db, accounts: AccountsContext, entities: EntitiesModule) {
  const storage = createSupabaseStorage(db);
  const appOf = (c: Context<AppEnv>) => c.req.param('appId') ?? '';
  /** The signed-in caller, and whether they may replace or remove an object someone stored. */
  const writerOf = async (c: Context<AppEnv>) => {
    const { access } = await signedInCaller(entities, c);
    const known = await knowingAdmin(entities.repo, access);
    const anyObject = known.kind === 'owner' || (known.kind === 'member' && known.isAdmin === true);
    return {
      userId: access.userId,
      may: (uploadedBy: string | null) => anyObject || uploadedBy === access.userId,
    };
  };
  const serve = async (c: Context<AppEnv>, kind: string) => {
    const { bucket, path } = objectOf(c, kind);
    const file = await storage.read(appOf(c), bucket, path);
    return new Response(new Uint8Array(file.data), { headers: fileHeaders(file, 'public, max-age=60') });
  };
  const upload = (upsert: boolean | undefined) => async (c: Context<AppEnv>) => {
    const { bucket, path } = objectOf(c, '');
    const writer = await writerOf(c);
    const file = await uploadedFile(c, path.split('/').pop() ?? 'file');
    const stored = await storage.put({
      appId: appOf(c),
      bucket,
      path,
      file,
      upsert: upsert ?? c.req.header('x-upsert') === 'true',
      uploadedBy: writer.userId,
      mayReplace: writer.may,
    });
    return c.json({ Id: stored.key, Key: stored.key });
  };

  return new Hono<AppEnv>()
    .post('/object/list/:bucket', routePolicy(POLICY.api), async (c) => {
      await signedInCaller(entities, c);
      const input = await bodyOf(c, schemas.list);
      const { bucket } = objectName(c.req.param('bucket'), 'list');
      return c.json(await storage.list(appOf(c), bucket, input));
    })
    .post('/object/sign/:bucket/*', routePolicy(POLICY.api), async (c) => {
      await signedInCaller(entities, c);
      const { bucket, path } = objectOf(c, 'sign');
      const { expiresIn } = await bodyOf(c, schemas.sign);
      await storage.read(appOf(c), bucket, path);
      const token = signObject(await accounts.auth.jwt.secret(), appOf(c), `${bucket}/${path}`, expiresIn);
      return c.json({ signedURL: `/object/sign/${bucket}/${path}?token=${token}` });
    })
    .get('/object/sign/:bucket/*', routePolicy(POLICY.api), async (c) => {
      const { bucket, path } = objectOf(c, 'sign');
      const secret = await accounts.auth.jwt.secret();
      if (!verifyObjectToken(secret, appOf(c), `${bucket}/${path}`, c.req.query('token'))) {
        throw storageError(400, 'InvalidJWT', 'invalid signature');
      }
      return serve(c, 'sign');
    })
    .get('/object/public/:bucket/*', routePolicy(POLICY.api), (c) => serve(c, 'public'))
    .get('/object/authenticated/:bucket/*', routePolicy(POLICY.api), (c) => serve(c, 'authenticated'))
    .get('/object/:bucket/*', routePolicy(POLICY.api), (c) => serve(c, ''))
    .post('/object/:bucket/*', routePolicy(POLICY.upload), uploadLimit, upload(undefined))
    .put('/object/:bucket/*', routePolicy(POLICY.upload), uploadLimit, upload(true))
    .delete('/object/:bucket', routePolicy(POLICY.api), async (c) => {
      const writer = await writerOf(c);
      const { prefixes } = await bodyOf(c, schemas.remove);
      const { bucket } = objectName(c.req.param('bucket'), 'remove');
      const removed = await storage.remove(appOf(c), bucket, prefixes, writer.may);
      return c.json(
        removed.map((row) => ({
          name: row.name,
          bucket_id: bucket,
          id: `${bucket}/${row.name}`,
          created_at: row.createdAt.toISOString(),
          metadata: { size: row.size, mimetype: row.contentType },
        })),
      );
    })
    .onError(storageErrorHandler);
}
