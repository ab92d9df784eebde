import type { Config } from '../../config.ts';
import type { AppDeps } from '../../platform/app-deps.ts';
import { defineArea } from '../../platform/areas.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Llm } from '../../platform/llm/index.ts';
import type { Logger } from '../../platform/logger.ts';
import { within } from '../../platform/within.ts';
import { type AppsRuntime, appsRuntime } from '../apps/apps.runtime.ts';
import { dataSourcesRuntime } from '../data-sources/data-sources.runtime.ts';
import { createDataSourcesService } from '../data-sources/data-sources.service.ts';
import { entitiesModuleOf } from '../entities/entities.module.ts';
import type { RecordActionsPort } from './action-applier.ts';
import { type ChatRepo, createChatRepo } from './chat.repo.ts';
import { createReplyRuns, type ReplyRuns } from './reply-runs.ts';

/** What the chat routes share: one per composition root (createServices). */
export interface ChatRuntime {
  /** Whether replies are built and type-checked (CHAT_BUILD_CHECK). */
  config: { llm: Pick<Config['llm'], 'buildCheck'> };
  db: Db;
  /** The AI layer: replies, summaries, query rewrites. */
  llm: Llm;
  logger: Logger;
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
  /**
   * Graceful shutdown (createServices' stop): replies under way get `timeoutMs` to finish; those
   * still running then are stopped as by Stop, and stored with what they wrote.
   */
  stop(timeoutMs: number): Promise<void>;
}

/** How long a reply stopped at shutdown gets to store what it has, before the database closes anyway. */
const STOPPED_REPLY_GRACE_MS = 5_000;

type DataSourcesRetrieve = ReturnType<typeof createDataSourcesService>['unscopedRetrieveForApp'];

/** The chat area (built once by createServices). */
export const chatRuntime = defineArea<ChatRuntime>('chat');

export function createChatRuntime(deps: AppDeps): ChatRuntime {
  const dataSources = createDataSourcesService(dataSourcesRuntime(deps));
  const pending = new Set<Promise<unknown>>();
  const runs = createReplyRuns(deps.database.db, deps.bus, deps.logger);
  const settled = async () => {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  };
  return {
    config: deps.config,
    db: deps.database.db,
    llm: deps.llm,
    logger: deps.logger,
    apps: appsRuntime(deps),
    repo: createChatRepo(deps.database.db),
    runs,
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
    settled,
    async stop(timeoutMs) {
      if (pending.size === 0 || (await within(settled(), timeoutMs))) return;
      deps.logger.warn({ replies: pending.size }, 'shutdown: stopping the chat replies still running');
      runs.abortAll();
      await within(settled(), STOPPED_REPLY_GRACE_MS);
    },
  };
}
