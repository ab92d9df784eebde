import { type AppFile, fileKind } from '@atelier/shared';
import { closestName } from './closest-name.ts';
import type { CompileDiagnostic } from './diagnostics.ts';

/** `import … from "x";` statements of a bundle (esbuild prints one per external import, type-only imports removed). */
const OUTPUT_IMPORT = /^import\s+([^;]*?)\s+from\s+"([^"]+)";/gm;

interface ImportedName {
  specifier: string;
  /** The exported name asked for (`default` for a default import). */
  name: string;
}

/** The bare specifiers a bundle imports bindings from (side-effect imports name nothing to check). */
export function importedSpecifiers(js: string): Set<string> {
  return new Set([...js.matchAll(OUTPUT_IMPORT)].map((match) => match[2]!));
}

/** The names a bundle imports from each external module (namespace imports ask for no particular name). */
export function importedNames(js: string): ImportedName[] {
  const found: ImportedName[] = [];
  for (const match of js.matchAll(OUTPUT_IMPORT)) {
    const clause = match[1]!.trim();
    const specifier = match[2]!;
    if (clause.startsWith('*')) continue;
    const brace = clause.indexOf('{');
    const defaultPart = (brace < 0 ? clause : clause.slice(0, brace)).replace(/,\s*$/, '').trim();
    if (defaultPart && !defaultPart.startsWith('*')) found.push({ specifier, name: 'default' });
    if (brace >= 0) {
      for (const entry of clause.slice(brace + 1, clause.lastIndexOf('}')).split(',')) {
        const name = entry
          .trim()
          .split(/\s+as\s+/)[0]
          ?.trim();
        if (name) found.push({ specifier, name: name.replace(/^"|"$/g, '') });
      }
    }
  }
  return found;
}

/**
 * Named imports of allow-listed packages that the package does not export (a made-up icon, a
 * misspelt hook): the page would fail to load in the browser, so they are compile errors, located
 * in the app file that imports them, with the closest real name as a suggestion.
 */
export function checkVendorImports(
  js: string,
  files: readonly AppFile[],
  exportsBySpecifier: ReadonlyMap<string, ReadonlySet<string>>,
): CompileDiagnostic[] {
  const diagnostics: CompileDiagnostic[] = [];
  const reported = new Set<string>();
  for (const { specifier, name } of importedNames(js)) {
    const exports = exportsBySpecifier.get(specifier);
    if (!exports || exports.has(name) || reported.has(`${specifier}\0${name}`)) continue;
    reported.add(`${specifier}\0${name}`);
    const location = locateImport(files, specifier, name);
    const message =
      name === 'default'
        ? `${specifier} has no default export: import the names you need, e.g. import { … } from '${specifier}'.`
        : `"${name}" is not exported by ${specifier}.${suggestion(name, exports)}`;
    diagnostics.push({ ...location, message, severity: 'error' });
  }
  return diagnostics;
}

function suggestion(name: string, exports: ReadonlySet<string>): string {
  const best = closestName(name, exports);
  return best ? ` Did you mean "${best}"?` : '';
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The first place an app file imports `name` from `specifier`; the whole tree when none is found. */
function locateImport(
  files: readonly AppFile[],
  specifier: string,
  name: string,
): Pick<CompileDiagnostic, 'file' | 'line' | 'column'> {
  const statement = new RegExp(`import\\s+([^;]*?)\\s+from\\s*(['"])${escapeRegExp(specifier)}\\2`, 'g');
  for (const file of files) {
    const kind = fileKind(file.path);
    if (kind === 'entity' || kind === 'style' || kind === 'function') continue;
    for (const match of file.content.matchAll(statement)) {
      const clause = match[1]!;
      const within =
        name === 'default'
          ? /^\s*([A-Za-z_$][\w$]*)/.exec(clause)
          : new RegExp(`(?<![\\w$])${escapeRegExp(name)}(?![\\w$])`).exec(
              clause.slice(Math.max(0, clause.indexOf('{'))),
            );
      if (!within) continue;
      const clauseStart = match.index + match[0].indexOf(clause);
      const offset =
        name === 'default'
          ? clauseStart + within.index + within[0].indexOf(within[1]!)
          : clauseStart + Math.max(0, clause.indexOf('{')) + within.index;
      const before = file.content.slice(0, offset).split('\n');
      return { file: file.path, line: before.length, column: before.at(-1)!.length + 1 };
    }
  }
  return { file: undefined, line: 1, column: 1 };
}
