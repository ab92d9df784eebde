import { createHash } from 'node:crypto';
import {
  APP_MESSAGES,
  type BatchDeployResponse,
  batchDeployMessage,
  type DeployFunctionResponse,
  FUNCTION_MESSAGES,
  type FunctionDeployment,
  type FunctionInvocation,
  type FunctionSchedule,
  type FunctionSummary,
  type FunctionsListResponse,
  functionConfigPath,
  functionNameFromPath,
  functionNameProblem,
  functionWebhookUrl,
  type MissingSecret,
} from '@atelier/shared';
import { transform } from 'esbuild';
import { AppError, notFound } from '../../platform/errors.ts';
import { appOrigin } from '../apps/app-origin.ts';
import type { AppActor } from '../apps/apps.repo.ts';
import { isAppPublished } from '../apps/apps.repo.ts';
import type { TreeFile } from '../apps/file-tree.ts';
import { functionAutomations } from './automations.ts';
import { findEnvReads } from './env-reads.ts';
import { bundleFunction } from './function-bundle.ts';
import type { DeploymentMeta, InvocationRow } from './functions.repo.ts';
import type { FunctionsRuntime } from './functions.runtime.ts';
import type { ScheduleRow } from './schedules.repo.ts';
import { SCHEDULE_LIMITS } from './schedules.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Where a function's webhook URL points: the app's own origin once it has one (there the function's
 * answer keeps its cookies, redirects and pages); the platform's origin, where answers are
 * restricted, for an app published before slugs existed.
 */
const webhookOrigin = (rt: FunctionsRuntime, app: { slug: string | null }) =>
  app.slug ? appOrigin(rt.config.apps, app.slug) : rt.origin();

export function toDeploymentView(row: DeploymentMeta): FunctionDeployment {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    versionId: row.versionId,
    envReads: row.envReads,
    error: row.error ?? null,
    createdAt: row.createdAt.toISOString(),
    deployedAt: row.deployedAt?.toISOString() ?? null,
  };
}

/** The function files of a tree: name → entry file (`functions/{name}.ts|js` or `functions/{name}/index.ts|js`). */
function functionFiles(files: TreeFile[]): Map<string, TreeFile> {
  const out = new Map<string, TreeFile>();
  for (const file of files) {
    const name = functionNameFromPath(file.path);
    if (name && !out.has(name)) out.set(name, file);
  }
  return out;
}

/** Secret names a source file reads (TypeScript stripped first); empty when it does not parse. */
async function envReadsOfSource(file: TreeFile): Promise<string[]> {
  try {
    const { code } = await transform(file.content, { loader: file.path.endsWith('.js') ? 'js' : 'ts' });
    return findEnvReads(code);
  } catch {
    return [];
  }
}

async function ownedApp(rt: FunctionsRuntime, actor: AppActor, appId: string) {
  const app = await rt.apps.find(actor, appId);
  if (!app) throw notFound(APP_MESSAGES.appNotFound);
  return app;
}

/** `GET /api/apps/{appId}/functions/list`: the current version's functions with their deploy state. */
export async function listFunctions(
  rt: FunctionsRuntime,
  actor: AppActor,
  appId: string,
): Promise<FunctionsListResponse> {
  const app = await ownedApp(rt, actor, appId);
  const published = isAppPublished(app);
  const [{ files }, summaries, keys, schedules] = await Promise.all([
    rt.versions.getCurrent(actor, appId),
    rt.repo.summaries(appId),
    rt.secrets.unsafeKeys(appId),
    rt.schedules.repo.list(appId),
  ]);
  const functions: FunctionSummary[] = [];
  for (const [name, file] of [...functionFiles(files)].sort(([a], [b]) => a.localeCompare(b))) {
    const summary = summaries.get(name);
    const envReads = await envReadsOfSource(file);
    functions.push({
      name,
      path: file.path,
      status: summary?.latest.status ?? 'not_deployed',
      live: summary?.live ? toDeploymentView(summary.live) : null,
      latest: summary ? toDeploymentView(summary.latest) : null,
      changedSinceDeploy: summary?.live ? summary.live.sourceHash !== sha256(file.content) : true,
      envReads,
      missingSecrets: envReads.filter((key) => !keys.has(key)),
      missingSecretDetails: [],
      webhookUrl: published ? functionWebhookUrl(webhookOrigin(rt, app), appId, name) : null,
      schedules: schedules.filter((row) => row.name === name).map(toScheduleView),
    });
  }
  // Each missing secret with its description (one read of the chat's secrets requests, when any is missing).
  const missing = [...new Set(functions.flatMap((fn) => fn.missingSecrets))];
  const described = new Map((await rt.describeSecrets(appId, missing)).map((s) => [s.key, s]));
  for (const fn of functions) {
    fn.missingSecretDetails = fn.missingSecrets.map((key) => described.get(key) ?? { key, description: '' });
  }
  return { functions, published };
}

export interface DeployOptions {
  /**
   * Deploy even when secrets it reads are not set: they read as undefined, as under Deno (Base44)
   * when unset. For the import's builds and a first call's (`deployOnFirstCall`); the deploy API
   * refuses them.
   */
  withMissingSecrets?: boolean;
}

/**
 * `POST /api/apps/{appId}/functions/{name}/deploy`: compiles the current version's
 * `functions/{name}.ts` with its services imports, checks that every secret it reads is set, and
 * stores the deployment (pending → deploying → success | error). Throws `missing_secrets`
 * ("Missing required secrets", `details.missingSecrets`) or `deploy_failed` ("Failed to deploy
 * function", `details.diagnostics`); the failed deployment is kept with its error.
 */
export async function deployFunction(
  rt: FunctionsRuntime,
  actor: AppActor,
  appId: string,
  name: string,
  options: DeployOptions = {},
): Promise<DeployFunctionResponse> {
  const app = await ownedApp(rt, actor, appId);
  const { version, files } = await rt.versions.getCurrent(actor, appId);
  const file = functionFiles(files).get(name);
  if (!file) throw notFound(FUNCTION_MESSAGES.notFound);
  const problem = functionNameProblem(name);
  if (problem) throw new AppError('validation_error', problem);

  const pending = await rt.repo.createDeployment({
    appId,
    name,
    versionId: version?.id ?? null,
    sourceHash: sha256(file.content),
    createdBy: actor.userId,
  });
  await rt.repo.updateDeployment(appId, pending.id, { status: 'deploying' });
  const { npm } = rt.appsArea;
  const sourceFiles = new Map(files.map((f) => [f.path, f.content]));
  const bundle = await bundleFunction(file.path, sourceFiles, {
    npm: (spec) => npm.resolveNpmModule(spec, { target: 'isolate' }),
  });
  if (!bundle.ok) {
    const error = {
      type: 'compile' as const,
      message: FUNCTION_MESSAGES.deployFailed,
      diagnostics: bundle.diagnostics,
    };
    await rt.repo.updateDeployment(appId, pending.id, { status: 'error', error });
    throw new AppError('deploy_failed', FUNCTION_MESSAGES.deployFailed, {
      deploymentId: pending.id,
      diagnostics: bundle.diagnostics,
    });
  }
  const config = functionAutomations(name, sourceFiles);
  if (!config.ok) {
    const error = {
      type: 'compile' as const,
      message: FUNCTION_MESSAGES.deployFailed,
      diagnostics: config.diagnostics,
    };
    await rt.repo.updateDeployment(appId, pending.id, { status: 'error', error });
    throw new AppError('deploy_failed', FUNCTION_MESSAGES.deployFailed, {
      deploymentId: pending.id,
      diagnostics: config.diagnostics,
    });
  }
  const automations = config.automations.entity;
  const scheduled = config.automations.scheduled;
  const others = scheduled.length > 0 ? await rt.schedules.repo.countOthers(appId, name) : 0;
  if (others + scheduled.length > SCHEDULE_LIMITS.perApp) {
    const diagnostics = [
      `${functionConfigPath(name)}: at most ${SCHEDULE_LIMITS.perApp} scheduled automations per app (its other functions have ${others})`,
    ];
    const error = { type: 'compile' as const, message: FUNCTION_MESSAGES.deployFailed, diagnostics };
    await rt.repo.updateDeployment(appId, pending.id, { status: 'error', error });
    throw new AppError('deploy_failed', FUNCTION_MESSAGES.deployFailed, {
      deploymentId: pending.id,
      diagnostics,
    });
  }
  const envReads = findEnvReads(bundle.code);
  const keys = await rt.secrets.unsafeKeys(appId);
  const missingSecrets = envReads.filter((key) => !keys.has(key));
  if (missingSecrets.length > 0 && !options.withMissingSecrets) {
    const missingSecretDetails = await rt.describeSecrets(appId, missingSecrets);
    const error = {
      type: 'missing_secrets' as const,
      message: FUNCTION_MESSAGES.missingSecrets,
      missingSecrets,
      missingSecretDetails,
    };
    await rt.repo.updateDeployment(appId, pending.id, { status: 'error', envReads, error });
    throw new AppError('missing_secrets', FUNCTION_MESSAGES.missingSecrets, {
      type: 'missing_secrets',
      deploymentId: pending.id,
      missingSecrets,
      missingSecretDetails,
    });
  }
  const deployed = await rt.repo.updateDeployment(appId, pending.id, {
    status: 'success',
    bundle: bundle.code,
    envReads,
    automations: automations.length > 0 ? automations : null,
    error: null,
    deployedAt: new Date(),
  });
  await rt.triggers.deployed(appId, automations);
  await rt.schedules.deployed(appId, name, scheduled);
  return {
    deployment: toDeploymentView(deployed),
    functionUrl: isAppPublished(app) ? functionWebhookUrl(webhookOrigin(rt, app), appId, name) : null,
    message: FUNCTION_MESSAGES.deployed,
  };
}

/** Deploys several functions (all of the current version when `names` is absent); never throws per function. */
export async function deployFunctions(
  rt: FunctionsRuntime,
  actor: AppActor,
  appId: string,
  names?: string[],
  options: DeployOptions = {},
): Promise<BatchDeployResponse> {
  await ownedApp(rt, actor, appId);
  const { files } = await rt.versions.getCurrent(actor, appId);
  const available = functionFiles(files);
  const wanted = names ? [...new Set(names)] : [...available.keys()].sort();
  const results: BatchDeployResponse['results'] = [];
  for (const name of wanted) {
    try {
      const { deployment } = await deployFunction(rt, actor, appId, name, options);
      results.push({ name, ok: true, status: deployment.status, error: null });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const details = (error.details ?? {}) as {
        missingSecrets?: string[];
        missingSecretDetails?: MissingSecret[];
        diagnostics?: string[];
      };
      results.push({
        name,
        ok: false,
        status: 'error',
        error:
          error.code === 'missing_secrets'
            ? {
                type: 'missing_secrets',
                message: error.message,
                missingSecrets: details.missingSecrets ?? [],
                missingSecretDetails: details.missingSecretDetails ?? [],
              }
            : {
                type: 'compile',
                message: error.message,
                diagnostics: details.diagnostics ?? [error.message],
              },
      });
    }
  }
  const deployed = results.filter((result) => result.ok).length;
  const failed = results.length - deployed;
  return {
    results,
    deployed,
    failed,
    message: batchDeployMessage(deployed, results.length),
    outcome:
      results.length === 0 ? 'empty' : failed === 0 ? 'success' : deployed === 0 ? 'failed' : 'partial',
  };
}

/** First calls' deploys under way (app and name → whether it went live), so simultaneous calls share one. */
const firstDeploys = new Map<string, Promise<boolean>>();

/**
 * A function of the app's current version that was never deployed (nor tried), called by its
 * builder (their preview): deployed now, as the builder's Deploy would, its unset secrets reading
 * as undefined. An import builds a bounded number of an export's functions (the others are "not
 * built yet"); the app calls any of them. True when it went live; a failure is kept as the
 * function's deployment (its error in the code editor) and not tried again on later calls.
 */
export async function deployOnFirstCall(
  rt: FunctionsRuntime,
  ownerId: string,
  appId: string,
  name: string,
): Promise<boolean> {
  const key = `${appId}\0${name}`;
  const running = firstDeploys.get(key);
  if (running) return running;
  const deploy = (async () => {
    if (await rt.repo.attempted(appId, name)) return false;
    try {
      await deployFunction(rt, { userId: ownerId }, appId, name, { withMissingSecrets: true });
      return true;
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  })().finally(() => firstDeploys.delete(key));
  firstDeploys.set(key, deploy);
  return deploy;
}

export function toScheduleView(row: ScheduleRow): FunctionSchedule {
  return {
    id: row.id,
    automation: row.automation,
    cron: row.spec.cron ?? null,
    runAt: row.spec.runAt ?? null,
    paused: row.paused,
    nextRunAt: row.nextRunAt?.toISOString() ?? null,
    runCount: row.runCount,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    lastStatus: row.lastStatus ?? null,
    lastError: row.lastError ?? null,
  };
}

/** Pauses or resumes a scheduled automation of a function (the builder, in the functions panel). */
export async function setSchedulePaused(
  rt: FunctionsRuntime,
  actor: AppActor,
  appId: string,
  name: string,
  id: string,
  paused: boolean,
): Promise<FunctionSchedule> {
  await ownedApp(rt, actor, appId);
  const row = await rt.schedules.repo.setPaused(appId, name, id, paused, new Date());
  if (!row) throw notFound(FUNCTION_MESSAGES.scheduleNotFound);
  return toScheduleView(row);
}

export function toInvocationView(row: InvocationRow): FunctionInvocation {
  return {
    id: row.id,
    name: row.name,
    deploymentId: row.deploymentId,
    status: row.status,
    httpStatus: row.httpStatus,
    durationMs: row.durationMs,
    cold: row.cold,
    trigger: row.trigger,
    error: row.error,
    logs: row.logs,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Recent invocations of a function, newest first, with their (redacted) log lines. */
export async function listInvocations(
  rt: FunctionsRuntime,
  actor: AppActor,
  appId: string,
  name: string,
  limit: number,
): Promise<FunctionInvocation[]> {
  await ownedApp(rt, actor, appId);
  return (await rt.repo.invocations(appId, name, limit)).map(toInvocationView);
}
