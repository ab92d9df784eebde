import type { AppDeps } from '../../platform/app-deps.ts';
import { defineArea } from '../../platform/areas.ts';
import type { EventBus } from '../../platform/events/event-bus.ts';
import type { SseHub } from '../../platform/events/sse.ts';
import { createRouter } from '../../platform/http/openapi.ts';
import { appsRuntime } from '../apps/apps.runtime.ts';
import type { VersionsRepo } from '../apps/versions.repo.ts';
import {
  APP_CHANGED_TOPIC,
  createEntityContexts,
  type EntityContexts,
  type EntityTarget,
} from './context.ts';
import { createEntitiesRepo, type EntitiesRepo, type RecordRow } from './entities.repo.ts';
import { entitiesRoutes } from './entities.routes.ts';
import {
  createEntitiesService,
  type EntitiesService,
  entityModel,
  readCondition,
} from './entities.service.ts';
import { createEntitySchemas, type EntitySchemas } from './schemas.ts';
import { sortIndexRoutes } from './sort-indexes.routes.ts';
import { createSortIndexes, type SortIndexes } from './sort-indexes.ts';

/** What the entity routes share: one per composition root (createServices). */
export interface EntitiesModule {
  repo: EntitiesRepo;
  schemas: EntitySchemas;
  contexts: EntityContexts;
  service: EntitiesService;
  /** Indexes built for the data fields lists sort on (by themselves, or asked for in the panel). */
  sortIndexes: SortIndexes;
  /** From how many records the panel offers a sort index (SORT_INDEX_SUGGEST_ROWS). */
  sortIndexSuggestRows: number;
  versions: VersionsRepo;
  bus: EventBus;
  hub: SseHub;
  /** The rows with these ids that the target's actor may read. */
  readMany(target: EntityTarget, ids: string[]): Promise<RecordRow[]>;
}

/** The entities area (built once by createServices). */
export const entitiesModuleOf = defineArea<EntitiesModule>('entities');

export function createEntitiesModule(deps: AppDeps): EntitiesModule {
  const runtime = appsRuntime(deps);
  const repo = createEntitiesRepo(deps.database);
  const schemas = createEntitySchemas(deps.database.db);
  const sortIndexes = createSortIndexes(deps.database, deps.logger);
  deps.bus.subscribe<{ appId?: string }>(APP_CHANGED_TOPIC, (event) => {
    const { appId } = event.data;
    if (!appId) return;
    sortIndexes.forgetApp(appId).catch((error: unknown) => {
      deps.logger.warn({ err: error, appId }, 'sort indexes of a deleted app not dropped');
    });
  });
  return {
    repo,
    schemas,
    contexts: createEntityContexts(repo, schemas, runtime.previewTokens, deps.bus),
    service: createEntitiesService(repo, deps.bus, sortIndexes),
    sortIndexes,
    sortIndexSuggestRows: deps.config.sortIndexSuggestRows,
    versions: runtime.versions,
    bus: deps.bus,
    hub: deps.sse,
    readMany: (target, ids) => repo.getMany(entityModel(target).source, ids, readCondition(target)),
  };
}

/** The entity API (app SDK, database panel) on the `api` router. */
export const entitiesModule = (deps: Pick<AppDeps, 'areas'>) => {
  const module = entitiesModuleOf(deps);
  // The sort-index paths first: `{entity}/sort-indexes` would otherwise be read as a record id.
  return createRouter().route('/', sortIndexRoutes(module)).route('/', entitiesRoutes(module));
};
