/**
 * npm packages on demand (README.md in this folder).
 *
 * For backend functions (`npm:` specifiers in Deno-style functions), one call:
 *
 *   import { resolveNpmModule } from '../npm/index.ts';
 *   const bundle = await resolveNpmModule(deps, 'zod@^3.23', { target: 'isolate' });
 *   // bundle.code: one self-contained ES module; bundle.exports: its export names.
 *   // Throws NpmPackageError (.packageName, .reason, .message) when the package is refused.
 */
import type { AppDeps } from '../../platform/app-deps.ts';
import { appsRuntime } from '../apps/apps.runtime.ts';
import type { NpmBundle, NpmTarget } from './npm-bundle.ts';

export type { NpmBundle, NpmTarget } from './npm-bundle.ts';
export { NPM_LIMITS, NPM_MESSAGES, NpmPackageError } from './npm-limits.ts';
export { createNpmPackages, type NpmPackages, parseNpmSpecifier } from './npm-packages.ts';

/**
 * An ES module of an npm package, built once and cached on disk (`DATA_DIR/cache/npm`): `spec` is
 * what follows `npm:` (`name`, `name@range`, `name@range/subpath`, `@scope/name@range`).
 * `isolate`: self-contained for a function isolate (no import map; React bundled if needed);
 * `browser`: React and the built-in set left to the page's import map.
 */
export function resolveNpmModule(
  deps: Pick<AppDeps, 'areas'>,
  spec: string,
  options: { target: NpmTarget },
): Promise<NpmBundle> {
  return appsRuntime(deps).npm.resolveNpmModule(spec, options);
}
