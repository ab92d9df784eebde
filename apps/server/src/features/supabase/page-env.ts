/**
 * The public key a Supabase-style app's page gets as `VITE_SUPABASE_ANON_KEY`: not a secret and
 * no credential (Supabase's own anon key is public too). Its `sb_publishable_` form makes
 * supabase-js send it only as `apikey`, never as `Authorization: Bearer` (an unknown bearer token
 * is no one anyway: platform/auth/middleware.ts).
 */
export const SUPABASE_ANON_KEY = 'sb_publishable_atelier_anon';

/** The names Supabase's templates read the project's URL and public key from (Vite, Next.js, CRA, Node). */
const URL_NAMES = ['VITE_SUPABASE_URL', 'SUPABASE_URL', 'NEXT_PUBLIC_SUPABASE_URL', 'REACT_APP_SUPABASE_URL'];
const KEY_NAMES = [
  'VITE_SUPABASE_ANON_KEY',
  'VITE_SUPABASE_PUBLISHABLE_KEY',
  'VITE_SUPABASE_PUBLISHABLE_DEFAULT_KEY',
  'SUPABASE_ANON_KEY',
  'NEXT_PUBLIC_SUPABASE_ANON_KEY',
  'NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY',
  'REACT_APP_SUPABASE_ANON_KEY',
];

/** The absolute URL of an app's Supabase-compatible API (supabase-js runs `new URL()` on it). */
export function supabaseApiUrl(apiBase: string, appId: string): string {
  return `${apiBase.replace(/\/+$/, '')}/api/apps/${encodeURIComponent(appId)}/supabase`;
}

/**
 * What a page's `import.meta.env` / `process.env` hold for an app whose code creates a Supabase
 * client (`createClient(import.meta.env.VITE_SUPABASE_URL, import.meta.env.VITE_SUPABASE_ANON_KEY)`):
 * the app's own Supabase-compatible API (supabase.module.ts) and the public anon key. The app's
 * `.env` wins (a builder with a real Supabase project keeps it).
 */
export function supabasePageEnv(apiBase: string, appId: string): Record<string, string> {
  const url = supabaseApiUrl(apiBase, appId);
  return {
    ...Object.fromEntries(URL_NAMES.map((name) => [name, url])),
    ...Object.fromEntries(KEY_NAMES.map((name) => [name, SUPABASE_ANON_KEY])),
  };
}
