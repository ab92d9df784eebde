import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { init, parse } from 'es-module-lexer';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../../../test/support/chromium.ts';
import { templateFiles } from '../../apps/template/index.ts';
import { createCompiler } from '../compiler.ts';
import { renderAppHtml } from '../html.ts';
import { importedSpecifiers } from '../vendor-imports.ts';
import { PACKAGE_ALTERNATIVES } from './alternatives.ts';
import { createVendorBundles, VENDOR_RESPONSE_HEADERS, type VendorBundle } from './vendor-bundles.ts';
import { ALLOWED_IMPORTS, VENDOR_MODULES } from './vendor-modules.ts';

const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-vendor-'));
const vendor = createVendorBundles({ cacheDir });
let bundles: VendorBundle[] = [];

beforeAll(async () => {
  await init;
  const started = performance.now();
  bundles = await vendor.buildAll();
  // The cold cost of the whole set, for the record (CI starts cold).
  console.info(`vendor: ${bundles.length} modules built in ${Math.round(performance.now() - started)} ms`);
}, 120_000);
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
      // not a chunk); statically, only other modules of the set are imported, through the import map.
      for (const entry of imports) {
        if (entry.d === -2) continue; // import.meta
        if (entry.d > -1) {
          expect(entry.n, `${module.name} imports no chunk`).toBeUndefined();
          continue;
        }
        expect(ALLOWED_IMPORTS.has(entry.n!), `${module.name} imports ${entry.n}`).toBe(true);
        expect(module.specifiers).not.toContain(entry.n);
      }
      // moment's ES build keeps a require of its locale files behind `typeof module` (never run in a browser).
      if (module.name !== 'moment')
        expect(bundle.code, `${module.name} has no CommonJS require left`).not.toContain(
          'Dynamic require of',
        );
      expect(bundle.etag).toMatch(/^"[0-9a-f]{32}"$/);
    }
  });

  it('shares the page-wide state of Radix between primitives instead of bundling a copy in each', () => {
    const importsOf = (name: string) =>
      parse(bundles.find((bundle) => bundle.name === name)!.code)[0].map((entry) => entry.n);
    for (const name of ['radix-dialog', 'radix-popover', 'radix-select', 'radix-dropdown-menu'])
      expect(importsOf(name)).toContain('@radix-ui/react-dismissable-layer');
    expect(importsOf('radix-alert-dialog')).toContain('@radix-ui/react-dialog');
    expect(importsOf('hookform-resolvers-zod')).toContain('react-hook-form');
    expect(importsOf('react-three-fiber')).toContain('three');
    // Every alternative a diagnostic offers is in the set.
    for (const names of Object.values(PACKAGE_ALTERNATIVES))
      for (const name of names) expect(ALLOWED_IMPORTS.has(name), name).toBe(true);
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

  it('builds only the modules asked for, on first request', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-vendor-lazy-'));
    try {
      const lazy = createVendorBundles({ cacheDir: dir });
      expect(lazy.key).toBe(vendor.key);
      const exports = await lazy.exportsOf(['sonner', '@hookform/resolvers/zod', 'axios', 'sonner']);
      expect([...exports.keys()]).toEqual(['sonner', '@hookform/resolvers/zod']);
      expect(exports.get('sonner')).toContain('toast');
      expect(fs.readdirSync(path.join(dir, lazy.key)).sort()).toEqual([
        'hookform-resolvers-zod.exports.json',
        'hookform-resolvers-zod.js',
        'sonner.exports.json',
        'sonner.js',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reuses the modules cached on disk instead of building again', async () => {
    const file = path.join(cacheDir, vendor.key, 'date-fns.js');
    fs.writeFileSync(file, 'export const marker = "from disk";');
    const stale = path.join(cacheDir, '0123456789abcdef');
    fs.mkdirSync(stale);
    const again = await createVendorBundles({ cacheDir }).get('date-fns');
    expect(again?.code).toBe('export const marker = "from disk";');
    expect(again?.exports).toContain('formatDistanceToNow');
    // The build of another version of the set is dropped.
    expect(fs.existsSync(stale)).toBe(false);
    expect(await vendor.get('no-such-module')).toBeUndefined();
  });
});

const chromiumPath = chromiumLaunchOptions.executablePath;

/** An app in the shape real models write: Radix primitives, sonner, TanStack Query, motion, a zod form. */
const LIBRARY_APP = `import * as Dialog from '@radix-ui/react-dialog';
import * as Popover from '@radix-ui/react-popover';
import { Toaster, toast } from 'sonner';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { motion } from 'framer-motion';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

const cn = (...inputs: unknown[]) => twMerge(clsx(inputs));
const client = new QueryClient();
const schema = z.object({ title: z.string().min(3, 'At least 3 characters') });

function Answer() {
  const { data } = useQuery({ queryKey: ['answer'], queryFn: async () => 41 + 1 });
  return <p className={cn('p-2', 'p-4')}>Answer {data ?? '…'}</p>;
}

function TitleForm() {
  const { register, handleSubmit, formState: { errors } } = useForm<{ title: string }>({ resolver: zodResolver(schema) });
  return (
    <form onSubmit={handleSubmit((values) => { toast.success('Saved ' + values.title); })}>
      <input aria-label="Title" {...register('title')} />
      {errors.title && <p role="alert">{errors.title.message}</p>}
      <button type="submit">Save</button>
    </form>
  );
}

export default function Home() {
  return (
    <QueryClientProvider client={client}>
      <Toaster />
      <motion.h1 initial={{ opacity: 0 }} animate={{ opacity: 1 }}>Library check</motion.h1>
      <Answer />
      <Dialog.Root>
        <Dialog.Trigger>Open dialog</Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay />
          <Dialog.Content>
            <Dialog.Title>Edit title</Dialog.Title>
            <Dialog.Description>Give it a title.</Dialog.Description>
            <TitleForm />
            <Popover.Root>
              <Popover.Trigger>More</Popover.Trigger>
              <Popover.Portal><Popover.Content>Popover body</Popover.Content></Popover.Portal>
            </Popover.Root>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </QueryClientProvider>
  );
}
`;

describe.skipIf(!fs.existsSync(chromiumPath))('compiled app in Chromium', () => {
  const pages = new Map<string, { js: string; css: string; title: string }>();
  let server: http.Server;
  let browser: Awaited<ReturnType<typeof chromium.launch>>;
  let origin = '';
  let libraryPreloads: string[] = [];

  beforeAll(async () => {
    server = http.createServer(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const vendorName = /^\/preview-vendor\/(.+)\.js$/.exec(url.pathname)?.[1];
      const app = /^\/(\w+)\/app\.(js|css)$/.exec(url.pathname);
      // The app's router sees `/`: which app the document loads is in the query.
      const document = url.pathname === '/' ? pages.get(url.searchParams.get('app') ?? '') : undefined;
      if (vendorName) {
        const bundle = await vendor.get(vendorName);
        res.writeHead(bundle ? 200 : 404, VENDOR_RESPONSE_HEADERS).end(bundle?.code);
      } else if (app && pages.has(app[1]!)) {
        const compiled = pages.get(app[1]!)!;
        res
          .writeHead(200, { 'content-type': app[2] === 'js' ? 'text/javascript' : 'text/css' })
          .end(app[2] === 'js' ? compiled.js : compiled.css);
      } else if (url.pathname === '/api/apps/demo/entities/Item') {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify([{ id: '1', name: 'First thing', status: 'done' }]));
      } else if (document) {
        const name = url.searchParams.get('app')!;
        const html = renderAppHtml({
          jsUrl: `/${name}/app.js`,
          cssUrl: `/${name}/app.css`,
          importMap: vendor.importMap('/preview-vendor/'),
          modulePreloads: name === 'libraries' ? libraryPreloads : [],
          title: document.title,
          runtimeConfig: { appId: 'demo', apiBase: origin },
        });
        res.writeHead(200, { 'content-type': 'text/html' }).end(html);
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const compiler = createCompiler({ vendor });
    const [template, libraries] = await Promise.all([
      compiler.compile(templateFiles('Acme Tasks')),
      compiler.compile([{ path: 'pages/Home.tsx', content: LIBRARY_APP }]),
    ]);
    await compiler.dispose();
    if (!template.ok) throw new Error(JSON.stringify(template.diagnostics));
    if (!libraries.ok) throw new Error(JSON.stringify(libraries.diagnostics));
    pages.set('template', { js: template.js, css: template.css, title: 'Acme Tasks' });
    pages.set('libraries', { js: libraries.js, css: libraries.css, title: 'Library check' });
    libraryPreloads = await vendor.modulePreloads(importedSpecifiers(libraries.js), '/preview-vendor/');
    browser = await chromium.launch(chromiumLaunchOptions);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  it('links every vendor module through the import map and renders the template', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${origin}/?app=template`);
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
    await page.close();
  }, 60_000);

  it('runs Radix, sonner, TanStack Query, motion and a zod form on one React, loading only what the app imports', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    const requested: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('request', (request) => {
      const name = /\/preview-vendor\/([^/?]+)\.js/.exec(request.url())?.[1];
      if (name) requested.push(name);
    });
    await page.goto(`${origin}/?app=libraries`);
    await page.getByRole('heading', { name: 'Library check' }).waitFor({ timeout: 10_000 });
    await page.getByText('Answer 42').waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Open dialog' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit title' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('alert').getByText('At least 3 characters').waitFor();
    await dialog.getByLabel('Title').fill('Quarterly report');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved Quarterly report').waitFor();
    // A popover inside the dialog: Escape closes only the top layer, because both primitives
    // share one stack of dismissable layers (one copy of @radix-ui/react-dismissable-layer).
    await dialog.getByRole('button', { name: 'More' }).click();
    await page.getByText('Popover body').waitFor();
    await page.keyboard.press('Escape');
    await page.getByText('Popover body').waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    // The page fetched the modules the app uses, each once, and none of the others: exactly those
    // its modulepreload links announced (the app's imports and theirs).
    expect(requested).toEqual([...new Set(requested)]);
    const preloaded = libraryPreloads.map((url) => /\/preview-vendor\/([^/?]+)\.js\?v=/.exec(url)![1]);
    expect([...requested].sort()).toEqual([...preloaded].sort());
    expect(requested).toEqual(
      expect.arrayContaining(['radix-dialog', 'radix-popover', 'radix-dismissable-layer', 'sonner', 'zod']),
    );
    for (const unused of ['three', 'react-three-fiber', 'recharts', 'lodash', 'date-fns-locale', 'radix-ui'])
      expect(requested).not.toContain(unused);
    await page.close();
  }, 60_000);
});
