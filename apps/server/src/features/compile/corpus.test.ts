import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type AppFile, fileKind } from '@atelier/shared';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../../test/support/chromium.ts';
import { findRepoRoot } from '../../platform/paths.ts';
import { templateFiles } from '../apps/template/index.ts';
import { appBranding } from './app-branding.ts';
import { type CompileSuccess, createCompiler } from './compiler.ts';
import { renderAppHtml } from './html.ts';
import { createVendorBundles, VENDOR_RESPONSE_HEADERS } from './vendor/vendor-bundles.ts';

/**
 * The corpus of apps in the ecosystem's shape (apps/server/test/fixtures/corpus, issue 25
 * "Measured"): every app compiles with the vendor set's export checks, and renders in Chromium
 * with no uncaught error and its expected texts visible. One browser, one page, every app in turn.
 */
interface CorpusApp {
  name: string;
  files: AppFile[];
  expect: string[];
  data: Record<string, Record<string, unknown>[]>;
}

const corpusDir = path.join(findRepoRoot(), 'apps/server/test/fixtures/corpus');

/** An app's own files over the template's shared ones (components/ui, hooks, lib/utils, globals.css). */
function loadCorpus(): CorpusApp[] {
  const shared = templateFiles('Corpus').filter((file) =>
    /^(components\/ui\/|hooks\/|lib\/|globals\.css$)/.test(file.path),
  );
  return fs
    .readdirSync(corpusDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const dir = path.join(corpusDir, entry.name);
      const own = fs
        .readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .map((file) => file.split(path.sep).join('/'))
        .filter((file) => fileKind(file) !== null && fs.statSync(path.join(dir, file)).isFile())
        .map((file) => ({ path: file, content: fs.readFileSync(path.join(dir, file), 'utf8') }));
      const ownPaths = new Set(own.map((file) => file.path));
      const meta = JSON.parse(fs.readFileSync(path.join(dir, 'corpus.json'), 'utf8')) as Omit<
        CorpusApp,
        'name' | 'files'
      >;
      return {
        name: entry.name,
        files: [...shared.filter((file) => !ownPaths.has(file.path)), ...own],
        ...meta,
      };
    });
}

const corpus = loadCorpus();
const vendor = createVendorBundles();
const compiled = new Map<string, CompileSuccess>();

beforeAll(async () => {
  const compiler = createCompiler({ vendor });
  try {
    for (const app of corpus) {
      const result = await compiler.compile(app.files);
      if (!result.ok) throw new Error(`${app.name}: ${JSON.stringify(result.diagnostics, null, 2)}`);
      compiled.set(app.name, result);
    }
  } finally {
    await compiler.dispose();
  }
}, 120_000);

describe('the corpus of ecosystem-shaped apps', () => {
  it('holds at least 20 apps, each compiling to one module with its CSS', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(20);
    for (const app of corpus) {
      const result = compiled.get(app.name)!;
      expect(result.js, app.name).toContain('mountApp(');
      expect(result.css, app.name).toContain('--primary');
    }
  });
});

const chromiumPath = chromiumLaunchOptions.executablePath;

describe.skipIf(!fs.existsSync(chromiumPath))('the corpus in Chromium', () => {
  let server: http.Server;
  let browser: Awaited<ReturnType<typeof chromium.launch>>;
  let origin = '';

  beforeAll(async () => {
    server = http.createServer(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const vendorName = /^\/preview-vendor\/(.+)\.js$/.exec(url.pathname)?.[1];
      const asset = /^\/assets\/([\w-]+)\/app\.(js|css)$/.exec(url.pathname);
      const entity = /^\/api\/apps\/([\w-]+)\/entities\/(\w+)(?:\/([\w-]+))?$/.exec(url.pathname);
      const app = /^\/([\w-]+)\//.exec(url.pathname)?.[1];
      if (vendorName) {
        const bundle = await vendor.get(vendorName);
        res.writeHead(bundle ? 200 : 404, VENDOR_RESPONSE_HEADERS).end(bundle?.code);
      } else if (asset && compiled.has(asset[1]!)) {
        const result = compiled.get(asset[1]!)!;
        res
          .writeHead(200, { 'content-type': asset[2] === 'js' ? 'text/javascript' : 'text/css' })
          .end(asset[2] === 'js' ? result.js : result.css);
      } else if (entity) {
        // The entity API of the app's corpus.json: lists its rows, echoes what is created.
        const rows = corpus.find((candidate) => candidate.name === entity[1])?.data[entity[2]!] ?? [];
        let body = '';
        for await (const chunk of req) body += chunk;
        const answer =
          req.method === 'GET'
            ? entity[3]
              ? (rows.find((row) => row.id === entity[3]) ?? {})
              : rows
            : { id: 'new', ...(body ? JSON.parse(body) : {}) };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      } else if (app && compiled.has(app) && req.headers.accept?.includes('text/html')) {
        const html = renderAppHtml({
          jsUrl: `/assets/${app}/app.js`,
          cssUrl: `/assets/${app}/app.css`,
          importMap: vendor.importMap('/preview-vendor/'),
          title: app,
          runtimeConfig: {
            appId: app,
            apiBase: origin,
            basePath: `/${app}`,
            branding: appBranding({ name: app }),
          },
        });
        res.writeHead(200, { 'content-type': 'text/html' }).end(html);
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch(chromiumLaunchOptions);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  it('renders every app with no uncaught error and its texts visible', async () => {
    const page = await browser.newPage();
    let errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        errors.push(message.text());
    });
    const failures: string[] = [];
    for (const app of corpus) {
      errors = [];
      await page.goto(`${origin}/${app.name}/`);
      for (const text of app.expect) {
        try {
          await page.getByText(text).first().waitFor({ timeout: 10_000 });
        } catch {
          failures.push(`${app.name}: "${text}" is not visible`);
          break;
        }
      }
      if (errors.length > 0) failures.push(`${app.name}: ${errors.join(' | ')}`);
    }
    await page.close();
    expect(failures).toEqual([]);
  }, 120_000);
});
