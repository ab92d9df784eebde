import {
  type AppSummary,
  GENERIC_ERROR_MESSAGES,
  IMAGE_UPLOAD_MAX_BYTES,
  type ImageUploadResponse,
  UPLOAD_MESSAGES,
} from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertApp,
  json,
  type SignedIn,
  signUpEndUser,
  signUpVerified,
} from '../../../test/support/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { appCollaborators, uploads } from '../../platform/db/schema/index.ts';

type ErrorAnswer = { error: { code: string; message: string } };

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64');

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let app: AppSummary;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpVerified(t, 'owner@example.com');
  other = await signUpVerified(t, 'other@example.com');
  const res = await t.app.request(
    '/api/apps',
    json('POST', { name: 'Shop', type: 'AI_TOOL' }, owner.headers),
  );
  app = (await res.json()) as AppSummary;
});
afterAll(() => t.close());

function upload(who: SignedIn | Record<string, string>, file: File | null, folder?: string, appId = app.id) {
  const form = new FormData();
  if (file) form.append('file', file);
  if (folder) form.append('folder', folder);
  const headers = 'headers' in who ? (who as SignedIn).headers : (who as Record<string, string>);
  return t.app.request(`/api/apps/${appId}/integrations/upload`, { method: 'POST', headers, body: form });
}

describe('POST /api/apps/{appId}/integrations/upload and GET /api/uploads/…', () => {
  it('stores an image under accounts/{accountId}/apps/{appId}/{folder}/ and serves it back byte-identical, publicly', async () => {
    const res = await upload(owner, new File([PNG], 'logo.png', { type: 'image/png' }), 'branding');
    expect(res.status).toBe(201);
    const body = (await res.json()) as ImageUploadResponse;
    expect(body.key).toMatch(
      new RegExp(`^accounts/${owner.user.id}/apps/${app.id}/branding/[a-f0-9]{24}\\.png$`),
    );
    expect(body.url).toBe(`/api/uploads/${body.key}`);
    expect(body.file_url).toBe(`${t.deps.config.publicUrl}/api/uploads/${body.key}`);
    expect(body).toMatchObject({ contentType: 'image/png', size: PNG.length });

    const served = await t.app.request(body.url); // no session: published apps show it
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('judges the type by the bytes: a GIF sent as application/octet-stream is a GIF; text named .png is refused', async () => {
    const gif = await upload(owner, new File([GIF], 'x.bin', { type: 'application/octet-stream' }), 'icons');
    expect(gif.status).toBe(201);
    const gifBody = (await gif.json()) as ImageUploadResponse;
    expect(gifBody.contentType).toBe('image/gif');
    expect((await t.app.request(gifBody.url)).headers.get('content-type')).toBe('image/gif');

    const fake = await upload(
      owner,
      new File(['<svg onload="alert(1)"/>'], 'evil.png', { type: 'image/png' }),
    );
    expect(fake.status).toBe(400);
    expect(((await fake.json()) as ErrorAnswer).error).toMatchObject({
      code: 'unsupported_file_type',
      message: UPLOAD_MESSAGES.imagesOnly,
    });
  });

  it('refuses 10,000,000 bytes or more with "File size to large" and stores nothing', async () => {
    const before = await t.deps.database.db
      .select({ key: uploads.key })
      .from(uploads)
      .where(eq(uploads.appId, app.id));
    const big = Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES);
    PNG.copy(big);
    const res = await upload(owner, new File([big], 'big.png', { type: 'image/png' }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorAnswer).error.message).toBe('File size to large');
    const after = await t.deps.database.db
      .select({ key: uploads.key })
      .from(uploads)
      .where(eq(uploads.appId, app.id));
    expect(after).toHaveLength(before.length);
    // One byte less is accepted.
    const ok = await upload(owner, new File([big.subarray(0, IMAGE_UPLOAD_MAX_BYTES - 1)], 'ok.png'));
    expect(ok.status).toBe(201);
  });

  it('answers "File not found" without a file, and for an unknown key', async () => {
    const res = await upload(owner, null);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorAnswer).error.message).toBe('File not found');
    const missing = await t.app.request(
      `/api/uploads/accounts/${owner.user.id}/apps/${app.id}/icons/${'0'.repeat(24)}.png`,
    );
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as ErrorAnswer).error.message).toBe('File not found');
  });

  it('refuses a form of a thousand fields with 400, unread past its 50th part, and stores nothing', async () => {
    const stored = () =>
      t.deps.database.db.select({ key: uploads.key }).from(uploads).where(eq(uploads.appId, app.id));
    const before = await stored();
    const form = new FormData();
    for (let i = 0; i < 1000; i++) form.append(`f${i}`, 'x');
    form.append('file', new File([PNG], 'dot.png', { type: 'image/png' }));
    const res = await t.app.request(`/api/apps/${app.id}/integrations/upload`, {
      method: 'POST',
      headers: owner.headers,
      body: form,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorAnswer).error.message).toBe(GENERIC_ERROR_MESSAGES.formTooManyParts);
    expect(await stored()).toHaveLength(before.length);
  });

  it('answers 404 to another builder, 401 signed out and 403 to an end user of the app; nothing is stored', async () => {
    const count = async () =>
      (await t.deps.database.db.select({ key: uploads.key }).from(uploads).where(eq(uploads.appId, app.id)))
        .length;
    const before = await count();
    const file = () => new File([PNG], 'p.png', { type: 'image/png' });
    expect((await upload(other, file())).status).toBe(404);
    expect((await upload({ origin: 'http://localhost' }, file())).status).toBe(401);
    const openApp = await insertApp(t, owner.user.id);
    const endUser = await signUpEndUser(t, openApp, 'visitor@example.com');
    expect((await upload(endUser.headers, file(), 'database', openApp)).status).toBe(403);
    expect((await upload(owner, file(), 'icons', 'no-such-app')).status).toBe(404);
    expect(await count()).toBe(before);
  });
});

describe('builder collaborators', () => {
  it('lets a collaborator of the app upload; the key names the app owner’s account', async () => {
    const res = await t.app.request(
      '/api/apps',
      json('POST', { name: 'Shared', type: 'AI_TOOL' }, owner.headers),
    );
    const shared = (await res.json()) as AppSummary;
    const file = () => new File([PNG], 'p.png', { type: 'image/png' });
    expect((await upload(other, file(), 'tools', shared.id)).status).toBe(404);
    await t.deps.database.db.insert(appCollaborators).values({ appId: shared.id, userId: other.user.id });
    const ok = await upload(other, file(), 'tools', shared.id);
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as ImageUploadResponse).key).toMatch(
      new RegExp(`^accounts/${owner.user.id}/apps/${shared.id}/tools/`),
    );
  });
});

describe('API reference', () => {
  it('documents the upload, image and magic create calls', async () => {
    const res = await t.app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const paths = Object.keys(((await res.json()) as { paths: Record<string, unknown> }).paths);
    expect(paths.some((p) => p.endsWith('/apps/{appId}/integrations/upload'))).toBe(true);
    expect(paths.some((p) => p.endsWith('/uploads/accounts/{accountId}/apps/{appId}/{folder}/{file}'))).toBe(
      true,
    );
    expect(paths.some((p) => p.endsWith('/builder/magicCreate'))).toBe(true);
  });
});
