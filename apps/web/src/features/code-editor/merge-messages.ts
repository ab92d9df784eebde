import { CODE_EDITOR_MESSAGES, type DiffItem, type MergeResponse } from '@atelier/shared';

/** The success text of a merge (spec 3 §8): files, then the deployed functions when there were any. */
export function mergeSuccessMessage(
  result: Pick<MergeResponse, 'filesCount' | 'deployedFunctionsCount'>,
): string {
  return result.deployedFunctionsCount > 0
    ? CODE_EDITOR_MESSAGES.mergedAndDeployed(result.filesCount, result.deployedFunctionsCount)
    : CODE_EDITOR_MESSAGES.merged(result.filesCount);
}

/** The files a merge may take: added and modified only (spec 3 §5). */
export const mergeableItems = (items: readonly DiffItem[]) => items.filter((i) => i.status !== 'deleted');
