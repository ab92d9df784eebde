import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build, version as esbuildVersion, type Plugin } from 'esbuild';
import { compilePaths } from '../paths.ts';
import { SHARED_REACT_SPECIFIERS, VENDOR_MODULES, type VendorModuleSpec } from './vendor-modules.ts';

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
  /** Builds (or loads from the disk cache) every vendor module once; later calls share the result. */
  buildAll(): Promise<VendorBundle[]>;
  /** One vendor module by name (`react`, `recharts`, …), or undefined for an unknown name. */
  get(name: string): Promise<VendorBundle | undefined>;
  /** For each allowed specifier, the names its module exports (to check an app's named imports). */
  exportsBySpecifier(): Promise<Map<string, Set<string>>>;
  /** The import map of a compiled app: every allowed specifier → `{baseUrl}{name}.js?v={key}`. */
  importMap(baseUrl?: string): ImportMap;
}

export interface VendorBundlesOptions {
  /** Directory for built modules (e.g. `DATA_DIR/cache/preview-vendor`); memory only when omitted. */
  cacheDir?: string;
}

const sharedReact = new Set<string>(SHARED_REACT_SPECIFIERS);

export function createVendorBundles(options: VendorBundlesOptions = {}): VendorBundles {
  const key = vendorBuildKey();
  let built: Promise<Map<string, VendorBundle>> | undefined;

  const buildAll = () => {
    built ??= loadOrBuild(key, options.cacheDir).catch((error: unknown) => {
      built = undefined;
      throw error;
    });
    return built;
  };

  return {
    key,
    buildAll: async () => [...(await buildAll()).values()],
    get: async (name) => (await buildAll()).get(name),
    async exportsBySpecifier() {
      const bundles = await buildAll();
      const map = new Map<string, Set<string>>();
      for (const module of VENDOR_MODULES) {
        const names = new Set(bundles.get(module.name)?.exports ?? []);
        for (const specifier of module.specifiers) map.set(specifier, names);
      }
      return map;
    },
    importMap(baseUrl = '/preview-vendor/') {
      const imports: Record<string, string> = {};
      for (const module of VENDOR_MODULES) {
        for (const specifier of module.specifiers)
          imports[specifier] = `${baseUrl}${module.name}.js?v=${key}`;
      }
      return { imports };
    },
  };
}

async function loadOrBuild(key: string, cacheDir: string | undefined): Promise<Map<string, VendorBundle>> {
  const dir = cacheDir ? path.join(cacheDir, key) : undefined;
  const bundles = new Map<string, VendorBundle>();
  const cached = (name: string, ext: string) => path.join(dir!, `${name}${ext}`);
  const complete = (name: string) =>
    fs.existsSync(cached(name, '.js')) && fs.existsSync(cached(name, '.exports.json'));
  if (dir && VENDOR_MODULES.every((module) => complete(module.name))) {
    for (const module of VENDOR_MODULES) {
      const code = fs.readFileSync(cached(module.name, '.js'), 'utf8');
      const exports = JSON.parse(fs.readFileSync(cached(module.name, '.exports.json'), 'utf8')) as string[];
      bundles.set(module.name, toBundle(module.name, code, exports));
    }
    return bundles;
  }
  const built = await Promise.all(VENDOR_MODULES.map((module) => buildVendorModule(module)));
  for (const [i, module] of VENDOR_MODULES.entries()) {
    bundles.set(module.name, toBundle(module.name, built[i]!.code, built[i]!.exports));
  }
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    for (const bundle of bundles.values()) {
      writeAtomically(cached(bundle.name, '.exports.json'), JSON.stringify(bundle.exports));
      writeAtomically(cached(bundle.name, '.js'), bundle.code);
    }
  }
  return bundles;
}

function writeAtomically(file: string, text: string): void {
  fs.writeFileSync(`${file}.tmp`, text);
  fs.renameSync(`${file}.tmp`, file);
}

function toBundle(name: string, code: string, exports: string[]): VendorBundle {
  return { name, code, exports, etag: `"${createHash('sha256').update(code).digest('hex').slice(0, 32)}"` };
}

/** Builds one vendor module into a single minified ESM file with React imported, not bundled. */
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
      b.onResolve({ filter: /^react(-dom)?(\/client|\/jsx-runtime)?$/ }, (args) => {
        if (!sharedReact.has(args.path)) return undefined;
        if (args.namespace === 'vendor-entry' && module.specifiers.includes(args.path)) return undefined;
        // CommonJS code (react-dom, use-sync-external-store…) requires React: give it a module that
        // re-exports the shared copy, since a bare `require` cannot reach an import-mapped module.
        if (args.kind === 'require-call') return { path: args.path, namespace: 'shared-react' };
        return { path: args.path, external: true };
      });
      b.onLoad({ filter: /.*/, namespace: 'shared-react' }, (args) => ({
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
    case 'esm':
      return { contents: `export * from ${JSON.stringify(source.module)};`, resolveDir: paths.serverDir };
    case 'file': {
      const base = source.workspace === 'ui' ? paths.uiDir : paths.sdkDir;
      return { contents: `export * from ${JSON.stringify(path.join(base, source.path))};`, resolveDir: base };
    }
  }
}

/** Hash of everything a vendor build depends on: package versions, esbuild, and our own sources. */
function vendorBuildKey(): string {
  const paths = compilePaths();
  const hash = createHash('sha256').update(`format ${VENDOR_BUILD_FORMAT} esbuild ${esbuildVersion}\n`);
  for (const pkg of [
    'react',
    'react-dom',
    'react-router',
    'lucide-react',
    'date-fns',
    'recharts',
    'clsx',
    'tailwind-merge',
  ]) {
    hash.update(`${pkg}@${packageVersion(pkg, paths.serverDir)}\n`);
  }
  for (const dir of [paths.uiDir, path.join(paths.sdkDir, 'src')]) {
    for (const file of listSources(dir)) hash.update(`${file}\n`).update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The installed version of a package, found the way Node looks up node_modules (not through `exports`). */
function packageVersion(name: string, fromDir: string): string {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'node_modules', name, 'package.json');
    if (fs.existsSync(manifest))
      return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version;
    if (path.dirname(dir) === dir) throw new Error(`Package ${name} is not installed`);
  }
}

function listSources(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .sort()
    .map((file) => path.join(dir, file));
}
