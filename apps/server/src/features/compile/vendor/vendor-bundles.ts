import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { init as initLexer, parse as parseImports } from 'es-module-lexer';
import { build, version as esbuildVersion, type Plugin } from 'esbuild';
import { writeAtomically } from '../../../platform/files.ts';
import { type CompilePaths, compilePaths } from '../paths.ts';
import {
  ALLOWED_IMPORTS,
  VENDOR_MODULE_BY_NAME,
  VENDOR_MODULES,
  VENDOR_PACKAGES,
  type VendorModuleSpec,
} from './vendor-modules.ts';

/** Bump when the way vendor modules are built changes, so disk caches are rebuilt. */
const VENDOR_BUILD_FORMAT = 2;

/** Headers to serve a vendor module with: its URL carries the build key, so it never changes. */
export const VENDOR_RESPONSE_HEADERS = {
  'content-type': 'text/javascript; charset=utf-8',
  'cache-control': 'public, max-age=31536000, immutable',
} as const;

export interface VendorBundle {
  name: string;
  code: string;
  /** The module's export names (`default` included when it has one). */
  exports: string[];
  /** Strong ETag (quoted SHA-256 prefix of the code). */
  etag: string;
}

export interface ImportMap {
  imports: Record<string, string>;
}

export interface VendorBundles {
  /** Identifies this build of the vendor modules (package versions and our sources); part of every URL. */
  readonly key: string;
  /** Builds (or loads from the disk cache) every vendor module; later calls share the result. */
  buildAll(): Promise<VendorBundle[]>;
  /**
   * One vendor module by name (`react`, `recharts`, …), built on first request (or read from the
   * disk cache) and kept; undefined for an unknown name.
   */
  get(name: string): Promise<VendorBundle | undefined>;
  /**
   * For each given specifier of the set, the names its module exports (to check an app's named
   * imports); builds only those modules. Specifiers outside the set are left out.
   */
  exportsOf(specifiers: Iterable<string>): Promise<Map<string, Set<string>>>;
  /** The import map of a compiled app: every allowed specifier → `{baseUrl}{name}.js?v={key}`. */
  importMap(baseUrl?: string): ImportMap;
  /**
   * The URLs (as in the import map) of the modules an app imports and of every module of the set
   * those import in turn: what its page loads, to announce with `<link rel="modulepreload">` so the
   * browser fetches them at once instead of one level of imports after the other.
   */
  modulePreloads(specifiers: Iterable<string>, baseUrl?: string): Promise<string[]>;
}

export interface VendorBundlesOptions {
  /** Directory for built modules (e.g. `DATA_DIR/cache/preview-vendor`); memory only when omitted. */
  cacheDir?: string;
}

/**
 * The vendor modules, each built lazily on its first request, once per build key: a module found
 * in the disk cache under the key is read, not rebuilt, so a restart with nothing changed builds nothing.
 */
export function createVendorBundles(options: VendorBundlesOptions = {}): VendorBundles {
  const key = vendorBuildKey();
  const moduleUrl = (baseUrl: string, name: string) => `${baseUrl}${name}.js?v=${key}`;
  const dir = options.cacheDir ? path.join(options.cacheDir, key) : undefined;
  if (options.cacheDir) removeOtherBuilds(options.cacheDir, key);
  const loaded = new Map<string, Promise<VendorBundle>>();
  // Export names as sets, made once per module (lucide-react has thousands; every compile checks them).
  const exportSets = new WeakMap<VendorBundle, Set<string>>();
  const exportSet = (bundle: VendorBundle) => {
    let names = exportSets.get(bundle);
    if (!names) {
      names = new Set(bundle.exports);
      exportSets.set(bundle, names);
    }
    return names;
  };

  // The specifiers a module imports statically (`d === -1`; a dynamic import loads when it runs), read once.
  const importsOf = new WeakMap<VendorBundle, string[]>();
  const staticImports = (bundle: VendorBundle) => {
    let specifiers = importsOf.get(bundle);
    if (!specifiers) {
      specifiers = parseImports(bundle.code)[0].flatMap((entry) =>
        entry.d === -1 && entry.n ? [entry.n] : [],
      );
      importsOf.set(bundle, specifiers);
    }
    return specifiers;
  };

  const load = (module: VendorModuleSpec): Promise<VendorBundle> => {
    let pending = loaded.get(module.name);
    if (!pending) {
      pending = loadOrBuild(module, dir).catch((error: unknown) => {
        loaded.delete(module.name);
        throw error;
      });
      loaded.set(module.name, pending);
    }
    return pending;
  };

  return {
    key,
    buildAll: () => Promise.all(VENDOR_MODULES.map(load)),
    async get(name) {
      const module = VENDOR_MODULE_BY_NAME.get(name);
      return module ? await load(module) : undefined;
    },
    async exportsOf(specifiers) {
      const wanted = [...new Set(specifiers)].filter((specifier) => ALLOWED_IMPORTS.has(specifier));
      const bundles = await Promise.all(
        wanted.map((specifier) => load(VENDOR_MODULE_BY_NAME.get(ALLOWED_IMPORTS.get(specifier)!)!)),
      );
      return new Map(wanted.map((specifier, i) => [specifier, exportSet(bundles[i]!)]));
    },
    importMap(baseUrl = '/preview-vendor/') {
      const imports: Record<string, string> = {};
      for (const module of VENDOR_MODULES) {
        for (const specifier of module.specifiers) imports[specifier] = moduleUrl(baseUrl, module.name);
      }
      return { imports };
    },
    async modulePreloads(specifiers, baseUrl = '/preview-vendor/') {
      await initLexer;
      const names: string[] = [];
      const visit = async (specifier: string): Promise<void> => {
        const module = VENDOR_MODULE_BY_NAME.get(ALLOWED_IMPORTS.get(specifier) ?? '');
        if (!module || names.includes(module.name)) return;
        names.push(module.name);
        const bundle = await load(module).catch(() => undefined); // its own request answers the error
        if (!bundle) return;
        await Promise.all(staticImports(bundle).map(visit));
      };
      await Promise.all([...new Set(specifiers)].map(visit));
      return names.map((name) => moduleUrl(baseUrl, name));
    },
  };
}

async function loadOrBuild(module: VendorModuleSpec, dir: string | undefined): Promise<VendorBundle> {
  const cached = (ext: string) => path.join(dir!, `${module.name}${ext}`);
  if (dir && fs.existsSync(cached('.js')) && fs.existsSync(cached('.exports.json'))) {
    const [code, exports] = await Promise.all([
      fs.promises.readFile(cached('.js'), 'utf8'),
      fs.promises.readFile(cached('.exports.json'), 'utf8'),
    ]);
    return toBundle(module.name, code, JSON.parse(exports) as string[]);
  }
  const built = await buildVendorModule(module);
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    // The export list is written first: a module counts as cached once its code is in place.
    writeAtomically(cached('.exports.json'), JSON.stringify(built.exports));
    writeAtomically(cached('.js'), built.code);
  }
  return toBundle(module.name, built.code, built.exports);
}

/**
 * Drops the cached builds of other keys (an earlier version of the set): one server owns its data
 * directory, so nothing else reads them.
 */
function removeOtherBuilds(cacheDir: string, key: string): void {
  if (!fs.existsSync(cacheDir)) return;
  for (const entry of fs.readdirSync(cacheDir, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== key && /^[0-9a-f]{16}$/.test(entry.name))
      fs.rmSync(path.join(cacheDir, entry.name), { recursive: true, force: true });
  }
}

function toBundle(name: string, code: string, exports: string[]): VendorBundle {
  return { name, code, exports, etag: `"${createHash('sha256').update(code).digest('hex').slice(0, 32)}"` };
}

/** A marker on esbuild's nested resolve calls, so the plugin does not answer its own question. */
const NESTED = Symbol('nested resolve');

/**
 * Builds one vendor module into a single minified ESM file. Every other module of the set it
 * imports (React, react-hook-form, a shared Radix internal…) stays an import resolved by the
 * page's import map, so a page has one copy of each; a dependency pinned to another version than
 * the one the set serves is bundled instead.
 */
export async function buildVendorModule(
  module: VendorModuleSpec,
): Promise<{ code: string; exports: string[] }> {
  const paths = compilePaths();
  const { contents, resolveDir } = vendorEntry(module);
  const plugin: Plugin = {
    name: 'atelier-vendor',
    setup(b) {
      b.onResolve({ filter: /^vendor-entry$/ }, () => ({ path: module.name, namespace: 'vendor-entry' }));
      b.onLoad({ filter: /.*/, namespace: 'vendor-entry' }, () => ({ contents, resolveDir, loader: 'js' }));
      b.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === NESTED || !ALLOWED_IMPORTS.has(args.path)) return undefined;
        if (module.specifiers.includes(args.path)) return undefined;
        const [here, served] = await Promise.all([
          b.resolve(args.path, {
            kind: args.kind,
            importer: args.importer,
            resolveDir: args.resolveDir,
            pluginData: NESTED,
          }),
          b.resolve(args.path, { kind: 'import-statement', resolveDir: paths.serverDir, pluginData: NESTED }),
        ]);
        if (here.errors.length > 0 || packageDir(here.path) !== packageDir(served.path)) return undefined;
        // CommonJS code (react-dom, use-sync-external-store…) requires React: give it a module that
        // re-exports the shared copy, since a bare `require` cannot reach an import-mapped module.
        if (args.kind === 'require-call') return { path: args.path, namespace: 'shared-vendor' };
        return { path: args.path, external: true };
      });
      b.onLoad({ filter: /.*/, namespace: 'shared-vendor' }, (args) => ({
        contents: `export * from ${JSON.stringify(args.path)};`,
        loader: 'js',
        resolveDir: paths.serverDir,
      }));
    },
  };
  const result = await build({
    entryPoints: ['vendor-entry'],
    outfile: `${module.name}.js`,
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    absWorkingDir: paths.serverDir,
    plugins: [plugin],
    metafile: true,
    logLevel: 'silent',
  });
  const output = Object.values(result.metafile.outputs)[0];
  return { code: result.outputFiles[0]!.text, exports: [...(output?.exports ?? [])].sort() };
}

function vendorEntry(module: VendorModuleSpec): { contents: string; resolveDir: string } {
  const paths = compilePaths();
  const { source } = module;
  switch (source.kind) {
    case 'cjs': {
      const names = Object.keys(
        createRequire(path.join(paths.serverDir, 'package.json'))(source.module) as object,
      )
        .filter((name) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name))
        .sort();
      const lines = [`import m from ${JSON.stringify(source.module)};`, 'export default m;'];
      for (const name of names) lines.push(`export const ${name} = m.${name};`);
      return { contents: lines.join('\n'), resolveDir: paths.serverDir };
    }
    case 'esm': {
      const from = JSON.stringify(source.module);
      const lines = [`export * from ${from};`];
      if (source.hasDefault) lines.push(`export { default } from ${from};`);
      return { contents: lines.join('\n'), resolveDir: paths.serverDir };
    }
    case 'file': {
      const base = workspaceDir(source.workspace, paths);
      return { contents: `export * from ${JSON.stringify(path.join(base, source.path))};`, resolveDir: base };
    }
  }
}

/** The folder a vendor module's `file` source is relative to. */
export function workspaceDir(workspace: 'app-sdk' | 'ui' | 'vendor', paths: CompilePaths): string {
  if (workspace === 'ui') return paths.uiDir;
  return workspace === 'vendor' ? paths.vendorDir : paths.sdkDir;
}

/** The installed package directory a resolved file belongs to (`…/node_modules/@scope/name`). */
function packageDir(file: string): string {
  const at = file.lastIndexOf('/node_modules/');
  if (at < 0) return file;
  const rest = file.slice(at + '/node_modules/'.length).split('/');
  return (
    file.slice(0, at + '/node_modules/'.length) + rest.slice(0, rest[0]!.startsWith('@') ? 2 : 1).join('/')
  );
}

/**
 * Hash of everything a vendor build depends on: the set's packages and their direct dependencies
 * (installed versions), esbuild, the list of modules, and our own sources.
 */
function vendorBuildKey(): string {
  const paths = compilePaths();
  const hash = createHash('sha256').update(`format ${VENDOR_BUILD_FORMAT} esbuild ${esbuildVersion}\n`);
  hash.update(`${JSON.stringify(VENDOR_MODULES)}\n`);
  for (const pkg of VENDOR_PACKAGES) {
    const installed = installedPackage(pkg, paths.serverDir);
    if (!installed) throw new Error(`Package ${pkg} is not installed`);
    const { dir, manifest } = installed;
    hash.update(`${pkg}@${manifest.version}\n`);
    for (const dependency of Object.keys(manifest.dependencies ?? {}).sort()) {
      hash.update(`  ${dependency}@${installedPackage(dependency, dir)?.manifest.version ?? '-'}\n`);
    }
  }
  // Our own sources in the set: the @atelier/ui kit, the vendor folder's modules (the Base44 SDK,
  // lucide's additions) and the app SDK.
  for (const dir of [paths.uiDir, paths.vendorDir, path.join(paths.sdkDir, 'src')]) {
    for (const file of listSources(dir)) hash.update(`${file}\n`).update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

interface Manifest {
  version: string;
  dependencies?: Record<string, string>;
}

/** An installed package, found the way Node looks up node_modules (not through `exports`). */
function installedPackage(name: string, fromDir: string): { dir: string; manifest: Manifest } | undefined {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'node_modules', name, 'package.json');
    if (fs.existsSync(file))
      return { dir: path.dirname(file), manifest: JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest };
    if (path.dirname(dir) === dir) return undefined;
  }
}

function listSources(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .sort()
    .map((file) => path.join(dir, file));
}
