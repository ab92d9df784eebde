import { type AppFile, fileKind, HOME_PAGE_NAME, pageNameFromPath, pageRoutePath } from '@atelier/shared';

/** The specifier under which the compiled app imports the runtime (`runtime/app-runtime.tsx`). */
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
  if (hasLayout) lines.push(`import Layout from ${JSON.stringify('@/Layout.tsx')};`);
  routes.forEach((route, i) => {
    lines.push(`import Page${i} from ${JSON.stringify(`@/${route.file}`)};`);
  });
  lines.push('mountApp({');
  lines.push(`  Layout: ${hasLayout ? 'Layout' : 'null'},`);
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
