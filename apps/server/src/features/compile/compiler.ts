import { type AppFile, appFilesProblems, fileKind, parseEntitySchema } from '@atelier/shared';
import { appEntrySource, pageRoutes } from './app-entry.ts';
import { appEnvValues } from './app-env.ts';
import { createJsBundler } from './bundle-js.ts';
import { contentHashSync } from './content-hash-sync.ts';
import type { CompileDiagnostic } from './diagnostics.ts';
import { LruCache } from './lru.ts';
import { ownEntryOf } from './own-entry.ts';
import { reachedFiles } from './reached-files.ts';
import { createCssCompiler, type WebStylesheet } from './tailwind-css.ts';
import { onDemandBuiltIns } from './vendor/built-in-pins.ts';
import type { VendorBundles } from './vendor/vendor-bundles.ts';
import { packageOfSpecifier } from './vendor/vendor-modules.ts';
import { checkVendorImports, importedSpecifiers } from './vendor-imports.ts';

export interface CompileTimings {
  /** Wall time of this call, in milliseconds. */
  totalMs: number;
  /** When esbuild's bundle was done, from the start of the build (0 when served from the cache). */
  jsMs: number;
  /** When Tailwind's CSS was done (it runs alongside esbuild; 0 when served from the cache). */
  cssMs: number;
  /** True when the result came from the cache without building. */
  cached: boolean;
}

export interface CompileSuccess {
  ok: true;
  /** One ES module; its bare imports (`react`, `@atelier/app-sdk`, …) resolve through the page's import map. */
  js: string;
  css: string;
  /** The version hash the result is cached under (given, or the files' content hash). */
  hash: string;
  warnings: CompileDiagnostic[];
  timings: CompileTimings;
  /** The `VITE_*` values of the app's `.env` (app-env.ts): the page's `import.meta.env` holds them. */
  env?: Record<string, string>;
  /** Remote https stylesheets globals.css imports (web fonts): the page links them (tailwind-css.ts). */
  webStylesheets?: WebStylesheet[];
}

export interface CompileFailure {
  ok: false;
  /** `input_rejected`: the tree breaks the path rules or limits; `compile_error`: code or CSS does not compile. */
  code: 'input_rejected' | 'compile_error';
  diagnostics: CompileDiagnostic[];
  hash: string | undefined;
  timings: CompileTimings;
}

export type CompileResult = CompileSuccess | CompileFailure;

export interface CompileOptions {
  /** The version's content hash when the caller knows it (skips hashing); results are cached under it. */
  versionHash?: string;
}

export interface CompilerOptions {
  /** Compiled versions kept in memory (least recently used are dropped). */
  cacheSize?: number;
  /** Incremental esbuild contexts kept warm (apps compiled in parallel). */
  poolSize?: number;
  /**
   * The vendor modules the page will load: when given, named imports of allow-listed packages are
   * checked against what those modules export (a made-up icon name is a compile error, not a blank page).
   */
  vendor?: Pick<VendorBundles, 'exportsOf'>;
}

export interface CompilerStats {
  /** Compiles that ran esbuild and Tailwind. */
  builds: number;
  /** Compiles answered from the cache. */
  cacheHits: number;
}

export interface Compiler {
  compile(files: readonly AppFile[], options?: CompileOptions): Promise<CompileResult>;
  readonly stats: CompilerStats;
  dispose(): Promise<void>;
}

const CODE_EXTENSIONS = /\.(tsx|ts|jsx|js)$/;

/**
 * The app compiler: esbuild bundles the tree in memory (React JSX, TypeScript, imports between app
 * files, allow-listed packages left to the import map), Tailwind 4 compiles the CSS, and results
 * are cached by version hash. Compile errors come back as diagnostics (file, line, column, message).
 */
export function createCompiler({ cacheSize = 64, poolSize = 2, vendor }: CompilerOptions = {}): Compiler {
  const jsBundler = createJsBundler({ poolSize });
  const cssCompiler = createCssCompiler();
  const cache = new LruCache<string, CompileSuccess | CompileFailure>(cacheSize);
  const inFlight = new Map<string, Promise<CompileSuccess | CompileFailure>>();
  const stats: CompilerStats = { builds: 0, cacheHits: 0 };

  async function build(files: readonly AppFile[], hash: string): Promise<CompileSuccess | CompileFailure> {
    stats.builds++;
    const started = performance.now();
    const problems = preflight(files);
    const globalsCss = files.find((file) => file.path === 'globals.css')?.content ?? '';
    const cssSources = reachedFiles(
      files.filter((file) => fileKind(file.path) !== 'function' && CODE_EXTENSIONS.test(file.path)),
      appEntrySource(files),
    );
    let jsMs = 0;
    let cssMs = 0;
    const [js, css] = await Promise.all([
      jsBundler.bundle(files).finally(() => {
        jsMs = performance.now() - started;
      }),
      cssCompiler.compile(globalsCss, cssSources).finally(() => {
        cssMs = performance.now() - started;
      }),
    ]);
    // Only the vendor modules the app imports are built (or read from the disk cache) to check its names;
    // a package of the set the app gets on demand at another version is checked with its bundle (features/npm).
    const onDemand = onDemandBuiltIns(files);
    const vendorProblems =
      js.ok && vendor
        ? checkVendorImports(
            js.js,
            files,
            await vendor.exportsOf(
              [...importedSpecifiers(js.js)].filter(
                (specifier) => !onDemand.has(packageOfSpecifier(specifier)),
              ),
            ),
          )
        : [];
    const timings = { totalMs: performance.now() - started, jsMs, cssMs, cached: false };
    const diagnostics = [
      ...problems,
      ...(js.ok ? vendorProblems : js.diagnostics),
      ...(css.ok ? [] : css.diagnostics),
    ];
    if (!js.ok || !css.ok || diagnostics.some((d) => d.severity === 'error')) {
      return { ok: false, code: 'compile_error', diagnostics, hash, timings };
    }
    return {
      ok: true,
      js: js.js,
      css: css.css,
      hash,
      warnings: [...diagnostics, ...js.warnings],
      timings,
      env: appEnvValues(files),
      ...(css.webStylesheets.length > 0 ? { webStylesheets: css.webStylesheets } : {}),
    };
  }

  return {
    stats,
    async compile(files, options = {}) {
      const started = performance.now();
      const rejected = appFilesProblems(files);
      if (rejected.length > 0) {
        const diagnostics = rejected.map(
          (problem): CompileDiagnostic => ({
            file: problem.path,
            line: 1,
            column: 1,
            message: problem.message,
            severity: 'error',
          }),
        );
        const timings = { totalMs: performance.now() - started, jsMs: 0, cssMs: 0, cached: false };
        return { ok: false, code: 'input_rejected', diagnostics, hash: undefined, timings };
      }
      const hash = options.versionHash ?? contentHashSync(files);
      const hit = cache.get(hash);
      if (hit) {
        stats.cacheHits++;
        return { ...hit, timings: { totalMs: performance.now() - started, jsMs: 0, cssMs: 0, cached: true } };
      }
      let pending = inFlight.get(hash);
      if (!pending) {
        pending = build(files, hash).finally(() => inFlight.delete(hash));
        inFlight.set(hash, pending);
        cache.set(hash, await pending);
      }
      return await pending;
    },
    dispose: () => jsBundler.dispose(),
  };
}

/** Checks that are not esbuild's: entity files must be valid schemas, and an app needs a page. */
function preflight(files: readonly AppFile[]): CompileDiagnostic[] {
  const diagnostics: CompileDiagnostic[] = [];
  for (const file of files) {
    if (fileKind(file.path) !== 'entity') continue;
    const parsed = parseEntitySchema(file.content);
    if (!parsed.ok) {
      diagnostics.push({
        file: file.path,
        line: parsed.line ?? 1,
        column: parsed.column ?? 1,
        message: parsed.message,
        severity: 'error',
      });
    }
  }
  // An own-entry app (an imported Vite project) routes its pages itself.
  if (pageRoutes(files).length === 0 && ownEntryOf(files) === undefined) {
    diagnostics.push({
      file: undefined,
      line: 1,
      column: 1,
      message: 'The app has no pages: add pages/Home.tsx with a default-exported component.',
      severity: 'error',
    });
  }
  return diagnostics;
}
