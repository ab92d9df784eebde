import type { EventBus } from '../../../platform/events/event-bus.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import type { DataSourcesRepo } from '../data-sources.repo.ts';
import type { ChunkIndex } from '../retrieval/chunk-index.ts';
import { INGEST_QUEUE, type IngestJobData, itemsTopic } from './item-options.ts';

/** A running item whose heartbeat is older than this lost its worker. */
export const STALE_AFTER_MS = 30_000;
/** Runs of one item before it is marked error. */
export const MAX_ATTEMPTS = 3;
/** A pending item untouched this long has its job sent again (the first one may have been lost). */
export const PENDING_RESEND_MS = 120_000;

export const WORKER_DIED_MESSAGE = `Processing stopped unexpectedly ${MAX_ATTEMPTS} times; delete the item and add it again`;

export interface ReaperDeps {
  repo: DataSourcesRepo;
  index: ChunkIndex;
  queue: JobQueue;
  bus: EventBus;
}

/**
 * Finds items whose worker died (running, heartbeat stale) and sends them back to pending with a
 * new job while they have attempts left, else marks them error. Each change is a conditional
 * update on (status, runId), so several instances may reap at once without double work.
 */
export async function reapStaleItems(deps: ReaperDeps, now = new Date()) {
  const retried: string[] = [];
  const failed: string[] = [];
  const resent: string[] = [];
  for (const item of await deps.repo.staleRunning(new Date(now.getTime() - STALE_AFTER_MS))) {
    const exhausted = item.attempts >= MAX_ATTEMPTS;
    const next = exhausted
      ? { status: 'error' as const, statusReason: WORKER_DIED_MESSAGE }
      : { status: 'pending' as const, statusReason: null };
    if (!(await deps.repo.releaseStale(item, next))) continue;
    if (exhausted) {
      await deps.index.deleteChunks(item.id);
      failed.push(item.id);
    } else {
      await deps.queue.send<IngestJobData>(INGEST_QUEUE, { itemId: item.id });
      retried.push(item.id);
    }
    await deps.bus
      .publish(itemsTopic(item.appId), { itemId: item.id, ...next, progress: null })
      .catch(() => {});
  }
  for (const item of await deps.repo.stalePending(new Date(now.getTime() - PENDING_RESEND_MS))) {
    await deps.repo.touchPending(item.id);
    await deps.queue.send<IngestJobData>(INGEST_QUEUE, { itemId: item.id });
    resent.push(item.id);
  }
  return { retried, failed, resent };
}
