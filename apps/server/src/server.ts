import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { type AppDeps, createApp } from './app.ts';
import type { Config } from './config.ts';
import { createPreviewApp, disposeAppsRuntime } from './features/apps/apps.module.ts';
import { startDataSourceWorkers } from './features/data-sources/data-sources.module.ts';
import { createSecretBox } from './platform/crypto/secret-box.ts';
import { type Database, openDatabase } from './platform/db/database.ts';
import { runMigrations } from './platform/db/migrate.ts';
import { createEventBus, type EventBus } from './platform/events/event-bus.ts';
import { SseHub } from './platform/events/sse.ts';
import { createJobQueue, type JobQueue } from './platform/jobs/job-queue.ts';
import { createLlm } from './platform/llm/index.ts';
import type { Logger } from './platform/logger.ts';

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly database: Database;
  readonly bus: EventBus;
  readonly queue: JobQueue;
  /** Graceful stop: stop accepting, end live streams, drain requests, stop jobs, close the database. */
  close(): Promise<void>;
}

/** Opens the database, applies migrations, starts jobs and events, and listens. */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    logger,
  });
  let bus: EventBus | undefined;
  let queue: JobQueue | undefined;
  try {
    await runMigrations(database);
    bus = createEventBus(database, logger);
    await bus.start();
    queue = createJobQueue(database, logger);
    await queue.start();
  } catch (error) {
    await queue?.stop(0).catch(() => {});
    await bus?.close().catch(() => {});
    await database.close();
    throw error;
  }
  const sse = new SseHub();
  const secretBox = createSecretBox({ config: { dataDir: config.dataDir, secretsKey: config.secretsKey } });
  const llm = createLlm({ config, database, logger, secretBox });
  const deps: AppDeps = { config, logger, database, bus, queue, sse, llm };
  const app = createApp(deps);
  const dataSourceWorkers = await startDataSourceWorkers({ config, logger, database, bus, queue });

  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
    s.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  logger.info(
    { url, database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined },
    'listening',
  );
  // The preview origin: a second listener that serves only compiled app documents (features/preview).
  let preview: ServerType;
  try {
    preview = await new Promise<ServerType>((resolve, reject) => {
      const s = serve(
        { fetch: createPreviewApp(deps).fetch, port: config.preview.port, hostname: config.host },
        () => resolve(s),
      );
      s.once('error', reject);
    });
  } catch (error) {
    server.close();
    await disposeAppsRuntime(deps);
    throw error;
  }
  if (!config.preview.originConfigured) {
    config.preview.origin = `http://localhost:${(preview.address() as AddressInfo).port}`;
  }
  logger.info({ previewOrigin: config.preview.origin }, 'preview listening');
  // Refreshes model prices from the public model list in the background (never blocks start-up).
  llm.start();

  let closing: Promise<void> | undefined;
  const runningBus = bus;
  const runningQueue = queue;
  const close = () => {
    closing ??= (async () => {
      const drained = Promise.all(
        [server, preview].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))),
      );
      sse.closeAll();
      for (const s of [server, preview]) if ('closeIdleConnections' in s) s.closeIdleConnections();
      const timer = setTimeout(() => {
        logger.warn('shutdown timeout: closing remaining connections');
        for (const s of [server, preview]) if ('closeAllConnections' in s) s.closeAllConnections();
      }, config.shutdownTimeoutMs);
      await drained;
      clearTimeout(timer);
      await disposeAppsRuntime(deps);
      llm.stop();
      dataSourceWorkers.stop();
      await runningQueue.stop(config.shutdownTimeoutMs);
      await runningBus.close();
      await database.close();
      logger.info('stopped');
    })();
    return closing;
  };

  return { url, port, database, bus: runningBus, queue: runningQueue, close };
}
