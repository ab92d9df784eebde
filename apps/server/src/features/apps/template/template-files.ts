import fs from 'node:fs';
import path from 'node:path';
import { type AppFile, fileKind } from '@atelier/shared';
import { findRepoRoot } from '../../../platform/paths.ts';

/**
 * The files a new generated app starts from, in the shape real apps have: the shadcn/ui component
 * set as editable app files (`components/ui/*.jsx` on Radix, cva, `cn()` from `lib/utils`), a
 * layout and a home page that import them through `@/`, one entity (`Item`) and `globals.css` with
 * shadcn's theme variables (which App branding's colours override). The sources live in `files/`.
 */
export function templateFiles(appName: string): AppFile[] {
  const name = appName.trim() || 'My App';
  return [
    ...templateSources().map((file) =>
      file.path === 'Layout.tsx' || file.path === 'pages/Home.tsx'
        ? { path: file.path, content: withAppName(file.content, name) }
        : file,
    ),
    { path: 'entities/Item.json', content: itemEntity },
  ];
}

/**
 * The template's own content of a shared file (`components/ui/*`, `hooks/use-mobile.js`, `lib/utils.js`),
 * or undefined for other paths. The builder prompt names unchanged copies instead of repeating them.
 */
export function templateSourceOf(path: string): string | undefined {
  if (!/^(components\/ui\/|hooks\/|lib\/)/.test(path)) return undefined;
  return templateSources().find((file) => file.path === path)?.content;
}

/** The template's files in a stable order: Layout, pages, components, hooks, lib, then globals.css. */
const ORDER = ['Layout.tsx', 'pages/', 'components/', 'hooks/', 'lib/', 'globals.css'];
const rank = (file: string) => ORDER.findIndex((prefix) => file === prefix || file.startsWith(prefix));

let cached: AppFile[] | undefined;
function templateSources(): AppFile[] {
  if (cached) return cached;
  const root = path.join(findRepoRoot(), 'apps/server/src/features/apps/template/files');
  const paths = fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((p) => p.split(path.sep).join('/'));
  cached = paths
    // App files only (the folder also holds the linter's settings for them).
    .filter((file) => fileKind(file) !== null && fs.statSync(path.join(root, file)).isFile())
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((file) => ({ path: file, content: fs.readFileSync(path.join(root, file), 'utf8') }));
  return cached;
}

/** The name the app shows until the page says otherwise (the page's own name wins at run time). */
const withAppName = (content: string, name: string) =>
  content
    .replace("const APP_TITLE = 'My App';", () => `const APP_TITLE = ${JSON.stringify(name)};`)
    .replace(
      "const APP_NAME = import.meta.env.VITE_APP_NAME || 'My App';",
      () => `const APP_NAME = import.meta.env.VITE_APP_NAME || ${JSON.stringify(name)};`,
    );

/**
 * The template's Layout.tsx as written (title 'My App', one Home link): the offline assistant
 * writes its layouts from it (features/offline-assistant/layout-generator.ts), so there is one layout.
 */
export function templateLayoutSource(): string {
  const layout = templateSources().find((file) => file.path === 'Layout.tsx');
  if (!layout) throw new Error('The template has no Layout.tsx');
  return layout.content;
}

const itemEntity = `${JSON.stringify(
  {
    name: 'Item',
    type: 'object',
    properties: {
      name: { type: 'string', description: 'What the item is called' },
      description: { type: 'string', description: 'A few words about it' },
      status: { type: 'string', enum: ['todo', 'in_progress', 'done'], default: 'todo' },
    },
    required: ['name'],
    rls: { read: 'creator', write: 'creator' },
  },
  null,
  2,
)}\n`;
