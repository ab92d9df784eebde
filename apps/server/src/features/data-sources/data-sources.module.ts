import type { AppDeps } from '../../platform/app-deps.ts';
import { dataSourcesRoutes } from './data-sources.routes.ts';
import { createDataSourcesRuntime } from './data-sources.runtime.ts';

/** The data sources router for `createApp` (its workers start in server.ts: `startDataSourceWorkers`). */
export function dataSourcesModule(deps: AppDeps) {
  return dataSourcesRoutes(createDataSourcesRuntime(deps), { bus: deps.bus, sse: deps.sse });
}

export { startDataSourceWorkers } from './pipeline/workers.ts';
