import path from 'node:path';
import { type BuildFailure, build, type Message, type Plugin } from 'esbuild';

/**
 * Compiles one backend function for the isolate (ARCHITECTURE §6): `functions/{name}.ts` and the
 * `services/*` files it imports become one self-contained script that sets
 * `globalThis.__atelierHandler` to the file's default export. Imports other than app files are
 * refused, except `@atelier/app-sdk`, which inside a function is the invocation's `ctx.sdk`.
 */
export type FunctionBundleResult = { ok: true; code: string } | { ok: false; diagnostics: string[] };

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

function appFilesPlugin(entry: string, files: Map<string, string>): Plugin {
  return {
    name: 'atelier-function-files',
    setup(b) {
      b.onResolve({ filter: /^atelier-function-entry$/ }, () => ({ path: 'entry', namespace: 'atelier' }));
      b.onLoad({ filter: /.*/, namespace: 'atelier' }, () => ({
        contents: `import handler from ${JSON.stringify(`./${entry}`)};\nglobalThis.__atelierHandler = handler;`,
        loader: 'js',
        resolveDir: '/',
      }));
      b.onResolve({ filter: /^@atelier\/app-sdk$/ }, () => ({ path: 'app-sdk', namespace: 'atelier-sdk' }));
      b.onLoad({ filter: /.*/, namespace: 'atelier-sdk' }, () => ({ contents: SDK_SHIM, loader: 'js' }));
      b.onResolve({ filter: /^(\.\.?\/|@\/)/ }, (args) => {
        const importer = args.namespace === 'app' ? args.importer : '';
        const resolved = resolveImport(args.path, importer, files);
        if (typeof resolved !== 'string') return { errors: [{ text: resolved.error }] };
        return { path: resolved, namespace: 'app' };
      });
      b.onResolve({ filter: /.*/ }, (args) => ({
        errors: [
          {
            text: `Cannot import "${args.path}": functions run in a sandbox without npm packages or Node modules; use fetch, ctx.sdk, or a file in services/.`,
          },
        ],
      }));
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
      plugins: [appFilesPlugin(entry, files)],
    });
    const code = result.outputFiles[0]?.text ?? '';
    return { ok: true, code };
  } catch (error) {
    const failure = error as BuildFailure;
    if (Array.isArray(failure.errors) && failure.errors.length > 0) {
      return { ok: false, diagnostics: failure.errors.slice(0, 20).map(describeMessage) };
    }
    return { ok: false, diagnostics: [error instanceof Error ? error.message : String(error)] };
  }
}
