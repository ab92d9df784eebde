import { kebabCase, quote } from './words.ts';

/**
 * The app frame written by the offline assistant: a header with the app's title and a navigation
 * link per page. Titles and links live in `APP_TITLE` and `NAV_ITEMS`, so renaming the app or
 * adding a page is one search/replace.
 */
export interface NavItem {
  to: string;
  label: string;
}

/** Where a page is served: `pages/Home.tsx` at `/`, `pages/PurchaseOrders.tsx` at `/purchase-orders`. */
export function pagePath(pageName: string): string {
  return /^(home|index)$/i.test(pageName) ? '/' : `/${kebabCase(pageName)}`;
}

const NAV_BLOCK = /const NAV_ITEMS = \[\n[\s\S]*?\n\];/;
const TITLE_LINE = /^const APP_TITLE = '((?:[^'\\]|\\.)*)';$/m;

export function navItemsBlock(items: readonly NavItem[]): string {
  const lines = items.map((item) => `  { to: ${quote(item.to)}, label: ${quote(item.label)} },`);
  return `const NAV_ITEMS = [\n${lines.join('\n')}\n];`;
}

export function findNavItemsBlock(layout: string): string | undefined {
  return NAV_BLOCK.exec(layout)?.[0];
}

/** The link targets already in a NAV_ITEMS block. */
export function navTargets(block: string): string[] {
  return [...block.matchAll(/to: '((?:[^'\\]|\\.)*)'/g)].map((match) => match[1]!);
}

/** The APP_TITLE line of a layout and its title, when the layout has one. */
export function findAppTitle(layout: string): { line: string; title: string } | undefined {
  const match = TITLE_LINE.exec(layout);
  return match ? { line: match[0], title: match[1]!.replace(/\\(.)/g, '$1') } : undefined;
}

export const appTitleLine = (title: string) => `const APP_TITLE = ${quote(title)};`;

export function layoutFile(input: { title: string; nav: readonly NavItem[] }): string {
  return `import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { cn } from '@/lib/utils';

${appTitleLine(input.title)}
/** The name shown in the header: App texts → Header (or the app's name) from the builder, else APP_TITLE. */
const APP_NAME = import.meta.env.VITE_APP_NAME || APP_TITLE;

${navItemsBlock(input.nav)}

export default function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen bg-background text-foreground">
      <header className="sticky top-0 z-10 border-b bg-background/90 backdrop-blur">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-8 gap-y-2 px-4 py-4 sm:px-6">
          <span className="text-lg font-semibold tracking-tight text-primary">{APP_NAME}</span>
          <nav className="flex flex-wrap gap-1">
            {NAV_ITEMS.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.to === '/'}
                className={({ isActive }) =>
                  cn(
                    'rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
                    isActive ? 'bg-primary/10 text-primary' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                  )
                }
              >
                {item.label}
              </NavLink>
            ))}
          </nav>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">{children}</main>
    </div>
  );
}
`;
}
