import { entityFilePath } from '@atelier/shared';
import type { AppFile } from '../../platform/llm/prompts/index.ts';
import { type NavItem, pagePath } from './layout-generator.ts';
import { singularize, words } from './words.ts';

/** Read access to the app's current files, as the offline assistant needs them. */
export class AppTree {
  private readonly files: Map<string, string>;

  constructor(files: readonly AppFile[]) {
    this.files = new Map(files.map((file) => [file.path, file.content]));
  }

  read(path: string): string | undefined {
    return this.files.get(path);
  }

  has(path: string): boolean {
    return this.files.has(path);
  }

  paths(): string[] {
    return [...this.files.keys()].sort();
  }

  /** Entity names, from `entities/<Name>.json`. */
  entities(): string[] {
    return this.paths()
      .map((path) => /^entities\/([^/]+)\.json$/.exec(path)?.[1])
      .filter((name): name is string => Boolean(name));
  }

  /** The entity a name refers to, ignoring case and singular/plural ("deals" → "Deal"). */
  findEntity(name: string): string | undefined {
    const wanted = key(name);
    return this.entities().find((entity) => key(entity) === wanted);
  }

  entitySchema(entity: string): Record<string, unknown> | undefined {
    const text = this.read(entityFilePath(entity));
    if (text === undefined) return undefined;
    try {
      const parsed = JSON.parse(text) as unknown;
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }

  /** Page names, from `pages/<Name>.tsx` (or .jsx). */
  pages(): string[] {
    return this.paths()
      .map((path) => /^pages\/([^/]+)\.(?:tsx|jsx)$/.exec(path)?.[1])
      .filter((name): name is string => Boolean(name));
  }

  /** The page whose name matches, ignoring case and singular/plural. */
  findPage(name: string): string | undefined {
    const wanted = key(name);
    return this.pages().find((page) => key(page) === wanted);
  }

  /** Navigation to every existing page, Home first. */
  navItems(): NavItem[] {
    const pages = this.pages().sort((a, b) => Number(isHome(b)) - Number(isHome(a)) || a.localeCompare(b));
    return pages.map((page) => ({
      to: pagePath(page),
      label: words(page)
        .join(' ')
        .replace(/^./, (c) => c.toUpperCase()),
    }));
  }
}

const isHome = (page: string) => /^(home|index)$/i.test(page);

/** A comparison key that ignores case and plural ("Deals", "deal" → "deal"). */
function key(name: string): string {
  const parts = words(name);
  if (parts.length === 0) return '';
  const last = parts.length - 1;
  parts[last] = singularize(parts[last]!);
  return parts.join('');
}
