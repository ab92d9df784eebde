import type { AppDeps } from '../../../platform/app-deps.ts';
import { dataSourcesRuntime } from '../data-sources.runtime.ts';
import { runIngestJob } from './ingest-worker.ts';
import { INGEST_QUEUE, type IngestJobData } from './item-options.ts';
import { reapStaleItems } from './reaper.ts';

export const REAP_INTERVAL_MS = 15_000;

export type WorkerDeps = Pick<AppDeps, 'areas' | 'logger' | 'queue'>;

/**
 * Starts the ingestion worker and the reaper on this instance. Call after the job queue started.
 * Returns a stop function for the reaper timer (the queue's own stop ends the worker).
 */
export async function startDataSourceWorkers(
  deps: WorkerDeps,
  options: { pollingIntervalSeconds?: number; reapIntervalMs?: number } = {},
) {
  const runtime = dataSourcesRuntime(deps);
  // Retries are ours (the reaper, on a stopped heartbeat), not pg-boss's: a failed parse is final.
  await deps.queue.defineQueue(INGEST_QUEUE, { retryLimit: 0, expireInSeconds: 60 * 60 });
  await deps.queue.work<IngestJobData>(
    INGEST_QUEUE,
    (job) => runIngestJob(runtime.ingestDeps, job.data.itemId, job.id),
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
  );
  const timer = setInterval(() => {
    reapStaleItems(runtime.reaperDeps).catch((error: unknown) =>
      deps.logger.error({ err: error }, 'data source reaper failed'),
    );
  }, options.reapIntervalMs ?? REAP_INTERVAL_MS);
  timer.unref();
  return {
    runtime,
    stop() {
      clearInterval(timer);
    },
  };
}
