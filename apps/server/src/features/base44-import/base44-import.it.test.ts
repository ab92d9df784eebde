import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { BASE44_IMPORT_MESSAGES, type Base44ImportReport, type Base44ImportResponse } from '@atelier/shared';
import { type ServerType, serve } from '@hono/node-server';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAME_ORIGIN, type SignedIn, signUpVerified } from '../../../test/support/accounts.ts';
import { sdkClients } from '../../../test/support/base44.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { findRepoRoot } from '../../platform/paths.ts';
import { downloadGitArchive } from './git-source.ts';

/** An exported Base44 app (test/fixtures/base44-exports) imported through the API, then used with the real SDK. */

const FIXTURE = path.join(findRepoRoot(), 'test/fixtures/base44-exports/task-board');

function zipOfDir(dir: string, prefix = 'task-board-main/', extra: Record<string, string> = {}): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  const walk = (relative: string) => {
    for (const dirent of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${dirent.name}` : dirent.name;
      if (dirent.isDirectory()) walk(child);
      else entries[prefix + child] = fs.readFileSync(path.join(dir, child));
    }
  };
  walk('');
  for (const [file, content] of Object.entries(extra)) entries[prefix + file] = Buffer.from(content);
  return zipSync(entries);
}

/** The task-board export with a 26 MB stored (uncompressed) video beside it: a zip over 25 MB (made once). */
let big: Buffer | undefined;
function bigZip(): Buffer {
  if (big) return big;
  const entries: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = unzipSync(zipOfDir(FIXTURE));
  entries['task-board-main/public/intro.mp4'] = [new Uint8Array(26 * 1024 * 1024), { level: 0 }];
  big = Buffer.from(zipSync(entries));
  return big;
}

function upload(t: TestApp, builder: SignedIn, zip: Uint8Array, name = 'task-board.zip') {
  const form = new FormData();
  form.set('file', new File([zip], name, { type: 'application/zip' }));
  return t.app.request('/api/apps/import/base44', { method: 'POST', body: form, headers: builder.headers });
}

/** A 1×1 PNG: what a Base44 storage URL of the export serves (the local server below stands in). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const STORAGE = 'https://base44.app/api/apps/b44app/files';

let t: TestApp;
let builder: SignedIn;
let imported: Base44ImportResponse;
let server: ServerType;
let serverUrl: string;
const { client, cleanup } = sdkClients(() => ({ serverUrl, appId: imported.app.id }));

/** A local stand-in for GitHub's codeload: the fixture's zip at `/octo/task-board/zip/{ref}`, else 404. */
let archives: http.Server;
let archiveOrigin: string;
const archivePaths: string[] = [];

/** The request for `/octo/stalled/zip/HEAD` (it never ends): closed when the import gives up on it. */
let stalled: Promise<void> | undefined;

beforeAll(async () => {
  const zip = Buffer.from(zipOfDir(FIXTURE));
  archives = http.createServer((req, res) => {
    archivePaths.push(req.url ?? '');
    if (/^\/octo\/task-board\/zip\/[\w./-]+$/.test(req.url ?? '')) {
      res.writeHead(200, { 'content-type': 'application/zip' }).end(zip);
    } else if (req.url === '/octo/big-board/zip/HEAD') {
      // Over the 25 MB an in-memory download allowed: the export plus 26 MB of stored zeros (a video).
      res.writeHead(200, { 'content-type': 'application/zip' }).end(bigZip());
    } else if (req.url === '/octo/huge/zip/HEAD') {
      res.writeHead(200, { 'content-length': String(300 * 1024 * 1024) }).end();
    } else if (req.url === '/octo/stalled/zip/HEAD') {
      res.writeHead(200, { 'content-type': 'application/zip' });
      res.write(zip.subarray(0, 1024));
      stalled = new Promise((resolve) => res.on('close', () => resolve()));
    } else if (req.url === '/api/apps/b44app/files/logo.png') {
      res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    } else if (req.url === '/api/apps/b44app/files/tool.exe') {
      res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x4d, 0x5a, 0, 0, 1, 2]));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => archives.listen(0, '127.0.0.1', resolve));
  archiveOrigin = `http://127.0.0.1:${(archives.address() as AddressInfo).port}`;
  t = await createTestApp({
    env: { NET_ALLOW_LOOPBACK: 'true' },
    deps: { base44Import: { archiveOrigins: { github: archiveOrigin }, storageOrigin: archiveOrigin } },
  });
  builder = await signUpVerified(t, 'importer@example.com');
  const res = await upload(t, builder, zipOfDir(FIXTURE));
  expect(res.status).toBe(201);
  imported = (await res.json()) as Base44ImportResponse;
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  cleanup();
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => archives.close(resolve));
  await t.close();
});

describe('POST /api/apps/import/base44', () => {
  it("imports from a Git URL: the host's zip through the SSRF guard; other addresses refused", async () => {
    // A builder of their own: the others' app list stays as the other cases expect it.
    const gitBuilder = await signUpVerified(t, 'git-importer@example.com');
    const fromUrl = (url: string) => {
      const form = new FormData();
      form.set('url', url);
      return t.app.request('/api/apps/import/base44', {
        method: 'POST',
        body: form,
        headers: gitBuilder.headers,
      });
    };
    const res = await fromUrl('https://github.com/octo/task-board/tree/v1.2');
    expect(res.status).toBe(201);
    const body = (await res.json()) as Base44ImportResponse;
    expect(body.app).toMatchObject({ name: 'Task Board' });
    expect(body.report.entities.map((entity) => entity.name)).toEqual(
      imported.report.entities.map((entity) => entity.name),
    );
    expect(archivePaths).toContain('/octo/task-board/zip/v1.2');
    expect((await fromUrl('https://github.com/octo/task-board.git')).status).toBe(201);
    expect(archivePaths).toContain('/octo/task-board/zip/HEAD');

    for (const url of [
      'http://github.com/octo/task-board',
      'https://evil.example/octo/task-board',
      'https://user:pw@github.com/octo/task-board',
      'https://github.com/octo',
      'https://github.com/octo/task-board/blob/main/x',
      'not a url',
    ]) {
      const refused = await fromUrl(url);
      expect(refused.status, url).toBe(400);
      expect(await refused.json(), url).toEqual({
        error: { code: 'bad_request', message: BASE44_IMPORT_MESSAGES.gitUrl },
      });
    }
    const missing = await fromUrl('https://github.com/octo/missing');
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toBe(
      BASE44_IMPORT_MESSAGES.gitUnreachable,
    );
    // Without the tests' loopback allowance, the guard refuses the same local address.
    await expect(
      downloadGitArchive(
        { host: 'github', owner: 'octo', repo: 'task-board', ref: undefined },
        {
          allowLoopback: false,
          origins: { github: archiveOrigin },
          file: path.join(os.tmpdir(), `refused-${process.pid}.zip`),
        },
      ),
    ).rejects.toThrow(BASE44_IMPORT_MESSAGES.gitUnreachable);

    // A zip over 25 MB is streamed to disk (bounded like an upload) and read like one.
    const big = await fromUrl('https://github.com/octo/big-board');
    expect(big.status).toBe(201);
    expect(((await big.json()) as Base44ImportResponse).app).toMatchObject({ name: 'Task Board' });
    // One declared over the 200 MB bound is refused before a byte is written.
    const huge = await fromUrl('https://github.com/octo/huge');
    expect(huge.status).toBe(400);
    expect(await huge.json()).toEqual({
      error: { code: 'bad_request', message: 'The zip is larger than 200 MB.' },
    });
    // The client going away cancels the download.
    const gone = new AbortController();
    const form = new FormData();
    form.set('url', 'https://github.com/octo/stalled');
    const pending = Promise.resolve(
      t.app.request('/api/apps/import/base44', {
        method: 'POST',
        body: form,
        headers: gitBuilder.headers,
        signal: gone.signal,
      }),
    ).catch(() => undefined);
    await expect.poll(() => stalled !== undefined).toBe(true);
    gone.abort();
    await stalled;
    await pending;
  });

  it('makes an app of the export: its src/ tree, own entry, entities, function and the report', async () => {
    const { app, report } = imported;
    expect(app).toMatchObject({ name: 'Task Board', type: 'GEN_APP' });
    const files = (await (
      await t.app.request(`/api/apps/${app.id}/files`, { headers: builder.headers })
    ).json()) as {
      files: { path: string; content: string }[];
    };
    const byPath = new Map(files.files.map((file) => [file.path, file.content]));
    // Paths Atelier's tree accepts are kept (pages/, components/, lib/…); the others move under services/, imports follow them.
    expect([...byPath.keys()]).toEqual(
      expect.arrayContaining([
        'pages/Dashboard.jsx',
        'components/ui/button.jsx',
        'services/App.jsx',
        'services/api/base44Client.js',
        'lib/AuthContext.jsx',
        'functions/notifyOwner/index.ts',
      ]),
    );
    expect(byPath.get('services/api/entities.js')).toContain(`from '@/services/api/base44Client.js'`);
    expect(byPath.get('services/App.jsx')).toContain(`from '@/services/pages.config.js'`);
    expect(JSON.parse(byPath.get('package.json')!)).toMatchObject({
      main: 'services/main.jsx',
      dependencies: {},
    });
    expect(byPath.get('lib/app-params.js')).toContain(`defaultValue: ${JSON.stringify(app.id)}`);
    expect(byPath.get('globals.css')).toContain('--color-primary: hsl(var(--primary));');
    expect(byPath.get('globals.css')).not.toContain('@tailwind');
    // Entities: the .jsonc with its Base44 rules as they are; Comment guessed from the code.
    expect(JSON.parse(byPath.get('entities/Task.json')!)).toMatchObject({
      properties: { title: { type: 'string' }, priority: { type: 'number' } },
      required: ['title'],
      rls: { create: true, read: true, update: { created_by: '{{user.email}}' } },
    });
    expect(JSON.parse(byPath.get('entities/Comment.json')!).properties).toEqual({
      body: { type: 'string' },
      pinned: { type: 'boolean' },
      rating: { type: 'number' },
    });
    expect(report.entities).toEqual([
      { name: 'Comment', fields: 3, rules: 'default', inferred: true },
      { name: 'Project', fields: 2, rules: 'default', inferred: false },
      { name: 'Task', fields: 4, rules: 'translated', inferred: false },
    ]);
    // Built at import like a deploy: it reads a secret nobody has set yet.
    expect(report.functions).toEqual([
      {
        name: 'notifyOwner',
        path: 'functions/notifyOwner/index.ts',
        status: 'needs-secrets',
        missingSecrets: ['RESEND_API_KEY'],
        scheduledAutomations: ['Weekly summary'],
      },
    ]);
    expect(report.secrets).toEqual(['RESEND_API_KEY']);
    expect(report.packages).toContainEqual({ name: '@base44/sdk', status: 'built-in' });
    expect(report.data).toEqual([
      { entity: 'Task', file: 'data/Task.csv', rows: 2, imported: 2, errors: [] },
    ]);
    // Its Google Fonts stylesheet is kept, first in globals.css (no longer a warning).
    expect(byPath.get('globals.css')).toMatch(
      /^@import url\('https:\/\/fonts\.googleapis\.com\/css2\?family=Inter/,
    );
    expect(report.warnings.join('\n')).not.toContain('fonts.googleapis.com');
    // An image (not an app file) is imported as an empty URL, and reported.
    expect(byPath.get('services/Layout.jsx')).toContain(`from "@/services/missing-asset.js"`);
    expect(byPath.get('services/missing-asset.js')).toContain("export default '';");
    expect(report.warnings.join('\n')).toContain('src/Layout.jsx: @/assets/logo.svg');
  });

  it("copies reachable Base44 storage files into the app's storage, lists the others, builds each function, and makes its Supabase tables entities", async () => {
    const own = await signUpVerified(t, 'storage-importer@example.com');
    const zip = zipOfDir(FIXTURE, 'task-board-main/', {
      'src/utils/index.ts': [
        "export function createPageUrl(pageName: string) { return '/' + pageName.replace(/ /g, '-'); }",
        `export const LOGO = "${STORAGE}/logo.png";`,
        `export const GONE = "${STORAGE}/gone.png";`,
        `export const TOOL = "${STORAGE}/tool.exe";`,
        // Code of an export that moved to Supabase: a table only the code names.
        "export const react = (supabase: any, emoji: string) => supabase.from('reactions').insert({ emoji, count: 1 });",
        // …and one named after an entity of the export: that entity, not a second one.
        "export const openTasks = (supabase: any) => supabase.from('tasks').select('*').eq('done', false);",
      ].join('\n'),
      'data/Project.json': JSON.stringify([{ name: 'Site', color: `${STORAGE}/logo.png` }]),
      'base44/functions/broken/index.ts':
        'Deno.serve(async () => new Response(missingName));\nexport const x = ;',
      // A private app on Base44 (its CLI's project file): it comes in requiring login.
      'base44/config.jsonc':
        '// Base44 Project Configuration\n{ "name": "task-board", "visibility": "private" }\n',
      'base44/functions/hello/index.ts': "Deno.serve(async () => Response.json({ hello: 'world' }));",
      'base44/functions/hello/function.jsonc':
        '{ "automations": [ { "name": "Nightly", "type": "scheduled", "cron_expression": "0 3 * * *" } ] }',
      // An export that moved to Supabase: its migration's table.
      'supabase/migrations/20240101000000_init.sql': [
        'create table public.comments (id uuid primary key default gen_random_uuid(), body text not null,',
        '  task_id uuid, likes int default 0, created_at timestamptz default now());',
        'alter table comments enable row level security;',
        'create policy "anyone reads" on comments for select using (true);',
      ].join('\n'),
    });
    const res = await upload(t, own, zip);
    expect(res.status).toBe(201);
    const { app, report } = (await res.json()) as Base44ImportResponse;
    expect(app.settings).toMatchObject({ requireLogin: true });
    expect(report.translated).toContain(
      'base44/config.jsonc: visibility "private" became the app\'s "Require login to access" setting (Settings): visitors sign in first.',
    );
    const copied = report.storageFiles?.find((file) => file.url === `${STORAGE}/logo.png`)?.fileUrl ?? '';
    expect(copied).toMatch(/^https?:\/\/[^/]+\/api\/uploads\/accounts\//);
    expect(report.storageFiles).toEqual([
      { url: `${STORAGE}/gone.png`, reason: "Not reachable: Base44's storage answered 404." },
      { url: `${STORAGE}/logo.png`, fileUrl: copied },
      { url: `${STORAGE}/tool.exe`, reason: 'Not copied: only images, PDFs and text files are.' },
    ]);
    expect(report.storageUrls).toEqual([`${STORAGE}/gone.png`, `${STORAGE}/tool.exe`]);
    // The code and the data name the copy, which Atelier serves.
    const files = (await (
      await t.app.request(`/api/apps/${app.id}/files`, { headers: own.headers })
    ).json()) as { files: { path: string; content: string }[] };
    const utils = files.files.find((file) => file.path.endsWith('utils/index.ts'))?.content ?? '';
    expect(utils).toContain(`LOGO = "${copied}"`);
    expect(utils).toContain(`GONE = "${STORAGE}/gone.png"`);
    const served = await t.app.request(new URL(copied).pathname);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    const projects = await t.app.request(`/api/apps/${app.id}/entities/Project`, { headers: own.headers });
    expect(JSON.stringify(await projects.json())).toContain(copied);
    // Each function built as a deploy builds it: built, failed with the compiler's error, or waiting for secrets.
    const byName = new Map(report.functions.map((fn) => [fn.name, fn]));
    expect(byName.get('hello')).toEqual({
      name: 'hello',
      path: 'functions/hello/index.ts',
      status: 'built',
      scheduledAutomations: ['Nightly'],
    });
    expect(byName.get('broken')).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('index.ts'),
    });
    expect(byName.get('notifyOwner')).toMatchObject({ status: 'needs-secrets' });
    // The Supabase tables: declared by the SQL, guessed from supabase.from(); policies not translated.
    expect(report.entities.filter((entity) => ['comments', 'reactions'].includes(entity.name))).toEqual([
      { name: 'comments', fields: 3, rules: 'default', inferred: false },
      { name: 'reactions', fields: 2, rules: 'default', inferred: true },
    ]);
    expect(report.warnings.join('\n')).toContain(
      "The Supabase SQL's 1 row-level security policy was not translated",
    );
    expect(report.entities.map((entity) => entity.name)).not.toContain('tasks');
    expect(report.translated).toContain(
      'Supabase tables the code uses that are entities of the export under their Base44 name: tasks → Task.',
    );
    // …which the app's Supabase REST API serves (typed and with defaults, as the SQL declared them).
    const comment = await t.app.request(`/api/apps/${app.id}/supabase/rest/v1/comments?select=body,likes`, {
      method: 'POST',
      headers: { ...own.headers, 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({ body: 'Looks good' }),
    });
    expect(comment.status).toBe(201);
    expect(await comment.json()).toEqual([{ body: 'Looks good', likes: 0 }]);
    const untitled = await t.app.request(`/api/apps/${app.id}/supabase/rest/v1/comments`, {
      method: 'POST',
      headers: { ...own.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ likes: 'many' }),
    });
    expect(untitled.status).toBe(400);
    // Deployed all the same: it runs, its unset secret reading as unset, as on Base44.
    const refreshed = await t.app.request('/api/auth/token/refresh', {
      method: 'POST',
      headers: own.headers,
    });
    const { accessToken } = (await refreshed.json()) as { accessToken: string };
    const [task] = (await (
      await t.app.request(`/api/apps/${app.id}/entities/Task`, { headers: own.headers })
    ).json()) as { id: string; title: string }[];
    const notified = await t.app.request(`/api/apps/${app.id}/functions/notifyOwner`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ taskId: task?.id }),
    });
    expect(await notified.json()).toEqual({ sent: false, title: task?.title });
  });

  it('imports the table export as records, which the real SDK reads and writes under the translated rules', async () => {
    const visitor = client();
    const tasks = (await visitor.entities.Task!.list('-priority')) as {
      title: string;
      status: string;
      priority: number;
    }[];
    expect(tasks.map((task) => [task.title, task.status, task.priority])).toEqual([
      ['Render the first page', 'doing', 2],
      ['Write the import', 'done', 1],
    ]);
    const created = (await visitor.entities.Task!.create({ title: 'From the SDK', priority: 3 })) as {
      id: string;
    };
    expect((await visitor.entities.Task!.get(created.id)) as { title: string }).toMatchObject({
      title: 'From the SDK',
    });
  });

  it('keeps the report with the app; another builder gets 404', async () => {
    const res = await t.app.request(`/api/apps/${imported.app.id}/import-report`, {
      headers: builder.headers,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Base44ImportReport).entities).toEqual(imported.report.entities);
    const other = await signUpVerified(t, 'other-importer@example.com');
    const hidden = await t.app.request(`/api/apps/${imported.app.id}/import-report`, {
      headers: other.headers,
    });
    expect(hidden.status).toBe(404);
  });

  it("imports code copied out of Base44's editor (Pages/, Entities/, Layout.js; no src/): its pages routed in its Layout, its entity declared", async () => {
    const text = (source: string) => new TextEncoder().encode(source);
    const copier = await signUpVerified(t, 'editor-copy@example.com');
    const res = await upload(
      t,
      copier,
      zipSync({
        'feedback-main/Layout.js': text(
          'export default function Layout({ children, currentPageName }) {\n  return <main title={currentPageName}>{children}</main>;\n}\n',
        ),
        'feedback-main/Pages/Dashboard.jsx': text(
          "import { Feedback } from '@/entities/Feedback';\nimport { Button } from '@/components/ui/button';\nexport default function Dashboard() {\n  return <Button onClick={() => Feedback.list()}>Feedback</Button>;\n}\n",
        ),
        'feedback-main/Entities/Feedback.json': text(
          JSON.stringify({ name: 'Feedback', type: 'object', properties: { text: { type: 'string' } } }),
        ),
      }),
      'feedback-main.zip',
    );
    expect(res.status).toBe(201);
    const { report } = (await res.json()) as Base44ImportResponse;
    expect(report.entities).toEqual([{ name: 'Feedback', fields: 1, rules: 'default', inferred: false }]);
    expect(report.translated).toContain(
      "components/ui/button.jsx is missing from the export: Atelier's template's copy was added.",
    );
    expect(report.warnings).toEqual([]);
  });

  it('refuses what is not a readable export, and paths leaving the archive', async () => {
    const notZip = await upload(t, builder, new TextEncoder().encode('hello'));
    expect(notZip.status).toBe(400);
    const noSrc = await upload(t, builder, zipSync({ 'README.md': new TextEncoder().encode('# hi') }));
    expect(noSrc.status).toBe(400);
    expect(((await noSrc.json()) as { error: { message: string } }).error.message).toBe(
      'This is not an exported Base44 app: there is no src/ folder with a main.jsx or App.jsx.',
    );
    const outside = await upload(t, builder, zipSync({ '../src/main.jsx': new TextEncoder().encode('x') }));
    expect(outside.status).toBe(400);
    expect(((await outside.json()) as { error: { message: string } }).error.message).toContain(
      'invalid relative path',
    );
    const none = await t.app.request('/api/apps/import/base44', {
      method: 'POST',
      body: new FormData(),
      headers: builder.headers,
    });
    expect(none.status).toBe(400);
    const list = (await (await t.app.request('/api/apps', { headers: builder.headers })).json()) as {
      apps: unknown[];
    };
    expect(list.apps).toHaveLength(1);
  });

  it('needs a signed-in builder', async () => {
    const form = new FormData();
    form.set('file', new File([zipOfDir(FIXTURE)], 'x.zip'));
    const res = await t.app.request('/api/apps/import/base44', {
      method: 'POST',
      body: form,
      headers: { origin: SAME_ORIGIN },
    });
    expect(res.status).toBe(401);
  });

  it('takes a zip over 25 MB whose weight is what the import leaves out, received to disk and removed after', async () => {
    // A repository's zip with native projects and media beside the export (QZero's: 167 MB, 2.3 MB of src/).
    const zip = bigZip();
    expect(zip.length).toBeGreaterThan(25 * 1024 * 1024);
    const res = await upload(t, builder, zip, 'qzero-main.zip');
    expect(res.status).toBe(201);
    const { report } = (await res.json()) as Base44ImportResponse;
    expect(report.source).toBe('qzero-main.zip');
    expect(fs.readdirSync(path.join(t.deps.config.dataDir, 'tmp'))).toEqual([]);
  });
});
