/**
 * An app that cannot start: its code threw while its modules loaded, before anything rendered (an
 * imported export whose `.env` never reached its repository: "supabaseUrl is required"). The page's
 * bootstrap script (apps/server/src/features/compile/startup-screen.ts) draws the screen; this
 * module says which app file threw and which environment names the code read unset.
 */

/** The global the page's bootstrap script defines to show the start-up failure screen. */
export const STARTUP_SCREEN_GLOBAL = '__ATELIER_STARTUP_FAILED__';
/** The global the compiled app's `import.meta.env` / `process.env` record unset names in (bundle-js.ts). */
export const UNSET_ENV_GLOBAL = '__ATELIER_ENV_UNSET__';

/**
 * The innermost app module of a stack: esbuild runs each module of an own-entry app (all behind its
 * `import()`) in a function named after it, `"app:lib/supabase.js"() {…}`, which V8's frames name
 * (`at app:lib/supabase.js (…/app.js:22:16)`). Unknown for other stacks.
 */
export function appFileOfStack(stack: string | undefined): string | undefined {
  return stack ? /^\s*at (?:Object\.)?app:([^\s()]+)/m.exec(stack)?.[1] : undefined;
}

/** Environment names the app's code read that have no value (`import.meta.env.VITE_SUPABASE_URL`). */
export function unsetEnvNames(): string[] {
  const names = (globalThis as Record<string, unknown>)[UNSET_ENV_GLOBAL];
  return names instanceof Set ? [...(names as Set<string>)].sort() : [];
}
