import path from 'node:path';
import { fileKind, isValidAppPath, NPM_PACKAGE_NAME } from '@atelier/shared';
import { type TS, ts } from '../../platform/typescript.ts';

const CODE = /\.(jsx?|tsx?)$/;
/**
 * Vite's order (Base44's template: `resolve.extensions` `.mjs .js .jsx .ts .tsx .json`): an export
 * holding a stale `pages.config.jsx` beside the generated `pages.config.js` runs the `.js` one.
 */
const RESOLVE_SUFFIXES = ['', '.js', '.jsx', '.ts', '.tsx', '.json', '.css'];
const INDEX_SUFFIXES = ['/index.js', '/index.jsx', '/index.ts', '/index.tsx'];

/** A parsed code file: TypeScript's AST reads JSX and plain JavaScript alike. */
export function parseCode(file: string, text: string): TS.SourceFile {
  const kind = file.endsWith('.tsx')
    ? ts.ScriptKind.TSX
    : file.endsWith('.ts')
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JSX;
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
}

/**
 * Where a file of the export's `src/` goes in the app: `@/` is `src/` in a Vite export and the
 * app's root in Atelier, so a path Atelier's tree accepts is kept (`pages/Home.jsx`,
 * `components/ui/button.jsx`); any other (`App.jsx`, `api/base44Client.js`, `contexts/…`) goes
 * under `services/`. Every stylesheet becomes part of `globals.css`; a JSON module becomes a
 * `.js` module exporting it. Undefined: the file cannot be an app file (the report says so).
 */
export function appPathOf(srcRelative: string): string | undefined {
  if (srcRelative.endsWith('.css')) return 'globals.css';
  const file = srcRelative.endsWith('.json') ? `${srcRelative}.js` : srcRelative;
  if (!CODE.test(file)) return undefined;
  const kept =
    isValidAppPath(file) && !['entity', 'function', 'style', 'manifest'].includes(fileKind(file) ?? '');
  if (kept && file !== 'Layout.tsx') return file;
  const moved = `services/${file}`;
  return isValidAppPath(moved) ? moved : undefined;
}

/** The export file an import names (`@/x` is `src/x`), with Vite's extension and index lookup. */
export function resolveExportImport(
  specifier: string,
  importer: string,
  exists: (file: string) => boolean,
): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = path.posix.join('src', specifier.slice(2));
  else if (specifier.startsWith('./') || specifier.startsWith('../'))
    base = path.posix.join(path.posix.dirname(importer), specifier);
  else return undefined;
  for (const suffix of [...RESOLVE_SUFFIXES, ...INDEX_SUFFIXES]) {
    if (exists(base + suffix)) return base + suffix;
  }
  // What Base44's Vite plugin (`legacySDKImports`) still resolves for code of its older editor:
  // `../components/…` from src/Layout.jsx, and any `…/Layout.js(x)` from a page, mean src/'s own.
  if (importer === 'src/Layout.jsx' && specifier.startsWith('../components/'))
    return resolveExportImport(`@/components/${specifier.slice(14)}`, importer, exists);
  if (importer.startsWith('src/pages/') && /layout\.jsx?$/i.test(specifier) && exists('src/Layout.jsx'))
    return 'src/Layout.jsx';
  return undefined;
}

/** An npm package as a CDN serves it (`https://unpkg.com/leaflet@1.9.4/dist/leaflet.css`). */
export interface CdnPackage {
  /** The bare specifier that imports the same module from the package (`leaflet/dist/leaflet.css`). */
  specifier: string;
  name: string;
  /** The version the URL names, if any. */
  version?: string;
}

/** esm.sh, unpkg, jsDelivr's `/npm/` and Skypack serve `{name}@{version}/{file}` of npm packages. */
const NPM_CDN =
  /^https:\/\/(?:esm\.sh|unpkg\.com|cdn\.jsdelivr\.net\/npm|cdn\.skypack\.dev)\/((?:@[\w.-]+\/)?[\w.-]+)(?:@([\w.^~<>=-]+))?(\/[^?#]*)?(?:[?#].*)?$/i;
/** SheetJS left npm (at 0.18.5) for its own CDN: `https://cdn.sheetjs.com/xlsx-0.20.3/package/xlsx.mjs`. */
const SHEETJS_CDN = /^https:\/\/cdn\.sheetjs\.com\/xlsx-([\w.-]+)\/package\/[^/]+\.m?js$/i;
/** A CDN's whole-package file (`/+esm`, `/dist/x.min.js`, `/index.js`): the package's own entry. */
const WHOLE_PACKAGE_FILE = /^\/(?:\+esm|(?:(?:dist|build|umd|esm|lib)\/)?[\w.-]*\.m?js)$/i;

/**
 * The npm package a module URL of a CDN names, or undefined: Vite leaves a URL import to the
 * browser, whereas an Atelier app's page loads scripts only from its own origin, so the import
 * becomes the package's (installed on demand, like the export's other packages).
 */
export function npmPackageOfUrl(url: string): CdnPackage | undefined {
  const sheetjs = SHEETJS_CDN.exec(url);
  if (sheetjs) return { specifier: 'xlsx', name: 'xlsx' };
  const match = NPM_CDN.exec(url);
  if (!match) return undefined;
  const name = match[1]!.toLowerCase();
  if (!NPM_PACKAGE_NAME.test(name)) return undefined;
  const file = match[3] && match[3] !== '/' ? match[3] : '';
  const sub = file && !WHOLE_PACKAGE_FILE.test(file) ? file : '';
  return { specifier: `${name}${sub}`, name, version: match[2] };
}

/** Imports of files the import leaves out (they are not code). */
const ASSET = /\.(png|jpe?g|gif|svg|webp|avif|ico|bmp|mp3|mp4|webm|wav|woff2?|ttf|otf|pdf)(\?.*)?$/i;
/** What an import of a left-out asset resolves to. */
export const MISSING_ASSET_PATH = 'services/missing-asset.js';
export const MISSING_ASSET_SOURCE =
  "// Stands for images and other files the Base44 import left out (see the import report).\nexport default '';\n";

interface Specifier {
  start: number;
  end: number;
  text: string;
}

/** The module specifiers of a file: static and dynamic imports, re-exports, `require`. */
export function moduleSpecifiers(source: TS.SourceFile): Specifier[] {
  const found: Specifier[] = [];
  const add = (node: TS.Node | undefined) => {
    if (node && ts.isStringLiteralLike(node)) {
      found.push({ start: node.getStart(source) + 1, end: node.getEnd() - 1, text: node.text });
    }
  };
  const visit = (node: TS.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
    ) {
      add(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Rewrites a moved file's imports of other export files to their app paths (`@/services/App.jsx`).
 * Imports of files that were left out (images, unsupported paths) are answered in `missing`.
 */
export function rewriteImports(
  exportPath: string,
  text: string,
  moved: ReadonlyMap<string, string>,
  exists: (file: string) => boolean,
): { text: string; missing: string[]; bare: string[]; urls: string[]; cdn: CdnPackage[]; virtual: string[] } {
  const source = parseCode(exportPath, text);
  const specifiers = moduleSpecifiers(source);
  const missing: string[] = [];
  const bare: string[] = [];
  const urls: string[] = [];
  const cdn: CdnPackage[] = [];
  const virtual: string[] = [];
  let out = text;
  for (const specifier of [...specifiers].reverse()) {
    // A Vite plugin's virtual module (`virtual:pwa-register`): no file, no package, no URL.
    if (specifier.text.startsWith('virtual:')) {
      virtual.push(specifier.text);
      continue;
    }
    if (/^[a-z][\w+.-]*:/i.test(specifier.text)) {
      // A URL (`https://cdn.…`): an npm CDN's becomes the package's import; any other stays as is.
      const pkg = npmPackageOfUrl(specifier.text);
      if (!pkg) {
        urls.push(specifier.text);
        continue;
      }
      cdn.push(pkg);
      bare.push(pkg.specifier);
      out = `${out.slice(0, specifier.start)}${pkg.specifier}${out.slice(specifier.end)}`;
      continue;
    }
    if (!/^(\.\.?\/|@\/)/.test(specifier.text)) {
      bare.push(specifier.text);
      continue;
    }
    const target = resolveExportImport(specifier.text, exportPath, exists);
    let appPath = target ? moved.get(target) : undefined;
    // Images, fonts and media are not app files: the import gets an empty URL (reported).
    if (!appPath && ASSET.test(specifier.text)) {
      missing.push(specifier.text);
      appPath = MISSING_ASSET_PATH;
    }
    if (!appPath) {
      missing.push(specifier.text);
      continue;
    }
    out = `${out.slice(0, specifier.start)}@/${appPath}${out.slice(specifier.end)}`;
  }
  return { text: out, missing, bare, urls, cdn, virtual };
}

/**
 * A backend function's imports of code outside the function folders (`../../shared/profile.ts`:
 * Base44's `base44/shared/`, which its functions share): each such file is added to `moved` under
 * `services/` at its export path (as src/'s are, and importable from a function there), and the
 * import names it so (`@/services/base44/shared/profile.ts`). `addImportedOutsideSrc` then brings
 * what those files import, whose relative imports keep working (same layout).
 */
export function rewriteFunctionImports(
  exportPath: string,
  text: string,
  moved: Map<string, string>,
  exists: (file: string) => boolean,
): string {
  if (!text.includes('../')) return text;
  let out = text;
  const specifiers = moduleSpecifiers(parseCode(exportPath, text)).reverse();
  for (const specifier of specifiers) {
    if (!specifier.text.startsWith('../')) continue;
    const target = resolveExportImport(specifier.text, exportPath, exists);
    if (!target || !CODE.test(target) || /^(?:base44\/)?functions\//.test(target)) continue;
    const appPath = moved.get(target) ?? `services/${target}`;
    if (!isValidAppPath(appPath)) continue;
    moved.set(target, appPath);
    out = `${out.slice(0, specifier.start)}@/${appPath}${out.slice(specifier.end)}`;
  }
  return out;
}

/**
 * Code of the repository outside `src/` that `src/` imports (`../../shared/config.ts`, shared with
 * its functions), transitively: Vite bundles it, so it comes along under `services/` at its path.
 * `moved` (export path → app path) gets the additions.
 */
export function addImportedOutsideSrc(
  moved: Map<string, string>,
  textOf: (file: string) => string,
  exists: (file: string) => boolean,
): void {
  const pending = [...moved.keys()].filter((file) => CODE.test(file));
  while (pending.length > 0) {
    const file = pending.pop()!;
    const content = textOf(file);
    // From src/, only `../` leaves it.
    if (file.startsWith('src/') && !content.includes('../')) continue;
    for (const specifier of moduleSpecifiers(parseCode(file, content))) {
      if (!/^\.\.?\//.test(specifier.text)) continue;
      const target = resolveExportImport(specifier.text, file, exists);
      if (!target || moved.has(target) || !CODE.test(target) || /^(src|node_modules)\//.test(target))
        continue;
      const appPath = `services/${target}`;
      if (!isValidAppPath(appPath)) continue;
      moved.set(target, appPath);
      pending.push(target);
    }
  }
}
