import { appEnvValues } from '../compile/app-env.ts';
import { publicEnv } from '../compile/html.ts';

/** `import.meta.env.X`, `import.meta.env['X']`, `process.env.X`: the names code reads from its environment. */
const ENV_READ =
  /\b(?:import\.meta\.env|process\.env)(?:\.([A-Z_][A-Z0-9_]*)\b|\[\s*["'`]([A-Z_][A-Z0-9_]*)["'`]\s*\])/g;

/** The names every compiled app's page sets (html.ts `publicEnv`; `NODE_ENV` is defined at build). */
const SET_NAMES = new Set([
  ...Object.keys(
    publicEnv({
      appId: '',
      apiBase: '',
      branding: { title: '', description: '', dark: false, logoUrl: '', colors: {} },
    }),
  ),
  'NODE_ENV',
]);

/**
 * The environment names the app's code reads that neither Atelier nor the app's `.env` sets
 * (`VITE_SUPABASE_URL`: a Vite project keeps them in a `.env` its repository leaves out). They
 * read as undefined.
 */
export function unsetEnvNames(files: Iterable<[string, string]>): string[] {
  const names = new Set<string>();
  const entries = [...files];
  const set = new Set([
    ...SET_NAMES,
    ...Object.keys(appEnvValues(entries.map(([path, content]) => ({ path, content })))),
  ]);
  for (const [file, content] of entries) {
    if (!/\.(jsx?|tsx?|mjs|cjs)$/.test(file)) continue;
    for (const match of content.matchAll(ENV_READ)) {
      const name = match[1] ?? match[2]!;
      if (!set.has(name)) names.add(name);
    }
  }
  return [...names].sort();
}
