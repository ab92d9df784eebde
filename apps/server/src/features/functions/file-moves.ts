import { functionNameFromPath } from '@atelier/shared';
import type { FunctionsRuntime } from './functions.runtime.ts';

/** A file of the app renamed to `to`, or deleted (`to` null), by the code editor. */
export interface FileMove {
  from: string;
  to: string | null;
}

/**
 * Deployments follow their function file: a function file renamed (`functions/a.ts` →
 * `functions/b.ts`) takes its deployments — the live bundle, the secrets it reads, its entity hooks —
 * its scheduled automations and its invocations to the new name, so `b` answers at once and `a` no
 * longer does; a function file deleted, or moved to where it is no function, is no longer deployed
 * and its schedules are removed. Other files: nothing.
 */
export async function followFunctionFiles(
  rt: FunctionsRuntime,
  appId: string,
  moves: readonly FileMove[],
): Promise<void> {
  for (const { from, to } of moves) {
    const before = functionNameFromPath(from);
    if (!before) continue;
    const after = to === null ? null : functionNameFromPath(to);
    if (after === before) continue;
    if (after) {
      await rt.repo.renameFunction(appId, before, after);
      await rt.schedules.repo.renameFunction(appId, before, after);
    } else {
      await rt.repo.removeFunction(appId, before);
      await rt.schedules.repo.removeFunction(appId, before);
    }
    rt.logger.info({ appId, from: before, to: after }, 'function deployment followed its file');
  }
}
