import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { workerEntry } from '../child-entry.ts';
import type { Logger } from '../logger.ts';
import type { ListenStateHandler, NotificationHandler } from './database.ts';
import type { PgliteMessage, PgliteRequest, PgliteWorkerData, SerializedError } from './pglite-worker.ts';

/** Distributes `Omit` over a union (each request without its `id`). */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

export interface PgliteThreadOptions {
  /** A directory on disk, or undefined for an in-memory database. */
  dataDir?: string | undefined;
  /** A data-directory dump to start from (in memory, or in a new directory). */
  loadDataDir?: Blob | undefined;
  /**
   * On disk: when one statement keeps the database's thread busy for longer, the thread is ended
   * and started again on the same directory (PostgreSQL's crash recovery rolls back what was not
   * committed; committed writes were already durable). Requests that were waiting fail with
   * SQLSTATE 57014, as PostgreSQL's `statement_timeout` does. Not for in-memory databases (a new
   * thread would start empty): there only `close` is bounded by it.
   */
  statementTimeoutMs: number;
  logger: Logger;
}

/** SQLSTATE query_canceled, the code PostgreSQL gives a statement stopped by its time limit. */
const QUERY_CANCELED = '57014';

function toError(serialized: SerializedError): Error {
  return Object.assign(new Error(serialized.message), serialized.fields);
}

function canceled(message: string): Error {
  return Object.assign(new Error(message), { code: QUERY_CANCELED });
}

let compiledWasm: Promise<WebAssembly.Module | undefined> | undefined;

/**
 * PGlite's WebAssembly module, compiled once per process and handed to each thread (a thread would
 * otherwise compile its own: a second or more per start, on a loaded machine).
 */
function pgliteWasm(): Promise<WebAssembly.Module | undefined> {
  compiledWasm ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const file = path.join(dist, 'pglite.wasm');
    // (The server's TypeScript libraries declare WebAssembly's types, not its global.)
    const { WebAssembly: wasm } = globalThis as unknown as {
      WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> };
    };
    return fs.existsSync(file) ? wasm.compile(await fs.promises.readFile(file)) : undefined;
  })().catch(() => undefined);
  return compiledWasm;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Running {
  worker: Worker;
  /** Set when this side ends the thread (a restart or close), so its exit is not a crash. */
  ending: boolean;
  heartbeat: Float64Array;
  pending: Map<number, Pending>;
}

/** The transaction object Drizzle's PGlite driver uses (`query` and `exec` only). */
interface ThreadTransaction {
  query: PGlite['query'];
  exec: PGlite['exec'];
}

/**
 * PGlite in a worker thread (pglite-worker.ts), so no statement, however long, holds the server's
 * event loop: `/api/health` and every other tenant's request keep being answered, SIGTERM is
 * handled, and a statement past `statementTimeoutMs` is stopped. `client` is what Drizzle's PGlite
 * driver and migrator need of a PGlite (`query`, `exec`, `transaction`); each call is one message
 * to the thread, where PGlite's own locks order queries and transactions as they would in process.
 */
export class PgliteThread {
  private running: Promise<Running>;
  private nextId = 1;
  private closing = false;
  private startedOnce = false;
  /** Maintenance statements in flight (they may run long: the watchdog leaves them be). */
  private maintenanceCount = 0;
  private readonly channels = new Map<
    string,
    { handlers: Set<NotificationHandler>; states: Set<ListenStateHandler> }
  >();
  private readonly watchdog: NodeJS.Timeout | undefined;

  private constructor(private readonly options: PgliteThreadOptions) {
    this.running = this.start();
    if (options.dataDir) {
      const every = Math.max(50, Math.min(1000, Math.floor(options.statementTimeoutMs / 4)));
      this.watchdog = setInterval(() => void this.check(), every);
      this.watchdog.unref();
    }
  }

  static async open(options: PgliteThreadOptions): Promise<PgliteThread> {
    const thread = new PgliteThread(options);
    try {
      await thread.running;
    } catch (error) {
      thread.closing = true;
      clearInterval(thread.watchdog);
      throw error;
    }
    return thread;
  }

  private async start(): Promise<Running> {
    const heartbeatBuffer = new SharedArrayBuffer(8);
    const heartbeat = new Float64Array(heartbeatBuffer);
    heartbeat[0] = Date.now();
    // A directory on disk is loaded once; a restart opens what it holds by then.
    const dump = this.options.dataDir && this.startedOnce ? undefined : this.options.loadDataDir;
    this.startedOnce = true;
    const loadDataDir = dump ? await dump.arrayBuffer() : undefined;
    const entry = workerEntry(import.meta.url, './pglite-worker.ts', './pglite-worker.js');
    const worker = new Worker(entry, {
      workerData: {
        dataDir: this.options.dataDir,
        loadDataDir,
        heartbeat: heartbeatBuffer,
        pgliteWasmModule: await pgliteWasm(),
      } satisfies PgliteWorkerData,
      transferList: loadDataDir ? [loadDataDir] : [],
    });
    const running: Running = { worker, ending: false, heartbeat, pending: new Map() };
    return new Promise<Running>((resolve, reject) => {
      let ready = false;
      worker.on('message', (message: PgliteMessage) => {
        if (message.t === 'ready') {
          ready = true;
          worker.unref();
          resolve(running);
        } else if (message.t === 'failed') {
          reject(toError(message.error));
          void worker.terminate();
        } else if (message.t === 'notify') {
          for (const handler of this.channels.get(message.channel)?.handlers ?? []) handler(message.payload);
        } else {
          const waiting = running.pending.get(message.id);
          if (!waiting) return;
          running.pending.delete(message.id);
          if (running.pending.size === 0) worker.unref();
          if (message.ok) waiting.resolve(message.value);
          else waiting.reject(toError(message.error));
        }
      });
      worker.on('error', (error) => {
        if (!ready) reject(error);
        else this.options.logger.error({ err: error }, 'PGlite thread failed');
      });
      worker.on('exit', (code) => {
        if (!ready) reject(new Error('The database thread ended while starting'));
        const lost = [...running.pending.values()];
        running.pending.clear();
        for (const waiting of lost) waiting.reject(canceled('The database stopped this statement'));
        if (ready && !running.ending && !this.closing) {
          this.options.logger.error({ code }, 'the PGlite database thread ended; starting it again');
          void this.restart(running);
        }
      });
    });
  }

  private async call<T>(request: WithoutId<PgliteRequest>): Promise<T> {
    const running = await this.running;
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      running.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      running.worker.ref();
      running.worker.postMessage({ ...request, id } as PgliteRequest);
    });
  }

  /** Ends a thread stuck in one statement for longer than the limit, and starts a new one. */
  private async check() {
    if (this.closing || this.maintenanceCount > 0) return;
    const current = this.running;
    // A thread that could not start again has logged why; its callers get that error.
    const running = await current.catch(() => undefined);
    if (!running) return;
    if (current !== this.running || running.pending.size === 0) return;
    const stuckMs = Date.now() - (running.heartbeat[0] ?? 0);
    if (stuckMs <= this.options.statementTimeoutMs) return;
    this.options.logger.warn(
      { stuckMs },
      'a PGlite statement ran past its time limit; restarting the database thread',
    );
    await this.restart(running, canceled('canceling statement due to statement timeout'));
  }

  /** Ends `running` (if it still runs) and starts a new thread; listeners hear down, then up. */
  private async restart(running: Running, reason?: Error) {
    if (this.options.dataDir === undefined) return;
    running.ending = true;
    const lost = [...running.pending.values()];
    running.pending.clear();
    const restarted = running.worker.terminate().then(() => this.start());
    this.running = restarted;
    for (const waiting of lost) waiting.reject(reason ?? canceled('The database stopped this statement'));
    const states = [...this.channels.values()].flatMap((channel) => [...channel.states]);
    for (const state of states) state(false);
    try {
      await restarted;
      await Promise.all([...this.channels.keys()].map((channel) => this.call({ t: 'listen', channel })));
      for (const state of states) state(true);
    } catch (error) {
      this.options.logger.error({ err: error }, 'the PGlite database thread could not start again');
    }
  }

  private readonly query = async <Row>(
    sql: string,
    params?: unknown[],
    options?: Parameters<PGlite['query']>[2],
    tx?: number,
  ) =>
    this.call<Awaited<ReturnType<PGlite['query']>>>({
      t: 'query',
      tx,
      sql,
      params,
      rowMode: options?.rowMode,
      // Drizzle's parsers keep dates and intervals as PostgreSQL's text; functions cannot cross
      // threads, so the thread keeps those types' text for the OIDs named here.
      rawTypes: Object.keys(options?.parsers ?? {}).map(Number),
    }) as Promise<Awaited<ReturnType<typeof PGlite.prototype.query<Row>>>>;

  private readonly exec = (sql: string, tx?: number) =>
    this.call<Awaited<ReturnType<PGlite['exec']>>>({ t: 'exec', tx, sql });

  /** What Drizzle's PGlite driver and migrator call on a PGlite client. */
  readonly client = {
    query: (sql: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) =>
      this.query(sql, params, options),
    exec: (sql: string) => this.exec(sql),
    transaction: async <T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> => {
      const tx = await this.call<number>({ t: 'begin' });
      const handle: ThreadTransaction = {
        query: ((sql: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) =>
          this.query(sql, params, options, tx)) as PGlite['query'],
        exec: ((sql: string) => this.exec(sql, tx)) as PGlite['exec'],
      };
      let result: T;
      try {
        result = await callback(handle);
      } catch (error) {
        await this.call({ t: 'end', tx, commit: false }).catch(() => {});
        throw error;
      }
      await this.call({ t: 'end', tx, commit: true });
      return result;
    },
  } as unknown as PGlite;

  async maintenance(sql: string): Promise<void> {
    this.maintenanceCount++;
    try {
      await this.exec(sql);
    } finally {
      this.maintenanceCount--;
    }
  }

  async listen(channel: string, handler: NotificationHandler, onState?: ListenStateHandler) {
    let entry = this.channels.get(channel);
    if (!entry) {
      entry = { handlers: new Set(), states: new Set() };
      this.channels.set(channel, entry);
      await this.call({ t: 'listen', channel });
    }
    entry.handlers.add(handler);
    if (onState) entry.states.add(onState);
    return async () => {
      const current = this.channels.get(channel);
      if (!current) return;
      current.handlers.delete(handler);
      if (onState) current.states.delete(onState);
      if (current.handlers.size > 0 || this.closing) return;
      this.channels.delete(channel);
      await this.call({ t: 'unlisten', channel });
    };
  }

  /**
   * Closes the database once the statement running now ends (PGlite checkpoints on close); past
   * the statement time limit the thread is ended instead, which loses no committed write.
   */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    clearInterval(this.watchdog);
    const running = await this.running.catch(() => undefined);
    if (!running) return;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.options.statementTimeoutMs);
    });
    await Promise.race([this.call({ t: 'close' }).catch(() => {}), timedOut]);
    clearTimeout(timer);
    running.ending = true;
    await running.worker.terminate();
  }
}
