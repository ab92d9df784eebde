import {
  type ContextItemEvent,
  type ContextItemProgress,
  chunkText,
  DATA_SOURCE_MESSAGES,
  limitsFor,
  maxDataItemsMessage,
} from '@atelier/shared';
import type { EventBus } from '../../../platform/events/event-bus.ts';
import type { Logger } from '../../../platform/logger.ts';
import { findSafeFetchError, type SafeFetch } from '../../../platform/net/index.ts';
import { ConnectorError } from '../connectors/connector.ts';
import type { ConnectorAccess } from '../connectors/connector-access.ts';
import type { ContextItemRow, DataSourcesRepo } from '../data-sources.repo.ts';
import { ParseError } from '../parsing/parse-error.ts';
import { parseFileIsolated } from '../parsing/parse-isolated.ts';
import type { ParsedDocument } from '../parsing/parsed-document.ts';
import type { ChunkIndex } from '../retrieval/chunk-index.ts';
import { CrawlError, crawlSite } from '../web/crawl-site.ts';
import { type IngestOptions, itemsTopic } from './item-options.ts';

/** How often a running job refreshes its heartbeat. */
export const HEARTBEAT_MS = 5_000;

export interface IngestDeps {
  repo: DataSourcesRepo;
  index: ChunkIndex;
  bus: EventBus;
  logger: Logger;
  safeFetch: SafeFetch;
  connectors: ConnectorAccess;
  heartbeatMs?: number;
}

/** A failure whose message is shown to the builder as the item's error reason. */
class IngestFailure extends Error {}

/**
 * Runs one ingestion: claim the pending item (pending → running, attempts + 1), check the plan's
 * data-item limit, parse / fetch, chunk (1000/200) and index, then settle it as synced, error or
 * usage_limit_reached with the reason. A heartbeat runs all along; progress is published on the
 * app's topic. Errors are settled here (not rethrown): a job is retried only when its worker dies,
 * which the reaper detects from the stopped heartbeat.
 */
export async function runIngestJob(deps: IngestDeps, itemId: string, runId: string): Promise<void> {
  const item = await deps.repo.claim(itemId, runId);
  if (!item) return;
  const progress: ContextItemProgress = { stage: 'parsing', pagesDone: 0, pagesTotal: null, chunks: 0 };
  const publish = (status: ContextItemEvent['status'], statusReason: string | null = null) =>
    deps.bus
      .publish(itemsTopic(item.appId), { itemId, status, statusReason, progress } satisfies ContextItemEvent)
      .catch((error: unknown) => deps.logger.warn({ err: error, itemId }, 'could not publish item progress'));
  const heartbeat = setInterval(() => {
    void deps.repo.beat(itemId, runId, progress).catch(() => {});
  }, deps.heartbeatMs ?? HEARTBEAT_MS);
  try {
    await publish('running');
    const plan = (await deps.repo.unscopedAppPlan(item.appId)) ?? 'lite';
    const limit = limitsFor(plan).dataItems;
    if ((await deps.repo.countItemsBefore(item)) >= limit) {
      await settle(deps, item, runId, {
        status: 'usage_limit_reached',
        statusReason: maxDataItemsMessage(limit),
      });
      await publish('usage_limit_reached', maxDataItemsMessage(limit));
      return;
    }
    const report = async () => {
      await deps.repo.beat(itemId, runId, progress);
      await publish('running');
    };
    const { documents, size } = await produceDocuments(deps, item, progress, report);
    progress.stage = 'chunking';
    await deps.index.deleteChunks(itemId);
    // Every document's passages go in together: insertChunks writes them in batches of multi-row
    // statements (a CSV row per document used to cost two statements per row).
    const pieces = documents.flatMap((doc) =>
      chunkText(doc.text).map((chunk) => ({ locator: doc.locator, text: chunk.text })),
    );
    progress.stage = 'indexing';
    const chunks = await deps.index.insertChunks(item.appId, itemId, 0, pieces);
    progress.chunks = chunks;
    await report();
    if (chunks === 0) throw new IngestFailure('No text was found in this source');
    progress.stage = 'done';
    const settled = await deps.repo.settle(itemId, runId, {
      status: 'synced',
      statusReason: null,
      size,
      itemCount: documents.length,
      chunkCount: chunks,
      progress,
      lastSyncedAt: new Date(),
    });
    if (settled) {
      await deps.repo.deleteUpload(itemId);
      await publish('synced');
    }
  } catch (error) {
    // Deleted while it ran (replaced by a new upload, or removed): nothing is left to report on — its
    // passages could not be written (their item is gone) and its status has no row.
    if (!(await itemStillThere(deps, itemId))) return;
    const reason = reasonOf(error);
    if (reason === undefined) deps.logger.error({ err: error, itemId }, 'data source ingestion failed');
    const message = reason ?? 'Processing failed, try again later';
    await settle(deps, item, runId, { status: 'error', statusReason: message });
    await publish('error', message);
  } finally {
    clearInterval(heartbeat);
  }
}

async function itemStillThere(deps: IngestDeps, itemId: string): Promise<boolean> {
  try {
    return (await deps.repo.unscopedFindItem(itemId)) !== undefined;
  } catch {
    return true;
  }
}

async function settle(
  deps: IngestDeps,
  item: ContextItemRow,
  runId: string,
  values: { status: 'error' | 'usage_limit_reached'; statusReason: string },
) {
  await deps.index.deleteChunks(item.id);
  await deps.repo.settle(item.id, runId, { ...values, chunkCount: 0 });
}

async function produceDocuments(
  deps: IngestDeps,
  item: ContextItemRow,
  progress: ContextItemProgress,
  report: () => Promise<void>,
): Promise<{ documents: ParsedDocument[]; size: number }> {
  const options = item.options as IngestOptions;
  switch (options.kind) {
    case 'upload': {
      const bytes = await deps.repo.readUpload(item.id);
      if (!bytes) throw new IngestFailure('The uploaded file is no longer available; upload it again');
      const documents = await parseFileIsolated(options.fileKind, bytes, {
        onPage: async (done, total) => {
          progress.pagesDone = done;
          progress.pagesTotal = total;
          if (done === total || done % 10 === 0) await report();
        },
      });
      return { documents, size: bytes.byteLength };
    }
    case 'web': {
      progress.stage = 'fetching';
      progress.pagesTotal = options.maxPages;
      const pages = await crawlSite({
        startUrl: options.url,
        depth: options.depth,
        maxPages: options.maxPages,
        fetch: deps.safeFetch,
        onPage: async (_page, done) => {
          progress.pagesDone = done;
          await report();
        },
      });
      progress.pagesTotal = pages.length;
      const documents = pages.map((page) => ({
        locator: page.url,
        text: page.title ? `${page.title}\n\n${page.text}` : page.text,
      }));
      return { documents, size: pages.reduce((sum, page) => sum + page.bytes, 0) };
    }
    case 'connector': {
      // The app owner's own connection, else the server's token, else a ConnectorError saying what to do.
      const owner = await deps.repo.unscopedAppOwner(item.appId);
      if (!owner) throw new IngestFailure(DATA_SOURCE_MESSAGES.itemNotFound);
      const connector = await deps.connectors.forOwner(options.provider, owner);
      progress.stage = 'fetching';
      const fetched = await connector.fetchDocument(options.providerItemId);
      return { documents: fetched.documents, size: fetched.size };
    }
  }
}

function reasonOf(error: unknown): string | undefined {
  if (
    error instanceof IngestFailure ||
    error instanceof ParseError ||
    error instanceof CrawlError ||
    error instanceof ConnectorError
  ) {
    return error.message;
  }
  return findSafeFetchError(error)?.message;
}
