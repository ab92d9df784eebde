import type { Config } from '../../config.ts';
import type { AppDeps } from '../../platform/app-deps.ts';
import { defineArea } from '../../platform/areas.ts';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events/event-bus.ts';
import type { SdkDispatchEnv } from '../../platform/http/dispatch-env.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Logger } from '../../platform/logger.ts';
import { FunctionPool } from '../../platform/sandbox/index.ts';
import type { AppsRepo } from '../apps/apps.repo.ts';
import { type AppsRuntime, appsRuntime } from '../apps/apps.runtime.ts';
import type { VersionsRepo } from '../apps/versions.repo.ts';
import { type EntitiesModule, entitiesModuleOf } from '../entities/entities.module.ts';
import { createSecretsRepo } from '../secrets/secrets.repo.ts';
import { createSecretsService, type SecretsService } from '../secrets/secrets.service.ts';
import { createEntityTriggers, type EntityTriggers } from './entity-triggers.ts';
import { createFunctionsRepo, type FunctionsRepo } from './functions.repo.ts';
import { createScheduledRuns, type ScheduledRuns } from './scheduled-runs.ts';
import { requestedSecretDescriptions } from './secret-requests.ts';

export type { SdkDispatchEnv };

/** Sends a request through the whole application in process (the SDK bridge of functions). */
export type Dispatch = (request: Request, env: SdkDispatchEnv) => Promise<Response>;

/**
 * The settings the functions services read: the apps domain (webhook origins), the hook budget, the
 * session cookie kept from functions, whether the budget's expiry timer runs (not under test).
 */
export type FunctionsConfig = Pick<Config, 'apps' | 'functions' | 'nodeEnv'> & {
  auth: Pick<Config['auth'], 'sessionCookieName'>;
};

/** What the functions and secrets routes share: one per composition root (createServices). */
export interface FunctionsRuntime {
  config: FunctionsConfig;
  db: Db;
  logger: Logger;
  /** The hook triggers announce deploys and watch entity changes on the bus. */
  bus: EventBus;
  /** The hook and schedule queues. */
  queue: JobQueue;
  /** The apps area: npm packages of a deploy's bundle, an app's addresses (redirects). */
  appsArea: AppsRuntime;
  /** The entities area: the records entity hooks run on. */
  entities: EntitiesModule;
  apps: AppsRepo;
  versions: VersionsRepo;
  repo: FunctionsRepo;
  secrets: SecretsService;
  /** The given secret names with what the chat's secrets requests said they are for. */
  describeSecrets(appId: string, keys: readonly string[]): Promise<{ key: string; description: string }[]>;
  /** The runner pool, started on first use. */
  pool(): FunctionPool;
  /** Entity-hook automations: runs functions on changes of the entities they watch. */
  triggers: EntityTriggers;
  /** Scheduled automations: runs functions on their schedules. */
  schedules: ScheduledRuns;
  dispatch: Dispatch;
  /** The origin webhook URLs are given at (`PUBLIC_URL`'s origin). */
  origin(): string;
  /** Stops the runner processes (createServices' close). */
  dispose(): Promise<void>;
}

/** The functions area (built once by createServices). */
export const functionsRuntime = defineArea<FunctionsRuntime>('functions');

/** `dispatch` answers a function's `ctx.sdk` calls through the built application (createServices binds it). */
export function createFunctionsRuntime(deps: AppDeps, dispatch: Dispatch): FunctionsRuntime {
  const appsArea = appsRuntime(deps);
  const { apps, versions } = appsArea;
  const db = deps.database.db;
  const repo = createFunctionsRepo(db);
  const secrets = createSecretsService({
    apps,
    secrets: createSecretsRepo(db),
    box: deps.secretBox,
    affectedFunctions: (appId, keys) => repo.readingAny(appId, keys),
  });
  let pool: FunctionPool | undefined;
  const runtime: FunctionsRuntime = {
    config: deps.config,
    db,
    logger: deps.logger,
    bus: deps.bus,
    queue: deps.queue,
    appsArea,
    entities: entitiesModuleOf(deps),
    apps,
    versions,
    repo,
    secrets,
    async describeSecrets(appId, keys) {
      if (keys.length === 0) return [];
      const described = await requestedSecretDescriptions(db, appId);
      return keys.map((key) => ({ key, description: described.get(key) ?? '' }));
    },
    pool() {
      pool ??= new FunctionPool({
        size: deps.config.functions.runners,
        tenantConcurrency: deps.config.functions.appConcurrency,
        tenantQueued: deps.config.functions.appQueue,
        maxQueued: deps.config.functions.queueMax,
        allowLoopback: deps.config.dataSources.netAllowLoopback,
        logger: deps.logger,
      });
      return pool;
    },
    dispatch,
    origin: () => new URL(deps.config.publicUrl).origin,
    async dispose() {
      await pool?.close();
    },
    triggers: undefined as unknown as EntityTriggers,
    schedules: undefined as unknown as ScheduledRuns,
  };
  runtime.triggers = createEntityTriggers(runtime);
  runtime.schedules = createScheduledRuns(runtime);
  return runtime;
}
