import {
  type AppSummary,
  CODE_EDITOR_MESSAGES,
  type CurrentFilesResponse,
  type DeleteFileResponse,
  type FileHistoryResponse,
  type FileReferencesResponse,
  type MergeResponse,
  type RenameFileResponse,
  type UpdateFileResponse,
} from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type SignedIn, signUpVerified } from '../../../test/support/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { appsRuntime } from '../apps/apps.runtime.ts';

let t: TestApp;
let admin: SignedIn;
let builder: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpVerified(t, 'first-admin@example.com'); // the first account is an admin
  builder = await signUpVerified(t, 'builder@example.com');
});
afterAll(() => t.close());

const call = async <T>(who: SignedIn, method: string, path: string, body?: unknown) => {
  const res = await t.app.request(path, json(method, body, who.headers));
  return { status: res.status, body: (await res.json()) as T };
};
const createApp = async (who: SignedIn) =>
  (await call<AppSummary>(who, 'POST', '/api/apps', { name: 'Shop', type: 'GEN_APP' })).body;

describe('code editor writes (spec 1 §5–§6)', () => {
  it('lets an admin save a file as a new version', async () => {
    const app = await createApp(admin);
    expect(admin.user).toBeDefined();
    const res = await call<UpdateFileResponse>(admin, 'POST', `/api/apps/${app.id}/files/update`, {
      file: { path: 'pages/About.tsx', content: 'export default () => <p>about</p>;' },
    });
    expect(res.status).toBe(200);
    const files = await call<CurrentFilesResponse>(admin, 'GET', `/api/apps/${app.id}/files`);
    expect(files.body.versionId).toBe(res.body.version.id);
    expect(files.body.files.find((f) => f.path === 'pages/About.tsx')?.content).toContain('about');
  });

  it('refuses files/update and files/delete with 403 for a builder who is not an admin, writing nothing', async () => {
    const app = await createApp(builder);
    const before = await call<CurrentFilesResponse>(builder, 'GET', `/api/apps/${app.id}/files`);
    const fileId = before.body.files[0]?.id ?? '';
    const update = await call<{ error: { code: string; message: string } }>(
      builder,
      'POST',
      `/api/apps/${app.id}/files/update`,
      { file: { path: 'pages/X.tsx', content: 'x' } },
    );
    expect(update.status).toBe(403);
    expect(update.body.error).toEqual({ code: 'forbidden', message: CODE_EDITOR_MESSAGES.adminOnly });
    const del = await call(builder, 'POST', `/api/apps/${app.id}/files/delete`, {
      fileId,
      referencesToUpdate: [],
    });
    expect(del.status).toBe(403);
    const after = await call<CurrentFilesResponse>(builder, 'GET', `/api/apps/${app.id}/files`);
    expect(after.body.versionId).toBe(before.body.versionId);
  });

  it("refuses an admin's files/update and files/delete on a read-only entity file with 403, writing nothing", async () => {
    const app = await createApp(admin);
    const before = await call<CurrentFilesResponse>(admin, 'GET', `/api/apps/${app.id}/files`);
    const entity = before.body.files.find((f) => f.path === 'entities/Item.json');
    const page = before.body.files.find((f) => f.path === 'pages/Home.tsx');
    if (!entity || !page) throw new Error('the template has no entities/Item.json or pages/Home.tsx');
    const refused = { code: 'forbidden', message: CODE_EDITOR_MESSAGES.readOnlyFile('entities/Item.json') };
    const writes = [
      ['files/update', { file: { id: entity.id, content: '{}' } }],
      ['files/update', { file: { path: 'entities/Item.json', content: '{}' } }],
      ['files/update', { file: { id: page.id, path: 'entities/Item.json', content: '{}' } }],
      ['files/delete', { fileId: entity.id, referencesToUpdate: [] }],
      [
        'files/delete',
        { fileId: page.id, referencesToUpdate: [{ path: 'entities/Item.json', content: '{}' }] },
      ],
    ] as const;
    for (const [route, body] of writes) {
      const res = await call<{ error: unknown }>(admin, 'POST', `/api/apps/${app.id}/${route}`, body);
      expect(res.status, `${route} ${JSON.stringify(body)}`).toBe(403);
      expect(res.body.error).toEqual(refused);
    }
    const after = await call<CurrentFilesResponse>(admin, 'GET', `/api/apps/${app.id}/files`);
    expect(after.body.versionId).toBe(before.body.versionId);
    expect(after.body.files.find((f) => f.id === entity.id)?.content).toBe(entity.content);
  });

  it("keeps the chat assistant's own writes working for a builder who is not an admin", async () => {
    const app = await createApp(builder);
    const result = await appsRuntime(t.deps).versions.createVersion({ userId: builder.user.id }, app.id, {
      changes: [{ op: 'upsert', path: 'pages/Chat.tsx', content: 'export default () => null;' }],
      description: 'chat edit',
    });
    expect(result.created).toBe(true);
  });

  it("answers 404 (not 403) on another builder's app", async () => {
    const app = await createApp(admin);
    const res = await call(builder, 'POST', `/api/apps/${app.id}/files/update`, {
      file: { path: 'pages/X.tsx', content: 'x' },
    });
    expect(res.status).toBe(404);
  });
});

/** An app whose pages/Shop.tsx imports components/Card.tsx (the file the tests delete or rename). */
async function appWithCardAndShop() {
  const app = await createApp(admin);
  const put = (path: string, content: string) =>
    call<UpdateFileResponse>(admin, 'POST', `/api/apps/${app.id}/files/update`, {
      file: { path, content },
    });
  const card = await put('components/Card.tsx', 'export default function Card() { return null; }');
  await put(
    'pages/Shop.tsx',
    "import Card from '../components/Card';\nexport default function Shop() { return null; }",
  );
  return { app, card };
}

describe('delete with references (spec 1 §7)', () => {
  it('lists the importers of a file and deletes it with the reference updates in one version', async () => {
    const { app, card } = await appWithCardAndShop();
    const refs = await call<FileReferencesResponse>(
      admin,
      'GET',
      `/api/apps/${app.id}/files/${card.body.file.id}/references`,
    );
    expect(refs.status).toBe(200);
    expect(refs.body.referencesToUpdate).toEqual([
      {
        path: 'pages/Shop.tsx',
        content: 'export default function Shop() { return null; }',
        removedLines: ["import Card from '../components/Card';"],
      },
    ]);
    const del = await call<DeleteFileResponse>(admin, 'POST', `/api/apps/${app.id}/files/delete`, {
      fileId: card.body.file.id,
      referencesToUpdate: refs.body.referencesToUpdate.map(({ path, content }) => ({ path, content })),
    });
    expect(del.status).toBe(200);
    const files = (await call<CurrentFilesResponse>(admin, 'GET', `/api/apps/${app.id}/files`)).body.files;
    expect(files.some((f) => f.path === 'components/Card.tsx')).toBe(false);
    expect(files.find((f) => f.path === 'pages/Shop.tsx')?.content).not.toContain('Card');
  });

  it('answers 404 for references of a file that is not in the app', async () => {
    const app = await createApp(admin);
    const res = await call(admin, 'GET', `/api/apps/${app.id}/files/nope/references`);
    expect(res.status).toBe(404);
  });
});

describe('rename (the code editor)', () => {
  it('moves the file and rewrites the imports that named it in one version; refuses a taken path, read-only files and non-admins', async () => {
    const { app, card } = await appWithCardAndShop();
    const before = await call<CurrentFilesResponse>(admin, 'GET', `/api/apps/${app.id}/files`);
    const rename = (who: SignedIn, fileId: string, path: string) =>
      call<RenameFileResponse & { error: { code: string; message: string } }>(
        who,
        'POST',
        `/api/apps/${app.id}/files/rename`,
        { fileId, path },
      );

    const res = await rename(admin, card.body.file.id, 'components/shop/Tile.tsx');
    expect(res.status).toBe(200);
    expect(res.body.file).toMatchObject({ id: card.body.file.id, path: 'components/shop/Tile.tsx' });
    expect(res.body.updatedImports).toEqual(['pages/Shop.tsx']);
    const after = await call<CurrentFilesResponse>(admin, 'GET', `/api/apps/${app.id}/files`);
    expect(after.body.versionId).toBe(res.body.version.id);
    expect(res.body.version.parentVersionId).toBe(before.body.versionId);
    expect(after.body.files.some((f) => f.path === 'components/Card.tsx')).toBe(false);
    expect(after.body.files.find((f) => f.path === 'pages/Shop.tsx')?.content).toContain(
      "import Card from '../components/shop/Tile';",
    );

    const taken = await rename(admin, card.body.file.id, 'pages/Shop.tsx');
    expect(taken.status).toBe(400);
    const entity = after.body.files.find((f) => f.path === 'entities/Item.json');
    const readOnly = await rename(admin, entity?.id ?? '', 'entities/Thing.json');
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.error.message).toBe(CODE_EDITOR_MESSAGES.readOnlyFile('entities/Item.json'));
    expect((await rename(admin, 'nope', 'pages/X.tsx')).status).toBe(404);
    expect((await rename(builder, card.body.file.id, 'pages/X.tsx')).status).toBe(404);
    const unchanged = await call<CurrentFilesResponse>(admin, 'GET', `/api/apps/${app.id}/files`);
    expect(unchanged.body.versionId).toBe(res.body.version.id);
  });
});

describe('file version history (spec 1 §2)', () => {
  it('lists the file once per change, newest first, and a restore is a new version with the old content', async () => {
    const app = await createApp(admin);
    const put = (file: { id?: string; path?: string; content: string }) =>
      call<UpdateFileResponse>(admin, 'POST', `/api/apps/${app.id}/files/update`, { file });
    const v1 = await put({ path: 'pages/Notes.tsx', content: 'one' });
    const id = v1.body.file.id;
    await put({ path: 'pages/Other.tsx', content: 'unrelated' });
    const v3 = await put({ id, content: 'two' });
    const history = await call<FileHistoryResponse>(admin, 'GET', `/api/apps/${app.id}/files/${id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.entries.map((e) => [e.versionId, e.content])).toEqual([
      [v3.body.version.id, 'two'],
      [v1.body.version.id, 'one'],
    ]);
    const restored = await put({ id, content: history.body.entries[1]?.content ?? '' });
    expect(restored.body.version.seq).toBe(v3.body.version.seq + 1);
    const files = (await call<CurrentFilesResponse>(admin, 'GET', `/api/apps/${app.id}/files`)).body.files;
    expect(files.find((f) => f.id === id)?.content).toBe('one');
  });

  it("answers 404 for another builder's app", async () => {
    const app = await createApp(admin);
    const res = await call(builder, 'GET', `/api/apps/${app.id}/files/x/history`);
    expect(res.status).toBe(404);
  });
});

describe('merge (spec 3 §4, §7, §8)', () => {
  const GREET = "export default async function handler() {\n  return new Response('hi');\n}\n";

  it('merges added and modified files as one new version, skips deleted ones and deploys the merged function', async () => {
    const app = await createApp(admin);
    const before = await call<CurrentFilesResponse>(admin, 'GET', `/api/apps/${app.id}/files`);
    const home = before.body.files.find((f) => f.path === 'pages/Home.tsx');
    const res = await call<MergeResponse>(admin, 'POST', `/api/apps/${app.id}/merge`, {
      files: [
        { path: 'pages/Home.tsx', content: 'export default () => <p>merged</p>;', status: 'modified' },
        { path: 'components/New.tsx', content: 'export default () => null;', status: 'added' },
        { path: 'functions/greet.ts', content: GREET, status: 'added' },
        { path: 'globals.css', content: '', status: 'deleted' },
      ],
      description: 'Merged from Other',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ filesCount: 3, totalFunctions: 1, deploymentIssues: [] });
    expect(res.body.deployedFunctionsCount).toBe(1);
    const after = await call<CurrentFilesResponse>(admin, 'GET', `/api/apps/${app.id}/files`);
    expect(after.body.versionId).toBe(res.body.versionId);
    expect(after.body.files.find((f) => f.id === home?.id)?.content).toContain('merged');
    expect(after.body.files.some((f) => f.path === 'components/New.tsx')).toBe(true);
    expect(after.body.files.some((f) => f.path === 'globals.css')).toBe(true);
  });

  it('answers "No files to merge …" when only deletions are sent and "No changes to merge" when nothing differs', async () => {
    const app = await createApp(admin);
    const onlyDeleted = await call<{ error: { message: string } }>(
      admin,
      'POST',
      `/api/apps/${app.id}/merge`,
      {
        files: [{ path: 'globals.css', content: '', status: 'deleted' }],
      },
    );
    expect(onlyDeleted.status).toBe(400);
    expect(onlyDeleted.body.error.message).toBe(CODE_EDITOR_MESSAGES.noFilesToMerge);
    const files = (await call<CurrentFilesResponse>(admin, 'GET', `/api/apps/${app.id}/files`)).body.files;
    const same = await call<{ error: { message: string } }>(admin, 'POST', `/api/apps/${app.id}/merge`, {
      files: files.map(({ path, content }) => ({ path, content, status: 'modified' })),
    });
    expect(same.status).toBe(400);
    expect(same.body.error.message).toBe(CODE_EDITOR_MESSAGES.noChangesToMerge);
  });

  it('is refused with 403 for a builder who is not an admin', async () => {
    const app = await createApp(builder);
    const res = await call(builder, 'POST', `/api/apps/${app.id}/merge`, {
      files: [{ path: 'pages/X.tsx', content: 'x', status: 'added' }],
    });
    expect(res.status).toBe(403);
  });
});
