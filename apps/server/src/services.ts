import { type App, createApp } from './app.ts';
import type { Config } from './config.ts';
import { startStaleAccountSweep } from './features/accounts/stale-accounts.ts';
import { appsRuntime, createAppsRuntime } from './features/apps/apps.runtime.ts';
import { agentAnswers, createAgentAnswers } from './features/base44/agent-answers.ts';
import { chatRuntime, createChatRuntime } from './features/chat/chat.runtime.ts';
import { startDataSourceWorkers } from './features/data-sources/data-sources.module.ts';
import {
  createDataSourcesRuntime,
  dataSourcesRuntime,
} from './features/data-sources/data-sources.runtime.ts';
import { createEntitiesModule, entitiesModuleOf } from './features/entities/entities.module.ts';
import { startRecordCountSweep } from './features/entities/record-counts.ts';
import { createFunctionsRuntime, functionsRuntime } from './features/functions/functions.runtime.ts';
import { createOfflineModel } from './features/offline-assistant/offline-model.ts';
import { createPlansParts, plansPartsOf } from './features/plans/plans.module.ts';
import { createToolsRuntime, toolsRuntime } from './features/tools/tools.runtime.ts';
import type { AppDeps } from './platform/app-deps.ts';
import { createAreaRegistry } from './platform/areas.ts';
import { createSecretBox } from './platform/crypto/secret-box.ts';
import { type Database, openDatabase } from './platform/db/database.ts';
import { runMigrations } from './platform/db/migrate.ts';
import { startPgliteMaintenance } from './platform/db/pglite-maintenance.ts';
import { createEventBus, type EventBus } from './platform/events/event-bus.ts';
import { SseHub } from './platform/events/sse.ts';
import { Drain } from './platform/http/drain.ts';
import { createJobQueue, type JobQueue } from './platform/jobs/job-queue.ts';
import { createLlm, type LlmOptions } from './platform/llm/index.ts';
import type { Logger } from './platform/logger.ts';

export interface ServicesOptions {
  logger: Logger;
  /**
   * An open, migrated database (tests: a copy of the run's template); by default the one the config
   * names (DATABASE_URL, or PGlite in DATA_DIR), opened and migrated here. Either way close() closes it.
   */
  database?: Database;
  /** Test seams of sign-in, the apps area and the Base44 import; production leaves them unset. */
  seams?: Pick<AppDeps, 'accounts' | 'apps' | 'base44Import'>;
  /** Test seams of the AI layer (retry delays, settings cache, fetch). */
  llm?: Pick<LlmOptions, 'retry' | 'settingsTtlMs' | 'fetch'>;
}

/** Test seams of the background runners' cadence. */
export interface StartOptions {
  dataSources?: { pollingIntervalSeconds?: number; reapIntervalMs?: number };
}

export interface Services {
  /** What the features are built from (tests reach the areas' services through it). */
  readonly deps: AppDeps;
  /** The HTTP application on these services (functions' `ctx.sdk` calls are answered by it). */
  readonly app: App;
  /**
   * Starts the background work of this instance: the job queue (and with it the data sources'
   * ingestion worker and reaper), the database maintenance and sweeps, the model price refresh.
   * The server calls it; in-process tests mostly do not (a test that needs the queue starts it).
   */
  start(options?: StartOptions): Promise<void>;
  /**
   * Stops the background work: no new jobs are fetched, the timers end, and running jobs and chat
   * replies get `timeoutMs` to finish (a job's unfinished work goes back to the queue; a reply still
   * running is stopped and stored with what it wrote). Idempotent; close() calls it.
   */
  stop(timeoutMs: number): Promise<void>;
  /**
   * Disposes everything, in the reverse order of building: live streams end, background work stops
   * (`stop`), the function runner processes, the apps area's compiler, the event bus, the database.
   * Idempotent. The job queue is always stopped before the database closes.
   */
  close(timeoutMs?: number): Promise<void>;
}

/**
 * The composition root: opens the database, builds each area once in dependency order (apps →
 * entities → data sources → functions → chat → tools → plans), then the HTTP application. The
 * server (server.ts), the in-process tests (test/support/test-app.ts) and the command-line tools
 * (ops/*-cli.ts) all assemble the application through it, so they cannot differ.
 */
export async function createServices(config: Config, options: ServicesOptions): Promise<Services> {
  const { logger } = options;
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      statementTimeoutMs: config.statementTimeoutMs,
      logger,
    }));
  const bus = createEventBus(database, logger);
  const queue = createJobQueue(database, logger);
  try {
    if (!options.database) await runMigrations(database);
    await bus.start();
    return assemble(config, options, { database, bus, queue });
  } catch (error) {
    await queue.stop(0).catch(() => {});
    await bus.close().catch(() => {});
    await database.close();
    throw error;
  }
}

function assemble(
  config: Config,
  options: ServicesOptions,
  { database, bus, queue }: { database: Database; bus: EventBus; queue: JobQueue },
): Services {
  const { logger } = options;
  const secretBox = createSecretBox({ config: { dataDir: config.dataDir, secretsKey: config.secretsKey } });
  const llm = createLlm({
    config,
    database,
    logger,
    secretBox,
    offlineModel: createOfflineModel,
    ...options.llm,
  });
  const deps: AppDeps = {
    config,
    logger,
    database,
    bus,
    queue,
    sse: new SseHub(),
    llm,
    secretBox,
    drain: new Drain(),
    areas: createAreaRegistry(),
    ...options.seams,
  };

  // The areas, each after those it uses.
  let app: App | undefined;
  appsRuntime.provide(
    deps,
    createAppsRuntime(deps, { tools: () => toolsRuntime(deps), functions: () => functionsRuntime(deps) }),
  );
  entitiesModuleOf.provide(deps, createEntitiesModule(deps));
  dataSourcesRuntime.provide(deps, createDataSourcesRuntime(deps));
  const functions = functionsRuntime.provide(
    deps,
    createFunctionsRuntime(deps, async (request, env) => {
      if (!app) throw new Error('A function called the application before it was built');
      return app.fetch(request, env);
    }),
  );
  chatRuntime.provide(deps, createChatRuntime(deps));
  const answers = agentAnswers.provide(deps, createAgentAnswers(logger));
  toolsRuntime.provide(deps, createToolsRuntime(deps));
  plansPartsOf.provide(deps, createPlansParts(deps));
  const built = createApp(deps);
  app = built;
  // Entity-hook automations of deployed functions: watched from now on (they start the queue when one exists).
  functions.triggers.start().catch((error: unknown) => {
    logger.warn({ err: error }, 'entity automations of deployed functions not watched');
  });
  // Scheduled automations: their queues are worked when some app has one.
  functions.schedules.start().catch((error: unknown) => {
    logger.warn({ err: error }, 'scheduled automations of deployed functions not started');
  });

  const stoppers: (() => Promise<void>)[] = [];
  let started: Promise<void> | undefined;
  let stopping: Promise<void> | undefined;
  let closing: Promise<void> | undefined;

  const start = (startOptions: StartOptions = {}) => {
    if (stopping) return Promise.reject(new Error('The services were stopped'));
    started ??= (async () => {
      await queue.start();
      const workers = await startDataSourceWorkers(deps, startOptions.dataSources);
      stoppers.push(async () => workers.stop());
      stoppers.push(startPgliteMaintenance(database, logger));
      stoppers.push(startStaleAccountSweep(database.db, logger));
      stoppers.push(startRecordCountSweep(database, logger));
      // Refreshes model prices from the public model list in the background (never blocks start-up).
      llm.start();
      stoppers.push(async () => llm.stop());
    })();
    return started;
  };

  const stop = (timeoutMs: number) => {
    stopping ??= (async () => {
      // A start under way finishes first, so that what it starts is stopped too.
      await started?.catch(() => {});
      const runners = Promise.all(stoppers.map((stopRunner) => stopRunner()));
      // Chat replies and agents' answers run detached from their request: the same budget as the jobs.
      const replies = chatRuntime(deps).stop(timeoutMs);
      const agentReplies = answers.stop(timeoutMs);
      await queue.stop(timeoutMs);
      await runners;
      await replies;
      await agentReplies;
    })();
    return stopping;
  };

  const close = (timeoutMs = config.shutdownTimeoutMs) => {
    closing ??= (async () => {
      deps.sse.closeAll();
      await stop(timeoutMs);
      await functions.dispose();
      await appsRuntime(deps).dispose();
      await bus.close();
      await database.close();
    })();
    return closing;
  };

  return { deps, app: built, start, stop, close };
}
