import type { AppDeps } from '../../platform/app-deps.ts';
import { createRouter } from '../../platform/http/openapi.ts';
import { secretsRoutes } from '../secrets/secrets.routes.ts';
import { functionsRoutes } from './functions.routes.ts';
import { functionsRuntime } from './functions.runtime.ts';

/**
 * The routes of backend functions and secrets (on the `api` router). The area (its runner pool, the
 * entity-hook triggers, the in-process SDK bridge) is built and started by createServices.
 */
export function functionsModule(deps: Pick<AppDeps, 'areas'>) {
  const runtime = functionsRuntime(deps);
  return createRouter().route('/', secretsRoutes(runtime.secrets)).route('/', functionsRoutes(runtime));
}
