import { type AppFile, appFilesProblems, type Base44ImportReport, parseEntitySchema } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../platform/app-deps.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { appImports } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { AppRow } from '../apps/apps.repo.ts';
import { appsRuntime } from '../apps/apps.runtime.ts';
import { findApp } from '../apps/apps.service.ts';
import { entitiesModuleOf } from '../entities/entities.module.ts';
import type { ExportTree } from './archive.ts';
import { withoutUnknownApplies } from './css-apply.ts';
import { recordsOf } from './data.ts';
import { exportAppName, type ImportPlan, translateExport } from './translate.ts';

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
  deps: AppDeps,
  actor: Actor,
  tree: ExportTree,
  source: string,
): Promise<ImportResult> {
  const runtime = appsRuntime(deps);
  const owner = { userId: actor.userId };
  const app = await runtime.apps.insert(owner, { name: exportAppName(tree).slice(0, 100), type: 'GEN_APP' });
  try {
    const plan = translateExport(tree, app.id);
    await repairStylesheet(plan);
    refuseUnfit(plan.files);
    await runtime.versions.createVersion(owner, app.id, {
      files: plan.files,
      description: 'Imported from Base44',
    });
    const data = await importData(deps, actor, app.id, plan.files, plan.data);
    const report: Base44ImportReport = { source, importedAt: new Date().toISOString(), ...plan.report, data };
    await deps.database.db.insert(appImports).values({ appId: app.id, report });
    return { app: await findApp(runtime, owner, app.id), report };
  } catch (error) {
    await runtime.apps.delete(owner, app.id);
    throw error;
  }
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

function refuseUnfit(files: AppFile[]): void {
  const problems = appFilesProblems(files);
  if (problems.length === 0) return;
  const first = problems[0]!;
  throw new AppError('bad_request', `The export does not fit an app: ${first.message}`, {
    problems: problems.slice(0, 20),
  });
}

async function importData(
  deps: AppDeps,
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
  deps: AppDeps,
  actor: Actor,
  appId: string,
): Promise<Base44ImportReport> {
  await findApp(appsRuntime(deps), { userId: actor.userId }, appId);
  const [row] = await deps.database.db.select().from(appImports).where(eq(appImports.appId, appId));
  if (!row) throw new AppError('not_found', 'This app was not imported.');
  return row.report;
}
