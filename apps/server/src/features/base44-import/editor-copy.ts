import type { ExportTree } from './archive.ts';

/** The first line of the `src/App.jsx` made for code copied out of Base44's editor. */
export const EDITOR_COPY_APP_MARK =
  "// Made by the Base44 import: the code was copied out of Base44's editor";

const CODE = /\.(jsx?|tsx?)$/;
/** Base44's editor's folders (its code view: Pages, Components, Entities), either case. */
const PAGES_DIR = /^(?:Pages|pages)$/;
const LAYOUT = /^Layout\.(jsx?|tsx?)$/;
/** What stays at the root of the app beside src/: configuration, backend functions, static files. */
const ROOT_DIRS = /^(?:public|functions|base44|supabase|\.github|docs|scripts|server|dist|build)$/;
const ROOT_FILE =
  /^(?:package(?:-lock)?\.json|index\.html|jsconfig\.json|tsconfig(?:\.[\w-]+)?\.json|components\.json|[\w-]+\.config\.[cm]?[jt]s|\.env[\w.]*|[^/]+\.(?:md|txt|html))$/i;

/** The folder (`''` for the root) holding Base44's editor's Pages/ and a Layout, Entities/ or Components/. */
function editorCopyRoot(tree: ExportTree): string | undefined {
  const dirs = new Set<string>();
  for (const key of tree.keys()) {
    const parts = key.split('/');
    // A page directly in a Pages/ folder at most three levels down.
    if (parts.length < 2 || parts.length > 5 || !CODE.test(key)) continue;
    if (PAGES_DIR.test(parts.at(-2)!)) dirs.add(parts.slice(0, -2).join('/'));
  }
  const keys = [...tree.keys()];
  const candidates = [...dirs].filter((dir) => {
    const prefix = dir ? `${dir}/` : '';
    const below = keys.filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
    // Next.js's pages/ (an `_app`, an api/ folder) is another framework's, not Base44's.
    if (below.some((rest) => /^pages\/(?:_app\.|_document\.|api\/)/.test(rest))) return false;
    return below.some((rest) => /^Pages\/|^Layout\.(?:jsx?|tsx?)$|^Entities\/[^/]+\.json/.test(rest));
  });
  return candidates.sort((a, b) => depth(a) - depth(b) || a.localeCompare(b))[0];
}

const depth = (dir: string) => (dir ? dir.split('/').length : 0);

/** Where a file of the editor copy goes in the export's shape (`rest` is its path under the copy's root). */
function exportPathOf(rest: string, hasLayoutJsx: boolean): string | undefined {
  const [top, ...below] = rest.split('/');
  if (below.length === 0) {
    // Layout.js (JSX in a .js file, as the editor names it) is the export's src/Layout.jsx.
    const layout = LAYOUT.exec(rest);
    if (layout) return layout[1] === 'js' && !hasLayoutJsx ? 'src/Layout.jsx' : `src/${rest}`;
    if (ROOT_FILE.test(rest)) return rest;
    return CODE.test(rest) || rest.endsWith('.css') ? `src/${rest}` : rest;
  }
  if (top === 'Entities' || top === 'entities') {
    // Entity schemas, saved as .json (or as text): Base44's entities/<Name>.json.
    const name = /^([A-Za-z][\w]*)\.(?:jsonc?|txt)$/.exec(below.join('/'))?.[1];
    return name ? `entities/${name}.json` : undefined;
  }
  if (ROOT_DIRS.test(top!)) return rest;
  const folder = top === 'Pages' ? 'pages' : top === 'Components' ? 'components' : top;
  return `src/${[folder, ...below].join('/')}`;
}

/**
 * Code copied by hand out of Base44's editor (its code view: `Pages/`, `Components/`,
 * `Entities/*.json`, `Layout.js`) has no `src/`, no `main.jsx` or `App.jsx` and often no
 * package.json: Base44 generated those around it. The copy in the export's shape: pages under
 * `src/pages/`, components under `src/components/`, the layout as `src/Layout.jsx`, entity
 * schemas as `entities/<Name>.json`, and what Base44's template put around them — `src/App.jsx`
 * routing each page by its name inside the Layout (as the template's `pages/index.jsx` does) and
 * `src/utils/index.js`'s `createPageUrl` when the copy has none. Undefined when the tree is not one.
 */
export function editorCopyAsExport(tree: ExportTree): ExportTree | undefined {
  const root = editorCopyRoot(tree);
  if (root === undefined) return undefined;
  const prefix = root ? `${root}/` : '';
  const hasLayoutJsx = tree.has(`${prefix}Layout.jsx`);
  const out: ExportTree = new Map();
  for (const [key, value] of tree) {
    if (!key.startsWith(prefix)) continue;
    const target = exportPathOf(key.slice(prefix.length), hasLayoutJsx);
    if (target && !out.has(target)) out.set(target, value);
  }
  const pages = [...out.keys()]
    .map((key) => /^src\/pages\/([^/]+)\.(?:jsx?|tsx?)$/.exec(key)?.[1])
    .filter((name): name is string => name !== undefined && name !== 'index')
    .sort((a, b) => a.localeCompare(b));
  if (pages.length === 0) return undefined;
  if (!['src/utils/index.js', 'src/utils/index.ts', 'src/utils.js', 'src/utils.ts'].some((f) => out.has(f)))
    out.set('src/utils/index.js', Buffer.from(CREATE_PAGE_URL));
  out.set('src/App.jsx', Buffer.from(appSource(pages, out)));
  return out;
}

const CREATE_PAGE_URL = `// Made by the Base44 import: Base44's template's page addresses.
export function createPageUrl(pageName) {
  return '/' + pageName.replace(/ /g, '-');
}
`;

/** Base44's template's router: each page at `/<Name>`, the home page also at `/`, inside the Layout. */
function appSource(pages: string[], out: ExportTree): string {
  const home = ['Home', 'Dashboard', 'Index', 'Landing'].find((name) => pages.includes(name)) ?? pages[0]!;
  const layout = ['src/Layout.jsx', 'src/Layout.tsx', 'src/Layout.js', 'src/Layout.ts'].find((f) =>
    out.has(f),
  );
  const usesQuery = [...out].some(
    ([key, value]) => CODE.test(key) && value.toString('utf8').includes('@tanstack/react-query'),
  );
  const lines = [
    EDITOR_COPY_APP_MARK,
    '// (Pages/, Components/, Layout.js): this is the router its template put around them.',
    "import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';",
  ];
  if (usesQuery) lines.push("import { QueryClient, QueryClientProvider } from '@tanstack/react-query';");
  if (layout) lines.push(`import Layout from './${layout.slice(4)}';`);
  pages.forEach((name, i) => {
    lines.push(`import Page${i} from './pages/${name}';`);
  });
  const names = JSON.stringify(pages);
  const wrap = layout ? ['<Layout currentPageName={currentPage}>', '</Layout>'] : ['<>', '</>'];
  lines.push(
    '',
    `const PAGES = ${names};`,
    '',
    'function currentPageOf(pathname) {',
    "  const last = pathname.replace(/\\/$/, '').split('/').pop() ?? '';",
    `  return PAGES.find((page) => page.toLowerCase() === last.toLowerCase()) ?? ${JSON.stringify(home)};`,
    '}',
    '',
    'function PagesContent() {',
    '  const currentPage = currentPageOf(useLocation().pathname);',
    '  return (',
    `    ${wrap[0]}`,
    '      <Routes>',
    `        <Route path="/" element={<Page${pages.indexOf(home)} />} />`,
    ...pages.map((name, i) => `        <Route path=${JSON.stringify(`/${name}`)} element={<Page${i} />} />`),
    '      </Routes>',
    `    ${wrap[1]}`,
    '  );',
    '}',
    '',
  );
  if (usesQuery) lines.push('const queryClient = new QueryClient();', '');
  const app = '<BrowserRouter><PagesContent /></BrowserRouter>';
  lines.push(
    'export default function App() {',
    `  return ${usesQuery ? `<QueryClientProvider client={queryClient}>${app}</QueryClientProvider>` : app};`,
    '}',
    '',
  );
  return lines.join('\n');
}
