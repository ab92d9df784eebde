import { useCallback, useRef, useState } from 'react';
import { deleteInChunks } from './bulk-delete.ts';

/** Bulk delete states (spec 2 §4): idle, processing with a percent, then done or cancelled. */
export type BulkDeleteState =
  | { status: 'idle' }
  | { status: 'processing'; percent: number }
  | { status: 'done'; failed: number }
  | { status: 'cancelled' };

/** Runs `deleteInChunks` for the table and refreshes it afterwards; cancel stops at the next chunk. */
export function useBulkDelete(deleteOne: (id: string) => Promise<unknown>, refresh: () => unknown) {
  const [state, setState] = useState<BulkDeleteState>({ status: 'idle' });
  const cancelled = useRef(false);

  const run = useCallback(
    async (ids: readonly string[]) => {
      cancelled.current = false;
      setState({ status: 'processing', percent: 0 });
      const outcome = await deleteInChunks(ids, {
        deleteOne,
        onProgress: (percent) => setState({ status: 'processing', percent }),
        isCancelled: () => cancelled.current,
      });
      await refresh();
      setState(outcome.status === 'done' ? outcome : { status: 'cancelled' });
    },
    [deleteOne, refresh],
  );

  const cancel = useCallback(() => {
    cancelled.current = true;
  }, []);
  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, run, cancel, reset };
}
