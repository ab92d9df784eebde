import type { AppDeps } from '../../app.ts';
import { type AppsRuntime, appsRuntime } from '../apps/apps.runtime.ts';
import { createDataSourcesRuntime } from '../data-sources/data-sources.runtime.ts';
import { createDataSourcesService } from '../data-sources/data-sources.service.ts';
import type { RecordActionsPort } from './action-applier.ts';
import { ChatRepo } from './chat.repo.ts';

/** What the chat routes share, one per `AppDeps`. */
export interface ChatRuntime {
  deps: AppDeps;
  apps: AppsRuntime;
  repo: ChatRepo;
  retrieve(appId: string, query: string, k: number): ReturnType<DataSourcesRetrieve>;
  records: RecordActionsPort;
  /** Replies still being produced (they finish even when their client has gone). */
  pending: Set<Promise<unknown>>;
  /** Resolves when every reply under way has been stored (tests, graceful shutdown). */
  settled(): Promise<void>;
}

type DataSourcesRetrieve = ReturnType<typeof createDataSourcesService>['unscopedRetrieveForApp'];

const runtimes = new WeakMap<AppDeps, ChatRuntime>();

export function chatRuntime(deps: AppDeps): ChatRuntime {
  let runtime = runtimes.get(deps);
  if (!runtime) {
    const dataSources = createDataSourcesService(createDataSourcesRuntime(deps));
    const pending = new Set<Promise<unknown>>();
    runtime = {
      deps,
      apps: appsRuntime(deps),
      repo: new ChatRepo(deps.database.db),
      retrieve: (appId, query, k) => dataSources.unscopedRetrieveForApp(appId, query, k),
      // The app database's record store is not wired to the chat yet (README "Record actions").
      records: { available: false },
      pending,
      async settled() {
        while (pending.size > 0) await Promise.allSettled([...pending]);
      },
    };
    runtimes.set(deps, runtime);
  }
  return runtime;
}
