import { type AppFile, fileKind, HOME_PAGE_NAME, pageNameFromPath, pageRoutePath } from '@atelier/shared';

/** The specifier under which the compiled app imports the runtime (`@atelier/app-runtime`, packages/app-runtime). */
export const RUNTIME_SPECIFIER = 'atelier:runtime';

export interface PageRoute {
  name: string;
  file: string;
  /** Its route first (`/contact-details`), then its name as an alias (`/ContactDetails`) when different. */
  paths: string[];
  /** The page declares `export const requireSignIn = true`: only signed-in end users see it. */
  requireSignIn: boolean;
}

/** Whether a page's source declares `export const requireSignIn = true`. */
export const declaresRequireSignIn = (source: string) =>
  /^\s*export\s+const\s+requireSignIn\s*(?::\s*boolean\s*)?=\s*true\b/m.test(source);

/** The routes of an app's pages, sorted by name; `/` is `pages/Home.tsx`, or the first page when there is no Home. */
export function pageRoutes(files: readonly AppFile[]): PageRoute[] {
  const pages = files
    .filter((file) => fileKind(file.path) === 'page' && /\.(tsx|jsx)$/.test(file.path))
    .map((file) => ({
      name: pageNameFromPath(file.path)!,
      file: file.path,
      requireSignIn: declaresRequireSignIn(file.content),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const hasHome = pages.some((page) => page.name === HOME_PAGE_NAME);
  return pages.map((page, index) => {
    const route = pageRoutePath(page.name);
    const paths = [route];
    if (`/${page.name}` !== route && !paths.includes(`/${page.name}`)) paths.push(`/${page.name}`);
    if (!hasHome && index === 0) paths.unshift('/');
    return { ...page, paths };
  });
}

/**
 * The generated entry module: imports the runtime first (so its error reporter is installed before
 * any app module runs), then the layout and every page, and mounts them under a router.
 */
export function appEntrySource(files: readonly AppFile[]): string {
  const routes = pageRoutes(files);
  const hasLayout = files.some((file) => file.path === 'Layout.tsx');
  const lines = [`import { mountApp } from ${JSON.stringify(RUNTIME_SPECIFIER)};`];
  const providers = providersSource(files);
  if (providers) lines.push(...providers);
  if (hasLayout) lines.push(`import Layout from ${JSON.stringify('@/Layout.tsx')};`);
  routes.forEach((route, i) => {
    lines.push(`import Page${i} from ${JSON.stringify(`@/${route.file}`)};`);
  });
  lines.push('mountApp({');
  lines.push(`  Layout: ${hasLayout ? 'Layout' : 'null'},`);
  if (providers) lines.push('  Providers,');
  lines.push('  pages: [');
  routes.forEach((route, i) => {
    lines.push(
      `    { name: ${JSON.stringify(route.name)}, paths: ${JSON.stringify(route.paths)}, Component: Page${i}${route.requireSignIn ? ', requireSignIn: true' : ''} },`,
    );
  });
  lines.push('  ],');
  lines.push('});');
  return `${lines.join('\n')}\n`;
}

const imports = (files: readonly AppFile[], pattern: RegExp) =>
  files.some((file) => /\.(tsx|ts|jsx|js)$/.test(file.path) && pattern.test(file.content));

/** The template's files behind shadcn's `useToast` (they import one another, not the app's code). */
const TOAST_PARTS = /^(components\/ui\/(toast|toaster|use-toast)|hooks\/use-toast)\.[jt]sx?$/;
const TOASTER_FILE = /^components\/ui\/toaster\.[jt]sx?$/;

/**
 * Whether the app calls shadcn's `useToast`/`toast()` (from `@/hooks/use-toast` or, as Base44's
 * apps do, `@/components/ui/use-toast`), has the template's `components/ui/toaster`, and no file
 * mounts that toaster: Lovable's and Base44's App.jsx mount it, and apps here have no App.jsx.
 */
function needsShadcnToaster(files: readonly AppFile[]): boolean {
  if (!files.some((file) => TOASTER_FILE.test(file.path))) return false;
  const own = files.filter((file) => !TOAST_PARTS.test(file.path));
  return (
    imports(own, /from\s*['"][^'"]*\/use-toast(\.[jt]sx?)?['"]/) &&
    !imports(own, /from\s*['"][^'"]*\/ui\/toaster(\.[jt]sx?)?['"]/)
  );
}

/**
 * What apps in the ecosystem's shape take for granted from their `main.jsx`/`App.jsx`: a TanStack
 * Query client around the app when any file imports `@tanstack/react-query`, sonner's
 * `<Toaster />` when toasts are used and no file renders one, and shadcn's toaster
 * (`components/ui/toaster`) when the app calls its `useToast`. Nothing when the app needs none.
 */
function providersSource(files: readonly AppFile[]): string[] | undefined {
  const query = imports(files, /from\s*['"]@tanstack\/react-query['"]/);
  const toaster = imports(files, /from\s*['"]sonner['"]/) && !imports(files, /<Toaster\b/);
  const shadcnToaster = needsShadcnToaster(files);
  if (!query && !toaster && !shadcnToaster) return undefined;
  const lines = [`import { createElement, Fragment } from 'react';`];
  let tree = 'children';
  if (toaster) {
    lines.push(`import { Toaster } from 'sonner';`);
    tree = `createElement(Fragment, null, ${tree}, createElement(Toaster, { richColors: true }))`;
  }
  if (shadcnToaster) {
    lines.push(`import { Toaster as ShadcnToaster } from '@/components/ui/toaster';`);
    tree = `createElement(Fragment, null, createElement(ShadcnToaster), ${tree})`;
  }
  if (query) {
    lines.push(`import { QueryClient, QueryClientProvider } from '@tanstack/react-query';`);
    lines.push(
      'const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });',
    );
    tree = `createElement(QueryClientProvider, { client: queryClient }, ${tree})`;
  }
  lines.push(`const Providers = ({ children }) => ${tree};`);
  return lines;
}
