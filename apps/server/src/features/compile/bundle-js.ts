import path from 'node:path';
import {
  type AppFile,
  fileKind,
  npmPackageNameOf,
  PACKAGE_MANIFEST_PATH,
  parsePackageManifest,
} from '@atelier/shared';
import { type BuildContext, type BuildFailure, context, type Message, type Plugin } from 'esbuild';
import { appEntrySource } from './app-entry.ts';
import { closestName } from './closest-name.ts';
import { type CompileDiagnostic, fromEsbuildMessage, notAllowedMessage } from './diagnostics.ts';
import {
  ownEntryOf,
  ownEntrySource,
  ROUTER_SHIM_NAMESPACE,
  routerShim,
  withPageLoadsUnderBase,
} from './own-entry.ts';
import { installedPackageCss, stylesheetModule } from './package-css.ts';
import { compilePaths } from './paths.ts';
import { type BuiltInPin, builtInPinsOf } from './vendor/built-in-pins.ts';
import { builtInPackageFile, isBuiltInPackageFile } from './vendor/package-files.ts';
import { PWA_VIRTUAL_SPECIFIER, pwaVirtualModule } from './vendor/pwa-virtual.ts';
import { subpathStandIn } from './vendor/subpaths.ts';
import {
  ALLOWED_IMPORTS,
  LEGACY_MAJORS,
  packageOfSpecifier,
  VENDOR_PACKAGES,
} from './vendor/vendor-modules.ts';

export type JsBundleResult =
  | { ok: true; js: string; warnings: CompileDiagnostic[] }
  | { ok: false; diagnostics: CompileDiagnostic[] };

/** What `import.meta.env` compiles to: the page's `window.__ATELIER_ENV__` (see html.ts). */
const IMPORT_META_ENV = '__atelierImportMetaEnv';
/**
 * What `process.env` compiles to (code written for Node or Create React App reads it): the same
 * public values and `NODE_ENV`; any other name is undefined, not a crash on `process`.
 */
const PROCESS_ENV = '__atelierProcessEnv';

/** Records an environment name the code reads that has no value (`globalThis.__ATELIER_ENV_UNSET__`). */
const ENV_RECORDER = '__atelierEnvRecorder';
const ENV_BANNER = [
  `const ${ENV_RECORDER} = { get(values, name) { if (typeof name === 'string' && !(name in values) && /^[A-Z][A-Z0-9_]*$/.test(name)) (globalThis.__ATELIER_ENV_UNSET__ ??= new Set()).add(name); return values[name]; } };`,
  `const ${IMPORT_META_ENV} = new Proxy({ ...globalThis.__ATELIER_ENV__ }, ${ENV_RECORDER});`,
  `const ${PROCESS_ENV} = new Proxy({ ...globalThis.__ATELIER_ENV__, NODE_ENV: 'production' }, ${ENV_RECORDER});`,
].join('\n');

const RESOLVE_EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js', '.json'];
const LOADERS = { '.tsx': 'tsx', '.ts': 'ts', '.jsx': 'jsx', '.js': 'jsx', '.json': 'json' } as const;

/** What one esbuild context's plugin reads: the tree being compiled, swapped before each rebuild. */
interface TreeState {
  files: Map<string, string>;
  entry: string;
  /** Packages the app's package.json names: left to the import map (features/npm bundles them). */
  packages: Set<string>;
  /** The app mounts itself from its own entry module (own-entry.ts). */
  ownEntry: boolean;
  /** Packages of the set package.json asks for at a version the set's does not fit (built-in-pins.ts). */
  pins: Map<string, BuiltInPin>;
}

type Resolution = { path: string; namespace: 'app' | 'app-entity' | 'app-empty' } | { error: string };

/** Finds the app file an import names: `./Card`, `../components/Card.tsx`, `@/services/api`, `@/entities/Item`. */
export function resolveAppImport(
  specifier: string,
  importer: string,
  files: Map<string, string>,
): Resolution {
  const fromRoot = specifier.startsWith('@/');
  const joined = fromRoot
    ? path.posix.normalize(specifier.slice(2))
    : path.posix.join(path.posix.dirname(importer), specifier);
  if (joined.startsWith('..') || path.posix.isAbsolute(joined)) {
    return { error: `"${specifier}" points outside the app's files.` };
  }
  const candidatesOf = (base: string) => [
    base,
    ...RESOLVE_EXTENSIONS.map((ext) => base + ext),
    ...RESOLVE_EXTENSIONS.map((ext) => `${base}/index${ext}`),
  ];
  // `@/x` is the app root's `x`; in a tree kept under `src/` (as Vite apps are) it is `src/x`.
  const candidates = fromRoot
    ? [...candidatesOf(joined), ...candidatesOf(`src/${joined}`)]
    : candidatesOf(joined);
  const found = candidates.find((candidate) => files.has(candidate));
  if (found === 'globals.css' || found?.endsWith('.css')) return { path: found, namespace: 'app-empty' };
  if (found && fileKind(found) === 'function') {
    const name = path.posix.basename(found).replace(/\.(ts|js)$/, '');
    return {
      error: `${found} is a backend function and runs on the server: call it with functions.invoke('${name}', payload) from '@atelier/app-sdk'.`,
    };
  }
  if (found && fileKind(found) === 'entity' && found !== joined) {
    // `@/entities/Item` (no extension): the entity's SDK client, as generated code expects.
    return { path: found.replace(/\.json$/, ''), namespace: 'app-entity' };
  }
  if (found) return { path: found, namespace: 'app' };
  const closest = closestAppModule(joined, files, fromRoot);
  const hint = closest
    ? ` Did you mean "${fromRoot ? `@/${closest}` : relativeSpecifier(importer, closest)}"?`
    : '';
  return {
    error: `Cannot find "${specifier}": no app file matches ${joined}(.tsx|.ts|.jsx|.js|.json).${hint}`,
  };
}

const MODULE_EXTENSION = /\.(tsx|ts|jsx|js|json)$/;

/**
 * The app module a missing import most likely meant, as a path without extension: a close name in
 * the same folder (`ui/buton` → `ui/button`), else the same name in another folder
 * (`components/Button` → `components/ui/button`). Under `src/` too for `@/` (the path is then
 * given from `src/`, as `@/` reads it there).
 */
function closestAppModule(joined: string, files: Map<string, string>, fromRoot: boolean): string | undefined {
  const modules = [...files.keys()]
    .filter((file) => MODULE_EXTENSION.test(file))
    .map((file) => file.replace(MODULE_EXTENSION, '').replace(/\/index$/, ''))
    .map((module) => (fromRoot ? module.replace(/^src\//, '') : module));
  const dir = path.posix.dirname(joined);
  const name = path.posix.basename(joined);
  const sameDir = modules.filter((module) => path.posix.dirname(module) === dir);
  const near = closestName(
    name,
    sameDir.map((module) => path.posix.basename(module)),
  );
  if (near) return dir === '.' ? near : `${dir}/${near}`;
  return modules.find((module) => path.posix.basename(module).toLowerCase() === name.toLowerCase());
}

/** A relative specifier from `importer` to the app module `target` (`./x`, `../ui/x`). */
const relativeSpecifier = (importer: string, target: string) => {
  const relative = path.posix.relative(path.posix.dirname(importer), target);
  return relative.startsWith('.') ? relative : `./${relative}`;
};

/** A bare import with a sub-path (`react-dom/server`, `@scope/pkg/sub`): the only bare imports JavaScript sees. */
const SUBPATH_IMPORT = /^(?:@[^/]+\/[^/]+|[^@./][^/]*)\/./;

/** The namespace of vite-plugin-pwa's virtual modules (vendor/pwa-virtual.ts). */
const PWA_NAMESPACE = 'pwa-virtual';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The plugin that serves the app's tree. Every callback is a round trip from esbuild to JavaScript,
 * run again on every rebuild for every import that matches its filter, so filters are narrow and
 * bound to the importer's namespace: an allow-listed bare import (`react`, `lucide-react`) matches
 * none and esbuild makes it external by itself; the npm packages of the app's package.json get a
 * filter of their own names (`packages`: a context is made per set of packages).
 */
function treePlugin(state: TreeState, packages: readonly string[]): Plugin {
  const { runtimeFile } = compilePaths();
  return {
    name: 'atelier-app-tree',
    setup(b) {
      b.onResolve({ filter: /^atelier-entry$/ }, () => ({ path: 'entry', namespace: 'atelier' }));
      b.onLoad({ filter: /.*/, namespace: 'atelier' }, () => ({ contents: state.entry, loader: 'js' }));
      b.onResolve({ filter: /^atelier:runtime$/ }, () => ({ path: runtimeFile }));
      // Only app-local imports reach JavaScript: allow-listed packages are `external` (resolved natively),
      // and any other bare import fails in esbuild (app files have no resolve directory), which
      // `fromEsbuildMessage` turns into the "not available" diagnostic. The runtime's own imports
      // (namespace `file`) are esbuild's.
      for (const namespace of ['app', 'app-entity', 'atelier']) {
        b.onResolve({ filter: /^(\.\.?\/|@\/)/, namespace }, (args) => {
          const importer = args.namespace === 'atelier' ? '' : args.importer;
          const resolved = resolveAppImport(args.path, importer, state.files);
          if ('error' in resolved) return { errors: [{ text: resolved.error }] };
          return resolved;
        });
      }
      b.onLoad({ filter: /.*/, namespace: 'app' }, (args) => {
        const source = state.files.get(args.path) ?? '';
        // An own-entry app's page loads by address stay under the page's base path.
        const contents = state.ownEntry ? withPageLoadsUnderBase(source) : source;
        const extension = path.posix.extname(args.path) as keyof typeof LOADERS;
        return { contents, loader: LOADERS[extension] ?? 'tsx' };
      });
      b.onLoad({ filter: /.*/, namespace: 'app-entity' }, (args) => {
        const name = path.posix.basename(args.path);
        const contents = [
          `import { entities } from '@atelier/app-sdk';`,
          `const ${safeIdentifier(name)} = entities[${JSON.stringify(name)}];`,
          `export { ${safeIdentifier(name)} };`,
          `export default ${safeIdentifier(name)};`,
        ].join('\n');
        return { contents, loader: 'js' };
      });
      b.onLoad({ filter: /.*/, namespace: 'app-empty' }, () => ({ contents: '', loader: 'js' }));
      // vite-plugin-pwa's virtual modules: what the plugin gives where no service worker registers.
      b.onResolve({ filter: PWA_VIRTUAL_SPECIFIER, namespace: 'app' }, (args) =>
        pwaVirtualModule(args.path) === undefined ? undefined : { path: args.path, namespace: PWA_NAMESPACE },
      );
      b.onLoad({ filter: /.*/, namespace: PWA_NAMESPACE }, (args) => ({
        contents: pwaVirtualModule(args.path),
        loader: 'js',
      }));
      // An own-entry app's routers default to the page's base path.
      b.onResolve({ filter: /^react-router(-dom)?$/, namespace: 'app' }, (args) =>
        state.ownEntry ? { path: args.path, namespace: ROUTER_SHIM_NAMESPACE } : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: ROUTER_SHIM_NAMESPACE }, (args) => ({
        contents: routerShim(args.path),
        loader: 'js',
      }));
      // A package's stylesheet: the set's packages' from the server's node_modules, inlined as a
      // module adding it to the page; an on-demand package's is bundled like its code (features/npm).
      b.onResolve({ filter: /^[^./].*\.css(\?[^/]*)?$/i, namespace: 'app' }, (args) => {
        if (args.path.startsWith('@/')) return undefined;
        const pkg = packageOfSpecifier(args.path);
        const pin = state.pins.get(pkg);
        if (pin?.kind === 'legacy')
          return { path: pin.legacy.installedAs + args.path.slice(pkg.length), namespace: 'package-css' };
        if (VENDOR_PACKAGES.includes(pkg) && !pin) return { path: args.path, namespace: 'package-css' };
        if (state.packages.has(pkg)) return { path: args.path, external: true };
        return { errors: [{ text: notAllowedMessage(args.path) }] };
      });
      b.onLoad({ filter: /.*/, namespace: 'package-css' }, async (args) => {
        const specifier = args.path.replace(/\?[^/]*$/, '');
        try {
          const css = await installedPackageCss(specifier, compilePaths().serverDir);
          return { contents: stylesheetModule(css, specifier), loader: 'js' };
        } catch (error) {
          const reason =
            (error as { errors?: { text: string }[] }).errors?.[0]?.text ?? (error as Error).message;
          return { errors: [{ text: `Cannot load the stylesheet "${specifier}": ${reason}` }] };
        }
      });
      // An app on an older major the set preinstalls (react-day-picker 8) gets that major.
      b.onResolve({ filter: LEGACY_NAMES, namespace: 'app' }, (args) => {
        const pin = state.pins.get(args.path);
        return pin?.kind === 'legacy' ? { path: pin.legacy.specifier, external: true } : undefined;
      });
      // A sub-path of an allowed package (`react-dom/server`) would be external by esbuild's rule
      // for packages, yet the import map has no entry for it: a stand-in serves it, or it is refused.
      // Any other file of a package of the set (`three/examples/jsm/loaders/FBXLoader.js`) is the
      // set's copy of it, bundled in (vendor/package-files.ts); so are that file's own such imports.
      b.onResolve({ filter: SUBPATH_IMPORT, namespace: 'app' }, async (args) => {
        // A package of the set the app gets on demand at another version: all its files from there.
        if (
          ALLOWED_IMPORTS.has(args.path) ||
          state.pins.get(packageOfSpecifier(args.path))?.kind === 'on-demand'
        )
          return undefined;
        if (subpathStandIn(args.path) !== undefined) return { path: args.path, namespace: 'vendor-subpath' };
        const file = await builtInPackageFile(args.path);
        if (file) return { path: file };
        const pkg = packageOfSpecifier(args.path);
        if (pkg !== args.path && ALLOWED_IMPORTS.has(pkg))
          return { errors: [{ text: notAllowedMessage(args.path) }] };
        return undefined;
      });
      b.onResolve({ filter: SUBPATH_IMPORT, namespace: 'file' }, async (args) => {
        if (ALLOWED_IMPORTS.has(args.path) || !isBuiltInPackageFile(args.importer)) return undefined;
        const file = await builtInPackageFile(args.path);
        return file ? { path: file } : undefined;
      });
      b.onLoad({ filter: /.*/, namespace: 'vendor-subpath' }, (args) => ({
        contents: subpathStandIn(args.path),
        loader: 'js',
      }));
      // npm packages on demand: a bare import of a package package.json names stays an import
      // (from the app's code, and from a PWA module of a framework the app installs: vue, preact).
      if (packages.length > 0) {
        const names = new RegExp(`^(?:${packages.map(escapeRegExp).join('|')})(?:/.*)?$`);
        for (const namespace of ['app', PWA_NAMESPACE])
          b.onResolve({ filter: names, namespace }, (args) =>
            state.packages.has(npmPackageNameOf(args.path)) ? { path: args.path, external: true } : undefined,
          );
      }
    },
  };
}

const LEGACY_NAMES = new RegExp(
  `^(?:${LEGACY_MAJORS.map((legacy) => escapeRegExp(legacy.name)).join('|')})$`,
);

const safeIdentifier = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : '_entity');

interface Slot {
  ctx: Promise<BuildContext>;
  /** The npm packages the context's plugin knows (sorted, joined): another set needs a new context. */
  packagesKey: string;
  state: TreeState;
  queue: Promise<unknown>;
  pending: number;
}

export interface JsBundler {
  bundle(files: readonly AppFile[]): Promise<JsBundleResult>;
  /** How many esbuild (re)builds ran; lets tests see a cache hit. */
  readonly builds: number;
  dispose(): Promise<void>;
}

/**
 * Bundles app trees with a small pool of incremental esbuild contexts. Each context keeps the
 * parsed modules of its last build, so a tree that differs by one file re-parses only that file.
 * A compile goes to the idle context whose last tree shares the most files with it.
 */
export function createJsBundler({ poolSize = 2 }: { poolSize?: number } = {}): JsBundler {
  const slots: Slot[] = [];
  let builds = 0;

  function newContext(state: TreeState, packages: readonly string[]): Promise<BuildContext> {
    return context({
      entryPoints: ['atelier-entry'],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      jsx: 'automatic',
      charset: 'utf8',
      define: {
        'process.env.NODE_ENV': '"production"',
        'process.env': PROCESS_ENV,
        'import.meta.env': IMPORT_META_ENV,
      },
      // `import.meta.env.VITE_*`: the page's public values (html.ts), read when the app runs, so
      // one build serves the preview and the published app; an unknown name is undefined, and
      // recorded for the start-up failure screen (startup-screen.ts: `VITE_SUPABASE_URL` not set).
      banner: { js: ENV_BANNER },
      absWorkingDir: compilePaths().serverDir,
      external: [...ALLOWED_IMPORTS.keys()],
      plugins: [treePlugin(state, packages)],
      logLevel: 'silent',
    });
  }

  function newSlot(): Slot {
    const state: TreeState = {
      files: new Map(),
      entry: '',
      packages: new Set(),
      ownEntry: false,
      pins: new Map(),
    };
    return { ctx: newContext(state, []), packagesKey: '', state, queue: Promise.resolve(), pending: 0 };
  }

  function similarity(slot: Slot, files: readonly AppFile[]): number {
    let same = 0;
    for (const file of files) if (slot.state.files.get(file.path) === file.content) same++;
    return same;
  }

  function pickSlot(files: readonly AppFile[]): Slot {
    const ranked = [...slots].sort((a, b) => similarity(b, files) - similarity(a, files));
    const idle = ranked.find((slot) => slot.pending === 0);
    if (idle) return idle;
    if (slots.length < poolSize) {
      const slot = newSlot();
      slots.push(slot);
      return slot;
    }
    return ranked.sort((a, b) => a.pending - b.pending)[0]!;
  }

  async function run(slot: Slot, files: readonly AppFile[]): Promise<JsBundleResult> {
    slot.state.files = new Map(files.map((file) => [file.path, file.content]));
    const ownEntry = ownEntryOf(files);
    slot.state.ownEntry = ownEntry !== undefined;
    slot.state.entry = ownEntry ? ownEntrySource(ownEntry) : appEntrySource(files);
    const manifest = parsePackageManifest(slot.state.files.get(PACKAGE_MANIFEST_PATH));
    slot.state.packages = new Set(manifest.ok ? manifest.packages.map((pkg) => pkg.name) : []);
    slot.state.pins = builtInPinsOf(manifest.ok ? manifest.packages : []);
    const packages = [...slot.state.packages].sort();
    if (packages.join('\n') !== slot.packagesKey) {
      const previous = slot.ctx;
      slot.ctx = newContext(slot.state, packages);
      slot.packagesKey = packages.join('\n');
      await (await previous).dispose();
    }
    builds++;
    try {
      const result = await (await slot.ctx).rebuild();
      return {
        ok: true,
        js: result.outputFiles?.[0]?.text ?? '',
        warnings: result.warnings.map((warning) => fromEsbuildMessage(warning, 'warning')),
      };
    } catch (error) {
      const failure = error as Partial<BuildFailure>;
      if (!Array.isArray(failure.errors)) throw error;
      return {
        ok: false,
        diagnostics: dedupe(failure.errors).map((message) => fromEsbuildMessage(message, 'error')),
      };
    }
  }

  return {
    get builds() {
      return builds;
    },
    async bundle(files) {
      const slot = pickSlot(files);
      slot.pending++;
      const result = slot.queue.then(() => run(slot, files));
      slot.queue = result.catch(() => undefined);
      try {
        return await result;
      } finally {
        slot.pending--;
      }
    },
    async dispose() {
      await Promise.all(
        slots.splice(0).map((slot) => slot.queue.then(async () => (await slot.ctx).dispose())),
      );
    },
  };
}

/** esbuild reports an unresolvable import once per importer; keep each location once. */
function dedupe(messages: Message[]): Message[] {
  const seen = new Set<string>();
  return messages.filter((message) => {
    const key = `${message.location?.file}:${message.location?.line}:${message.location?.column}:${message.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
