import { templateLayoutSource } from '../apps/template/index.ts';
import { kebabCase, quote } from './words.ts';

/**
 * The app frame written by the offline assistant: the template's own Layout.tsx (header with the
 * logo and the app's name, a navigation link per page, the toaster), with its `APP_TITLE` and
 * `NAV_ITEMS` filled in — one layout, whether the app came from the template or the assistant.
 * Renaming the app or adding a page is then one search/replace of those lines.
 */
export interface NavItem {
  to: string;
  label: string;
}

/** Where a page is served: `pages/Home.tsx` at `/`, `pages/PurchaseOrders.tsx` at `/purchase-orders`. */
export function pagePath(pageName: string): string {
  return /^(home|index)$/i.test(pageName) ? '/' : `/${kebabCase(pageName)}`;
}

/** A string literal in single quotes (the assistant's) or double quotes (JSON, the template's app name). */
const STRING = String.raw`'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"`;
/** The NAV_ITEMS array, on one line (as the template's formatter leaves one item) or one item a line. */
const NAV_BLOCK = /const NAV_ITEMS = \[[\s\S]*?\];/;
const NAV_ITEM = new RegExp(String.raw`\{ to: (${STRING}), label: (${STRING}) \}`, 'g');
const TITLE_LINE = new RegExp(`^const APP_TITLE = (${STRING});$`, 'm');

function unquote(literal: string): string {
  if (literal.startsWith('"')) return JSON.parse(literal) as string;
  return literal.slice(1, -1).replace(/\\(.)/g, (_, char: string) => (char === 'n' ? '\n' : char));
}

export function navItemsBlock(items: readonly NavItem[]): string {
  const lines = items.map((item) => `  { to: ${quote(item.to)}, label: ${quote(item.label)} },`);
  return `const NAV_ITEMS = [\n${lines.join('\n')}\n];`;
}

export function findNavItemsBlock(layout: string): string | undefined {
  return NAV_BLOCK.exec(layout)?.[0];
}

/** The links of a NAV_ITEMS block. */
export function navItemsOf(block: string): NavItem[] {
  return [...block.matchAll(NAV_ITEM)].map((match) => ({
    to: unquote(match[1]!),
    label: unquote(match[2]!),
  }));
}

/** The link targets already in a NAV_ITEMS block. */
export function navTargets(block: string): string[] {
  return navItemsOf(block).map((item) => item.to);
}

/** The APP_TITLE line of a layout and its title, when the layout has one. */
export function findAppTitle(layout: string): { line: string; title: string } | undefined {
  const match = TITLE_LINE.exec(layout);
  return match ? { line: match[0], title: unquote(match[1]!) } : undefined;
}

export const appTitleLine = (title: string) => `const APP_TITLE = ${quote(title)};`;

/** The template's layout with this title and these links. */
export function layoutFile(input: { title: string; nav: readonly NavItem[] }): string {
  const template = templateLayoutSource();
  const title = findAppTitle(template);
  const nav = findNavItemsBlock(template);
  if (!title || !nav) throw new Error("The template's Layout.tsx has no APP_TITLE or NAV_ITEMS line");
  return template
    .replace(title.line, () => appTitleLine(input.title))
    .replace(nav, () => navItemsBlock(input.nav));
}
