import type { AppDeps } from '../../platform/app-deps.ts';
import { createRouter } from '../../platform/http/openapi.ts';
import { secretsRoutes } from '../secrets/secrets.routes.ts';
import { functionsRoutes } from './functions.routes.ts';
import { functionsRuntime, type SdkDispatchEnv } from './functions.runtime.ts';

export { disposeFunctionsRuntime } from './functions.runtime.ts';

/** Anything that answers requests like the built application (`app.fetch`). */
interface Fetcher {
  fetch(request: Request, env?: SdkDispatchEnv): Response | Promise<Response>;
}

/**
 * The routes of backend functions and secrets (on the `api` router). `application` gives the built
 * application, through which a function's `ctx.sdk` calls are answered in process.
 */
export function functionsModule(deps: AppDeps, application: () => Fetcher) {
  const runtime = functionsRuntime(deps, async (request, env) => application().fetch(request, env));
  runtime.triggers.start().catch((error: unknown) => {
    deps.logger.warn({ err: error }, 'entity automations of deployed functions not watched');
  });
  return createRouter().route('/', secretsRoutes(runtime.secrets)).route('/', functionsRoutes(runtime));
}
