import path from 'node:path';
import { ts } from '../../platform/typescript.ts';
import type { ExportTree } from './archive.ts';
import { moduleSpecifiers, parseCode, resolveExportImport } from './source-files.ts';

/** The modules older exports (SDK 0.1.x) import from `src/api/`, by base name. */
const SDK_MODULES = ['entities', 'integrations', 'functions', 'agents', 'base44Client'] as const;
type SdkModule = (typeof SDK_MODULES)[number];
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** Names of the Core integration that `api/integrations.js` exports one by one. */
const CORE = 'Core';

interface Wanted {
  module: SdkModule;
  names: Set<string>;
  /** The file is imported by default (`import Task from '@/entities/Task'`). */
  byDefault: boolean;
}

/**
 * Exports whose repository lost `src/api/entities.js`, `integrations.js`, `functions.js` or
 * `base44Client.js` (owners delete them when they move off Base44, or never commit them) still
 * import them. Base44 generates these files from the app's names alone, so they are made again
 * from what the code imports: `export const Task = base44.entities.Task`, … Code of Base44's
 * pre-Vite editor imports `@/entities/all`, `@/entities/Task`, `@/integrations/Core`,
 * `@/functions/name`, `@/agents`, which no export contains: Base44's Vite plugin
 * (`legacySDKImports`) answers any such unresolved import with the SDK's entities, Core
 * integrations, functions or agents; they are made the same way, where the import points.
 * Answers the files added (export paths) and their sources; an export that has them gets nothing.
 */
export function missingSdkModules(tree: ExportTree): Map<string, string> {
  const exists = (file: string) => tree.has(file);
  const wanted = new Map<string, Wanted>();
  for (const [file, buffer] of tree) {
    if (!file.startsWith('src/') || !/\.(jsx?|tsx?)$/.test(file)) continue;
    const text = buffer.toString('utf8');
    if (!/\/(entities|integrations|functions|agents|base44Client)/.test(text)) continue;
    const source = parseCode(file, text);
    for (const specifier of moduleSpecifiers(source)) {
      if (resolveExportImport(specifier.text, file, exists)) continue;
      const target = targetOf(specifier.text, file);
      if (!target) continue;
      const entry = wanted.get(target.file) ?? { module: target.module, names: new Set(), byDefault: false };
      wanted.set(target.file, entry);
      const imported = importedNames(source, specifier.text);
      for (const name of imported.names) entry.names.add(name);
      entry.byDefault ||= imported.byDefault;
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
  for (const [file, { module, names, byDefault }] of wanted) {
    if (module === 'base44Client') continue;
    const client = path.posix.relative(path.posix.dirname(file), 'src/api/base44Client');
    const lines = [
      '// Made by the Base44 import from the names the code imports: the export does not contain this file.',
      `import { base44 } from '${client.startsWith('.') ? client : `./${client}`}';`,
      '',
    ];
    if (module === 'entities' && names.has('User')) lines.push(...LEGACY_USER, '');
    for (const name of [...names].sort()) lines.push(`export const ${name} = ${sdkValue(module, name)};`);
    if (byDefault) {
      // `@/entities/Task` is the entity Task; `@/entities/all` (or a folder) all of them.
      const base = path.posix.basename(file).replace(/\.[jt]sx?$/, '');
      const named = IDENTIFIER.test(base) && !['all', 'index', module].includes(base);
      lines.push(`export default ${named ? sdkValue(module, base) : WHOLE[module]};`);
    }
    added.set(file, `${lines.join('\n')}\n`);
  }
  return added;
}

/**
 * `User` of older code is the signed-in user's auth calls under their old names
 * (`User.me()`, `User.updateMyUserData()`, `User.login()`) and the User entity's calls (`User.list()`),
 * as Base44's compatibility module gives it.
 */
const LEGACY_USER = [
  'const AUTH_CALLS = {',
  '  me: () => base44.auth.me(),',
  '  updateMyUserData: (data) => base44.auth.updateMe(data),',
  '  logout: (redirectUrl) => base44.auth.logout(redirectUrl),',
  '  login: (nextUrl) => base44.auth.redirectToLogin(nextUrl ?? window.location.href),',
  '  loginWithRedirect: (nextUrl) => base44.auth.redirectToLogin(nextUrl ?? window.location.href),',
  '};',
  'const legacyUser = new Proxy({}, {',
  '  get: (_, prop) => {',
  '    if (Object.hasOwn(AUTH_CALLS, prop)) return AUTH_CALLS[prop];',
  '    if (Object.hasOwn(base44.auth, prop)) return base44.auth[prop];',
  '    const value = base44.entities.User[prop];',
  "    return typeof value === 'function' ? value.bind(base44.entities.User) : value;",
  '  },',
  '});',
];

/** What a default import of the whole module is. */
const WHOLE: Record<Exclude<SdkModule, 'base44Client'>, string> = {
  entities: 'base44.entities',
  integrations: 'base44.integrations.Core',
  agents: 'base44.agents',
  functions: 'new Proxy({}, { get: (_, name) => (data) => base44.functions.invoke(name, data) })',
};

function sdkValue(module: SdkModule, name: string): string {
  if (module === 'entities') return name === 'User' ? 'legacyUser' : `base44.entities.${name}`;
  if (module === 'integrations')
    return name === CORE ? 'base44.integrations.Core' : `base44.integrations.Core.${name}`;
  if (module === 'agents') return name === 'agentSDK' ? 'base44.agents' : `base44.agents?.${name}`;
  return `(data) => base44.functions.invoke(${JSON.stringify(name)}, data)`;
}

/**
 * The module an unresolved import stands for, and the export file to make for it:
 * `@/api/entities`, `../api/entities.js`, `./entities` (from src/api/) → `src/api/entities.js`;
 * `@/entities/all`, `../entities/Task` → entities at `src/entities/all.js`, `src/entities/Task.js`;
 * likewise any path with `/integrations`, `/functions`, `/agents` (Base44's `legacySDKImports`).
 */
function targetOf(specifier: string, importer: string): { module: SdkModule; file: string } | undefined {
  let resolved: string;
  if (specifier.startsWith('@/')) resolved = path.posix.join('src', specifier.slice(2));
  else if (specifier.startsWith('.')) resolved = path.posix.join(path.posix.dirname(importer), specifier);
  else return undefined;
  const api = /^src\/api\/(entities|integrations|functions|agents|base44Client)(\.jsx?|\.tsx?)?$/.exec(
    resolved,
  );
  if (api) return { module: api[1] as SdkModule, file: `src/api/${api[1]}.js` };
  // Only inside src/ (where `@/` points), and not a stylesheet or another asset.
  if (!resolved.startsWith('src/') || /\.(?!(jsx?|tsx?)$)[a-z0-9]+$/i.test(resolved)) return undefined;
  const legacy = (['entities', 'functions', 'integrations', 'agents'] as const).find((module) =>
    specifier.includes(`/${module}`),
  );
  if (!legacy) return undefined;
  return { module: legacy, file: /\.[jt]sx?$/.test(resolved) ? resolved : `${resolved}.js` };
}

/** The names `import D, { A, B as C } from '<specifier>'` takes, and whether it takes the default. */
function importedNames(
  source: ReturnType<typeof parseCode>,
  specifier: string,
): { names: string[]; byDefault: boolean } {
  const names: string[] = [];
  let byDefault = false;
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (statement.moduleSpecifier.text !== specifier) continue;
    if (statement.importClause?.name) byDefault = true;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      const name = (element.propertyName ?? element.name).text;
      if (name === 'default') byDefault = true;
      else if (IDENTIFIER.test(name)) names.push(name);
    }
  }
  return { names, byDefault };
}
