import type { AppDeps } from '../../platform/app-deps.ts';
import { toolsRoutes } from './tools.routes.ts';
import { toolsRuntime } from './tools.runtime.ts';

/** `/apps/{appId}/tools…`, `/tools/by-path/{path}…`, `/live_api/user/memories/current` (on the `api` router). */
export const toolsModule = (deps: Pick<AppDeps, 'areas'>) => toolsRoutes(toolsRuntime(deps));
