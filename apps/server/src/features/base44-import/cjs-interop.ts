import { ts } from '../../platform/typescript.ts';
import { parseCode } from './source-files.ts';

/**
 * `import { React } from 'react'`: React is CommonJS on npm, and Vite's interop reads a name it does
 * not export as `undefined`, so the page still loads (the JSX runtime needs no `React`); Atelier's
 * React is an ES module, where the same import fails the whole page ("does not provide an export
 * named 'React'"). The name becomes the default import, which is what it meant. Undefined when the
 * file has no such import (or already has a default import of React).
 */
export function reactNamedAsDefault(file: string, text: string): string | undefined {
  if (!/\bReact\b/.test(text)) return undefined;
  const source = parseCode(file, text);
  const edits: { start: number; end: number; text: string }[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (statement.moduleSpecifier.text !== 'react') continue;
    const clause = statement.importClause;
    const named = clause?.namedBindings;
    if (!clause || clause.isTypeOnly || clause.name || !named || !ts.isNamedImports(named)) continue;
    const react = named.elements.find((element) => (element.propertyName ?? element.name).text === 'React');
    if (!react || react.isTypeOnly) continue;
    const rest = named.elements
      .filter((element) => element !== react)
      .map((element) => element.getText(source));
    const bindings = rest.length > 0 ? `, { ${rest.join(', ')} }` : '';
    edits.push({
      start: clause.getStart(source),
      end: clause.getEnd(),
      text: `${react.name.text}${bindings}`,
    });
  }
  if (edits.length === 0) return undefined;
  let out = text;
  for (const edit of edits.sort((a, b) => b.start - a.start))
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}
