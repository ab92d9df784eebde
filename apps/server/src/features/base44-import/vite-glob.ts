import path from 'node:path';
import picomatch from 'picomatch';
import { type TS, ts } from '../../platform/typescript.ts';
import { parseCode } from './source-files.ts';

/**
 * Vite's `import.meta.glob(patterns, { eager, import })` written out as the object Vite makes of it,
 * against the export's own files: `{ './pages/A.jsx': () => import('./pages/A.jsx') }`, or with
 * `eager: true` the modules imported at the top of the file. Keys are what Vite gives: the path
 * relative to the importer for a `./`/`../` pattern, from the project root (`/src/…`) for a `/` or
 * `@/` one. The imports then resolve and move like any other. Calls this cannot read statically
 * (a pattern or option that is not a literal, a `query`) are left as they are and answered in
 * `unread`. Undefined when the file calls none.
 */
export function expandImportMetaGlob(
  file: string,
  text: string,
  exportFiles: readonly string[],
): { text: string; unread: number } | undefined {
  if (!text.includes('import.meta.glob')) return undefined;
  const source = parseCode(file, text);
  const edits: { start: number; end: number; text: string }[] = [];
  const hoisted: string[] = [];
  let unread = 0;
  const visit = (node: TS.Node) => {
    if (ts.isCallExpression(node) && isImportMetaGlob(node.expression)) {
      const call = readCall(node);
      if (!call) unread++;
      else {
        const entries = matches(file, call.patterns, exportFiles).map(({ key, specifier }) => {
          const value = call.eager
            ? eagerBinding(hoisted, specifier, call.importName)
            : `() => import(${JSON.stringify(specifier)})${call.importName ? `.then((m) => m[${JSON.stringify(call.importName)}])` : ''}`;
          return `${JSON.stringify(key)}: ${value}`;
        });
        edits.push({
          start: node.getStart(source),
          end: node.getEnd(),
          text: `{${entries.length > 0 ? ` ${entries.join(', ')} ` : ''}}`,
        });
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (edits.length === 0) return { text, unread };
  let out = text;
  for (const edit of edits.sort((a, b) => b.start - a.start))
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return { text: hoisted.length > 0 ? `${hoisted.join('\n')}\n${out}` : out, unread };
}

const isImportMetaGlob = (node: TS.Expression) =>
  ts.isPropertyAccessExpression(node) &&
  node.name.text === 'glob' &&
  ts.isMetaProperty(node.expression) &&
  node.expression.keywordToken === ts.SyntaxKind.ImportKeyword &&
  node.expression.name.text === 'meta';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

interface GlobCall {
  patterns: string[];
  eager: boolean;
  /** The named export each entry is (`import: 'default'`), else the module. */
  importName?: string;
}

function readCall(node: TS.CallExpression): GlobCall | undefined {
  const [first, options] = node.arguments;
  const patterns = !first
    ? undefined
    : ts.isStringLiteralLike(first)
      ? [first.text]
      : ts.isArrayLiteralExpression(first) && first.elements.every(ts.isStringLiteralLike)
        ? first.elements.map((element) => (element as TS.StringLiteralLike).text)
        : undefined;
  if (!patterns) return undefined;
  const call: GlobCall = { patterns, eager: false };
  if (!options) return call;
  if (!ts.isObjectLiteralExpression(options)) return undefined;
  for (const property of options.properties) {
    if (!ts.isPropertyAssignment(property)) return undefined;
    const name = property.name.getText();
    const value = property.initializer;
    if (name === 'eager' && value.kind === ts.SyntaxKind.TrueKeyword) call.eager = true;
    else if (name === 'eager' && value.kind === ts.SyntaxKind.FalseKeyword) call.eager = false;
    else if (name === 'import' && ts.isStringLiteralLike(value) && IDENTIFIER.test(value.text))
      call.importName = value.text;
    else return undefined; // `query`, `as`, `base`, or a value computed at run time.
  }
  return call;
}

/**
 * Test files (`*.test.jsx`, `*.spec.ts`) beside the pages a glob loads: Vite matches them too but
 * loads one only when its entry is called; in an Atelier app a package they import (vitest) loads
 * with the page, and vitest throws when it is not running the tests.
 */
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

/** The export files the patterns match (`!` patterns exclude; test files never), sorted as Vite sorts them. */
function matches(
  importer: string,
  patterns: readonly string[],
  exportFiles: readonly string[],
): { key: string; specifier: string }[] {
  const dir = path.posix.dirname(importer);
  /** A pattern as a path from the export's root, and how its keys are written. */
  const fromRoot = (pattern: string) => {
    if (pattern.startsWith('@/')) return { glob: `src/${pattern.slice(2)}`, rooted: true };
    if (pattern.startsWith('/')) return { glob: pattern.slice(1), rooted: true };
    return { glob: path.posix.join(dir, pattern), rooted: false };
  };
  const include = patterns.filter((pattern) => !pattern.startsWith('!')).map(fromRoot);
  const exclude = patterns
    .filter((pattern) => pattern.startsWith('!'))
    .map((pattern) => picomatch(fromRoot(pattern.slice(1)).glob, { dot: false }));
  const rooted = include.some((pattern) => pattern.rooted);
  const isIncluded = include.map((pattern) => picomatch(pattern.glob, { dot: false }));
  return exportFiles
    .filter(
      (file) =>
        file !== importer &&
        !TEST_FILE.test(file) &&
        isIncluded.some((is) => is(file)) &&
        !exclude.some((is) => is(file)),
    )
    .sort()
    .map((file) => {
      const relative = path.posix.relative(dir, file);
      const specifier = relative.startsWith('.') ? relative : `./${relative}`;
      return { key: rooted ? `/${file}` : specifier, specifier };
    });
}

function eagerBinding(hoisted: string[], specifier: string, importName: string | undefined): string {
  const binding = `__vite_glob_${hoisted.length}`;
  hoisted.push(
    importName
      ? `import { ${importName} as ${binding} } from ${JSON.stringify(specifier)};`
      : `import * as ${binding} from ${JSON.stringify(specifier)};`,
  );
  return binding;
}
