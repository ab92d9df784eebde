import { createRequire } from 'node:module';
import path from 'node:path';
import type ts from 'typescript';
import { reachedFiles } from '../compile/reached-files.ts';

/** A type error of an app file (line 1-based). */
export interface TypeCheckDiagnostic {
  file: string;
  line: number;
  message: string;
}

const require = createRequire(import.meta.url);
/** The folder holding `node_modules` with typescript: app files are placed beside it, so `react`, `@types/react` and `@atelier/app-sdk` resolve from there. */
const PROJECT_ROOT = path.resolve(path.dirname(require.resolve('typescript/package.json')), '..', '..');
const APP_ROOT = path.join(PROJECT_ROOT, '.atelier-type-check-app');

/**
 * Diagnostics that report the code's own types. Module resolution (2307, 7016: broken imports are
 * the imports detector's) and implicit-any families are left out: generated apps are not strict.
 */
const REPORTED_CODES = new Set([
  2304, // Cannot find name
  2322, // Type is not assignable
  2339, // Property does not exist on type
  2345, // Argument not assignable
  2349, // This expression is not callable
  2351, // not constructable
  2353, // Object literal may only specify known properties
  2362, // left-hand side of arithmetic
  2363, // right-hand side of arithmetic
  2365, // Operator cannot be applied
  2367, // comparison appears unintentional
  2451, // Cannot redeclare block-scoped variable
  2552, // Cannot find name. Did you mean
  2554, // Expected n arguments
  2555, // Expected at least n arguments
  2588, // Cannot assign to a constant
  2741, // Property is missing in type
  2769, // No overload matches this call
]);

const compilerOptions = (ts: typeof import('typescript')): ts.CompilerOptions => ({
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  strict: false,
  noImplicitAny: false,
  skipLibCheck: true,
  allowJs: true,
  checkJs: false,
  resolveJsonModule: true,
  esModuleInterop: true,
  allowSyntheticDefaultImports: true,
  noEmit: true,
  types: [],
  baseUrl: APP_ROOT,
  paths: { '@/*': ['./*'] },
});

/**
 * What the compiler gives every app besides its files: `import.meta.env` (the public `VITE_*`
 * values, typed as Vite's `vite/client` types them). Merged with an app's own declarations, if any.
 */
const AMBIENT_FILE = path.join(APP_ROOT, '__atelier-ambient.d.ts');
const AMBIENT_TYPES = `interface ImportMetaEnv { [key: string]: any; readonly BASE_URL: string; readonly MODE: string; readonly DEV: boolean; readonly PROD: boolean; readonly SSR: boolean; }
interface ImportMeta { readonly env: ImportMetaEnv; }
`;

const sourceCache = new Map<string, ts.SourceFile>();
let typescript: Promise<typeof import('typescript')> | undefined;
/** TypeScript is loaded on the first validation, not at start-up (it is large). */
const loadTypeScript = () => {
  typescript ??= import('typescript').then((m) => m.default);
  return typescript;
};

/**
 * Type-checks an app's file tree with TypeScript (its own files in memory, library types from the
 * server's node_modules) and answers the errors located in app files. Library files are parsed once
 * per process. Runs where it is called: the server calls `typeCheckApp` (type-check-thread.ts),
 * which runs this in its own thread.
 */
export async function typeCheckHere(
  files: readonly { path: string; content: string }[],
): Promise<TypeCheckDiagnostic[]> {
  const ts = await loadTypeScript();
  const COMPILER_OPTIONS = compilerOptions(ts);
  const byName = new Map<string, string>();
  // Not the shadcn/ui components nothing reaches: they would load the types of every library they use.
  const checked = reachedFiles(files);
  for (const f of checked)
    if (/\.(tsx?|jsx?)$/.test(f.path)) byName.set(path.join(APP_ROOT, f.path), f.content);
  for (const f of checked) if (f.path.endsWith('.json')) byName.set(path.join(APP_ROOT, f.path), f.content);
  const roots = [...byName.keys()].filter((n) => !n.endsWith('.json'));
  if (roots.length === 0) return [];
  byName.set(AMBIENT_FILE, AMBIENT_TYPES);
  const base = ts.createCompilerHost(COMPILER_OPTIONS, true);
  const host: ts.CompilerHost = {
    ...base,
    fileExists: (name) =>
      byName.has(name) || (!name.startsWith(APP_ROOT + path.sep) && base.fileExists(name)),
    readFile: (name) =>
      byName.get(name) ?? (name.startsWith(APP_ROOT + path.sep) ? undefined : base.readFile(name)),
    getSourceFile: (name, languageVersion) => {
      const own = byName.get(name);
      if (own !== undefined) return ts.createSourceFile(name, own, languageVersion, true);
      if (name.startsWith(APP_ROOT + path.sep)) return undefined;
      let cached = sourceCache.get(name);
      if (!cached) {
        const text = base.readFile(name);
        if (text === undefined) return undefined;
        cached = ts.createSourceFile(name, text, languageVersion, true);
        sourceCache.set(name, cached);
      }
      return cached;
    },
    writeFile: () => undefined,
  };
  const program = ts.createProgram({ rootNames: [...roots, AMBIENT_FILE], options: COMPILER_OPTIONS, host });
  const out: TypeCheckDiagnostic[] = [];
  for (const name of roots) {
    const source = program.getSourceFile(name);
    if (!source) continue;
    const diagnostics = [
      ...program.getSyntacticDiagnostics(source),
      ...program.getSemanticDiagnostics(source),
    ];
    for (const d of diagnostics) {
      if (d.category !== ts.DiagnosticCategory.Error) continue;
      const syntactic = d.code < 2000;
      if (!syntactic && !REPORTED_CODES.has(d.code)) continue;
      const line = d.start === undefined ? 1 : source.getLineAndCharacterOfPosition(d.start).line + 1;
      out.push({
        file: path.relative(APP_ROOT, name).split(path.sep).join('/'),
        line,
        message: `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
      });
    }
  }
  return out;
}
