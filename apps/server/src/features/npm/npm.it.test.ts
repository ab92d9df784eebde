import type {
  AppPackagesResponse,
  AppSummary,
  PreviewTokenResponse,
  RemoveAppPackageResponse,
  UpdateFileResponse,
} from '@atelier/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type SignedIn, signUpVerified } from '../../../test/support/accounts.ts';
import { type FakeNpmRegistry, startFakeNpmRegistry } from '../../../test/support/fake-npm-registry.mjs';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createPreviewApp } from '../preview/preview.app.ts';

const PREVIEW = 'http://127.0.0.1:3001';

/** The registry's packages; a test adds a version later (the app's pin must not move). */
const packages: Parameters<typeof startFakeNpmRegistry>[0] = {
  'tiny-confetti': {
    '1.0.0': {
      files: {
        'index.js':
          'const c = require("tiny-colors"); exports.fire = () => "confetti v1 " + c.red; exports.version = "1.0.0";',
      },
      dependencies: { 'tiny-colors': '^2.0.0' },
    },
  },
  'tiny-colors': { '2.1.0': { files: { 'index.js': 'exports.red = "#f00";' } } },
};

let registry: FakeNpmRegistry;
let t: TestApp;
let preview: ReturnType<typeof createPreviewApp>;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  registry = await startFakeNpmRegistry(packages);
  t = await createTestApp({ env: { NPM_REGISTRY_URL: registry.url } });
  preview = createPreviewApp(t.deps);
  alice = await signUpVerified(t, 'alice@example.com');
  bob = await signUpVerified(t, 'bob@example.com');
});
afterAll(async () => {
  await t.close();
  await registry.close();
});

async function call<T>(who: SignedIn, method: string, path: string, body?: unknown) {
  const res = await t.app.request(path, json(method, body, who.headers));
  return { status: res.status, body: (await res.json()) as T };
}

async function write(app: AppSummary, path: string, content: string) {
  const { body } = await call<UpdateFileResponse>(alice, 'POST', `/api/apps/${app.id}/files/update`, {
    file: { path, content },
  });
  return body.version.id;
}

/** The preview document of a version, and its import map. */
async function previewOf(app: AppSummary, versionId: string) {
  const { body } = await call<PreviewTokenResponse>(alice, 'POST', `/api/apps/${app.id}/preview-token`, {
    versionId,
  });
  const html = await (await preview.request(body.url.slice(PREVIEW.length))).text();
  const map = /<script type="importmap"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];
  return { html, imports: map ? (JSON.parse(map) as { imports: Record<string, string> }).imports : {} };
}

const home = (text: string) =>
  `import { fire } from 'tiny-confetti';\nexport default function Home() { return <p>{fire()} ${text}</p>; }\n`;

describe('npm packages on demand', () => {
  it('installs a package package.json names, serves it in the import map, pins it per app, lists and removes it', async () => {
    const app = (await call<AppSummary>(alice, 'POST', '/api/apps', { name: 'Party', type: 'GEN_APP' })).body;
    await write(app, 'package.json', '{\n  "dependencies": {\n    "tiny-confetti": "^1.0.0"\n  }\n}\n');
    const first = await write(app, 'pages/Home.tsx', home('one'));

    const page = await previewOf(app, first);
    const url = page.imports['tiny-confetti'];
    expect(url).toMatch(new RegExp(`^${PREVIEW}/preview-npm/[a-f0-9]{32}\\.js$`));
    const module = await preview.request(url!.slice(PREVIEW.length));
    expect(module.status).toBe(200);
    expect(module.headers.get('access-control-allow-origin')).toBe('*');
    const code = await module.text();
    expect(code).toContain('confetti v1');
    expect(code).toContain('#f00'); // its dependency, bundled in

    const listed = await call<AppPackagesResponse>(alice, 'GET', `/api/apps/${app.id}/packages`);
    expect(listed.body).toEqual({
      packages: [{ name: 'tiny-confetti', range: '^1.0.0', version: '1.0.0', builtIn: false }],
      problem: null,
    });
    const rows = await t.deps.database.db.execute(
      sql`select name, root from app_npm_locks where app_id = ${app.id}`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows ?? rows).toEqual([
      { name: 'tiny-confetti', root: 'tiny-confetti@1.0.0' },
    ]);
    expect((await call(bob, 'GET', `/api/apps/${app.id}/packages`)).status).toBe(404);

    // A newer release does not move the app's pin.
    packages['tiny-confetti']!['1.2.0'] = {
      files: { 'index.js': 'exports.fire = () => "confetti v1.2";' },
    };
    const second = await write(app, 'pages/Home.tsx', home('two'));
    expect((await previewOf(app, second)).imports['tiny-confetti']).toBe(url);

    const removed = await call<RemoveAppPackageResponse>(
      alice,
      'POST',
      `/api/apps/${app.id}/packages/remove`,
      {
        name: 'tiny-confetti',
      },
    );
    expect(removed.status).toBe(200);
    expect(removed.body.packages).toEqual([]);
    const after = await previewOf(app, removed.body.version.id);
    expect(after.imports['tiny-confetti']).toBeUndefined();
    expect(after.html).toContain('The app does not build');
    expect(
      (await call(alice, 'POST', `/api/apps/${app.id}/packages/remove`, { name: 'tiny-confetti' })).status,
    ).toBe(400);
  });

  it('names the package and why when it is refused', async () => {
    const app = (await call<AppSummary>(alice, 'POST', '/api/apps', { name: 'Broken', type: 'GEN_APP' }))
      .body;
    await write(app, 'package.json', '{"dependencies":{"tiny-missing":"1"}}');
    const version = await write(
      app,
      'pages/Home.tsx',
      "import x from 'tiny-missing';\nexport default function Home() { return <p>{String(x)}</p>; }\n",
    );
    const { html } = await previewOf(app, version);
    expect(html).toContain('The app does not build');
    expect(html).toContain(
      'Cannot use the npm package \\"tiny-missing\\": it does not exist in the npm registry.',
    );

    // A name the package does not export is a compile error on the importing line, with a suggestion.
    await write(app, 'package.json', '{"dependencies":{"tiny-colors":"^2.0.0"}}');
    const misspelt = await write(
      app,
      'pages/Home.tsx',
      "import { rde } from 'tiny-colors';\nexport default function Home() { return <p>{rde}</p>; }\n",
    );
    const second = await previewOf(app, misspelt);
    expect(second.html).toContain('The app does not build');
    expect(second.html).toContain('\\"rde\\" is not exported by tiny-colors. Did you mean \\"red\\"?');

    // Loaded only with import() (an optional script the app catches): left out, and the app builds.
    await write(app, 'package.json', '{"dependencies":{"tiny-missing":"^0.7.70","tiny-colors":"^2.0.0"}}');
    const optional = await write(
      app,
      'pages/Home.tsx',
      "import { red } from 'tiny-colors';\nimport('tiny-missing').catch(() => null);\nexport default function Home() { return <p>{red}</p>; }\n",
    );
    const third = await previewOf(app, optional);
    expect(third.html).not.toContain('The app does not build');
    expect(Object.keys(third.imports).filter((specifier) => specifier.startsWith('tiny-'))).toEqual([
      'tiny-colors',
    ]);
  });
});
