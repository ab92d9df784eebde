import type { AppDeps } from '../../platform/app-deps.ts';
import { defineArea } from '../../platform/areas.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { type AppsRuntime, appsRuntime } from '../apps/apps.runtime.ts';
import { dataSourcesRuntime } from '../data-sources/data-sources.runtime.ts';
import { createDataSourcesService } from '../data-sources/data-sources.service.ts';
import { entitiesModuleOf } from '../entities/entities.module.ts';
import type { RecordActionsPort } from './action-applier.ts';
import { ChatRepo } from './chat.repo.ts';
import { ReplyRuns } from './reply-runs.ts';

/** What the chat routes share: one per composition root (createServices). */
export interface ChatRuntime {
  /** What the chat services read beside the area: settings, the database, the AI layer, the log. */
  deps: Pick<AppDeps, 'config' | 'database' | 'llm' | 'logger' | 'areas'>;
  apps: AppsRuntime;
  repo: ChatRepo;
  /** The reply running per app, its chunks for followers, and Stop (every instance sees them). */
  runs: ReplyRuns;
  retrieve(appId: string, query: string, k: number): ReturnType<DataSourcesRetrieve>;
  /** The app database for the record actions of a reply by this builder. */
  recordsFor(actor: Actor, appId: string): RecordActionsPort;
  /** Replies still being produced (they finish even when their client has gone). */
  pending: Set<Promise<unknown>>;
  /** Resolves when every reply under way has been stored (tests, graceful shutdown). */
  settled(): Promise<void>;
}

type DataSourcesRetrieve = ReturnType<typeof createDataSourcesService>['unscopedRetrieveForApp'];

/** The chat area (built once by createServices). */
export const chatRuntime = defineArea<ChatRuntime>('chat');

export function createChatRuntime(deps: AppDeps): ChatRuntime {
  const dataSources = createDataSourcesService(dataSourcesRuntime(deps));
  const pending = new Set<Promise<unknown>>();
  return {
    deps,
    apps: appsRuntime(deps),
    repo: new ChatRepo(deps.database.db),
    runs: new ReplyRuns(deps.database.db, deps.bus, deps.logger),
    retrieve: (appId, query, k) => dataSources.unscopedRetrieveForApp(appId, query, k),
    recordsFor: (actor, appId) => ({
      available: true,
      async insert(entity, records) {
        const entities = entitiesModuleOf(deps);
        const target = await entities.contexts.resolve(appId, entity, { actor });
        return (await entities.service.bulkCreate(target, records)).length;
      },
    }),
    pending,
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
