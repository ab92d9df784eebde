import type { AppFile } from '@atelier/shared';

/** The app's shell: what every page runs (the entry, App, Layout). */
const SHELL = /^(services\/)?(main|App|Layout)\.[jt]sx?$/;
const CODE = /\.[jt]sx?$/;
/** Where the shell hands over to one page: the pages and Base44's pages.config that lists them. */
const PAGES = /^(pages\/|(services\/)?pages\.config\.[jt]sx?$)/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The shell and what it imports (the import's rewritten `@/…` paths) short of the pages: route
 * guards, auth providers and sidebars run on every page as the Layout does.
 */
function shellFiles(code: readonly AppFile[]): AppFile[] {
  const byPath = new Map(code.map((file) => [file.path, file]));
  const seen = new Set<string>();
  const queue = code.filter((file) => SHELL.test(file.path)).map((file) => file.path);
  while (queue.length > 0) {
    const path = queue.pop()!;
    const file = byPath.get(path);
    if (!file || seen.has(path) || PAGES.test(path)) continue;
    seen.add(path);
    for (const match of file.content.matchAll(/["'`]@\/([^"'`]+)["'`]/g)) queue.push(match[1]!);
  }
  return code.filter((file) => seen.has(file.path));
}

/**
 * The imported functions in the order the import builds them (it builds a bounded number; the
 * others wait for a deploy): first those the app's shell calls (a Layout's `functions.invoke`, or
 * its route guard's, runs on every page, the first one included), then those any page or
 * component names, then the rest (webhooks, automations). Stable within each group.
 */
export function functionsByUse(names: readonly string[], files: readonly AppFile[]): string[] {
  const code = files.filter((file) => CODE.test(file.path) && !file.path.startsWith('functions/'));
  const shell = shellFiles(code);
  const named = (name: string, within: readonly AppFile[]) => {
    const word = new RegExp(`(?<![\\w$])${escapeRegExp(name)}(?![\\w$])`);
    return within.some((file) => word.test(file.content));
  };
  const rank = new Map(names.map((name) => [name, named(name, shell) ? 0 : named(name, code) ? 1 : 2]));
  return [...names].sort((a, b) => rank.get(a)! - rank.get(b)!);
}
