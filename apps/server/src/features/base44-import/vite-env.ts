import { parseEnv } from 'node:util';
import { PUBLIC_ENV_PREFIX, publicEnvValues } from '../compile/app-env.ts';
import type { ExportTree } from './archive.ts';

/** The files Vite's production build reads, in its order: a later one overrides an earlier one. */
export const VITE_ENV_FILES = ['.env', '.env.local', '.env.production', '.env.production.local'] as const;

/** Names Atelier's page sets itself (the app's id and API): an export's values would point at Base44. */
const ATELIER_SET = /^VITE_BASE44_/;
/** Names that usually hold a secret, which a `VITE_` prefix makes public in the page. */
const SECRET_LOOKING = /SECRET|SERVICE_ROLE|PRIVATE|PASSWORD/i;

export interface ViteEnv {
  /** The app's `.env` file: the public values, one per line. */
  content: string;
  names: string[];
  /** The export's files they came from. */
  sources: string[];
  /** Names without the `VITE_` prefix, which Vite never gives the page, and values a line cannot hold. */
  leftOut: string[];
  secretLooking: string[];
}

/**
 * The public environment of an export as Vite's build gives it to the page: the `VITE_*` values
 * of its committed `.env` files (`.env`, `.env.local`, `.env.production`, `.env.production.local`,
 * later ones winning), without those Atelier sets (`VITE_BASE44_*`). Undefined when it has none.
 */
export function viteEnvOf(tree: ExportTree): ViteEnv | undefined {
  const sources = VITE_ENV_FILES.filter((file) => tree.has(file));
  const values: Record<string, string> = {};
  for (const file of sources) Object.assign(values, parseEnv(tree.get(file)?.toString('utf8') ?? ''));
  const leftOut = Object.keys(values).filter((name) => !name.startsWith(PUBLIC_ENV_PREFIX));
  const lines = Object.entries(publicEnvValues(values))
    .filter(([name]) => !ATELIER_SET.test(name))
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([name, value]) => {
      const line = envLine(name, value);
      if (line) return [{ name, line }];
      leftOut.push(name);
      return [];
    });
  if (lines.length === 0) return undefined;
  const names = lines.map((entry) => entry.name);
  return {
    content: `${[
      `# The export's ${sources.join(', ')}: Vite gives every VITE_ value to the page, so each is public.`,
      ...lines.map((entry) => entry.line),
    ].join('\n')}\n`,
    names,
    sources,
    leftOut,
    secretLooking: names.filter((name) => SECRET_LOOKING.test(name)),
  };
}

/**
 * `NAME=value` as a `.env` line that reads back as `value` (dotenv's quoting: none, single quotes,
 * backticks, or double quotes with `\n`), or undefined when no quoting does (it is left out).
 */
export function envLine(name: string, value: string): string | undefined {
  const candidates = [value, `'${value}'`, `\`${value}\``, `"${value.replace(/\n/g, '\\n')}"`];
  return candidates.map((quoted) => `${name}=${quoted}`).find((line) => parseEnv(line)[name] === value);
}
