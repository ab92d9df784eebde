import { BULK_DELETE } from '@atelier/shared';

export interface BulkDeleteRun {
  /** Deletes one row; a rejection counts as a failed row. */
  deleteOne(id: string): Promise<unknown>;
  /** Called after each chunk with the percent done. */
  onProgress(percent: number): void;
  /** Checked before each chunk: true stops the run (spec 2 §4: cancel stops at the next chunk). */
  isCancelled(): boolean;
  sleep?(ms: number): Promise<void>;
}

export type BulkDeleteOutcome = { status: 'done'; failed: number } | { status: 'cancelled'; failed: number };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Deletes rows in chunks of 5 (in parallel within a chunk), with 200 ms between chunks and 500 ms
 * after the last one before the caller refreshes (spec 2 §9).
 */
export async function deleteInChunks(ids: readonly string[], run: BulkDeleteRun): Promise<BulkDeleteOutcome> {
  const sleep = run.sleep ?? wait;
  let failed = 0;
  for (let start = 0; start < ids.length; start += BULK_DELETE.chunkSize) {
    if (run.isCancelled()) return { status: 'cancelled', failed };
    const results = await Promise.allSettled(
      ids.slice(start, start + BULK_DELETE.chunkSize).map(run.deleteOne),
    );
    failed += results.filter((result) => result.status === 'rejected').length;
    const done = Math.min(ids.length, start + BULK_DELETE.chunkSize);
    run.onProgress(Math.round((done / ids.length) * 100));
    if (done < ids.length) await sleep(BULK_DELETE.pauseMs);
  }
  await sleep(BULK_DELETE.refreshDelayMs);
  return { status: 'done', failed };
}
