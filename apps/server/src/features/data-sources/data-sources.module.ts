import type { AppDeps } from '../../platform/app-deps.ts';
import { dataSourcesRoutes } from './data-sources.routes.ts';
import { dataSourcesRuntime } from './data-sources.runtime.ts';

/** The data sources router for `createApp` (its workers start with createServices' `start()`). */
export function dataSourcesModule(deps: Pick<AppDeps, 'bus' | 'sse' | 'areas'>) {
  return dataSourcesRoutes(dataSourcesRuntime(deps), { bus: deps.bus, sse: deps.sse });
}

export { startDataSourceWorkers } from './pipeline/workers.ts';
