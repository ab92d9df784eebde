import { APP_ENV_FILE, type AppFile, appPathProblem } from './app-file.ts';

export const APP_FILE_KINDS = [
  'layout',
  'page',
  'component',
  'entity',
  'function',
  'agent',
  'service',
  'style',
  'manifest',
  'env',
] as const;
export type AppFileKind = (typeof APP_FILE_KINDS)[number];

/** Kind of an app file by its path; `null` for a path that breaks the path rules. */
export function fileKind(path: string): AppFileKind | null {
  if (appPathProblem(path) !== null) return null;
  if (path === 'Layout.tsx') return 'layout';
  if (path === 'globals.css') return 'style';
  if (path === 'package.json') return 'manifest';
  if (path === APP_ENV_FILE) return 'env';
  const folder = path.slice(0, path.indexOf('/'));
  switch (folder) {
    case 'pages':
      return 'page';
    case 'components':
      return 'component';
    case 'entities':
      return 'entity';
    case 'functions':
      return 'function';
    case 'agents':
      return 'agent';
    case 'services':
    case 'lib':
    case 'hooks':
    case 'utils':
      return 'service';
    default:
      return null;
  }
}

/** The code editor's file-tree groups, in display order (spec 1 §2 "Code editor panel"). */
export const APP_FILE_GROUPS = [
  { label: 'Layout', kind: 'layout' },
  { label: 'Pages', kind: 'page' },
  { label: 'Components', kind: 'component' },
  { label: 'Entities', kind: 'entity' },
  { label: 'Services', kind: 'service' },
  { label: 'Functions', kind: 'function' },
  { label: 'Agents', kind: 'agent' },
  { label: 'Styles', kind: 'style' },
  { label: 'Packages', kind: 'manifest' },
  { label: 'Environment', kind: 'env' },
] as const satisfies readonly { label: string; kind: AppFileKind }[];
export type AppFileGroupLabel = (typeof APP_FILE_GROUPS)[number]['label'];

export function fileGroupLabel(kind: AppFileKind): AppFileGroupLabel {
  return APP_FILE_GROUPS.find((group) => group.kind === kind)!.label;
}

/** Files grouped for the code editor: every group in display order (empty ones too), paths sorted. */
export function groupAppFiles<F extends Pick<AppFile, 'path'>>(
  files: readonly F[],
): { label: AppFileGroupLabel; kind: AppFileKind; files: F[] }[] {
  return APP_FILE_GROUPS.map((group) => ({
    label: group.label,
    kind: group.kind,
    files: files
      .filter((file) => fileKind(file.path) === group.kind)
      .sort((a, b) => a.path.localeCompare(b.path)),
  }));
}

export type AppFileLanguage = 'typescript' | 'javascript' | 'json' | 'css' | 'text';

/** The editor language of a file, from its extension. */
export function fileLanguage(path: string): AppFileLanguage {
  if (path.endsWith('.json') || path.endsWith('.jsonc')) return 'json';
  if (path.endsWith('.css')) return 'css';
  if (path === APP_ENV_FILE) return 'text';
  if (path.endsWith('.js') || path.endsWith('.jsx')) return 'javascript';
  return 'typescript';
}

/** Entities are read-only JSON in the code editor (spec 1 §2); they change through the database panel and chat. */
export const isReadOnlyFile = (path: string) => fileKind(path) === 'entity';

/** The file name without folders: `pages/Home.tsx` → `Home.tsx`. */
export const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

const stripExtension = (name: string) => name.replace(/\.[^.]+$/, '');

/** `entities/Contact.json` → `Contact`; `null` when the path is not an entity file. */
export function entityNameFromPath(path: string): string | null {
  if (fileKind(path) !== 'entity') return null;
  return stripExtension(fileName(path));
}

/** `pages/Home.tsx` → `Home`; `pages/admin/Users.tsx` → `admin/Users`; `null` for other files. */
export function pageNameFromPath(path: string): string | null {
  if (fileKind(path) !== 'page') return null;
  return stripExtension(path.slice('pages/'.length));
}

/** `ContactDetails` → `contact-details`; `HTMLReport` → `html-report`; `my_page` → `my-page`. */
export function kebabCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/[\s_.]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
}

/** The page that answers `/`. */
export const HOME_PAGE_NAME = 'Home';

/**
 * The route of a page, relative to the app's base path: `Home` → `/`, `Contacts` → `/contacts`,
 * `ContactDetails` → `/contact-details`, `admin/Users` → `/admin/users`.
 */
export function pageRoutePath(pageName: string): string {
  if (pageName === HOME_PAGE_NAME) return '/';
  return `/${pageName.split('/').map(kebabCase).join('/')}`;
}
