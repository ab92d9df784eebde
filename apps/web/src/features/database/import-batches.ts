import { ApiError, NETWORK_ERROR_STATUS } from '../../lib/api-client.ts';

/**
 * Whether a failed import call may succeed when sent again: the network was lost, the server
 * failed (5xx), was busy (429) or timed out (408). A refusal of the rows themselves (400, 422) is
 * not: those rows are counted as failed and the import goes on.
 */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return (
    error.status === NETWORK_ERROR_STATUS ||
    error.status >= 500 ||
    error.status === 429 ||
    error.status === 408
  );
}

/**
 * Runs the batches whose indexes are in `remaining`, `parallel` at a time and in order, removing
 * each from `remaining` once it went through. The first transient failure (`isTransient`) stops the
 * run (batches under way finish) and is answered, so the caller can offer to resume: a new run over
 * what is left in `remaining`. `signal` cancels: no batch starts after it aborts.
 */
export async function runImportBatches(options: {
  remaining: Set<number>;
  parallel: number;
  importBatch: (index: number) => Promise<void>;
  signal: AbortSignal;
}): Promise<{ error: unknown } | undefined> {
  const { remaining, parallel, importBatch, signal } = options;
  const queue = [...remaining].sort((a, b) => a - b);
  let next = 0;
  let stopped: { error: unknown } | undefined;
  const worker = async () => {
    while (next < queue.length && !stopped && !signal.aborted) {
      const index = queue[next++] as number;
      try {
        await importBatch(index);
        remaining.delete(index);
      } catch (error) {
        stopped ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return stopped;
}

/**
 * Gives every record an id unless the CSV maps one, so that sending a batch again after a lost
 * answer overwrites the rows it may already have written instead of adding them twice.
 */
export function withImportIds(records: Record<string, unknown>[]): Record<string, unknown>[] {
  return records.map((record) =>
    record.id === undefined || record.id === null || record.id === ''
      ? { ...record, id: crypto.randomUUID() }
      : record,
  );
}

/** Waits before sending again after a 429: 2 s, then twice as long each time, at most 30 s. */
export const RATE_LIMIT_BACKOFF = { firstMs: 2000, maxMs: 30_000, attempts: 6 } as const;

/**
 * Sends with `send`, and again after a pause while the server answers 429 (an import of 100,000
 * rows is 10,000 calls, more than the per-minute budget of a signed-in account): the import slows
 * down to the budget instead of stopping. Other failures, and the last 429, are thrown.
 */
export async function withRateLimitRetry<T>(
  send: () => Promise<T>,
  options: { signal: AbortSignal; backoff?: { firstMs: number; maxMs: number; attempts: number } },
): Promise<T> {
  const backoff = options.backoff ?? RATE_LIMIT_BACKOFF;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      const limited = error instanceof ApiError && error.status === 429;
      if (!limited || attempt >= backoff.attempts || options.signal.aborted) throw error;
      const wait = Math.min(backoff.firstMs * 2 ** (attempt - 1), backoff.maxMs);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
