import { parseEnv } from 'node:util';
import { APP_ENV_FILE, type AppFile } from '@atelier/shared';

/** Vite gives the page only the names with this prefix (its default `envPrefix`); others stay out. */
export const PUBLIC_ENV_PREFIX = 'VITE_';

/**
 * The public values of an app's `.env` file (`VITE_*` names), as Vite's build gives them to
 * `import.meta.env`: `NAME=value` lines, `#` comments, quotes and `export ` as dotenv reads them
 * (Node's `util.parseEnv`). The page's own values (html.ts `publicEnv`) win over these.
 */
export function appEnvValues(files: readonly Pick<AppFile, 'path' | 'content'>[]): Record<string, string> {
  const file = files.find((candidate) => candidate.path === APP_ENV_FILE);
  if (!file) return {};
  return publicEnvValues(parseEnv(file.content));
}

/** The `VITE_*` entries of parsed environment values, in a fresh object. */
export function publicEnvValues(values: Record<string, string | undefined>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (name.startsWith(PUBLIC_ENV_PREFIX) && value !== undefined) kept[name] = value;
  }
  return kept;
}
