import { workerEntry } from '../../platform/child-entry.ts';
import { createJobThread } from '../../platform/job-thread.ts';
import { ExportArchiveError, type ExportTree } from './archive.ts';
import { type ImportPlan, NotAnExportError } from './translate.ts';

export interface TranslateRequest {
  files: [string, Uint8Array][];
  appId: string;
}

/** Bounds of one import's translation: its thread's heap and the time it may take. */
export const TRANSLATE_LIMITS = { heapMb: 1024, timeoutMs: 120_000 } as const;

const runTranslation = createJobThread<TranslateRequest, ImportPlan>({
  entry: () => workerEntry(import.meta.url, './translate-worker.ts', './base44-translate-worker.js'),
  heapMb: TRANSLATE_LIMITS.heapMb,
  timeoutMs: TRANSLATE_LIMITS.timeoutMs,
  tooSlow: (ms) =>
    `The export took too long to translate (more than ${Math.max(1, Math.round(ms / 1000))} s); import fewer or smaller files`,
  stopped: () =>
    `The export needs more memory to translate than is allowed (${TRANSLATE_LIMITS.heapMb} MB); import fewer or smaller files`,
});

/**
 * `translateExport` in a thread of its own: rewriting an export's code parses every source file, and
 * the 40 MB the archive reader lets through took 25 s of CPU, which on the server's event loop held
 * every request of every tenant (/api/health waited 30 s). Past the thread's heap or time the import
 * fails with the reason (ExportArchiveError: 400 like the archive's own); NotAnExportError comes
 * through as such.
 */
export async function translateExportInThread(
  tree: ExportTree,
  appId: string,
  timeoutMs?: number,
): Promise<ImportPlan> {
  try {
    return await runTranslation({ files: [...tree], appId }, timeoutMs);
  } catch (error) {
    if ((error as Error).name === 'NotAnExportError') throw new NotAnExportError();
    throw new ExportArchiveError((error as Error).message);
  }
}
