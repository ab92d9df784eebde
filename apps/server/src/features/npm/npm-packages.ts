import fs from 'node:fs';
import path from 'node:path';
import { type AppFile, PACKAGE_MANIFEST_PATH, parsePackageManifest } from '@atelier/shared';
import semver from 'semver';
import type { CompileDiagnostic } from '../compile/diagnostics.ts';
import { onDemandBuiltIns } from '../compile/vendor/built-in-pins.ts';
import { ALLOWED_IMPORTS } from '../compile/vendor/vendor-modules.ts';
import { checkVendorImports } from '../compile/vendor-imports.ts';
import { bundleSpecifier, type NpmBundle, type NpmTarget, readBundle } from './npm-bundle.ts';
import { NPM_LIMITS, NPM_MESSAGES, NpmPackageError } from './npm-limits.ts';
import type { NpmLocksRepo } from './npm-locks.repo.ts';
import { createNpmStore, Limiter, type NpmStore } from './npm-store.ts';
import { createRegistryClient, type RegistryClient } from './registry.ts';
import { packageNameOf, type ResolvedTree, resolveTree } from './resolve-tree.ts';

export interface NpmPackagesOptions {
  /** `DATA_DIR/cache/npm`. */
  cacheDir: string;
  /** The registry (NPM_REGISTRY_URL); undefined: on-demand packages are off. */
  registryUrl: string | undefined;
  /** Tests: a registry client instead of HTTP. */
  registry?: RegistryClient;
}

/** What an app's page imports from on-demand packages: specifier → bundle key (`/preview-npm/{key}.js`). */
export type AppNpmImports =
  | { ok: true; imports: Record<string, string> }
  | { ok: false; diagnostics: CompileDiagnostic[] };

/** Packages of the built-in set: served pre-bundled, never fetched from the registry. */
export const builtInPackageNames = (): Set<string> => builtIns().packages;

/** The specifiers the page's import map provides, and the package names behind them (never fetched). */
function builtIns(): { specifiers: Set<string>; packages: Set<string> } {
  const specifiers = new Set(ALLOWED_IMPORTS.keys());
  return { specifiers, packages: new Set([...specifiers].map(packageNameOf)) };
}

/** `name`, `name@range`, `name/sub`, `name@range/sub`, `@scope/name@range/sub` → parts. */
export function parseNpmSpecifier(spec: string): { name: string; range: string; subpath: string } {
  const scoped = spec.startsWith('@');
  const firstSlash = scoped ? spec.indexOf('/', spec.indexOf('/') + 1) : spec.indexOf('/');
  const head = firstSlash < 0 ? spec : spec.slice(0, firstSlash);
  const subpath = firstSlash < 0 ? '' : spec.slice(firstSlash);
  const at = head.indexOf('@', scoped ? 1 : 0);
  return at < 0
    ? { name: head, range: 'latest', subpath }
    : { name: head.slice(0, at), range: head.slice(at + 1) || 'latest', subpath };
}

/** The package store in the cache folder (made if missing). */
function storeIn(cacheDir: string, registry: RegistryClient): NpmStore {
  fs.mkdirSync(cacheDir, { recursive: true });
  return createNpmStore(fs.realpathSync(cacheDir), registry);
}

/**
 * npm packages on demand (issue 25 #3; README of this feature): resolve → pin per app → install into
 * the content-addressed cache → bundle to ESM once → serve by key. One per server.
 */
export function createNpmPackages(options: NpmPackagesOptions) {
  const registry =
    options.registry ?? (options.registryUrl ? createRegistryClient(options.registryUrl) : undefined);
  const store = registry ? storeIn(options.cacheDir, registry) : undefined;
  const resolving = new Map<string, Promise<ResolvedTree>>();
  const bundling = new Limiter(NPM_LIMITS.concurrency);

  async function pinnedTree(
    appId: string,
    name: string,
    range: string,
    provided: ReadonlySet<string>,
    locks: NpmLocksRepo,
    preferred: ReadonlyMap<string, string>,
  ): Promise<ResolvedTree> {
    const lock = await locks.find(appId, name);
    if (lock && lock.range === range) {
      await installWithin(name, lock.tree);
      return lock.tree;
    }
    const tree = await resolveAndInstall(name, range, provided, preferred);
    await locks.save(appId, name, range, tree);
    return tree;
  }

  /** Resolves a range to a tree and installs it; concurrent callers of the same name and range share the work. */
  function resolveAndInstall(
    name: string,
    range: string,
    provided: ReadonlySet<string>,
    preferred: ReadonlyMap<string, string> = new Map(),
  ): Promise<ResolvedTree> {
    if (!registry || !store) return Promise.reject(new NpmPackageError(name, NPM_MESSAGES.disabled));
    const key = `${name}\0${range}\0${[...provided].sort().join(',')}\0${JSON.stringify([...preferred])}`;
    let pending = resolving.get(key);
    if (!pending) {
      pending = withDeadline(name, async (signal) => {
        const tree = await resolveTree(registry, name, range, { provided, preferred });
        await store!.install(name, tree, signal);
        return tree;
      }).finally(() => resolving.delete(key));
      resolving.set(key, pending);
    }
    return pending;
  }

  function installWithin(name: string, tree: ResolvedTree): Promise<void> {
    return withDeadline(name, (signal) => store!.install(name, tree, signal));
  }

  /** esbuild bundles: at most `NPM_LIMITS.concurrency` at once, each within the deadline. */
  function bundleWithin<T>(name: string, task: () => Promise<T>): Promise<T> {
    return bundling.run(() => withDeadline(name, () => task()));
  }

  return {
    store,

    /** A cached bundle by key, as `/preview-npm/{key}.js` serves it. */
    bundle(key: string): NpmBundle | undefined {
      return store ? readBundle(store.cacheDir, key) : undefined;
    },

    /**
     * An ES module of an npm package for a page (`browser`: React and the built-in set left to the
     * import map) or for a function isolate (`isolate`: self-contained, no import map). `spec` is what
     * code writes after `npm:` — `zod`, `zod@^3.23`, `date-fns@4/locale`. Not pinned per app: the
     * range resolves to the newest match (packuments are cached for minutes, installs and bundles
     * for good). Throws NpmPackageError with the reason when the package is refused.
     */
    async resolveNpmModule(spec: string, { target }: { target: NpmTarget }): Promise<NpmBundle> {
      const { name, range, subpath } = parseNpmSpecifier(spec);
      const provided =
        target === 'browser' ? builtIns() : { specifiers: new Set<string>(), packages: new Set<string>() };
      const tree = await resolveAndInstall(name, range, provided.packages);
      return bundleWithin(name, () =>
        bundleSpecifier(store!, `${name}${subpath}`, tree, {
          target,
          externalSpecifiers: provided.specifiers,
          externalPackages: new Set(),
        }),
      );
    },

    /**
     * The on-demand packages a compiled app imports, installed and bundled, as import-map entries.
     * Each package package.json names is resolved once per app and range and pinned (`locks`); the
     * first import of a version downloads it. A refused package answers a diagnostic on package.json
     * naming the package and why.
     */
    async appImports(
      appId: string,
      files: readonly AppFile[],
      js: string,
      locks: NpmLocksRepo,
    ): Promise<AppNpmImports> {
      const manifestFile = files.find((file) => file.path === PACKAGE_MANIFEST_PATH);
      const manifest = parsePackageManifest(manifestFile?.content);
      if (!manifest.ok) return fail(manifest.message, undefined);
      const { specifiers: builtInSpecifiers, packages: provided } = builtIns();
      // A package of the set package.json asks for at a version the set's does not fit (three 0.155):
      // that version on demand, in the set's place on this app's page (compile/vendor/built-in-pins.ts).
      const replaced = onDemandBuiltIns(files);
      const specifiers = new Set(
        [...builtInSpecifiers].filter((specifier) => !replaced.has(packageNameOf(specifier))),
      );
      const declared = new Map(
        manifest.packages
          .filter((pkg) => !provided.has(pkg.name) || replaced.has(pkg.name))
          .map((pkg) => [pkg.name, pkg.range]),
      );
      const preferred = lockedVersionsOf(manifestFile?.content);
      const wanted = bareImports(js).filter((specifier) => declared.has(packageNameOf(specifier)));
      if (wanted.length === 0) return { ok: true, imports: {} };
      const diagnostic = (error: unknown) => {
        if (!(error instanceof NpmPackageError)) throw error;
        return fail(error.message, manifestFile?.content, error.packageName);
      };
      if (declared.size > NPM_LIMITS.maxAppPackages)
        return fail(`package.json: ${NPM_MESSAGES.tooManyPackages}`, undefined);
      if (!store) return diagnostic(new NpmPackageError(packageNameOf(wanted[0]!), NPM_MESSAGES.disabled));

      const trees = new Map<string, Promise<ResolvedTree>>();
      const treeOf = (name: string) => {
        let tree = trees.get(name);
        if (!tree) {
          tree = pinnedTree(appId, name, declared.get(name)!, provided, locks, preferred);
          trees.set(name, tree);
        }
        return tree;
      };
      const imports: Record<string, string> = {};
      const exportsBySpecifier = new Map<string, Set<string>>();
      const queue = [...new Set(wanted)];
      // A package the app only loads with `import()` (an optional analytics script in a try/catch)
      // is left out of the import map when it cannot be used: the app meets a failed import() as in
      // its own build, instead of not building at all.
      const staticImports = new Set(bareImports(js, { dynamic: false }));
      const optional = new Set(wanted.filter((specifier) => !staticImports.has(specifier)));
      // The entry points of one package the page imports are bundled together (npm-bundle.ts).
      const siblingsOf = (specifier: string) =>
        wanted.filter((other) => packageNameOf(other) === packageNameOf(specifier));
      try {
        while (queue.length > 0) {
          const specifier = queue.shift()!;
          if (imports[specifier]) continue;
          const name = packageNameOf(specifier);
          const others = new Set([...declared.keys()].filter((other) => other !== name));
          let bundle: NpmBundle;
          try {
            const tree = await treeOf(name);
            bundle = await bundleWithin(name, () =>
              bundleSpecifier(store!, specifier, tree, {
                target: 'browser',
                externalSpecifiers: specifiers,
                externalPackages: others,
                siblings: siblingsOf(specifier),
              }),
            );
          } catch (error) {
            if (optional.has(specifier) && error instanceof NpmPackageError) continue;
            throw error;
          }
          imports[specifier] = bundle.key;
          exportsBySpecifier.set(specifier, new Set(bundle.exports));
          for (const next of bundle.imports)
            if (others.has(packageNameOf(next)) && !imports[next]) queue.push(next);
        }
      } catch (error) {
        return diagnostic(error);
      }
      // A named import the bundle does not export would stop the page in the browser: a compile error
      // on the importing line, with the closest export as a suggestion (as for the built-in set).
      const missing = checkVendorImports(js, files, exportsBySpecifier);
      if (missing.length > 0) return { ok: false, diagnostics: missing };
      return { ok: true, imports };
    },
  };
}

export type NpmPackages = ReturnType<typeof createNpmPackages>;

/** Runs `task` within `NPM_LIMITS.installTimeoutMs`, else fails naming the package. */
async function withDeadline<T>(name: string, task: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new NpmPackageError(name, NPM_MESSAGES.timedOut));
    }, NPM_LIMITS.installTimeoutMs);
  });
  try {
    return await Promise.race([task(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * package.json's `lockedVersions` (name → exact version): what the app's lock file installed below
 * its packages (an imported export's package-lock.json), preferred while they satisfy the ranges.
 */
function lockedVersionsOf(content: string | undefined): Map<string, string> {
  let locked: unknown;
  try {
    locked = (JSON.parse(content ?? '{}') as { lockedVersions?: unknown }).lockedVersions;
  } catch {
    return new Map();
  }
  if (!locked || typeof locked !== 'object') return new Map();
  return new Map(
    Object.entries(locked).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && semver.valid(entry[1]) !== null,
    ),
  );
}

/** Bare specifiers a compiled module imports (static, re-exports, side-effect and dynamic imports). */
export function bareImports(js: string, { dynamic = true }: { dynamic?: boolean } = {}): string[] {
  const found = new Set<string>();
  const patterns = [
    /\b(?:import|export)\s*(?:[^'";]*?\bfrom\s*)?["']([^"'./][^"']*)["']/g,
    ...(dynamic ? [/\bimport\(\s*["']([^"'./][^"']*)["']\s*\)/g] : []),
  ];
  for (const pattern of patterns) for (const match of js.matchAll(pattern)) found.add(match[1]!);
  return [...found].filter((specifier) => !specifier.includes(':')).sort();
}

function fail(message: string, content: string | undefined, packageName?: string): AppNpmImports {
  let line = 1;
  if (content !== undefined && packageName) {
    const index = content.indexOf(JSON.stringify(packageName));
    if (index >= 0) line = content.slice(0, index).split('\n').length;
  }
  return {
    ok: false,
    diagnostics: [{ file: PACKAGE_MANIFEST_PATH, line, column: 1, message, severity: 'error' }],
  };
}

export const npmCacheDir = (dataDir: string) => path.join(dataDir, 'cache', 'npm');
