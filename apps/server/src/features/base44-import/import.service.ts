import { type AppFile, appFilesProblems, type Base44ImportReport, parseEntitySchema } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../platform/app-deps.ts';

import type { Actor } from '../../platform/auth/actor.ts';
import { appImports } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { AppRow } from '../apps/apps.repo.ts';
import { appsRuntime } from '../apps/apps.runtime.ts';
import { findApp } from '../apps/apps.service.ts';
import { saveBuilderPatch } from '../builder/builder.service.ts';
import { entitiesModuleOf } from '../entities/entities.module.ts';
import { functionAutomations } from '../functions/automations.ts';
import { deployFunctions } from '../functions/deploy.service.ts';
import { functionsRuntime } from '../functions/functions.runtime.ts';
import type { ExportTree } from './archive.ts';
import { functionsByUse } from './build-order.ts';
import { withoutUnknownApplies } from './css-apply.ts';
import { recordsOf } from './data.ts';
import { rehostStorageFiles, withRehostedUrls } from './storage.ts';
import { exportAppName, exportVisibility, type ImportPlan, type translateExport } from './translate.ts';
import { translateExportInThread } from './translate-thread.ts';

/** What the import reads beside the areas: settings, the database, the test seams of its downloads. */
type ImportDeps = Pick<AppDeps, 'config' | 'database' | 'base44Import' | 'areas'>;

export interface ImportResult {
  app: AppRow;
  report: Base44ImportReport;
}

/**
 * Makes a new app of the builder's from an exported Base44 app: its files as the first version
 * (`translateExport`), each data file's rows as records of its entity, and the report stored
 * with the app. A tree Atelier cannot hold (too many or too large files) is refused and no app stays.
 */
export async function importBase44App(
  deps: ImportDeps,
  actor: Actor,
  tree: ExportTree,
  source: string,
): Promise<ImportResult> {
  const runtime = appsRuntime(deps);
  const owner = { userId: actor.userId };
  const app = await runtime.apps.insert(owner, {
    name: exportAppName(tree, source).slice(0, 100),
    type: 'GEN_APP',
  });
  try {
    const plan = await translateExportInThread(tree, app.id);
    await requireLoginIfPrivate(deps, actor, app.id, tree, plan);
    await repairStylesheet(plan);
    refuseUnfit(plan.files);
    await rehostStorage(deps, app.id, plan);
    await runtime.versions.createVersion(owner, app.id, {
      files: plan.files,
      description: 'Imported from Base44',
    });
    const data = await importData(deps, actor, app.id, plan.files, plan.data);
    const functions = withIgnoredAutomations(
      await buildFunctions(deps, actor, app.id, plan.report.functions, plan.files),
      plan.files,
    );
    const report: Base44ImportReport = {
      source,
      importedAt: new Date().toISOString(),
      ...plan.report,
      functions,
      data,
    };
    await deps.database.db.insert(appImports).values({ appId: app.id, report });
    return { app: await findApp(runtime, owner, app.id), report };
  } catch (error) {
    await runtime.apps.delete(owner, app.id);
    throw error;
  }
}

/**
 * A private Base44 app (`base44/config.jsonc`'s visibility) stays private: the app's "Require login
 * to access" is switched on (Settings panel), so its public settings send visitors to sign in.
 */
async function requireLoginIfPrivate(
  deps: ImportDeps,
  actor: Actor,
  appId: string,
  tree: ExportTree,
  plan: ImportPlan,
): Promise<void> {
  const visibility = exportVisibility(tree);
  if (!visibility) return;
  await saveBuilderPatch(deps.database.db, actor.userId, appId, { settings: { requireLogin: true } });
  plan.report.translated.push(
    `base44/config.jsonc: visibility "${visibility}" became the app's "Require login to access" setting (Settings): visitors sign in first.`,
  );
}

/** globals.css without the `@apply`s Tailwind 4 refuses (a plugin's class…), each one reported. */
async function repairStylesheet(plan: ImportPlan): Promise<void> {
  const globals = plan.files.find((file) => file.path === 'globals.css');
  if (!globals) return;
  const { css, dropped } = await withoutUnknownApplies(globals.content);
  globals.content = css;
  for (const name of dropped)
    plan.report.warnings.push(`globals.css: @apply ${name} was left out (Tailwind 4 has no such utility).`);
}

/**
 * The export's Base44 storage files copied into the app's storage where reachable (storage.ts);
 * the code and data then name the copies. The report keeps each outcome, and lists what stays.
 */
async function rehostStorage(deps: ImportDeps, appId: string, plan: ImportPlan): Promise<void> {
  if (plan.report.storageUrls.length === 0) return;
  const outcomes = await rehostStorageFiles(deps, appId, plan.report.storageUrls, {
    allowLoopback: deps.config.dataSources.netAllowLoopback,
    origin: deps.base44Import?.storageOrigin,
  });
  for (const file of plan.files) file.content = withRehostedUrls(file.content, outcomes);
  for (const item of plan.data) item.text = withRehostedUrls(item.text, outcomes);
  plan.report.storageUrls = outcomes.filter((outcome) => !outcome.fileUrl).map((outcome) => outcome.url);
  plan.report.storageFiles = outcomes;
}

/**
 * Functions built (deployed) at import, at most this many, those the app's code calls first
 * (`functionsByUse`); the others are built when deployed, or on their first call from the builder's
 * preview (`deployOnFirstCall`).
 */
const IMPORT_BUILT_FUNCTIONS = 40;

/**
 * Builds each imported function as a deploy does (`deployFunctions`: compiled with its npm imports):
 * built, or failed with the compiler's first errors. One that reads secrets not set yet is deployed
 * too — they read as undefined, as on Base44 while unset — and reported as needing them.
 */
async function buildFunctions(
  deps: ImportDeps,
  actor: Actor,
  appId: string,
  functions: Base44ImportReport['functions'],
  files: AppFile[],
): Promise<Base44ImportReport['functions']> {
  const imported = functions.filter((fn) => fn.status === 'imported').map((fn) => fn.name);
  const names = functionsByUse(imported, files).slice(0, IMPORT_BUILT_FUNCTIONS);
  if (names.length === 0) return functions;
  const rt = functionsRuntime(deps);
  const { results } = await deployFunctions(rt, { userId: actor.userId }, appId, names, {
    withMissingSecrets: true,
  });
  const [deployed, secrets] = await Promise.all([rt.repo.summaries(appId), rt.secrets.unsafeKeys(appId)]);
  return functions.map((fn) => {
    const result = results.find((candidate) => candidate.name === fn.name);
    if (!result) return fn;
    if (result.ok) {
      const reads = deployed.get(fn.name)?.live?.envReads ?? [];
      const missingSecrets = reads.filter((key) => !secrets.has(key));
      return missingSecrets.length > 0
        ? { ...fn, status: 'needs-secrets', missingSecrets }
        : { ...fn, status: 'built' };
    }
    const diagnostics = result.error?.diagnostics ?? [];
    const error = (diagnostics.slice(0, 3).join('\n') || result.error?.message || 'It does not build.').slice(
      0,
      1000,
    );
    return { ...fn, status: 'failed', error };
  });
}

/** Each function's automations: scheduled ones (run once it is deployed) and ones that do not run, named in the report. */
function withIgnoredAutomations(
  functions: Base44ImportReport['functions'],
  files: AppFile[],
): Base44ImportReport['functions'] {
  const sources = new Map(files.map((file) => [file.path, file.content]));
  return functions.map((fn) => {
    const config = functionAutomations(fn.name, sources);
    const ignored = config.ok ? config.automations.ignored : [];
    const scheduled = config.ok ? config.automations.scheduled.map((schedule) => schedule.name) : [];
    return {
      ...fn,
      ...(scheduled.length > 0 ? { scheduledAutomations: scheduled } : {}),
      ...(ignored.length > 0 ? { ignoredAutomations: ignored } : {}),
    };
  });
}

function refuseUnfit(files: AppFile[]): void {
  const problems = appFilesProblems(files);
  if (problems.length === 0) return;
  const first = problems[0]!;
  throw new AppError('bad_request', `The export does not fit an app: ${first.message}`, {
    problems: problems.slice(0, 20),
  });
}

async function importData(
  deps: ImportDeps,
  actor: Actor,
  appId: string,
  files: AppFile[],
  data: ReturnType<typeof translateExport>['data'],
): Promise<Base44ImportReport['data']> {
  const entities = entitiesModuleOf(deps);
  const results: Base44ImportReport['data'] = [];
  for (const item of data) {
    const file = files.find((candidate) => candidate.path === `entities/${item.entity}.json`);
    const parsed = file ? parseEntitySchema(file.content) : undefined;
    if (!parsed?.ok) {
      results.push({
        entity: item.entity,
        file: item.file,
        rows: 0,
        imported: 0,
        errors: [`The app has no entity ${item.entity}.`],
      });
      continue;
    }
    const { records, errors } = recordsOf(item, parsed.schema);
    let imported = 0;
    try {
      const target = await entities.contexts.resolve(appId, item.entity, { actor });
      imported = (await entities.service.bulkCreate(target, records)).length;
    } catch (error) {
      errors.push(error instanceof Error ? error.message : String(error));
    }
    results.push({ entity: item.entity, file: item.file, rows: records.length, imported, errors });
  }
  return results;
}

/** The stored report of the import an app was made from; 404 for another builder's app or an app not imported. */
export async function importReportOf(
  deps: ImportDeps,
  actor: Actor,
  appId: string,
): Promise<Base44ImportReport> {
  await findApp(appsRuntime(deps), { userId: actor.userId }, appId);
  const [row] = await deps.database.db.select().from(appImports).where(eq(appImports.appId, appId));
  if (!row) throw new AppError('not_found', 'This app was not imported.');
  return row.report;
}
