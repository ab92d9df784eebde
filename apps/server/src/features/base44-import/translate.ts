import path from 'node:path';
import {
  APP_ENV_FILE,
  type AppFile,
  BASE44_IMPORT_MESSAGES,
  type Base44ImportReport,
  type EntitySchema,
  isValidAppPath,
  NPM_PACKAGE_NAME,
  npmPackageNameOf,
} from '@atelier/shared';
import { parse as parseJsonc } from 'jsonc-parser';
import semver from 'semver';
import { safeJson } from '../../platform/safe-json.ts';
import { missingTemplateFiles } from '../apps/template/index.ts';
import { builtInManifest, builtInPinsOf } from '../compile/vendor/built-in-pins.ts';
import { pwaVirtualModule } from '../compile/vendor/pwa-virtual.ts';
import { ALLOWED_IMPORTS } from '../compile/vendor/vendor-modules.ts';
import type { ExportTree } from './archive.ts';
import { reactNamedAsDefault } from './cjs-interop.ts';
import { translateStylesheets } from './css.ts';
import { EDITOR_COPY_APP_MARK } from './editor-copy.ts';
import {
  entitiesUsedInCode,
  type FieldType,
  type ImportedEntity,
  inferredEntitySchema,
  translateEntityFile,
} from './entities.ts';
import { unsetEnvNames } from './env-names.ts';
import { missingSdkModules } from './sdk-modules.ts';
import {
  addImportedOutsideSrc,
  appPathOf,
  MISSING_ASSET_PATH,
  MISSING_ASSET_SOURCE,
  rewriteFunctionImports,
  rewriteImports,
} from './source-files.ts';
import { addSupabaseTables } from './supabase-entities.ts';
import { viteEnvOf } from './vite-env.ts';
import { expandImportMetaGlob } from './vite-glob.ts';

/** Rows of one entity's data file (Base44's table export: CSV with a header row, or a JSON array). */
export interface ExportData {
  entity: string;
  file: string;
  format: 'csv' | 'json';
  text: string;
}

export interface ImportPlan {
  name: string;
  files: AppFile[];
  data: ExportData[];
  report: Omit<Base44ImportReport, 'data' | 'importedAt' | 'source'>;
}

export class NotAnExportError extends Error {
  override name = 'NotAnExportError';
  constructor() {
    super(BASE44_IMPORT_MESSAGES.notAnExport);
  }
}

const STORAGE_URL =
  /https?:\/\/(?:[a-z0-9-]+\.)*(?:base44\.app\/api\/apps\/[A-Za-z0-9]+\/files\/|supabase\.co\/storage\/v1\/object\/public\/base44)[^\s"'`)<>\\]*/g;
const DENO_ENV = /Deno\.env\.get\(\s*["'`]([A-Za-z_][A-Za-z0-9_]*)["'`]\s*\)/g;
/** The Vite variables Base44's template reads for the client set-up. */
const VITE_BASE44 = /import\.meta\.env\.VITE_BASE44_(APP_ID|APP_BASE_URL|BACKEND_URL|SERVER_URL)\b/g;
/** A Supabase project's URL written in the code as a string (`createClient('https://….supabase.co', …)`). */
const SUPABASE_PROJECT_URL = /(["'`])https:\/\/[a-z0-9]{20}\.supabase\.co\/?\1/g;

const text = (buffer: Buffer | undefined) => buffer?.toString('utf8') ?? '';

/**
 * Turns an exported Base44 app into an Atelier app's files: the `src/` tree with its imports
 * rewritten to the app's paths, the export's own `main.jsx` as the entry (package.json `main`),
 * its stylesheets as globals.css, entity files from `base44/entities/*.jsonc` (and entities the
 * code uses but never declares), Deno functions, and the report of what happened on the way.
 */
export function translateExport(exported: ExportTree, appId: string): ImportPlan {
  const recreated = missingSdkModules(exported);
  const tree: ExportTree = new Map(exported);
  for (const [file, source] of recreated) tree.set(file, Buffer.from(source));
  const exists = (file: string) => tree.has(file);
  const entryFile =
    htmlEntry(tree) ?? ['src/main.jsx', 'src/main.tsx', 'src/main.js', 'src/main.ts'].find(exists);
  const appFile = ['src/App.jsx', 'src/App.tsx', 'src/App.js'].find(exists);
  if (!entryFile && !appFile) throw new NotAnExportError();
  const skipped: { path: string; reason: string }[] = [];
  const translated: string[] = [];
  const warnings: string[] = [];
  if (appFile && text(tree.get(appFile)).startsWith(EDITOR_COPY_APP_MARK))
    translated.push(
      "The export is code copied out of Base44's editor (Pages/, Components/, Layout.js): it was put in an export's shape, with src/App.jsx routing each page by its name inside the Layout as Base44's template does.",
    );
  for (const file of recreated.keys())
    translated.push(`${file} is missing from the export: it was made again from the names the code imports.`);
  // What Vite's dev server reads differently: `import { React }` (CommonJS interop) and
  // import.meta.glob (the files it matches, imported by name), before imports are followed.
  for (const file of [...tree.keys()]) {
    if (!file.startsWith('src/') || !/\.(jsx?|tsx?)$/.test(file)) continue;
    const named = reactNamedAsDefault(file, text(tree.get(file)));
    if (named) {
      tree.set(file, Buffer.from(named));
      translated.push(
        `${file}: import { React } from 'react' became React's default import (Vite reads the missing name as undefined).`,
      );
    }
    const expanded = expandImportMetaGlob(file, text(tree.get(file)), [...tree.keys()]);
    if (!expanded) continue;
    if (expanded.text !== text(tree.get(file))) {
      tree.set(file, Buffer.from(expanded.text));
      translated.push(`${file}: Vite's import.meta.glob became the imports of the files it matches.`);
    }
    if (expanded.unread > 0)
      warnings.push(
        `${file}: ${expanded.unread} import.meta.glob call(s) with patterns or options that are not literals (or a query) were left as they are; they fail when they run.`,
      );
  }

  // 1. Where every src/ file goes (and code outside src/ that it imports).
  const moved = new Map<string, string>();
  for (const file of tree.keys()) {
    if (!file.startsWith('src/')) continue;
    const target = appPathOf(file.slice(4));
    if (target) moved.set(file, target);
    else if (!/\.(md|txt|html)$/.test(file))
      skipped.push({ path: file, reason: "Atelier's app files cannot hold this path or kind of file." });
  }
  addImportedOutsideSrc(moved, (file) => text(tree.get(file)), exists);
  const files = new Map<string, string>();
  const bareByFile = new Map<string, string[]>();
  const missing = new Set<string>();
  /** URL imports: of an npm CDN (the package's version), of anywhere else. */
  const cdnVersions = new Map<string, string>();
  const cdnImports = new Set<string>();
  const remoteModules = new Set<string>();
  /** Vite plugins' virtual modules the code imports (`virtual:pwa-register`), by importing file. */
  const virtualModules: { from: string; specifier: string }[] = [];
  let setUpRewritten = false;
  const supabaseUrlFiles: string[] = [];
  for (const [from, to] of moved) {
    if (to === 'globals.css') continue;
    let content = text(tree.get(from));
    if (from.endsWith('.json')) {
      files.set(to, `export default ${content.trim() || 'null'};\n`);
      continue;
    }
    const rewritten = rewriteImports(from, content, moved, exists);
    content = rewritten.text;
    bareByFile.set(to, rewritten.bare);
    for (const specifier of rewritten.missing) missing.add(`${from}: ${specifier}`);
    for (const url of rewritten.urls) remoteModules.add(`${from}: ${url}`);
    for (const specifier of rewritten.virtual) virtualModules.push({ from, specifier });
    for (const pkg of rewritten.cdn) {
      if (pkg.version && !cdnVersions.has(pkg.name)) cdnVersions.set(pkg.name, pkg.version);
      cdnImports.add(`${from}: ${pkg.specifier}`);
    }
    // Base44's template reads its app id from Vite variables: this app's own.
    const withAppId = content.replace(VITE_BASE44, (_all, variable: string) =>
      variable === 'APP_ID' ? JSON.stringify(appId) : 'undefined',
    );
    if (withAppId !== content) setUpRewritten = true;
    // …and a Supabase project it names: this app's Supabase-compatible API (features/supabase).
    const withSupabase = /\.(jsx?|tsx?|mjs|cjs)$/.test(from)
      ? withAppId.replace(SUPABASE_PROJECT_URL, 'import.meta.env.VITE_SUPABASE_URL')
      : withAppId;
    if (withSupabase !== withAppId) supabaseUrlFiles.push(to);
    files.set(to, withSupabase);
  }
  if (supabaseUrlFiles.length > 0)
    translated.push(
      `${supabaseUrlFiles.join(', ')}: the Supabase project URL written in the code became import.meta.env.VITE_SUPABASE_URL, this app's own Supabase-compatible API.`,
    );
  // shadcn/ui components, hooks and lib/utils the code imports through `@/` but the export lacks
  // (code copied out of Base44's editor leaves out what its template holds): the template's.
  for (const file of missingTemplateFiles(files)) {
    files.set(file.path, file.content);
    bareByFile.set(file.path, rewriteImports(file.path, file.content, moved, () => false).bare);
    translated.push(`${file.path} is missing from the export: Atelier's template's copy was added.`);
    for (const item of missing)
      if (item.endsWith(`: @/${file.path.replace(/\.jsx?$/, '')}`)) missing.delete(item);
  }
  if (setUpRewritten) translated.push(`import.meta.env.VITE_BASE44_APP_ID is this app's id (${appId}).`);
  translated.push(
    'createClient() of @base44/sdk talks to this Atelier server and app, whatever serverUrl and appId the code gives.',
  );
  if ([...files.values()].some((content) => content.includes(`@/${MISSING_ASSET_PATH}`))) {
    files.set(MISSING_ASSET_PATH, MISSING_ASSET_SOURCE);
  }
  for (const item of missing)
    warnings.push(`${item} names a file the import left out (an image or an unsupported path).`);
  for (const item of cdnImports)
    translated.push(`${item}: a module URL of an npm CDN became the package's import (installed on demand).`);
  for (const item of remoteModules)
    warnings.push(
      `${item} is a module of another site: an Atelier app's page loads scripts only from its own origin.`,
    );
  for (const { from, specifier } of virtualModules)
    warnings.push(
      pwaVirtualModule(specifier) === undefined
        ? `${from}: ${specifier} is a virtual module of a Vite plugin Atelier does not have: the import does not compile.`
        : `${from}: ${specifier} is vite-plugin-pwa's: Atelier apps have no service worker and no offline mode, so it does what the plugin does where none registers (no update is ever offered, the app is never ready offline).`,
    );

  // 2. Stylesheets: index.css first.
  const sheets = [...moved]
    .filter(([, to]) => to === 'globals.css')
    .map(([from]) => from)
    .sort((a, b) => (a === 'src/index.css' ? -1 : b === 'src/index.css' ? 1 : a.localeCompare(b)))
    .map((from) => ({ path: from, content: text(tree.get(from)) }));
  const tailwindConfig = [
    'tailwind.config.js',
    'tailwind.config.cjs',
    'tailwind.config.mjs',
    'tailwind.config.ts',
  ].find(exists);
  const css = translateStylesheets(sheets, tailwindConfig && text(tree.get(tailwindConfig)));
  files.set('globals.css', css.css);
  translated.push(
    'Tailwind 3 stylesheets (index.css) became a Tailwind 4 globals.css with the shadcn colour tokens.',
  );
  for (const specifier of css.leftOutImports)
    warnings.push(
      `The stylesheet imports ${specifier}, which names no .css file of the package; it is not loaded.`,
    );
  for (const url of css.remoteImports)
    warnings.push(`The stylesheet imports ${url}; remote stylesheets are loaded only over https.`);
  if (css.webImports.length > 0)
    translated.push(
      `globals.css: the stylesheet's ${css.webImports.length} remote @import(s) over https (web fonts) come first, where CSS reads them.`,
    );
  for (const plugin of css.plugins)
    warnings.push(
      `The stylesheet loads the Tailwind plugin ${plugin}; plugins are not loaded, its classes are missing.`,
    );

  // 3. The entry: the export's own main.jsx (its router, providers and Layout), or App.jsx mounted.
  let main = entryFile ? moved.get(entryFile) : undefined;
  if (!main && appFile) {
    main = 'services/main.jsx';
    files.set(
      main,
      [
        "import { createRoot } from 'react-dom/client';",
        `import App from ${JSON.stringify(`@/${moved.get(appFile)}`)};`,
        "createRoot(document.getElementById('root')).render(<App />);",
        '',
      ].join('\n'),
    );
    translated.push('The export has no main.jsx: services/main.jsx mounts App.jsx.');
  }
  // Package stylesheets the CSS imported come first in the entry, as Vite puts them before index.css.
  if (main && files.has(main) && css.packageImports.length > 0) {
    const imports = [...new Set(css.packageImports)];
    files.set(
      main,
      `${imports.map((specifier) => `import ${JSON.stringify(specifier)};`).join('\n')}\n${files.get(main)}`,
    );
    bareByFile.set(main, [...(bareByFile.get(main) ?? []), ...imports]);
    translated.push(`The stylesheet's package imports (${imports.join(', ')}) are imported by ${main}.`);
  }

  // Only what the entry reaches (exports carry every shadcn component, used or not, and tests).
  const unused = unreachableFiles(files, main);
  for (const file of unused) files.delete(file);
  if (unused.length > 0) translated.push(`${unused.length} source files no module imports were left out.`);

  // 4. Packages: what the kept code imports beyond the built-in set is installed on demand.
  const manifest = safeJson(text(tree.get('package.json'))) as
    | { name?: string; dependencies?: Record<string, string> }
    | undefined;
  const dependencies = manifest?.dependencies ?? {};
  const locked = lockedVersions(text(tree.get('package-lock.json')));
  const importedPackages = new Set(
    [...bareByFile]
      .filter(([file]) => files.has(file))
      .flatMap(([, bare]) => bare.map(npmPackageNameOf))
      // Not a package (`#internal`, a typo): package.json would not be valid with it.
      .filter((name) => NPM_PACKAGE_NAME.test(name)),
  );
  const builtIn = (name: string) =>
    [...ALLOWED_IMPORTS.keys()].some((specifier) => specifier === name || specifier.startsWith(`${name}/`));
  const packages: Base44ImportReport['packages'] = [];
  const onDemand: Record<string, string> = {};
  for (const name of new Set([...Object.keys(dependencies), ...importedPackages])) {
    if (builtIn(name) || name === 'react' || name === 'react-dom') {
      packages.push({ name, status: 'built-in' });
      // An older major the set preinstalls (react-day-picker 8 for shadcn's calendar.jsx) is kept.
      const range = locked.get(name) ?? dependencies[name];
      if (range && builtInPinsOf([{ name, range }]).get(name)?.kind === 'legacy') onDemand[name] = range;
    } else if (importedPackages.has(name)) {
      packages.push({ name, status: 'on-demand' });
      // The range, with the version the lock installed preferred (lockedVersions): a version
      // unpublished since then (clarity-js 0.7.70) falls back to the newest match.
      // A CDN URL's version when package.json does not name the package (xlsx of SheetJS's CDN: npm's newest).
      const range = dependencies[name] ?? cdnVersions.get(name);
      onDemand[name] = range && semver.validRange(range) ? range : (locked.get(name) ?? range ?? 'latest');
    } else packages.push({ name, status: 'unused' });
  }
  // The versions the export's lock installed below its on-demand packages: a package family
  // released since (deck.gl's luma.gl) may no longer fit together at its newest matching versions.
  const below = lockedDependencies(text(tree.get('package-lock.json')), Object.keys(onDemand));
  for (const name of Object.keys(onDemand)) {
    const version = locked.get(name);
    if (version && version !== onDemand[name]) below[name] = version;
  }
  // A package of the set those depend on, which the lock installed at a version the set's does not
  // fit (three 0.155 below @react-three/drei: its three-stdlib imports LinearEncoding, gone from the
  // set's three): that version on demand for this app, in the set's place (built-in-pins.ts).
  const installed = lockedDependencies(
    text(tree.get('package-lock.json')),
    Object.keys(onDemand).filter((name) => !builtIn(name)),
  );
  const pins = builtInPinsOf(
    Object.entries(installed)
      .filter(([name]) => builtIn(name) && !onDemand[name])
      .map(([name, range]) => ({ name, range })),
  );
  for (const [name, pin] of pins) {
    if (pin.kind !== 'on-demand') continue;
    onDemand[name] = pin.range;
    delete below[name];
    const listed = packages.find((item) => item.name === name);
    if (listed) listed.status = 'on-demand';
    else packages.push({ name, status: 'on-demand' });
    translated.push(
      `${name} ${pin.range}, which package-lock.json installed for the packages installed on demand, is installed on demand too, in place of the built-in ${name} ${builtInManifest(name)?.version ?? ''} (another major or 0.x minor).`,
    );
  }
  packages.sort((a, b) => a.name.localeCompare(b.name));
  files.set(
    'package.json',
    `${JSON.stringify(
      {
        name: manifest?.name ?? 'base44-app',
        private: true,
        main,
        dependencies: onDemand,
        ...(Object.keys(below).length > 0 ? { lockedVersions: sortedByKey(below) } : {}),
      },
      null,
      2,
    )}\n`,
  );

  // 4b. The public environment Vite would give the page: the VITE_ values of committed .env files.
  const env = viteEnvOf(tree);
  if (env) {
    files.set(APP_ENV_FILE, env.content);
    translated.push(
      `.env: ${env.names.join(', ')} from the export's ${env.sources.join(', ')}, as Vite gives them to the page (the code editor's Environment group).`,
    );
    if (env.leftOut.length > 0)
      translated.push(
        `${env.leftOut.length} names of the export's .env files without the VITE_ prefix were left out: Vite does not give them to the page.`,
      );
    for (const name of env.secretLooking)
      warnings.push(
        `${name} looks like a secret, and every VITE_ value is public in the page (as under Vite): keep it in the app's secrets, for its functions.`,
      );
  }

  // 5. Entities: declared ones, then those the code uses without declaring them.
  const entities: ImportedEntity[] = [];
  const entityErrors: { path: string; reason: string }[] = [];
  const declared = new Set<string>();
  let userSchema: EntitySchema | undefined;
  for (const [file, buffer] of tree) {
    if (!/^(base44\/)?entities\/[^/]+\.jsonc?$/.test(file)) continue;
    const result = translateEntityFile(path.posix.basename(file), text(buffer));
    if (!result.ok) {
      entityErrors.push({ path: file, reason: result.message });
      continue;
    }
    if (result.name === 'User') {
      userSchema = result.schema;
      continue;
    }
    declared.add(result.name);
    files.set(`entities/${result.name}.json`, entityJson(result.schema));
    entities.push(result.entity);
  }
  // The functions' code too: an entity only functions use (`asServiceRole.entities.X`) is one.
  const codeFiles = [...files]
    .map(([file, content]) => ({ path: file, content }))
    .concat(
      [...tree]
        .filter(([file]) => /^(base44\/)?functions\/.+\.[jt]s$/.test(file))
        .map(([file, buffer]) => ({ path: file, content: text(buffer) })),
    );
  const used = entitiesUsedInCode(codeFiles);
  const user = userEntitySchema(userSchema, used.get('User'));
  if (user) {
    files.set('entities/User.json', entityJson(user));
    translated.push(
      `The User entity's fields (${Object.keys(user.properties).join(', ')}) are custom fields of the app's users, with the User entity's fixed rules${used.has('User') ? '; the ones only the code writes (auth.updateMe, User.updateMyUserData) were added' : ''}.`,
    );
  }
  for (const [name, fields] of used) {
    if (name === 'User' || declared.has(name) || !isValidAppPath(`entities/${name}.json`)) continue;
    const schema = inferredEntitySchema(name, fields);
    files.set(`entities/${name}.json`, entityJson(schema));
    entities.push({ name, fields: fields.size, rules: 'default', inferred: true });
  }
  // Tables of an export that moved to Supabase: its SQL's, then those its code uses.
  addSupabaseTables(tree, codeFiles, files, entities, entityErrors, translated, warnings);
  entities.sort((a, b) => a.name.localeCompare(b.name));

  // 6. Deno functions: base44/functions/<name>/index.ts (+ function.jsonc) or functions/<name>.ts;
  // Supabase Edge Functions (supabase/functions/<name>/index.ts, Deno too; `_shared/` is code they import).
  const functions: Base44ImportReport['functions'] = [];
  const secrets = new Set<string>();
  /** Code outside the function folders that functions import (base44/shared/…): export → app path. */
  const functionShared = new Map<string, string>();
  for (const [file, buffer] of tree) {
    // Newer exports name the handler entry.ts; Atelier runs a function folder's index.ts.
    const nested =
      /^(?:base44\/|supabase\/(?!functions\/_))?functions\/([^/]+)\/(index\.[jt]s|entry\.[jt]s|function\.jsonc)$/.exec(
        file,
      );
    const flat = /^(?:base44\/)?functions\/([^/]+)\.([jt]s)$/.exec(file);
    if (!nested && !flat) continue;
    const name = (nested?.[1] ?? flat?.[1])!;
    const target = nested
      ? `functions/${name}/${nested[2]!.replace(/^entry\./, 'index.')}`
      : `functions/${name}.${flat![2]}`;
    const content = text(buffer);
    for (const match of content.matchAll(DENO_ENV)) secrets.add(match[1]!);
    if (target.endsWith('.jsonc') && !isValidAppPath(target)) continue;
    if (!isValidAppPath(target)) {
      functions.push({
        name,
        path: file,
        status: 'skipped',
        reason: 'Its name is not a usable function name.',
      });
      continue;
    }
    if (target.endsWith('.jsonc')) {
      files.set(target, content);
      continue;
    }
    files.set(target, rewriteFunctionImports(file, content, functionShared, exists));
    functions.push({ name, path: target, status: 'imported' });
  }
  addImportedOutsideSrc(functionShared, (file) => text(tree.get(file)), exists);
  for (const [from, to] of functionShared) {
    if (files.has(to)) continue;
    const content = text(tree.get(from));
    for (const match of content.matchAll(DENO_ENV)) secrets.add(match[1]!);
    files.set(to, content);
  }
  functions.sort((a, b) => a.name.localeCompare(b.name));

  // Agents (`base44/agents/<name>.jsonc`): kept as agents/<name>.jsonc, which base44.agents talks to.
  const agents: NonNullable<Base44ImportReport['agents']> = [];
  for (const file of tree.keys()) {
    const agent = /^(?:base44\/)?agents\/([^/]+)\.jsonc?$/.exec(file);
    if (!agent) continue;
    const target = `agents/${agent[1]}.jsonc`;
    if (!isValidAppPath(target)) {
      skipped.push({ path: file, reason: 'Its name is not a usable agent name.' });
      continue;
    }
    files.set(target, text(tree.get(file)));
    agents.push({ name: agent[1]!, path: target });
  }
  agents.sort((a, b) => a.name.localeCompare(b.name));

  // 7. Base44 storage URLs the code or data points at.
  const storageUrls = new Set<string>();
  for (const [file, buffer] of tree) {
    if (!/\.(jsx?|tsx?|jsonc?|csv|css|html)$/.test(file)) continue;
    for (const match of text(buffer).matchAll(STORAGE_URL))
      if (storageUrls.size < 500) storageUrls.add(match[0]);
  }

  // 8. Data files: data/<Entity>.csv|json of an entity the app has.
  const data: ExportData[] = [];
  for (const [file, buffer] of tree) {
    const match = /^(?:base44\/)?data\/([A-Za-z][A-Za-z0-9_]*)\.(csv|json)$/.exec(file);
    if (!match) continue;
    data.push({ entity: match[1]!, file, format: match[2] as 'csv' | 'json', text: text(buffer) });
  }

  const name = exportAppName(tree);
  const appFiles = [...files]
    .map(([file, content]) => ({ path: file, content }))
    .sort((a, b) => a.path.localeCompare(b.path));
  return {
    name,
    files: appFiles,
    data,
    report: {
      files: { imported: appFiles.length, skipped },
      entities,
      entityErrors,
      functions,
      agents,
      secrets: [...secrets].sort(),
      unsetEnv: unsetEnvNames(appFiles.map((file) => [file.path, file.content])),
      packages,
      storageUrls: [...storageUrls].sort(),
      translated,
      warnings,
    },
  };
}

/**
 * The exact versions package-lock.json installed at the top level (`packages["node_modules/x"]`,
 * or lockfile v1's `dependencies`): the ones the export was built and tested with.
 */
/** The account's own fields and the records' system fields: not the app's User fields. */
const USER_BUILT_IN = new Set([
  'id',
  'email',
  'name',
  'full_name',
  'role',
  'created_date',
  'updated_date',
  'created_by',
  'created_by_id',
  'app_id',
]);

/**
 * The app's own User fields (`entities/User.json`): the export's User entity file without the
 * account's fields and its rules (Atelier's User entity has fixed ones), with the fields the code
 * writes to the signed-in user that it does not declare (Base44 keeps any such field). Undefined
 * when there are none.
 */
function userEntitySchema(
  declared: EntitySchema | undefined,
  written: ReadonlyMap<string, FieldType> | undefined,
): EntitySchema | undefined {
  const properties: EntitySchema['properties'] = {};
  for (const [key, field] of Object.entries(declared?.properties ?? {}))
    if (!USER_BUILT_IN.has(key)) properties[key] = field;
  for (const [key, type] of written ?? [])
    if (!USER_BUILT_IN.has(key) && !(key in properties)) properties[key] = { type };
  if (Object.keys(properties).length === 0) return undefined;
  const required = (declared?.required ?? []).filter((key) => key in properties);
  return { name: 'User', type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

function lockedVersions(lockfile: string): Map<string, string> {
  const lock = safeJson(lockfile) as
    | { packages?: Record<string, { version?: string }>; dependencies?: Record<string, { version?: string }> }
    | undefined;
  const versions = new Map<string, string>();
  const exact = (version: unknown) =>
    typeof version === 'string' && /^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version);
  for (const [key, entry] of Object.entries(lock?.packages ?? {})) {
    const name = /^node_modules\/((?:@[^/]+\/)?[^/]+)$/.exec(key)?.[1];
    if (name && exact(entry?.version)) versions.set(name, entry.version!);
  }
  for (const [name, entry] of Object.entries(lock?.dependencies ?? {}))
    if (!versions.has(name) && exact(entry?.version)) versions.set(name, entry.version!);
  return versions;
}

/**
 * The hoisted versions package-lock.json installed for the dependencies (and peers) of `roots`,
 * followed through the lock: name → exact version, sorted. Lockfile v1's `requires` too.
 */
function lockedDependencies(lockfile: string, roots: readonly string[]): Record<string, string> {
  type Entry = { version?: string; requires?: Record<string, string> } & Partial<
    Record<'dependencies' | 'peerDependencies' | 'optionalDependencies', Record<string, string>>
  >;
  const lock = safeJson(lockfile) as
    | { packages?: Record<string, Entry>; dependencies?: Record<string, Entry> }
    | undefined;
  const entryOf = (name: string) => lock?.packages?.[`node_modules/${name}`] ?? lock?.dependencies?.[name];
  const versions = lockedVersions(lockfile);
  const found: Record<string, string> = {};
  const queue = [...roots];
  const seen = new Set(queue);
  while (queue.length > 0) {
    const entry = entryOf(queue.shift()!);
    const names = [
      ...Object.keys(entry?.dependencies ?? {}),
      ...Object.keys(entry?.peerDependencies ?? {}),
      ...Object.keys(entry?.optionalDependencies ?? {}),
      ...Object.keys(entry?.requires ?? {}),
    ];
    for (const name of names) {
      if (seen.has(name)) continue;
      seen.add(name);
      const version = versions.get(name);
      if (!version) continue;
      found[name] = version;
      queue.push(name);
    }
  }
  return found;
}

const sortedByKey = (record: Record<string, string>) =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));

const entityJson = (schema: EntitySchema) => `${JSON.stringify(schema, null, 2)}\n`;

/** Code files the entry does not reach through the (rewritten, `@/…`) imports. */
function unreachableFiles(files: Map<string, string>, main: string | undefined): string[] {
  if (!main) return [];
  const seen = new Set<string>();
  const queue = [main];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !files.has(file)) continue;
    seen.add(file);
    for (const match of files.get(file)!.matchAll(/["'`]@\/([^"'`]+)["'`]/g)) {
      // Rewritten imports name their file; those of the template's files added above do not.
      const named = match[1]!;
      queue.push(
        ['', '.jsx', '.js', '/index.js'].map((suffix) => named + suffix).find((f) => files.has(f)) ?? named,
      );
    }
  }
  return [...files.keys()].filter(
    (file) => /\.(jsx?|tsx?)$/.test(file) && !file.startsWith('functions/') && !seen.has(file),
  );
}

/**
 * The module index.html loads (`<script type="module" src="/src/main.tsx">`): Vite's entry, which
 * wins over a template's `main.jsx` left beside it.
 */
function htmlEntry(tree: ExportTree): string | undefined {
  for (const [tag] of text(tree.get('index.html')).matchAll(/<script\b[^>]*>/gi)) {
    if (!/\btype=["']module["']/i.test(tag)) continue;
    const src = /\bsrc=["']\.?\/?(src\/[^"'?#]+)["']/i.exec(tag)?.[1];
    if (src && tree.has(src)) return src;
  }
  return undefined;
}

/**
 * Whether the exported app was private on Base44: `base44/config.jsonc`'s `visibility` (Base44's
 * CLI: `public`, `private` or `workspace`; the last two let only signed-in users in). Older
 * exports have no such file: the app setting stayed on Base44, and the app comes in public.
 */
export function exportVisibility(tree: ExportTree): 'private' | 'workspace' | undefined {
  const config = parseJsonc(text(tree.get('base44/config.jsonc'))) as { visibility?: unknown } | undefined;
  const visibility = typeof config?.visibility === 'string' ? config.visibility.trim().toLowerCase() : '';
  return visibility === 'private' || visibility === 'workspace' ? visibility : undefined;
}

/**
 * The app's name: index.html's title, else base44/config.jsonc's name, else package.json's name, else the repository's or the zip's
 * name (`source`: `owner/repo@ref`, `repo-main.zip`, a folder), else "Imported Base44 app". Base44's
 * template names ("Base44 APP", `base44-app`) say nothing, and most exports keep them.
 */
export function exportAppName(tree: ExportTree, source = ''): string {
  const html = text(tree.get('index.html'));
  const packageName = (safeJson(text(tree.get('package.json'))) as { name?: string } | undefined)?.name;
  const title = /<title>([^<]{1,80})<\/title>/i.exec(html)?.[1]?.trim();
  if (title && !/^(vite|base44)( app)?$/i.test(title)) return title;
  // The newer exports' project file names the app as Base44 did (`"name": "YouNeeK Time"`).
  const configName = (parseJsonc(text(tree.get('base44/config.jsonc'))) as { name?: unknown } | undefined)
    ?.name;
  if (typeof configName === 'string' && configName.trim() && !/^base44[-_ ]?app$/i.test(configName.trim())) {
    return configName.trim().slice(0, 80);
  }
  if (packageName && !/^(vite|base44)[-_ ]?(app|project)?$/i.test(packageName)) {
    return packageName.replace(/[-_]+/g, ' ').slice(0, 80);
  }
  const sourceName = (source.split(/[\\/]/).at(-1) ?? '')
    .replace(/@.*$/, '')
    .replace(/\.zip$/i, '')
    .replace(/-(main|master)$/i, '')
    .replace(/[-_+]+/g, ' ')
    .trim();
  if (sourceName && !/^upload$/i.test(sourceName)) return sourceName.slice(0, 80);
  return 'Imported Base44 app';
}
