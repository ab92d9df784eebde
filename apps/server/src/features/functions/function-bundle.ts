import path from 'node:path';
import { type BuildFailure, build, type Message, type Plugin } from 'esbuild';

/**
 * Compiles one backend function for the isolate (ARCHITECTURE §6): `functions/{name}.ts` (or
 * `functions/{name}/index.ts`) and the `services/*` / `functions/*` files it imports become one
 * self-contained script that sets `globalThis.__atelierHandler` to the file's default export (a
 * file without one, written for Deno, calls `Deno.serve` instead). Imports other than app files
 * are refused, except `@atelier/app-sdk` (the invocation's `ctx.sdk`), `@base44/sdk` in any
 * `npm:` form (the Base44 client of platform/sandbox/prelude/base44.ts) and other `npm:` specifiers, which the npm
 * feature's on-demand cache resolves when the caller passes `npm`, and deno.land/std's
 * `http/server.ts`, whose `serve(handler)` is `Deno.serve`.
 */
export type FunctionBundleResult = { ok: true; code: string } | { ok: false; diagnostics: string[] };

export interface FunctionBundleOptions {
  /** Resolves an `npm:` specifier (what follows `npm:`) to a self-contained ES module, or throws why not. */
  npm?: ((spec: string) => Promise<{ code: string }>) | undefined;
}

const EXTENSIONS = ['.ts', '.js', '.tsx', '.jsx', '.json'];
const LOADERS = { '.ts': 'ts', '.js': 'js', '.tsx': 'tsx', '.jsx': 'jsx', '.json': 'json' } as const;
const SDK_SHIM = [
  'const sdk = globalThis.__atelierSdk;',
  'export const entities = sdk.entities;',
  'export const functions = sdk.functions;',
  'export const integrations = sdk.integrations;',
  'export const asServiceRole = sdk.asServiceRole;',
  'export default sdk;',
].join('\n');
const BASE44_SHIM = [
  'const sdk = globalThis.__atelierBase44;',
  'export const createClientFromRequest = sdk.createClientFromRequest;',
  'export const createClient = sdk.createClient;',
  'export const Base44Error = sdk.Base44Error;',
].join('\n');

/** `@base44/sdk`, `npm:@base44/sdk`, `npm:@base44/sdk@0.8.6`, `npm:/@base44/sdk@^0.7/…`. */
const BASE44_SDK = /^(?:npm:\/?)?@base44\/sdk(?:@[^/]*)?(?:\/.*)?$/;
/** Older Deno code's server: `import { serve } from 'https://deno.land/std@0.168.0/http/server.ts'`. */
const DENO_STD_SERVER = /^https:\/\/deno\.land\/std(?:@[^/]+)?\/http\/server\.ts$/;
const DENO_STD_SERVER_SHIM =
  'export const serve = (handler, options) => Deno.serve(options || {}, handler);\nexport const Server = undefined;';
/** Deno's `npm:` specifier: `npm:stripe@14`, `npm:/zod@3/locales`. */
const NPM_SPECIFIER = /^npm:\/?(.+)$/;

/** The app file an import names (relative, or `@/…` from the app root), or an error text. */
function resolveImport(
  specifier: string,
  importer: string,
  files: Map<string, string>,
): string | { error: string } {
  const joined = specifier.startsWith('@/')
    ? path.posix.normalize(specifier.slice(2))
    : path.posix.join(path.posix.dirname(importer), specifier);
  if (joined.startsWith('..') || path.posix.isAbsolute(joined)) {
    return { error: `"${specifier}" points outside the app's files.` };
  }
  const candidates = [
    joined,
    ...EXTENSIONS.map((ext) => joined + ext),
    ...EXTENSIONS.map((ext) => `${joined}/index${ext}`),
  ];
  const found = candidates.find((candidate) => files.has(candidate));
  if (!found) return { error: `Cannot find "${specifier}": no app file matches ${joined}.` };
  if (!found.startsWith('services/') && !found.startsWith('functions/')) {
    return {
      error: `"${specifier}" is not importable from a function: functions can import services/ files only.`,
    };
  }
  return found;
}

/** Why an import cannot be had in a function: the specifier's kind decides the advice. */
function refusal(specifier: string): string {
  if (specifier.startsWith('jsr:')) {
    return `${specifier} is not available: jsr: packages are not supported in Atelier functions; use an npm: package, fetch, or a file in services/.`;
  }
  if (/^https?:\/\//.test(specifier)) {
    return `Cannot import "${specifier}": functions do not load code from URLs; use an npm: package or a file in services/.`;
  }
  return `Cannot import "${specifier}": functions run in a sandbox without Node modules; use fetch, ctx.sdk, an npm: package, or a file in services/.`;
}

function appFilesPlugin(entry: string, files: Map<string, string>, options: FunctionBundleOptions): Plugin {
  return {
    name: 'atelier-function-files',
    setup(b) {
      b.onResolve({ filter: /^atelier-function-entry$/ }, () => ({ path: 'entry', namespace: 'atelier' }));
      // A namespace import: a Deno-style file has no default export (its Deno.serve gives the handler).
      b.onLoad({ filter: /.*/, namespace: 'atelier' }, () => ({
        contents: `import * as fn from ${JSON.stringify(`./${entry}`)};\nglobalThis.__atelierHandler = fn.default;`,
        loader: 'js',
        resolveDir: '/',
      }));
      b.onResolve({ filter: /^@atelier\/app-sdk$/ }, () => ({ path: 'app-sdk', namespace: 'atelier-sdk' }));
      b.onLoad({ filter: /.*/, namespace: 'atelier-sdk' }, () => ({ contents: SDK_SHIM, loader: 'js' }));
      b.onResolve({ filter: BASE44_SDK }, () => ({ path: 'base44-sdk', namespace: 'atelier-base44' }));
      b.onLoad({ filter: /.*/, namespace: 'atelier-base44' }, () => ({
        contents: BASE44_SHIM,
        loader: 'js',
      }));
      b.onResolve({ filter: DENO_STD_SERVER }, () => ({
        path: 'http-server',
        namespace: 'atelier-deno-std',
      }));
      b.onLoad({ filter: /.*/, namespace: 'atelier-deno-std' }, () => ({
        contents: DENO_STD_SERVER_SHIM,
        loader: 'js',
      }));
      b.onResolve({ filter: NPM_SPECIFIER }, (args) => {
        const spec = NPM_SPECIFIER.exec(args.path)?.[1] ?? '';
        if (!options.npm) {
          return {
            errors: [
              {
                text: `${args.path} is not available: npm packages are not available to functions on this server.`,
              },
            ],
          };
        }
        return { path: spec, namespace: 'atelier-npm' };
      });
      b.onLoad({ filter: /.*/, namespace: 'atelier-npm' }, async (args) => {
        try {
          const { code } = await options.npm!(args.path);
          return { contents: code, loader: 'js' };
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const reason = message.replace(/^Cannot use the npm package "[^"]*": /, '');
          return { errors: [{ text: `npm:${args.path} is not available: ${reason}` }] };
        }
      });
      b.onResolve({ filter: /^(\.\.?\/|@\/)/ }, (args) => {
        const importer = args.namespace === 'app' ? args.importer : '';
        const resolved = resolveImport(args.path, importer, files);
        if (typeof resolved !== 'string') return { errors: [{ text: resolved.error }] };
        return { path: resolved, namespace: 'app' };
      });
      b.onResolve({ filter: /.*/ }, (args) => ({ errors: [{ text: refusal(args.path) }] }));
      b.onLoad({ filter: /.*/, namespace: 'app' }, (args) => {
        const extension = path.posix.extname(args.path) as keyof typeof LOADERS;
        return { contents: files.get(args.path) ?? '', loader: LOADERS[extension] ?? 'ts' };
      });
    },
  };
}

function describeMessage(message: Message): string {
  const where = message.location
    ? `${message.location.file.replace(/^app:/, '')}:${message.location.line}:${message.location.column + 1}: `
    : '';
  return `${where}${message.text}`;
}

/** Bundles `entry` (a `functions/…` path) from the app's files. Never throws for bad app code. */
export async function bundleFunction(
  entry: string,
  files: Map<string, string>,
  options: FunctionBundleOptions = {},
): Promise<FunctionBundleResult> {
  if (!files.has(entry)) return { ok: false, diagnostics: [`${entry} does not exist`] };
  try {
    const result = await build({
      entryPoints: ['atelier-function-entry'],
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'neutral',
      target: 'es2022',
      charset: 'utf8',
      legalComments: 'none',
      logLevel: 'silent',
      plugins: [appFilesPlugin(entry, files, options)],
    });
    const code = result.outputFiles[0]?.text ?? '';
    const noDefault = result.warnings.some((warning) => warning.id === 'import-is-undefined');
    if (noDefault && !/\bDeno\s*\.\s*serve\b/.test(code)) {
      return {
        ok: false,
        diagnostics: [
          `${entry}: no handler: export one (export default async (req, ctx) => new Response(...)) or call Deno.serve(async (req) => new Response(...))`,
        ],
      };
    }
    return { ok: true, code };
  } catch (error) {
    const failure = error as BuildFailure;
    if (Array.isArray(failure.errors) && failure.errors.length > 0) {
      return { ok: false, diagnostics: failure.errors.slice(0, 20).map(describeMessage) };
    }
    return { ok: false, diagnostics: [error instanceof Error ? error.message : String(error)] };
  }
}
