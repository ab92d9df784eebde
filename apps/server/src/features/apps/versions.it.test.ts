import {
  type AppSummary,
  type DeleteFileResponse,
  MAX_APP_FILE_BYTES,
  type UpdateFileResponse,
  type VersionFilesResponse,
  type VersionsListResponse,
} from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json, type SignedIn, signUpVerified } from '../../../test/support/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { appFileBlobs, apps, appVersions } from '../../platform/db/schema/index.ts';
import { appsRuntime } from './apps.runtime.ts';

let t: TestApp;
let alice: SignedIn;
let app: AppSummary;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUpVerified(t, 'alice@example.com');
});
afterAll(() => t.close());

beforeEach(async () => {
  const res = await t.app.request(
    '/api/apps',
    json('POST', { name: 'Notes', type: 'GEN_APP' }, alice.headers),
  );
  app = (await res.json()) as AppSummary;
});

const call = async <T>(method: string, path: string, body?: unknown) => {
  const res = await t.app.request(path, json(method, body, alice.headers));
  return { status: res.status, body: (await res.json()) as T };
};
const update = (file: { id?: string; path?: string; content: string }, extra: object = {}) =>
  call<UpdateFileResponse>('POST', `/api/apps/${app.id}/files/update`, { file, ...extra });
const versions = () => call<VersionsListResponse>('GET', `/api/apps/${app.id}/versions`);
const version = (id: string) => call<VersionFilesResponse>('GET', `/api/apps/${app.id}/versions/${id}`);
const currentVersionId = async () =>
  (await t.deps.database.db.select().from(apps).where(eq(apps.id, app.id)))[0]?.currentVersionId;

describe('versions', () => {
  it('are immutable and ordered: each change is a new version, older ones keep their files', async () => {
    const first = await update({ path: 'pages/About.tsx', content: 'export default () => <p>v1</p>;' });
    expect(first.status).toBe(200);
    const fileId = first.body.file.id;
    const second = await update({ id: fileId, content: 'export default () => <p>v2</p>;' });
    const third = await update(
      { id: fileId, content: 'export default () => <p>v3</p>;' },
      { messageId: 'm-3', userRequest: 'say v3' },
    );
    expect(second.body.file.id).toBe(fileId);

    const list = await versions();
    expect(list.body.versions.map((v) => v.seq)).toEqual([4, 3, 2, 1]);
    expect(list.body.versions[0]).toMatchObject({
      id: third.body.version.id,
      messageId: 'm-3',
      userRequest: 'say v3',
      metadata: { description: 'Edited pages/About.tsx' },
      parentVersionId: second.body.version.id,
    });
    expect(list.body.currentVersionId).toBe(third.body.version.id);

    const old = await version(first.body.version.id);
    expect(old.body.files.find((f) => f.path === 'pages/About.tsx')).toEqual({
      id: fileId,
      path: 'pages/About.tsx',
      content: 'export default () => <p>v1</p>;',
    });
    expect((await version(third.body.version.id)).body.files.find((f) => f.id === fileId)?.content).toContain(
      'v3',
    );
  });

  it('answers at most `limit` versions and refuses a limit over 50', async () => {
    await update({ path: 'pages/A.tsx', content: 'a' });
    const limited = await call<VersionsListResponse>('GET', `/api/apps/${app.id}/versions?limit=1`);
    expect(limited.body.versions).toHaveLength(1);
    expect(limited.body.versions[0]?.seq).toBe(2);
    expect((await call('GET', `/api/apps/${app.id}/versions?limit=51`)).status).toBe(400);
  });

  it('stores identical contents once and makes no version for an unchanged file', async () => {
    const before = await currentVersionId();
    const home = (await version(before as string)).body.files.find((f) => f.path === 'pages/Home.tsx');
    const same = await update({ id: home?.id, content: home?.content ?? '' });
    expect(same.body.version.id).toBe(before);
    expect((await versions()).body.versions).toHaveLength(1);

    await update({ path: 'components/A.tsx', content: 'export const same = 1;' });
    await update({ path: 'components/B.tsx', content: 'export const same = 1;' });
    const db = t.deps.database.db;
    const hash = (await db.select().from(appVersions).where(eq(appVersions.appId, app.id)))
      .flatMap((row) => row.files)
      .find((entry) => entry.path === 'components/B.tsx')?.hash as string;
    expect(await db.select().from(appFileBlobs).where(eq(appFileBlobs.hash, hash))).toHaveLength(1);
  });

  it('renames a file by id and refuses a path that another file has', async () => {
    const created = await update({ path: 'components/Card.tsx', content: 'export default 1;' });
    const renamed = await update({
      id: created.body.file.id,
      path: 'components/Tile.tsx',
      content: 'export default 2;',
    });
    expect(renamed.body.file).toMatchObject({ id: created.body.file.id, path: 'components/Tile.tsx' });
    const clash = await update({ id: created.body.file.id, path: 'pages/Home.tsx', content: 'x' });
    expect(clash.status).toBe(400);
  });

  it('refuses a file outside the tree rules or over the size limit with the problems listed', async () => {
    const badPath = await call<{ error: { code: string; details: { problems: { path: string }[] } } }>(
      'POST',
      `/api/apps/${app.id}/files/update`,
      { file: { path: 'server/secret.ts', content: 'x' } },
    );
    expect(badPath.status).toBe(400);
    expect(badPath.body.error.code).toBe('app_files_rejected');
    expect(badPath.body.error.details.problems[0]?.path).toBe('server/secret.ts');

    const big = await update({ path: 'pages/Big.tsx', content: 'a'.repeat(MAX_APP_FILE_BYTES + 1) });
    expect(big.status).toBe(400);
    expect((big.body as unknown as { error: { message: string } }).error.message).toContain(
      'the limit for one file is 512 KB',
    );
    expect((await versions()).body.versions).toHaveLength(1);
  });

  it('answers 404 for an unknown file id and a new file without a path with 400', async () => {
    expect((await update({ id: 'nope', content: 'x' })).status).toBe(404);
    expect((await update({ content: 'x' })).status).toBe(400);
  });
});

describe('files/delete with references (spec 1 §7)', () => {
  it('deletes the file and updates its references in one version', async () => {
    const card = await update({ path: 'components/Card.tsx', content: 'export default () => null;' });
    const page = await update({
      path: 'pages/List.tsx',
      content: "import Card from '../components/Card';\nexport default Card;",
    });
    const res = await call<DeleteFileResponse>('POST', `/api/apps/${app.id}/files/delete`, {
      fileId: card.body.file.id,
      referencesToUpdate: [{ path: 'pages/List.tsx', content: 'export default () => null;' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.deleted).toEqual({ id: card.body.file.id, path: 'components/Card.tsx' });
    expect(res.body.version).toMatchObject({
      seq: 4,
      parentVersionId: page.body.version.id,
      metadata: { description: 'Deleted Card.tsx' },
    });
    const files = (await version(res.body.version.id)).body.files;
    expect(files.map((f) => f.path)).not.toContain('components/Card.tsx');
    expect(files.find((f) => f.path === 'pages/List.tsx')).toMatchObject({
      id: page.body.file.id,
      content: 'export default () => null;',
    });
  });

  it('changes nothing when a reference is refused (atomic)', async () => {
    const card = await update({ path: 'components/Card.tsx', content: 'export default 1;' });
    const before = await currentVersionId();
    const res = await call('POST', `/api/apps/${app.id}/files/delete`, {
      fileId: card.body.file.id,
      referencesToUpdate: [
        { path: 'pages/Home.tsx', content: 'export default () => null;' },
        { path: '../escape.tsx', content: 'x' },
      ],
    });
    expect(res.status).toBe(400);
    expect(await currentVersionId()).toBe(before);
    const files = (await version(before as string)).body.files;
    expect(files.map((f) => f.path)).toContain('components/Card.tsx');
    expect(files.find((f) => f.path === 'pages/Home.tsx')?.content).toContain('export default function Home');
  });

  it('answers 404 for an unknown file', async () => {
    const res = await call('POST', `/api/apps/${app.id}/files/delete`, {
      fileId: 'missing',
      referencesToUpdate: [],
    });
    expect(res.status).toBe(404);
  });
});

describe('concurrent writers', () => {
  it('never lose an update: parallel edits all land, each in its own version', async () => {
    const writes = Array.from({ length: 6 }, (_, i) =>
      update({ path: `components/C${i}.tsx`, content: `export const c = ${i};` }),
    );
    const results = await Promise.all(writes);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const list = (await versions()).body.versions;
    expect(list.map((v) => v.seq)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    const files = (await version(list[0]?.id as string)).body.files.map((f) => f.path);
    for (let i = 0; i < 6; i++) expect(files).toContain(`components/C${i}.tsx`);
  });

  it('refuses a whole-tree write made from a version that is no longer current (409)', async () => {
    const { versions: repo } = appsRuntime(t.deps);
    const actor = { userId: alice.user.id };
    const base = (await currentVersionId()) as string;
    await update({ path: 'pages/Other.tsx', content: 'x' });
    await expect(
      repo.createVersion(actor, app.id, {
        files: [{ path: 'pages/Home.tsx', content: 'y' }],
        baseVersionId: base,
      }),
    ).rejects.toMatchObject({ code: 'conflict', status: 409 });
  });

  it('moves the current pointer to an older version without rewriting history', async () => {
    const { versions: repo } = appsRuntime(t.deps);
    const actor = { userId: alice.user.id };
    const first = (await currentVersionId()) as string;
    await update({ path: 'pages/Other.tsx', content: 'x' });
    const moved = await repo.setCurrentVersion(actor, app.id, first);
    expect(moved.id).toBe(first);
    expect(await currentVersionId()).toBe(first);
    expect((await versions()).body.versions).toHaveLength(2);
    await expect(repo.setCurrentVersion({ userId: 'someone-else' }, app.id, first)).rejects.toMatchObject({
      status: 404,
    });
  });
});
