import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import * as cjsLexer from 'cjs-module-lexer';
import * as esLexer from 'es-module-lexer';
import { build, version as esbuildVersion, type Plugin, type PluginBuild } from 'esbuild';
import { writeAtomically } from '../../platform/files.ts';
import { bundlePackageCss, isStylesheetSpecifier, stylesheetModule } from '../compile/package-css.ts';
import { builtInSetVersions } from '../compile/vendor/built-in-pins.ts';
import { builtInPackageFile, isBuiltInPackageFile } from '../compile/vendor/package-files.ts';
import { NPM_LIMITS, NPM_MESSAGES, NpmPackageError } from './npm-limits.ts';
import type { NpmStore } from './npm-store.ts';
import { packageNameOf, type ResolvedPackage, type ResolvedTree } from './resolve-tree.ts';

/** Bump when the way bundles are built changes, so cached bundles are rebuilt. */
const BUNDLE_FORMAT = 4;

/** `browser`: a page's module, React and the built-in set left to the import map; `isolate`: a function's, self-contained. */
export type NpmTarget = 'browser' | 'isolate';

export interface NpmBundle {
  /** Content key of the bundle: its file is `{key}.js` (URL-safe, immutable). */
  key: string;
  code: string;
  /** Names the module exports (`default` included when it has one). */
  exports: string[];
  /** Bare specifiers the bundle leaves to the page's import map. */
  imports: string[];
}

export interface BundleOptions {
  target: NpmTarget;
  /** Exact specifiers left external (the import map's built-in entries). */
  externalSpecifiers: ReadonlySet<string>;
  /** Package names left external with any subpath (the app's other on-demand packages). */
  externalPackages: ReadonlySet<string>;
  /**
   * The other entry points of the same package the page imports (`firebase/auth` beside
   * `firebase/app`): bundled together, the code they share split into common modules, so a page
   * holds one copy of it (firebase's component registry must be one, or `auth` is never registered).
   */
  siblings?: readonly string[];
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Reads a cached bundle by key (as served to pages), or undefined. */
export function readBundle(cacheDir: string, key: string): NpmBundle | undefined {
  if (!/^[a-f0-9]{32}$/.test(key)) return undefined;
  const file = path.join(cacheDir, 'bundles', key);
  try {
    const meta = JSON.parse(fs.readFileSync(`${file}.json`, 'utf8')) as Pick<
      NpmBundle,
      'exports' | 'imports'
    >;
    return { key, code: fs.readFileSync(`${file}.js`, 'utf8'), ...meta };
  } catch {
    return undefined;
  }
}

/**
 * The key a bundle of `specifier` from this tree, for this target and these externals, is cached
 * under. A page's bundle may hold files of the built-in set's packages (`three/src/math/MathUtils.js`
 * below @react-three/xr, `lodash/isEqual` below react-quill: the server's copies), so the set's
 * versions are part of it: a server with another set builds such bundles again.
 */
export function bundleKey(
  specifier: string,
  tree: ResolvedTree,
  options: BundleOptions,
  builtIns: readonly string[] = options.target === 'browser' ? builtInSetVersions() : [],
): string {
  const packages = Object.values(tree.packages)
    .map((pkg) => `${pkg.name}@${pkg.version} ${pkg.integrity} ${JSON.stringify(pkg.dependencies)}`)
    .sort();
  return createHash('sha256')
    .update(
      JSON.stringify([
        BUNDLE_FORMAT,
        esbuildVersion,
        options.target,
        specifier,
        tree.root,
        packages,
        options.target === 'browser' ? [...options.externalSpecifiers].sort() : [],
        options.target === 'browser' ? [...options.externalPackages].sort() : [],
        options.target === 'browser' ? builtIns : [],
        ...(groupOf(specifier, options).length > 1 ? [groupOf(specifier, options)] : []),
      ]),
    )
    .digest('hex')
    .slice(0, 32);
}

/** Whether a package's package.json `browser` field maps a bare import (or its package) to false. */
function browserMapsAway(packageDir: string, request: string): boolean {
  try {
    const { browser } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
      browser?: unknown;
    };
    if (!browser || typeof browser !== 'object') return false;
    const map = browser as Record<string, unknown>;
    return map[request] === false || map[packageNameOf(request)] === false;
  } catch {
    return false;
  }
}

/** The specifiers bundled together with `specifier` (itself alone unless it has siblings on a page). */
function groupOf(specifier: string, options: BundleOptions): string[] {
  if (options.target !== 'browser' || isStylesheetSpecifier(specifier)) return [specifier];
  const siblings = (options.siblings ?? []).filter((sibling) => !isStylesheetSpecifier(sibling));
  return [...new Set([specifier, ...siblings])].sort();
}

/**
 * Bundles one specifier of an installed tree (`zustand`, `zustand/middleware`) into one minified
 * ES module with esbuild: each package's imports resolve to the versions its tree pinned (through
 * its link folder), CommonJS packages get their named exports from cjs-module-lexer (read, never
 * run), and the result is cached on disk by content key. Package code is never executed here.
 */
export async function bundleSpecifier(
  store: NpmStore,
  specifier: string,
  tree: ResolvedTree,
  options: BundleOptions,
): Promise<NpmBundle> {
  const key = bundleKey(specifier, tree, options);
  const cached = readBundle(store.cacheDir, key);
  if (cached) return cached;
  const rootName = packageNameOf(specifier);
  const root = tree.packages[tree.root]!;
  const owners = Object.values(tree.packages).map((pkg) => ({ dir: store.contentDir(pkg) + path.sep, pkg }));
  const ownerOf = (file: string) => owners.find((owner) => file.startsWith(owner.dir))?.pkg;
  const ownerDir = (file: string) => owners.find((owner) => file.startsWith(owner.dir))?.dir;
  // A stylesheet (`leaflet/dist/leaflet.css`) becomes a module adding it to the page (compile/package-css.ts).
  const stylesheet = isStylesheetSpecifier(specifier);
  const group = groupOf(specifier, options);
  const external = (request: string) =>
    !stylesheet &&
    options.target === 'browser' &&
    (options.externalSpecifiers.has(request) || options.externalPackages.has(packageNameOf(request)));

  const plugin: Plugin = {
    name: 'atelier-npm',
    setup(b) {
      b.onResolve({ filter: /^npm-entry(:\d+)?$/ }, (args) => ({
        path: group[Number(args.path.split(':')[1] ?? 0)]!,
        namespace: 'npm-entry',
      }));
      b.onLoad({ filter: /.*/, namespace: 'npm-entry' }, async (args) =>
        stylesheet
          ? {
              contents: `@import ${JSON.stringify(specifier)};`,
              resolveDir: store.linkDir(tree, root),
              loader: 'css',
            }
          : {
              contents: await entrySource(b, store, tree, root, args.path, ownerDir),
              resolveDir: store.linkDir(tree, root),
              loader: 'js',
            },
      );
      b.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData?.npmInner) return undefined;
        // A Node built-in a package reaches on a path the browser never takes (loaders.gl's
        // child_process): an empty module, as Vite gives the browser, not a failed bundle.
        if (options.target === 'browser' && isBuiltin(args.path))
          return { path: args.path, namespace: 'npm-node-builtin' };
        if (external(args.path)) {
          // CommonJS code (zustand's, use-sync-external-store's…) requires React: a bare `require`
          // cannot reach an import-mapped module, so it gets a module re-exporting the shared copy.
          if (args.kind === 'require-call') return { path: args.path, namespace: 'npm-shared' };
          return { path: args.path, external: true };
        }
        // A file of a package of the built-in set below its entry points (react-quill's
        // `lodash/isEqual`, @react-three/xr's `three/src/math/MathUtils.js`): the set's copy.
        if (options.target === 'browser' && !stylesheet) {
          const file = await builtInPackageFile(args.path);
          if (file) return { path: file };
        }
        const owner = args.namespace === 'npm-entry' ? root : ownerOf(args.importer);
        if (!owner) return undefined;
        // In a stylesheet, `url(images/x.png)` and `@import "theme.css"` are relative first, as browsers read them.
        if ((args.kind === 'url-token' || args.kind === 'import-rule') && args.namespace === 'file') {
          const relative = await b.resolve(`./${args.path}`, {
            kind: args.kind,
            resolveDir: args.resolveDir,
            pluginData: { npmInner: true },
          });
          if (relative.errors.length === 0) return { path: relative.path, namespace: relative.namespace };
        }
        let resolved = await b.resolve(args.path, {
          kind: args.kind,
          resolveDir: store.linkDir(tree, owner),
          pluginData: { npmInner: true },
        });
        // A package importing one it does not declare works under npm because installs are hoisted:
        // it gets the copy another package of the tree depends on (@pmndrs/xr's zustand).
        const provider = Object.values(tree.packages).find(
          (pkg) => pkg.dependencies[packageNameOf(args.path)],
        );
        if (resolved.errors.length > 0 && provider) {
          const hoisted = await b.resolve(args.path, {
            kind: args.kind,
            resolveDir: store.linkDir(tree, provider),
            pluginData: { npmInner: true },
          });
          if (hoisted.errors.length === 0) resolved = hoisted;
        }
        if (resolved.errors.length > 0) {
          // A Node-only package the package's `browser` field maps away (fabric 5's `jsdom: false`),
          // which the tree leaves out as an optional dependency: an empty module, as esbuild gives it.
          if (options.target === 'browser' && browserMapsAway(store.contentDir(owner), args.path)) {
            return { path: args.path, namespace: 'npm-node-builtin' };
          }
          return { errors: resolved.errors };
        }
        return {
          path: resolved.path,
          namespace: resolved.namespace,
          external: resolved.external,
          sideEffects: resolved.sideEffects,
        };
      });
      b.onLoad({ filter: /.*/, namespace: 'npm-node-builtin' }, () => ({
        contents: 'module.exports = {};',
        loader: 'js',
      }));
      // Its default too: TypeScript's CommonJS output reads `__importDefault(require("react")).default.Component`
      // (react-quill); a module without a default export answers itself, as Node's require would.
      b.onLoad({ filter: /.*/, namespace: 'npm-shared' }, (args) => ({
        contents: [
          `import * as shared from ${JSON.stringify(args.path)};`,
          `export * from ${JSON.stringify(args.path)};`,
          'export default shared.default ?? shared;',
        ].join('\n'),
        loader: 'js',
      }));
      // A bundle holds only files of its tree's packages: an import that reaches elsewhere on the
      // server (`/etc/…`, `../../../…`) is refused, never bundled into a public module.
      b.onLoad({ filter: /.*/, namespace: 'file' }, (args) =>
        ownerOf(args.path) || (options.target === 'browser' && isBuiltInPackageFile(args.path))
          ? undefined
          : { errors: [{ text: `${path.basename(args.path)} is outside the package` }] },
      );
    },
  };

  if (stylesheet) {
    let css: string;
    try {
      css = await bundlePackageCss('npm-entry', { absWorkingDir: store.cacheDir, plugins: [plugin] });
    } catch (error) {
      const first = (error as { errors?: { text: string }[] }).errors?.[0]?.text;
      throw new NpmPackageError(rootName, NPM_MESSAGES.bundleFailed(first ?? (error as Error).message));
    }
    return saveBundle(store, {
      key,
      code: stylesheetModule(css, specifier),
      exports: ['default'],
      imports: [],
    });
  }
  let result: Awaited<ReturnType<typeof build<{ write: false; metafile: true }>>>;
  try {
    result = await build({
      entryPoints: group.map((_, i) => ({ in: `npm-entry:${i}`, out: `e${i}` })),
      outdir: 'out',
      splitting: group.length > 1,
      chunkNames: 'c-[hash]',
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: options.target === 'browser' ? 'browser' : 'neutral',
      mainFields: options.target === 'browser' ? ['browser', 'module', 'main'] : ['module', 'main'],
      conditions: options.target === 'browser' ? [] : ['worker', 'deno', 'browser'],
      target: 'es2022',
      minify: true,
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
      loader: {
        '.css': 'empty',
        '.node': 'empty',
        '.png': 'dataurl',
        '.svg': 'dataurl',
        '.woff2': 'dataurl',
      },
      absWorkingDir: store.cacheDir,
      plugins: [plugin],
      logLevel: 'silent',
    });
  } catch (error) {
    const first = (error as { errors?: { text: string }[] }).errors?.[0]?.text;
    throw new NpmPackageError(rootName, NPM_MESSAGES.bundleFailed(first ?? (error as Error).message));
  }
  // Shared chunks get a key of their own, derived from the group's, and are served beside the entries.
  const outputName = (file: string) => path.basename(file);
  const chunkKey = (name: string) =>
    createHash('sha256')
      .update(`${key}\0${group.join('\0')}\0${name}`)
      .digest('hex')
      .slice(0, 32);
  const renamed = (text: string) =>
    text.replace(
      /(["'])\.\/(c-[A-Z0-9]+)\.js\1/g,
      (_all, quote: string, name: string) => `${quote}./${chunkKey(name)}.js${quote}`,
    );
  const externals = [
    ...new Set(
      Object.values(result.metafile.outputs).flatMap((meta) =>
        meta.imports.filter((i) => i.external && !i.path.startsWith('./')).map((i) => i.path),
      ),
    ),
  ].sort();
  const exportsOf = (name: string) =>
    [
      ...(Object.entries(result.metafile.outputs).find(([file]) => outputName(file) === name)?.[1].exports ??
        []),
    ].sort();
  let own: NpmBundle | undefined;
  for (const output of result.outputFiles) {
    if (output.contents.byteLength > NPM_LIMITS.maxBundleBytes) {
      throw new NpmPackageError(rootName, NPM_MESSAGES.bundleTooLarge(output.contents.byteLength));
    }
    const name = outputName(output.path);
    if (!name.endsWith('.js')) continue;
    const chunk = /^(c-[A-Z0-9]+)\.js$/.exec(name)?.[1];
    const entry = chunk ? undefined : group[Number(/^e(\d+)\.js$/.exec(name)?.[1])];
    const bundle: NpmBundle = {
      key: chunk ? chunkKey(chunk) : bundleKey(entry!, tree, options),
      code: renamed(output.text),
      exports: chunk ? [] : exportsOf(name),
      imports: externals,
    };
    // Chunks first: an entry on disk means the whole group is.
    if (chunk) saveBundle(store, bundle);
    else if (entry === specifier) own = bundle;
  }
  for (const output of result.outputFiles) {
    const index = /^e(\d+)\.js$/.exec(outputName(output.path))?.[1];
    const entry = index === undefined ? undefined : group[Number(index)];
    if (entry === undefined || entry === specifier) continue;
    saveBundle(store, {
      key: bundleKey(entry, tree, options),
      code: renamed(output.text),
      exports: exportsOf(outputName(output.path)),
      imports: externals,
    });
  }
  return saveBundle(store, own!);
}

/** Writes a bundle to the disk cache (`bundles/{key}.js` and its `.json`) and answers it. */
function saveBundle(store: NpmStore, bundle: NpmBundle): NpmBundle {
  const { key } = bundle;
  const file = path.join(store.cacheDir, 'bundles', key);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  writeAtomically(`${file}.json`, JSON.stringify({ exports: bundle.exports, imports: bundle.imports }));
  writeAtomically(`${file}.js`, bundle.code);
  return bundle;
}

/**
 * The entry module: `export *` (and the default) of an ES module; for CommonJS, the namespace's
 * default plus each name cjs-module-lexer finds, so `import { a } from 'pkg'` works as in a bundler.
 */
async function entrySource(
  b: PluginBuild,
  store: NpmStore,
  tree: ResolvedTree,
  root: ResolvedPackage,
  specifier: string,
  ownerDir: (file: string) => string | undefined,
): Promise<string> {
  const target = JSON.stringify(specifier);
  const resolved = await b.resolve(specifier, {
    kind: 'import-statement',
    resolveDir: store.linkDir(tree, root),
    pluginData: { npmInner: true },
  });
  if (resolved.errors.length > 0 || !resolved.path || resolved.namespace !== 'file') {
    return `export * from ${target};`; // esbuild reports why it cannot be resolved
  }
  const source = fs.readFileSync(resolved.path, 'utf8');
  await esLexer.init;
  let esm: { exports: string[] } | undefined;
  try {
    const [, exports, , hasModuleSyntax] = esLexer.parse(source);
    if (hasModuleSyntax || /\.mjs$/.test(resolved.path)) esm = { exports: exports.map((e) => e.n) };
  } catch {
    esm = undefined; // not parseable as a module: treat as CommonJS
  }
  if (esm) {
    const lines = [`export * from ${target};`];
    if (esm.exports.includes('default')) lines.push(`export { default } from ${target};`);
    return lines.join('\n');
  }
  const within = ownerDir(resolved.path);
  if (!within) return `export * from ${target};`; // outside the tree: the load is refused
  const names = [...(await commonJsExports(resolved.path, source, within))].filter(
    (name) => IDENTIFIER.test(name) && name !== 'default' && name !== '__esModule',
  );
  const lines = [`import * as ns from ${target};`, 'export default ns.default;'];
  for (const [i, name] of names.entries()) lines.push(`const e${i} = ns[${JSON.stringify(name)}];`);
  if (names.length > 0) lines.push(`export { ${names.map((name, i) => `e${i} as ${name}`).join(', ')} };`);
  return lines.join('\n');
}

/** The names a CommonJS file exports, following its relative re-exports (`module.exports = require('./x')`). */
async function commonJsExports(
  file: string,
  source: string,
  within: string,
  depth = 0,
  seen = new Set<string>(),
): Promise<Set<string>> {
  await cjsLexer.init();
  const names = new Set<string>();
  if (seen.has(file) || depth > 4) return names;
  seen.add(file);
  let parsed: { exports: string[]; reexports: string[] };
  try {
    parsed = cjsLexer.parse(source);
  } catch {
    return names;
  }
  for (const name of parsed.exports) names.add(name);
  for (const request of parsed.reexports) {
    if (!request.startsWith('.')) continue;
    const base = path.resolve(path.dirname(file), request);
    const found = [base, `${base}.js`, `${base}.cjs`, path.join(base, 'index.js')].find(
      (candidate) =>
        candidate.startsWith(within) && fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
    );
    if (!found) continue;
    for (const name of await commonJsExports(found, fs.readFileSync(found, 'utf8'), within, depth + 1, seen))
      names.add(name);
  }
  return names;
}
