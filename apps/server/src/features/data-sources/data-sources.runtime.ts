import type { Config } from '../../config.ts';
import { defineArea } from '../../platform/areas.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { Database } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events/event-bus.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Logger } from '../../platform/logger.ts';
import { createSafeFetch } from '../../platform/net/index.ts';
import { createConnectionStore } from './connectors/connections.ts';
import { createConnectorAccess } from './connectors/connector-access.ts';
import { createOAuthFlow } from './connectors/oauth-flow.ts';
import { connectorOAuthProviders } from './connectors/oauth-providers.ts';
import { createDataSourcesRepo } from './data-sources.repo.ts';
import type { IngestDeps } from './pipeline/ingest-worker.ts';
import type { ReaperDeps } from './pipeline/reaper.ts';
import { createChunkIndex } from './retrieval/chunk-index.ts';
import { CRAWLER_USER_AGENT } from './web/crawl-site.ts';

export interface RuntimeDeps {
  config: Config;
  logger: Logger;
  database: Database;
  bus: EventBus;
  queue: JobQueue;
  /** Seals the builders' own connector tokens. */
  secretBox: SecretBox;
}

/** Largest web page read by the scraper. */
const MAX_PAGE_BYTES = 5 * 1024 * 1024;

/** The pieces of the data sources area: routes, workers and the chat's retrieval share one (createServices). */
export function createDataSourcesRuntime(deps: RuntimeDeps) {
  const repo = createDataSourcesRepo(deps.database);
  const index = createChunkIndex(deps.database);
  const safeFetch = createSafeFetch({
    allowLoopback: deps.config.dataSources.netAllowLoopback,
    timeoutMs: 15_000,
    maxBytes: MAX_PAGE_BYTES,
    userAgent: `${CRAWLER_USER_AGENT}/1.0`,
  });
  // The connectors' API calls go through the SSRF guard too: their base URLs are configurable, and a
  // Drive export may be as big as Drive allows (10 MB).
  const connectorFetch = createSafeFetch({
    allowLoopback: deps.config.dataSources.netAllowLoopback,
    timeoutMs: 30_000,
    maxBytes: 10 * 1024 * 1024,
    userAgent: `${CRAWLER_USER_AGENT}/1.0`,
  });
  // Builders' own connections (OAuth): tokens sealed with the secret box; the token calls go through
  // the SSRF guard too (the endpoints are configurable).
  const box = deps.secretBox;
  const connections = createConnectionStore({ database: deps.database, box });
  const providers = connectorOAuthProviders(deps.config.dataSources, deps.config.publicUrl, connectorFetch);
  const connectors = createConnectorAccess({
    config: deps.config.dataSources,
    providers,
    store: connections,
    fetch: connectorFetch,
  });
  const oauthFlow = createOAuthFlow({
    database: deps.database,
    box,
    store: connections,
    logger: deps.logger,
  });
  const ingestDeps: IngestDeps = { repo, index, bus: deps.bus, logger: deps.logger, safeFetch, connectors };
  const reaperDeps: ReaperDeps = { repo, index, queue: deps.queue, bus: deps.bus };
  return {
    repo,
    index,
    safeFetch,
    connectors,
    connections,
    oauthFlow,
    ingestDeps,
    reaperDeps,
    database: deps.database,
    queue: deps.queue,
    bus: deps.bus,
  };
}

export type DataSourcesRuntime = ReturnType<typeof createDataSourcesRuntime>;

/** The data sources area (built once by createServices). */
export const dataSourcesRuntime = defineArea<DataSourcesRuntime>('data sources');
