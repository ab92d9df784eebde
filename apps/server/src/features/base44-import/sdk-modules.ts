import path from 'node:path';
import { ts } from '../../platform/typescript.ts';
import type { ExportTree } from './archive.ts';
import { moduleSpecifiers, parseCode, resolveExportImport } from './source-files.ts';

/** The modules older exports (SDK 0.1.x) import from `src/api/`, by base name. */
const SDK_MODULES = ['entities', 'integrations', 'functions', 'base44Client'] as const;
type SdkModule = (typeof SDK_MODULES)[number];
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** Names of the Core integration that `api/integrations.js` exports one by one. */
const CORE = 'Core';

/**
 * Exports whose repository lost `src/api/entities.js`, `integrations.js`, `functions.js` or
 * `base44Client.js` (owners delete them when they move off Base44, or never commit them) still
 * import them. Base44 generates these files from the app's names alone, so they are made again
 * from what the code imports: `export const Task = base44.entities.Task`, … Answers the files
 * added (export paths) and their sources; an export that has them gets nothing.
 */
export function missingSdkModules(tree: ExportTree): Map<string, string> {
  const exists = (file: string) => tree.has(file);
  const wanted = new Map<SdkModule, Set<string>>();
  for (const [file, buffer] of tree) {
    if (!file.startsWith('src/') || !/\.(jsx?|tsx?)$/.test(file)) continue;
    const text = buffer.toString('utf8');
    if (!/api\/(entities|integrations|functions|base44Client)/.test(text)) continue;
    const source = parseCode(file, text);
    for (const specifier of moduleSpecifiers(source)) {
      if (resolveExportImport(specifier.text, file, exists)) continue;
      const target = targetOf(specifier.text, file);
      if (!target) continue;
      const names = wanted.get(target) ?? new Set<string>();
      wanted.set(target, names);
      for (const name of importedNames(source, specifier.text)) names.add(name);
    }
  }
  const added = new Map<string, string>();
  if (wanted.size === 0) return added;
  if (!resolveExportImport('@/api/base44Client', 'src/main.jsx', exists))
    added.set(
      'src/api/base44Client.js',
      [
        '// Made by the Base44 import: the export imports this file but does not contain it.',
        "import { createClient } from '@base44/sdk';",
        '',
        "export const base44 = createClient({ appId: '', requiresAuth: false });",
        'export default base44;',
        '',
      ].join('\n'),
    );
  const header = [
    '// Made by the Base44 import from the names the code imports: the export does not contain this file.',
    "import { base44 } from './base44Client';",
    '',
  ];
  for (const [module, names] of wanted) {
    if (module === 'base44Client') continue;
    const lines = [...header];
    for (const name of [...names].sort()) {
      if (module === 'entities')
        lines.push(`export const ${name} = ${name === 'User' ? 'base44.auth' : `base44.entities.${name}`};`);
      else if (module === 'integrations')
        lines.push(
          `export const ${name} = ${name === CORE ? 'base44.integrations.Core' : `base44.integrations.Core.${name}`};`,
        );
      else
        lines.push(
          `export const ${name} = (data) => base44.functions.invoke(${JSON.stringify(name)}, data);`,
        );
    }
    added.set(`src/api/${module}.js`, `${lines.join('\n')}\n`);
  }
  return added;
}

/** `@/api/entities`, `../api/entities.js`, `./entities` (from src/api/) → `entities`. */
function targetOf(specifier: string, importer: string): SdkModule | undefined {
  let resolved: string;
  if (specifier.startsWith('@/')) resolved = path.posix.join('src', specifier.slice(2));
  else if (specifier.startsWith('.')) resolved = path.posix.join(path.posix.dirname(importer), specifier);
  else return undefined;
  const match = /^src\/api\/(entities|integrations|functions|base44Client)(\.jsx?|\.tsx?)?$/.exec(resolved);
  return match ? (match[1] as SdkModule) : undefined;
}

/** The names `import { A, B as C } from '<specifier>'` takes. */
function importedNames(source: ReturnType<typeof parseCode>, specifier: string): string[] {
  const names: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (statement.moduleSpecifier.text !== specifier) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      const name = (element.propertyName ?? element.name).text;
      if (IDENTIFIER.test(name) && name !== 'default') names.push(name);
    }
  }
  return names;
}
