import { BULK_DELETE } from '@atelier/shared';
import { useCallback, useRef, useState } from 'react';

/** Bulk delete states (spec 2 §4): idle, processing with a percent, then done or cancelled. */
export type BulkDeleteState =
  | { status: 'idle' }
  | { status: 'processing'; percent: number }
  | { status: 'done'; failed: number }
  | { status: 'cancelled' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Deletes rows in chunks of 5 with 200 ms between chunks, then waits 500 ms before `refresh`
 * (spec 2 §9). Cancel stops at the next chunk.
 */
export function useBulkDelete(deleteOne: (id: string) => Promise<unknown>, refresh: () => unknown) {
  const [state, setState] = useState<BulkDeleteState>({ status: 'idle' });
  const cancelled = useRef(false);

  const run = useCallback(
    async (ids: readonly string[]) => {
      cancelled.current = false;
      let failed = 0;
      setState({ status: 'processing', percent: 0 });
      for (let start = 0; start < ids.length; start += BULK_DELETE.chunkSize) {
        if (cancelled.current) {
          setState({ status: 'cancelled' });
          await refresh();
          return;
        }
        const results = await Promise.allSettled(
          ids.slice(start, start + BULK_DELETE.chunkSize).map(deleteOne),
        );
        failed += results.filter((result) => result.status === 'rejected').length;
        const done = Math.min(ids.length, start + BULK_DELETE.chunkSize);
        setState({ status: 'processing', percent: Math.round((done / ids.length) * 100) });
        if (done < ids.length) await sleep(BULK_DELETE.pauseMs);
      }
      await sleep(BULK_DELETE.refreshDelayMs);
      await refresh();
      setState({ status: 'done', failed });
    },
    [deleteOne, refresh],
  );

  const cancel = useCallback(() => {
    cancelled.current = true;
  }, []);
  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, run, cancel, reset };
}
