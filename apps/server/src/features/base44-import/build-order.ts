import type { AppFile } from '@atelier/shared';

/** The app's shell: what every page runs (the entry, App, Layout). */
const SHELL = /^(services\/)?(main|App|Layout)\.[jt]sx?$/;
const CODE = /\.[jt]sx?$/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The imported functions in the order the import builds them (it builds a bounded number; the
 * others wait for a deploy): first those the app's shell calls (a Layout's `functions.invoke`
 * runs on every page, the first one included), then those any page or component names, then the
 * rest (webhooks, automations). Stable within each group.
 */
export function functionsByUse(names: readonly string[], files: readonly AppFile[]): string[] {
  const code = files.filter((file) => CODE.test(file.path) && !file.path.startsWith('functions/'));
  const shell = code.filter((file) => SHELL.test(file.path));
  const named = (name: string, within: readonly AppFile[]) => {
    const word = new RegExp(`(?<![\\w$])${escapeRegExp(name)}(?![\\w$])`);
    return within.some((file) => word.test(file.content));
  };
  const rank = new Map(names.map((name) => [name, named(name, shell) ? 0 : named(name, code) ? 1 : 2]));
  return [...names].sort((a, b) => rank.get(a)! - rank.get(b)!);
}
