// Starts the built server for the end-to-end specs on a throwaway data directory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV ??= 'test';
process.env.LOG_LEVEL ??= 'warn';
// End-to-end specs never reach the internet: no public model list (a spec may point it at a fake).
process.env.MODEL_CATALOGUE_URL ??= 'off';
// Every spec's browser comes from 127.0.0.1, and two spec files run at a time: the per-address
// budgets (made for one visitor each) would be shared by the whole suite and answer 429 at random.
process.env.RATE_LIMIT_ANONYMOUS_PER_MINUTE ??= '20000';
process.env.RATE_LIMIT_AUTH_PER_MINUTE ??= '5000';
// The database panel offers a sort index from this many records (specs/database-scale.spec.ts has 5,000).
process.env.SORT_INDEX_SUGGEST_ROWS ??= '1000';
// The AI models screen is for admins: this address signs up as one (specs/ai-models.spec.ts).
// The others write code directly, which is admin-only (e2e/support/admin.ts, specs/code-editor.spec.ts).
process.env.ADMIN_EMAILS ??= [
  'e2e-admin@example.com',
  'e2e-code-admin@example.com',
  'e2e-diff-admin@example.com',
  'e2e-apps-admin@example.com',
  'e2e-functions-admin@example.com',
  'e2e-database-admin@example.com',
  'e2e-settings-admin@example.com',
  'e2e-users-admin@example.com',
  'e2e-base44-admin@example.com',
  'e2e-base44-login-admin@example.com',
  'e2e-scale-admin@example.com',
  'e2e-space-admin@example.com',
  'e2e-chat-admin@example.com',
  'e2e-published-admin@example.com',
  'e2e-journey-admin@example.com',
].join(',');
/** A package kept as files under test/fixtures/npm/{dir}: path → content. */
function npmFixture(dir) {
  const root = new URL(`../test/fixtures/npm/${dir}/`, import.meta.url);
  return Object.fromEntries(
    fs.readdirSync(root).map((file) => [file, fs.readFileSync(new URL(file, root), 'utf8')]),
  );
}
/**
 * An installed package of the repository (node_modules/{dir}) as a version of the fake registry:
 * its files as published, less what no bundle reads (its node_modules, source maps, TypeScript
 * sources), which would only slow the packing down.
 */
function installedPackage(dir) {
  const root = new URL(`../node_modules/${dir}/`, import.meta.url);
  const files = {};
  const walk = (relative) => {
    for (const entry of fs.readdirSync(new URL(relative, root), { withFileTypes: true })) {
      const child = `${relative}${entry.name}`;
      if (entry.name === 'node_modules' || child === 'src' || entry.name.endsWith('.map')) continue;
      if (entry.isDirectory()) walk(`${child}/`);
      else files[child] = fs.readFileSync(new URL(child, root));
    }
  };
  walk('');
  const manifest = JSON.parse(files['package.json'].toString('utf8'));
  return {
    [manifest.version]: {
      files,
      dependencies: manifest.dependencies,
      peerDependencies: manifest.peerDependencies,
    },
  };
}
// …nor the npm registry: on-demand packages come from a local fake registry (specs/code-editor.spec.ts).
if (!process.env.NPM_REGISTRY_URL) {
  const { startFakeNpmRegistry } = await import('../apps/server/test/support/fake-npm-registry.mjs');
  const registry = await startFakeNpmRegistry({
    // A React component (hooks: it must share the page's React) with a CommonJS dependency.
    'tiny-sparkle': {
      '1.0.0': {
        files: {
          'index.mjs': [
            "import { useState } from 'react';",
            "import { jsx } from 'react/jsx-runtime';",
            "import { shout } from 'tiny-shout';",
            'export function Sparkle({ label }) {',
            '  const [count] = useState(3);',
            "  return jsx('strong', { children: shout(label) + ' x' + count });",
            '}',
          ].join('\n'),
          // A stylesheet apps import beside the code (specs/base44-import.spec.ts).
          'dist/sparkle.css': '.sparkle-badge { letter-spacing: 3px; }',
        },
        manifest: { main: 'index.mjs', type: 'module' },
        dependencies: { 'tiny-shout': '^1.0.0' },
        peerDependencies: { react: '>=18' },
      },
    },
    'tiny-shout': {
      '1.2.0': { files: { 'index.js': 'exports.shout = (s) => String(s).toUpperCase() + "!";' } },
    },
    // The real suncalc 1.9.0 (BSD-2-Clause, test/fixtures/npm): the youneek-time export's Deno
    // function imports `npm:suncalc@1.9.0` (specs/base44-import.spec.ts).
    suncalc: { '1.9.0': { files: npmFixture('suncalc-1.9.0') } },
    // The installed @supabase/supabase-js (MIT) and its dependencies: a Supabase-style export's page
    // creates its client with it (specs/base44-import.spec.ts, features/supabase).
    ...Object.fromEntries(
      ['supabase-js', 'auth-js', 'postgrest-js', 'realtime-js', 'storage-js', 'functions-js', 'phoenix'].map(
        (name) => [`@supabase/${name}`, installedPackage(`@supabase/${name}`)],
      ),
    ),
    tslib: installedPackage('@supabase/auth-js/node_modules/tslib'),
    'iceberg-js': installedPackage('iceberg-js'),
  });
  process.env.NPM_REGISTRY_URL = registry.url;
}
// Builders connect their own Notion workspace (issue 23 #20, specs/data-sources.spec.ts): a fake Notion
// with its OAuth endpoints (it approves at once), and no server-wide token.
if (!process.env.NOTION_API_BASE) {
  const { tsImport } = await import('tsx/esm/api');
  const { startFakeNotion } = await tsImport('../apps/server/test/support/fake-notion.ts', import.meta.url);
  const notion = await startFakeNotion({
    pages: [
      {
        id: 'page-recipes',
        title: 'Recipes',
        blocks: [{ type: 'paragraph', text: 'Our croissants rest overnight before baking.' }],
      },
    ],
    oauth: { clientId: 'e2e-notion-client', clientSecret: 'e2e-notion-secret' },
  });
  process.env.NOTION_API_BASE = notion.url;
  process.env.NOTION_OAUTH_CLIENT_ID = 'e2e-notion-client';
  process.env.NOTION_OAUTH_CLIENT_SECRET = 'e2e-notion-secret';
  // The fake listens on 127.0.0.1: let the SSRF guard reach it (honoured with NODE_ENV=test only).
  process.env.NET_ALLOW_LOOPBACK = 'true';
}
// Social sign-in with GitHub (issue 26 #2, specs/base44-login.spec.ts: an exported app's end user
// signs in with a provider): a fake GitHub that approves at once, as one person.
if (!process.env.GITHUB_CLIENT_ID) {
  const http = await import('node:http');
  const github = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-github');
    const json = (body) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/login/oauth/authorize') {
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', 'e2e-github-code');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/login/oauth/access_token')
      return json({ access_token: 'e2e-github-token', token_type: 'bearer' });
    if (req.headers.authorization !== 'Bearer e2e-github-token') {
      res.writeHead(401);
      return res.end();
    }
    if (url.pathname === '/user') return json({ id: 4242, login: 'e2e-octo', name: 'Octo E2E' });
    if (url.pathname === '/user/emails')
      return json([{ email: 'octo-e2e@example.com', primary: true, verified: true }]);
    res.writeHead(404);
    res.end();
  });
  await new Promise((resolve) => github.listen(0, '127.0.0.1', resolve));
  const githubUrl = `http://127.0.0.1:${github.address().port}`;
  process.env.GITHUB_CLIENT_ID = 'e2e-github-client';
  process.env.GITHUB_CLIENT_SECRET = 'e2e-github-secret';
  process.env.GITHUB_OAUTH_URL = githubUrl;
  process.env.GITHUB_API_URL = githubUrl;
}
const cleanup = () => fs.rmSync(dataDir, { recursive: true, force: true });
process.on('exit', cleanup);

await import('../apps/server/dist/main.js');
