import type { AppDeps } from '../../platform/app-deps.ts';
import { toolsRoutes } from './tools.routes.ts';
import { createToolsRuntime, type ToolsRuntime } from './tools.runtime.ts';

const runtimes = new WeakMap<AppDeps, ToolsRuntime>();

/** The tools runtime of these deps, made on first use (the API routes and the apps' PATCH share it). */
export function toolsRuntime(deps: AppDeps): ToolsRuntime {
  let runtime = runtimes.get(deps);
  if (!runtime) {
    runtime = createToolsRuntime(deps);
    runtimes.set(deps, runtime);
  }
  return runtime;
}

/** `/apps/{appId}/tools…`, `/tools/by-path/{path}…`, `/live_api/user/memories/current` (on the `api` router). */
export const toolsModule = (deps: AppDeps) => toolsRoutes(toolsRuntime(deps));
