import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { type AppDeps, createApp } from './app.ts';
import type { Config } from './config.ts';
import { printAdminSetupCode } from './features/accounts/admin-setup.ts';
import { startStaleAccountSweep } from './features/accounts/stale-accounts.ts';
import { createPreviewApp, disposeAppsRuntime } from './features/apps/apps.module.ts';
import { attachBase44Realtime } from './features/base44/realtime.ts';
import { startDataSourceWorkers } from './features/data-sources/data-sources.module.ts';
import { startRecordCountSweep } from './features/entities/record-counts.ts';
import { disposeFunctionsRuntime } from './features/functions/functions.module.ts';
import { createOfflineModel } from './features/offline-assistant/offline-model.ts';
import { createSecretBox } from './platform/crypto/secret-box.ts';
import { type Database, openDatabase } from './platform/db/database.ts';
import { runMigrations } from './platform/db/migrate.ts';
import { startPgliteMaintenance } from './platform/db/pglite-maintenance.ts';
import { createEventBus, type EventBus } from './platform/events/event-bus.ts';
import { SseHub } from './platform/events/sse.ts';
import { Drain } from './platform/http/drain.ts';
import { createJobQueue, type JobQueue } from './platform/jobs/job-queue.ts';
import { createLlm } from './platform/llm/index.ts';
import type { Logger } from './platform/logger.ts';

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly database: Database;
  readonly bus: EventBus;
  readonly queue: JobQueue;
  readonly drain: Drain;
  /** What the features were built from (tests reach the areas' services through it). */
  readonly deps: AppDeps;
  /**
   * Graceful stop: readiness answers 503 at once, live streams end, the listener keeps serving for
   * SHUTDOWN_DRAIN_DELAY_MS and until in-flight requests finish, job fetching stops and running
   * jobs finish or go back to the queue, then the database closes. Bounded by SHUTDOWN_TIMEOUT_MS.
   */
  close(): Promise<void>;
}

/** Opens the database, applies migrations, starts jobs and events, and listens. */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    statementTimeoutMs: config.statementTimeoutMs,
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
  const drain = new Drain();
  const secretBox = createSecretBox({ config: { dataDir: config.dataDir, secretsKey: config.secretsKey } });
  const llm = createLlm({ config, database, logger, secretBox, offlineModel: createOfflineModel });
  const deps: AppDeps = { config, logger, database, bus, queue, sse, llm, drain };
  const app = createApp(deps);
  const dataSourceWorkers = await startDataSourceWorkers({ config, logger, database, bus, queue });
  const stopPgliteMaintenance = startPgliteMaintenance(database, logger);
  const stopStaleAccountSweep = startStaleAccountSweep(database.db, logger);
  const stopRecordCountSweep = startRecordCountSweep(database, logger);

  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
    s.once('error', reject);
  });
  server.on('request', drain.track);
  const closeRealtime = attachBase44Realtime(server as HttpServer, deps);
  const port = (server.address() as AddressInfo).port;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  logger.info(
    { url, database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined },
    'listening',
  );
  await printAdminSetupCode(config, database, logger);
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
    await disposeFunctionsRuntime(deps);
    await disposeAppsRuntime(deps);
    throw error;
  }
  preview.on('request', drain.track);
  if (!config.preview.originConfigured) {
    const bound = new URL(config.preview.origin);
    bound.port = String((preview.address() as AddressInfo).port);
    config.preview.origin = bound.origin;
  }
  logger.info({ previewOrigin: config.preview.origin }, 'preview listening');
  // Refreshes model prices from the public model list in the background (never blocks start-up).
  llm.start();

  let closing: Promise<void> | undefined;
  const runningBus = bus;
  const runningQueue = queue;
  const close = () => {
    closing ??= (async () => {
      const started = Date.now();
      // 1. Readiness answers 503 from now on, and every answer closes its connection.
      drain.start();
      logger.info({ inFlight: drain.inFlight }, 'draining');
      // 2. Live streams end (their clients reconnect, through the load balancer, to another instance).
      sse.closeAll();
      closeRealtime();
      // 3. No new jobs are fetched; running ones get the same budget to finish, or go back to the queue.
      llm.stop();
      dataSourceWorkers.stop();
      const maintenanceStopped = Promise.all([
        stopPgliteMaintenance(),
        stopStaleAccountSweep(),
        stopRecordCountSweep(),
      ]);
      const jobsStopped = runningQueue.stop(config.shutdownTimeoutMs);
      // 4. In-flight requests finish; the listeners stay open meanwhile so late requests still get answers.
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), config.shutdownTimeoutMs);
      });
      // SHUTDOWN_DRAIN_DELAY_MS: keep serving (ready: 503) until load balancers' probes have noticed.
      if (config.shutdownDrainDelayMs > 0) {
        await Promise.race([
          new Promise((resolve) =>
            setTimeout(resolve, Math.min(config.shutdownDrainDelayMs, config.shutdownTimeoutMs)),
          ),
          timedOut,
        ]);
      }
      const idle = await Promise.race([drain.idle().then(() => 'idle' as const), timedOut]);
      const servers = [server, preview];
      const closed = Promise.all(
        servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))),
      );
      for (const s of servers) if ('closeIdleConnections' in s) s.closeIdleConnections();
      if (idle === 'timeout') {
        logger.warn({ inFlight: drain.inFlight }, 'shutdown timeout: closing remaining connections');
        for (const s of servers) if ('closeAllConnections' in s) s.closeAllConnections();
      }
      await Promise.race([closed, timedOut]);
      for (const s of servers) if ('closeAllConnections' in s) s.closeAllConnections();
      await closed;
      clearTimeout(timer);
      await jobsStopped;
      await maintenanceStopped;
      // 5. The function runner processes stop, then the apps area's (compiler, builds).
      await disposeFunctionsRuntime(deps);
      await disposeAppsRuntime(deps);
      await runningBus.close();
      await database.close();
      logger.info({ ms: Date.now() - started }, 'stopped');
    })();
    return closing;
  };

  return { url, port, database, bus: runningBus, queue: runningQueue, drain, deps, close };
}
