import {
  CODE_EDITOR_MESSAGES,
  functionNameOfFile,
  type MergeRequest,
  type MergeResponse,
} from '@atelier/shared';
import { AppError } from '../../platform/errors.ts';
import type { AppActor } from '../apps/apps.repo.ts';
import type { AppsRuntime } from '../apps/apps.runtime.ts';
import { deployFunctions } from '../functions/deploy.service.ts';

/**
 * Merges the added and modified files of a comparison into the app as one new version (spec 3 §4
 * "Diff merge"), then deploys the functions among them.
 */
export async function mergeFiles(
  runtime: AppsRuntime,
  actor: AppActor,
  appId: string,
  request: MergeRequest,
): Promise<MergeResponse> {
  const candidates = request.files.filter((f) => f.status !== 'deleted' && f.status !== 'unchanged');
  if (candidates.length === 0) throw new AppError('bad_request', CODE_EDITOR_MESSAGES.noFilesToMerge);
  const current = await runtime.versions.getCurrent(actor, appId);
  const byPath = new Map(current.files.map((f) => [f.path, f.content]));
  const changed = candidates.filter((f) => byPath.get(f.path) !== f.content);
  if (changed.length === 0) throw new AppError('bad_request', CODE_EDITOR_MESSAGES.noChangesToMerge);
  const result = await runtime.versions.createVersion(actor, appId, {
    changes: changed.map((f) => ({ op: 'upsert' as const, path: f.path, content: f.content })),
    description: request.description ?? `Merged ${changed.length} files`,
  });
  const names = [...new Set(changed.map((f) => functionNameOfFile(f.path)).filter((n): n is string => !!n))];
  let deployed = 0;
  const deploymentIssues: MergeResponse['deploymentIssues'] = [];
  if (names.length > 0) {
    const batch = await deployFunctions(runtime.functions(), actor, appId, names);
    deployed = batch.deployed;
    for (const r of batch.results)
      if (!r.ok) deploymentIssues.push({ name: r.name, message: r.error?.message ?? '' });
  }
  return {
    versionId: result.version.id,
    filesCount: changed.length,
    totalFunctions: names.length,
    deployedFunctionsCount: deployed,
    deploymentIssues,
  };
}
