// The ecosystem-shaped app (bench/lib/shadcn-app.ts: 60 files, shadcn/ui components, Radix,
// TanStack Query, react-hook-form + zod, recharts, framer-motion, sonner) through the app compiler
// and the vendor modules: the vendor set built cold and loaded from its disk cache, the app's cold
// compile and one-file rebuild, and its first load in Chromium. Baselines in the same run:
// @babel/standalone transpiling the same files, and esbuild bundling the same app with every
// library into one minified file (what a production Vite/esbuild build ships), loaded the same way.

import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { chromium } from 'playwright-core';
import { createCompiler } from '../../apps/server/src/features/compile/compiler.ts';
import { renderAppHtml } from '../../apps/server/src/features/compile/html.ts';
import { compilePaths } from '../../apps/server/src/features/compile/paths.ts';
import {
  createVendorBundles,
  VENDOR_RESPONSE_HEADERS,
  type VendorBundles,
  workspaceDir,
} from '../../apps/server/src/features/compile/vendor/vendor-bundles.ts';
import {
  ALLOWED_IMPORTS,
  VENDOR_MODULE_BY_NAME,
} from '../../apps/server/src/features/compile/vendor/vendor-modules.ts';
import { importedSpecifiers } from '../../apps/server/src/features/compile/vendor-imports.ts';
import { chromiumLaunchOptions } from '../../apps/server/test/support/chromium.ts';
import { median, record, round } from '../lib/harness.ts';
import { EDITED_PAGE, shadcnAppFiles } from '../lib/shadcn-app.ts';
import { startBabelWorker } from './compile.ts';

const COLD_RUNS = 5;
const EDIT_RUNS = 30;
const LOAD_RUNS = 5;
const now = () => performance.now();

type Files = ReturnType<typeof shadcnAppFiles>;

function editOne(files: Files, run: number): Files {
  return files.map((file) => {
    if (file.path !== EDITED_PAGE) return file;
    const content = file.content.replace('title="Settings"', `title="Settings ${run}"`);
    if (content === file.content) throw new Error(`the edit did not change ${EDITED_PAGE}`);
    return { ...file, content };
  });
}

async function compileOk(compiler: ReturnType<typeof createCompiler>, files: Files) {
  const result = await compiler.compile(files);
  if (!result.ok) throw new Error(`compile failed: ${JSON.stringify(result.diagnostics)}`);
  return result;
}

/** The compiled app with every bare import bundled from node_modules: one file, nothing shared. */
async function bundleEverything(appJs: string): Promise<string> {
  const paths = compilePaths();
  // Specifiers the import map aliases (react-router-dom, motion/react) and our workspaces, resolved
  // to what their vendor module is built from.
  const sources: Plugin = {
    name: 'vendor-sources',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, async (args) => {
        const module = VENDOR_MODULE_BY_NAME.get(ALLOWED_IMPORTS.get(args.path) ?? '');
        if (!module || args.pluginData === 'nested') return undefined;
        const { source } = module;
        if (source.kind === 'file') {
          const file = path.join(workspaceDir(source.workspace, paths), source.path);
          // A workspace file that wraps the package it stands for (lucide/lucide-react.ts) imports it.
          return args.importer === file ? undefined : { path: file };
        }
        if (source.module === args.path) return undefined;
        const resolved = await b.resolve(source.module, {
          kind: args.kind,
          resolveDir: paths.serverDir,
          pluginData: 'nested',
        });
        return resolved.errors.length > 0 ? undefined : { path: resolved.path };
      });
    },
  };
  const result = await build({
    stdin: { contents: appJs, resolveDir: paths.serverDir, loader: 'js' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [sources],
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

interface Served {
  js: string;
  css: string;
  importMap: { imports: Record<string, string> };
  modulePreloads: string[];
}

/** A static server like the preview's: the document, the app's script and CSS, the vendor modules (immutable). */
async function serve(vendor: VendorBundles, apps: Record<string, Served>) {
  let origin = '';
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const vendorName = /^\/preview-vendor\/(.+)\.js$/.exec(url.pathname)?.[1];
    const asset = /^\/assets\/(\w+)\.(js|css)$/.exec(url.pathname);
    if (vendorName) {
      const bundle = await vendor.get(vendorName);
      res.writeHead(bundle ? 200 : 404, VENDOR_RESPONSE_HEADERS).end(bundle?.code);
    } else if (asset && apps[asset[1]!]) {
      const app = apps[asset[1]!]!;
      res
        .writeHead(200, {
          'content-type': asset[2] === 'js' ? 'text/javascript' : 'text/css',
          'cache-control': 'public, max-age=31536000, immutable',
        })
        .end(asset[2] === 'js' ? app.js : app.css);
    } else if (url.pathname.startsWith('/api/apps/demo/entities/')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    } else if (url.pathname === '/' && apps[url.searchParams.get('app') ?? '']) {
      const name = url.searchParams.get('app')!;
      const html = renderAppHtml({
        jsUrl: `/assets/${name}.js`,
        cssUrl: `/assets/${name}.css`,
        importMap: apps[name]!.importMap,
        modulePreloads: apps[name]!.modulePreloads,
        title: 'Studio',
        runtimeConfig: { appId: 'demo', apiBase: origin },
      });
      res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-cache' }).end(html);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => server.close() };
}

/** Navigation → the dashboard's heading on screen, cold (fresh profile: empty HTTP cache) and warm (reload). */
async function measureLoads(origin: string, app: string) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  const cold: number[] = [];
  const warm: number[] = [];
  let requests = 0;
  try {
    for (let i = 0; i < LOAD_RUNS + 1; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      let count = 0;
      page.on('request', () => count++);
      const heading = page.getByRole('heading', { name: 'Dashboard' });
      let started = now();
      await page.goto(`${origin}/?app=${app}`, { waitUntil: 'commit' });
      await heading.waitFor({ timeout: 30_000 });
      const first = now() - started;
      const firstRequests = count;
      if (errors.length > 0) throw new Error(`${app}: ${errors.join('; ')}`);
      started = now();
      await page.reload({ waitUntil: 'commit' });
      await heading.waitFor({ timeout: 30_000 });
      const second = now() - started;
      // The first round warms Chromium itself (process start, compile caches); it is not counted.
      if (i > 0) {
        cold.push(first);
        warm.push(second);
        requests = firstRequests;
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { cold: median(cold), warm: median(warm), requests };
}

export async function run(): Promise<void> {
  const loadAtStart = os.loadavg()[0]!;
  const files = shadcnAppFiles();
  const codeFiles = files.filter((file) => /\.(tsx|ts|jsx|js)$/.test(file.path));
  const bytes = files.reduce((sum, file) => sum + Buffer.byteLength(file.content), 0);
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-vendor-'));
  try {
    // The vendor set: every module built cold into an empty disk cache, then a new process's view
    // of the same cache (a restart with nothing changed: read, not rebuilt).
    let started = now();
    const coldVendor = createVendorBundles({ cacheDir });
    const all = await coldVendor.buildAll();
    const vendorCold = now() - started;
    started = now();
    const vendor = createVendorBundles({ cacheDir });
    await vendor.buildAll();
    const vendorWarmDisk = now() - started;
    const vendorBytes = all.reduce((sum, bundle) => sum + bundle.code.length, 0);

    const babelWorker = startBabelWorker(files);
    for (let i = 0; i < 10; i++) await babelWorker.pass();
    const babelRuns: number[] = [];

    // Cold compile: a fresh compiler (new esbuild context, Tailwind, empty caches), vendor exports known.
    const cold: number[] = [];
    let processFirst = 0;
    for (let i = 0; i < COLD_RUNS + 1; i++) {
      const compiler = createCompiler({ vendor });
      started = now();
      await compileOk(compiler, editOne(files, -1 - i));
      if (i === 0) processFirst = now() - started;
      else cold.push(now() - started);
      await compiler.dispose();
    }

    const compiler = createCompiler({ vendor });
    const compiled = await compileOk(compiler, files);
    for (let i = 0; i < 3; i++) await compileOk(compiler, editOne(files, 1000 + i));
    const edits: number[] = [];
    for (let i = 0; i < EDIT_RUNS; i++) {
      if (i < 20) babelRuns.push(await babelWorker.pass());
      const edited = editOne(files, i);
      started = now();
      const result = await compileOk(compiler, edited);
      edits.push(now() - started);
      if (result.timings.cached) throw new Error('an edit must not be a cache hit');
    }
    await compiler.dispose();
    await babelWorker.stop();

    // The baseline bundle: the same compiled app with all its libraries in one minified file.
    const bundleRuns: number[] = [];
    let everything = '';
    for (let i = 0; i < 3; i++) {
      started = now();
      everything = await bundleEverything(compiled.js);
      bundleRuns.push(now() - started);
    }

    const used = [...importedSpecifiers(compiled.js)];
    const server = await serve(vendor, {
      vendor: {
        js: compiled.js,
        css: compiled.css,
        importMap: vendor.importMap('/preview-vendor/'),
        modulePreloads: await vendor.modulePreloads(used, '/preview-vendor/'),
      },
      bundled: { js: everything, css: compiled.css, importMap: { imports: {} }, modulePreloads: [] },
    });
    let loads: Awaited<ReturnType<typeof measureLoads>>;
    let bundledLoads: Awaited<ReturnType<typeof measureLoads>>;
    try {
      loads = await measureLoads(server.origin, 'vendor');
      bundledLoads = await measureLoads(server.origin, 'bundled');
    } finally {
      server.close();
    }

    const editMedian = median(edits);
    const babel = median(babelRuns);
    record({
      name: 'shadcn-app',
      description: `a ${files.length}-file shadcn-style app (${codeFiles.length} code files, ${round(bytes / 1024, 1)} KB) on the vendor set of ${all.length} modules vs @babel/standalone and an all-in-one esbuild bundle`,
      figures: {
        'vendor set, cold build of every module (ms)': round(vendorCold),
        'vendor set, restart on a warm disk cache: every module read (ms)': round(vendorWarmDisk),
        'vendor set, total size (KB, minified)': round(vendorBytes / 1024, 0),
        'app imports (bare specifiers, runtime included)': used.length,
        'babel warm, transpile all code files (ms)': round(babel),
        'compile cold, fresh compiler (ms, median)': round(median(cold)),
        'compile cold, first in process incl. esbuild start (ms)': round(processFirst),
        'rebuild after a one-file edit (ms, median)': round(editMedian),
        'rebuild after a one-file edit (ms, p90)': round(
          [...edits].sort((a, b) => a - b)[Math.floor(edits.length * 0.9)]!,
        ),
        'baseline: esbuild bundle of app + libraries, minified (ms, median)': round(median(bundleRuns)),
        'baseline bundle size (KB)': round(everything.length / 1024, 0),
        'first load in Chromium, cold HTTP cache (ms, median)': round(loads.cold),
        'first load in Chromium, warm HTTP cache (ms, median)': round(loads.warm),
        'requests of a cold load': loads.requests,
        'baseline bundle, first load cold (ms, median)': round(bundledLoads.cold),
        'baseline bundle, first load warm (ms, median)': round(bundledLoads.warm),
      },
      ratios: {
        'babel / one-file rebuild': round(babel / editMedian, 1),
        'babel / cold compile': round(babel / median(cold), 1),
        'all-in-one bundle / cold compile': round(median(bundleRuns) / median(cold), 1),
        'first load warm: vendor modules / all-in-one bundle': round(loads.warm / bundledLoads.warm, 2),
        'first load cold: vendor modules / all-in-one bundle': round(loads.cold / bundledLoads.cold, 2),
      },
      targets: {
        'rebuild after a one-file edit': '≤ 30 ms median',
        'first load in Chromium, warm': '< 1.5 s',
      },
      notes: [
        `1-minute load average at start: ${round(loadAtStart, 1)} on ${os.cpus().length} cores (other work on the machine slows every side).`,
        'Compile = esbuild bundle of the app files (bare imports left to the import map) + Tailwind CSS + the check of named imports against the vendor modules the app uses.',
        'Babel only transpiles (TS + JSX, per file, warm in a worker, interleaved with the rebuilds); the all-in-one bundle re-bundles every library on each build, which the vendor set does once per library version.',
        'First load: navigation to the dashboard heading on screen, served by a local static server like the preview (import map, modulepreload links of the vendor modules the app loads, immutable vendor and asset URLs; entity lists answer []); the first browser round is a warm-up and not counted.',
      ],
    });
  } finally {
    fs.rmSync(cacheDir, { recursive: true, force: true });
  }
}
