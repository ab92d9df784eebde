import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import type { AppDeps } from './app.ts';
import type { Config } from './config.ts';
import { printAdminSetupCode } from './features/accounts/admin-setup.ts';
import { createPreviewApp } from './features/apps/apps.module.ts';
import { attachBase44Realtime } from './features/base44/realtime.ts';
import type { Database } from './platform/db/database.ts';
import type { EventBus } from './platform/events/event-bus.ts';
import type { Drain } from './platform/http/drain.ts';
import type { JobQueue } from './platform/jobs/job-queue.ts';
import type { Logger } from './platform/logger.ts';
import { createServices } from './services.ts';

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

/** Assembles the services (createServices), starts their background work, and listens. */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const services = await createServices(config, { logger });
  const { deps, app } = services;
  const { database, bus, queue, sse, drain } = deps;
  let server: ServerType | undefined;
  let preview: ServerType | undefined;
  let closeRealtime = () => {};
  try {
    await services.start();
    server = await listen(app.fetch, config.port, config.host);
    server.on('request', drain.track);
    closeRealtime = attachBase44Realtime(server as HttpServer, deps);
    logger.info(
      {
        url: urlOf(config, server),
        database: database.kind,
        dataDir: database.kind === 'pglite' ? config.dataDir : undefined,
      },
      'listening',
    );
    await printAdminSetupCode(config, database, logger);
    // The preview origin: a second listener that serves only compiled app documents (features/preview).
    preview = await listen(createPreviewApp(deps).fetch, config.preview.port, config.host);
  } catch (error) {
    closeRealtime();
    server?.close();
    await services.close(0);
    throw error;
  }
  preview.on('request', drain.track);
  if (!config.preview.originConfigured) {
    const bound = new URL(config.preview.origin);
    bound.port = String((preview.address() as AddressInfo).port);
    config.preview.origin = bound.origin;
  }
  logger.info({ previewOrigin: config.preview.origin }, 'preview listening');
  const servers = [server, preview];

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      const started = Date.now();
      // 1. Readiness answers 503 from now on, and every answer closes its connection.
      drain.start();
      logger.info({ inFlight: drain.inFlight }, 'draining');
      // 2. Live streams end (their clients reconnect, through the load balancer, to another instance).
      sse.closeAll();
      closeRealtime();
      // 3. No new jobs are fetched, the timers end; running jobs get the same budget to finish, or go
      //    back to the queue.
      const backgroundStopped = services.stop(config.shutdownTimeoutMs);
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
      await backgroundStopped;
      // 5. The function runner processes stop, then the apps area's (compiler, builds), the event bus,
      //    and the database (createServices' close).
      await services.close();
      logger.info({ ms: Date.now() - started }, 'stopped');
    })();
    return closing;
  };

  const port = (server.address() as AddressInfo).port;
  return { url: urlOf(config, server), port, database, bus, queue, drain, deps, close };
}

/** Listens for `fetch` on a port (0: any free one). */
function listen(fetch: (request: Request) => Response | Promise<Response>, port: number, hostname: string) {
  return new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch, port, hostname }, () => resolve(s));
    s.once('error', reject);
  });
}

function urlOf(config: Config, server: ServerType): string {
  const { port } = server.address() as AddressInfo;
  return `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
}
