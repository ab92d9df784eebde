import type { AppDeps } from '../../platform/app-deps.ts';
import { createSecretBox } from '../../platform/crypto/secret-box.ts';
import type { SdkDispatchEnv } from '../../platform/http/dispatch-env.ts';
import { FunctionPool } from '../../platform/sandbox/index.ts';
import type { AppsRepo } from '../apps/apps.repo.ts';
import { appsRuntime } from '../apps/apps.runtime.ts';
import type { VersionsRepo } from '../apps/versions.repo.ts';
import { SecretsRepo } from '../secrets/secrets.repo.ts';
import { SecretsService } from '../secrets/secrets.service.ts';
import { EntityTriggers } from './entity-triggers.ts';
import { FunctionsRepo } from './functions.repo.ts';
import { requestedSecretDescriptions } from './secret-requests.ts';

export type { SdkDispatchEnv };

/** Sends a request through the whole application in process (the SDK bridge of functions). */
export type Dispatch = (request: Request, env: SdkDispatchEnv) => Promise<Response>;

/** What the functions and secrets routes share: one per application (per `AppDeps`). */
export interface FunctionsRuntime {
  deps: AppDeps;
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
  dispatch: Dispatch;
  /** The origin webhook URLs are given at (`PUBLIC_URL`'s origin). */
  origin(): string;
  dispose(): Promise<void>;
}

const runtimes = new WeakMap<AppDeps, FunctionsRuntime>();

/** The functions runtime of these deps, made on first use. `dispatch` reaches the built application. */
export function functionsRuntime(deps: AppDeps, dispatch?: Dispatch): FunctionsRuntime {
  let runtime = runtimes.get(deps);
  if (!runtime) {
    runtime = createFunctionsRuntime(deps, dispatch);
    runtimes.set(deps, runtime);
  }
  return runtime;
}

/** Stops the runner processes (graceful shutdown, tests). */
export async function disposeFunctionsRuntime(deps: AppDeps): Promise<void> {
  const runtime = runtimes.get(deps);
  runtimes.delete(deps);
  await runtime?.dispose();
}

function createFunctionsRuntime(deps: AppDeps, dispatch: Dispatch | undefined): FunctionsRuntime {
  const { apps, versions } = appsRuntime(deps);
  const db = deps.database.db;
  const repo = new FunctionsRepo(db);
  const box = createSecretBox({
    config: { dataDir: deps.config.dataDir, secretsKey: deps.config.secretsKey },
  });
  const secrets = new SecretsService({
    apps,
    secrets: new SecretsRepo(db),
    box,
    affectedFunctions: (appId, keys) => repo.readingAny(appId, keys),
  });
  let pool: FunctionPool | undefined;
  const runtime: FunctionsRuntime = {
    deps,
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
    dispatch:
      dispatch ??
      (() =>
        Promise.reject(new Error('The functions runtime was created without access to the application'))),
    origin: () => new URL(deps.config.publicUrl).origin,
    async dispose() {
      await pool?.close();
    },
    triggers: undefined as unknown as EntityTriggers,
  };
  runtime.triggers = new EntityTriggers(runtime);
  return runtime;
}
