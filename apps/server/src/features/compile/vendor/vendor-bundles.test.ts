import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { init, parse } from 'es-module-lexer';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateFiles } from '../../apps/template/index.ts';
import { createCompiler } from '../compiler.ts';
import { renderAppHtml } from '../html.ts';
import { createVendorBundles, VENDOR_RESPONSE_HEADERS, type VendorBundle } from './vendor-bundles.ts';
import { SHARED_REACT_SPECIFIERS, VENDOR_MODULES } from './vendor-modules.ts';

const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-vendor-'));
const vendor = createVendorBundles({ cacheDir });
let bundles: VendorBundle[] = [];

beforeAll(async () => {
  await init;
  bundles = await vendor.buildAll();
}, 60_000);
afterAll(() => fs.rmSync(cacheDir, { recursive: true, force: true }));

describe('vendor bundles', () => {
  it('builds each allow-listed library as one ES module exporting what the import map promises', () => {
    expect(bundles.map((bundle) => bundle.name)).toEqual(VENDOR_MODULES.map((module) => module.name));
    for (const module of VENDOR_MODULES) {
      const bundle = bundles.find((candidate) => candidate.name === module.name)!;
      const [imports, exports] = parse(bundle.code);
      const exported = exports.map((entry) => entry.n);
      for (const name of module.sampleExports)
        expect(exported, `${module.name} exports ${name}`).toContain(name);
      // One file: no chunks (a dynamic import of a computed URL, like react-router's lazy routes, is
      // not a chunk); statically, only the shared React modules are imported, through the import map.
      for (const entry of imports) {
        if (entry.d === -2) continue; // import.meta
        if (entry.d > -1) {
          expect(entry.n, `${module.name} imports no chunk`).toBeUndefined();
          continue;
        }
        expect(SHARED_REACT_SPECIFIERS as readonly string[]).toContain(entry.n);
        expect(module.specifiers).not.toContain(entry.n);
      }
      expect(bundle.code, `${module.name} has no CommonJS require left`).not.toContain('Dynamic require of');
      expect(bundle.etag).toMatch(/^"[0-9a-f]{32}"$/);
    }
  });

  it('maps every allowed specifier to its module URL carrying the build key', () => {
    const { imports } = vendor.importMap('https://preview.test/preview-vendor/');
    expect(imports.react).toBe(`https://preview.test/preview-vendor/react.js?v=${vendor.key}`);
    expect(imports['react-router-dom']).toBe(imports['react-router']);
    expect(imports['@atelier/ui']).toBe(`https://preview.test/preview-vendor/atelier-ui.js?v=${vendor.key}`);
    expect(Object.keys(imports)).toHaveLength(
      VENDOR_MODULES.reduce((sum, module) => sum + module.specifiers.length, 0),
    );
    expect(VENDOR_RESPONSE_HEADERS['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("lists each module's exports, so a compile can refuse a made-up icon", async () => {
    const byBundle = bundles.find((bundle) => bundle.name === 'lucide-react')!;
    expect(byBundle.exports).toContain('Sparkles');
    expect(byBundle.exports.length).toBeGreaterThan(1000);
    const compiler = createCompiler({ vendor });
    const result = await compiler.compile([
      {
        path: 'pages/Home.tsx',
        content:
          "import { Sparkle, Rocket, SparklesIconX } from 'lucide-react';\nexport default () => <><Sparkle /><Rocket /><SparklesIconX /></>;\n",
      },
    ]);
    await compiler.dispose();
    expect(!result.ok && result.diagnostics.map((d) => d.message)).toEqual([
      expect.stringMatching(
        /^"SparklesIconX" is not exported by lucide-react\. Did you mean "Sparkles(Icon)?"\?$/,
      ),
    ]);
  });

  it('reuses the modules cached on disk instead of building again', async () => {
    const file = path.join(cacheDir, vendor.key, 'date-fns.js');
    fs.writeFileSync(file, 'export const marker = "from disk";');
    const again = await createVendorBundles({ cacheDir }).get('date-fns');
    expect(again?.code).toBe('export const marker = "from disk";');
    expect(again?.exports).toContain('formatDistanceToNow');
    expect(await vendor.get('no-such-module')).toBeUndefined();
  });
});

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

describe.skipIf(!fs.existsSync(chromiumPath))('compiled app in Chromium', () => {
  it('links every vendor module through the import map and renders the template', async () => {
    const compiler = createCompiler();
    const result = await compiler.compile(templateFiles('Acme Tasks'));
    await compiler.dispose();
    if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
    const server = http.createServer(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const vendorName = /^\/preview-vendor\/(.+)\.js$/.exec(url.pathname)?.[1];
      if (vendorName) {
        const bundle = await vendor.get(vendorName);
        res.writeHead(bundle ? 200 : 404, VENDOR_RESPONSE_HEADERS).end(bundle?.code);
      } else if (url.pathname === '/app.js')
        res.writeHead(200, { 'content-type': 'text/javascript' }).end(result.js);
      else if (url.pathname === '/app.css')
        res.writeHead(200, { 'content-type': 'text/css' }).end(result.css);
      else if (url.pathname === '/api/apps/demo/entities/Item') {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify([{ id: '1', name: 'First thing', status: 'done' }]));
      } else if (url.pathname === '/') {
        const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        const html = renderAppHtml({
          jsUrl: '/app.js',
          cssUrl: '/app.css',
          importMap: vendor.importMap('/preview-vendor/'),
          title: 'Acme Tasks',
          runtimeConfig: { appId: 'demo', apiBase: origin },
        });
        res.writeHead(200, { 'content-type': 'text/html' }).end(html);
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      await page.getByRole('heading', { name: 'Acme Tasks' }).waitFor({ timeout: 10_000 });
      await page.getByText('First thing').waitFor({ timeout: 10_000 });
      const wanted = VENDOR_MODULES.flatMap((module) =>
        module.specifiers.map((specifier) => ({ specifier, names: module.sampleExports })),
      );
      // A string, so the test runner does not rewrite `import()`; the page resolves bare specifiers by its import map.
      const exported = (await page.evaluate(`(async (modules) => {
        const found = {};
        for (const module of modules) {
          const namespace = await import(module.specifier);
          found[module.specifier] = module.names.filter((name) => namespace[name] !== undefined);
        }
        return found;
      })(${JSON.stringify(wanted)})`)) as Record<string, string[]>;
      for (const module of VENDOR_MODULES) {
        for (const specifier of module.specifiers) expect(exported[specifier]).toEqual(module.sampleExports);
      }
      // One React: the hooks of the UI kit and the app ran against the same copy (the page rendered).
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      server.close();
    }
  }, 60_000);
});
