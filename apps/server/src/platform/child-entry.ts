import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Where a child-process module is: `source` next to the calling module under tsx (dev, tests), or
 * `bundle` next to main.js in the bundle (build.mjs names it). `moduleUrl` is the caller's
 * `import.meta.url`.
 */
export function childEntry(
  moduleUrl: string,
  source: string,
  bundle: string,
): { file: string; execArgv: string[] } {
  if (moduleUrl.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(moduleUrl).resolve('tsx')).href;
    return { file: fileURLToPath(new URL(source, moduleUrl)), execArgv: ['--import', tsx] };
  }
  return { file: fileURLToPath(new URL(bundle, moduleUrl)), execArgv: [] };
}

/**
 * Where a worker thread's module is: the bundle's file next to main.js, or under tsx (dev, tests) the
 * TypeScript source bundled for this process (`bundledWorker`).
 */
export function workerEntry(moduleUrl: string, source: string, bundle: string): string {
  return moduleUrl.endsWith('.ts')
    ? bundledWorker(fileURLToPath(new URL(source, moduleUrl)))
    : fileURLToPath(new URL(bundle, moduleUrl));
}

const bundledWorkers = new Map<string, string>();

/**
 * Under tsx, a worker thread's TypeScript source as one JavaScript module, bundled once per process
 * as build.mjs bundles it (packages stay imports, the workspace's are bundled in) into its package's node_modules/.cache, where those
 * imports resolve as they do from the source. A thread does not inherit the parent's tsx hooks, and
 * registering them in each new thread started tsx's loader thread and transformed the thread's
 * files again every time: most of the start of a test database's thread. Named by its content's
 * hash, so concurrent processes write the same file.
 */
function bundledWorker(file: string): string {
  const known = bundledWorkers.get(file);
  if (known) return known;
  // esbuild is loaded only here: the server's bundle carries this module but never this path.
  const require = createRequire(file);
  const { buildSync } = require('esbuild') as typeof import('esbuild');
  let packageDir = path.dirname(file);
  while (!fs.existsSync(path.join(packageDir, 'package.json'))) packageDir = path.dirname(packageDir);
  const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  // Our workspace packages are TypeScript sources a thread without tsx could not import: bundled in,
  // as build.mjs does.
  const workspace = Object.keys(manifest.dependencies ?? {}).filter((name) => name.startsWith('@atelier/'));
  const result = buildSync({
    entryPoints: [file],
    bundle: true,
    // Packages stay imports, as in build.mjs (a synchronous build takes no plugin, so ours too).
    packages: 'external',
    alias: Object.fromEntries(workspace.flatMap((name) => resolvable(require, name))),
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    metafile: true,
    logLevel: 'warning',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error(`esbuild wrote nothing for ${file}`);
  const workspaceImport = Object.values(result.metafile.outputs)
    .flatMap((out) => out.imports)
    .find((imported) => imported.external && imported.path.startsWith('@atelier/'));
  if (workspaceImport) throw new Error(`${file} imports ${workspaceImport.path}, which is not bundled in`);
  const hash = createHash('sha256').update(output.contents).digest('hex').slice(0, 16);
  const dir = path.join(packageDir, 'node_modules', '.cache', 'atelier-workers');
  const out = path.join(dir, `${path.basename(file, '.ts')}-${hash}.mjs`);
  if (!fs.existsSync(out)) {
    fs.mkdirSync(dir, { recursive: true });
    const partial = `${out}.${process.pid}.tmp`;
    fs.writeFileSync(partial, output.contents);
    fs.renameSync(partial, out);
  }
  bundledWorkers.set(file, out);
  return out;
}

/** `[name, file]` when the package resolves from here (a workspace package not built yet does not). */
function resolvable(require: NodeJS.Require, name: string): [string, string][] {
  try {
    return [[name, require.resolve(name)]];
  } catch {
    return [];
  }
}
