import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseKind } from '@atelier/shared';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Logger } from '../logger.ts';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import { PgliteThread } from './pglite-thread.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface SqlResult<Row = Record<string, unknown>> {
  rows: Row[];
}

export interface QueryOptions {
  /** The prepared statement's name: one name per SQL text. */
  name?: string;
}

export type NotificationHandler = (payload: string) => void;

/**
 * Told when a LISTEN connection is lost (`up: false`: notifications may be missed from now on) and
 * when it listens again (`up: true`: whatever was sent in between was missed).
 */
export type ListenStateHandler = (up: boolean) => void;

/** Waits between attempts to re-open a lost LISTEN connection: 0.5 s doubling to 10 s. */
export const LISTEN_RETRY_MS = { first: 500, max: 10_000 } as const;

/**
 * One handle on the database, whichever engine is behind it. Features use `db` (Drizzle) through
 * their repos; the platform uses `query`/`exec` (pg-boss, migrations) and `listen`/`notify` (events).
 */
export interface Database {
  readonly kind: DatabaseKind;
  readonly db: Db;
  /**
   * One statement with parameters. `options.name` makes it a named prepared statement on PostgreSQL
   * (parsed and planned once per connection): for constant SQL on hot paths only.
   */
  query<Row = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<SqlResult<Row>>;
  /** Runs SQL that may hold several statements and takes no parameters. */
  exec(text: string): Promise<SqlResult>;
  /**
   * LISTENs on `channel` until the returned function is called. A lost connection (PostgreSQL) is
   * re-opened with back-off; `onState` hears when it went down and when it is back.
   */
  listen(
    channel: string,
    handler: NotificationHandler,
    onState?: ListenStateHandler,
  ): Promise<() => Promise<void>>;
  /** Runs `fn` while holding a session-level advisory lock (a no-op lock on single-writer PGlite). */
  withAdvisoryLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /**
   * One maintenance statement that may run long and outside a transaction (`create index
   * concurrently`): on PostgreSQL on a connection of its own, without the statement time limit.
   */
  maintenance(text: string): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  dataDir: string;
  /**
   * PGlite in memory or in a new data directory: start from this data-directory dump (the tests'
   * migrated template).
   */
  loadDataDir?: Blob | undefined;
  logger: Logger;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /**
   * PostgreSQL cancels any statement that runs longer (`statement_timeout` on every pooled
   * connection), so no request's query runs unbounded. PGlite runs in a worker thread; one
   * statement that keeps it busy for longer ends the thread, which starts again on the same data
   * directory (on disk only; see pglite-thread.ts). Either way the caller gets SQLSTATE 57014.
   */
  statementTimeoutMs?: number;
}

/** The default of DATABASE_STATEMENT_TIMEOUT_MS. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options);
}

async function openPglite(options: OpenDatabaseOptions): Promise<Database> {
  const inMemory = options.dataDir === 'memory://';
  let lock: DataDirLock | undefined;
  let pgDir: string | undefined;
  if (!inMemory) {
    lock = acquireDataDirLock(options.dataDir);
    pgDir = path.join(options.dataDir, 'pglite');
    fs.mkdirSync(pgDir, { recursive: true });
  }
  let thread: PgliteThread;
  try {
    // PGlite in a worker thread: a long statement never holds this thread's event loop, and one
    // past the time limit is stopped (see pglite-thread.ts).
    thread = await PgliteThread.open({
      dataDir: pgDir,
      loadDataDir: options.loadDataDir,
      statementTimeoutMs: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
      logger: options.logger,
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const client = thread.client;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  let closed = false;
  return {
    kind: 'pglite',
    db,
    async query<Row>(text: string, params?: unknown[]) {
      const result = await client.query<Row>(text, params);
      return { rows: result.rows };
    },
    async exec(text: string) {
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    async listen(channel, handler, onState) {
      const unlisten = await thread.listen(channel, handler, onState);
      return async () => {
        if (!closed) await unlisten();
      };
    },
    withAdvisoryLock: (_key, fn) => fn(),
    maintenance: (text: string) => thread.maintenance(text),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await thread.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    statement_timeout: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
  });
  pool.on('error', (error) => options.logger.error({ err: error }, 'idle PostgreSQL client error'));
  // Fail fast with a clear error when the server is unreachable.
  await pool.query('select 1');
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const listeners = new Set<pg.Client>();
  let closed = false;
  return {
    kind: 'postgres',
    db,
    async query<Row>(text: string, params?: unknown[], options?: QueryOptions) {
      const result = options?.name
        ? await pool.query({ name: options.name, text, values: params ?? [] })
        : await pool.query(text, params);
      return { rows: result.rows as Row[] };
    },
    async exec(text: string) {
      const result = (await pool.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: last?.rows ?? [] };
    },
    async listen(channel, handler, onState) {
      // LISTEN needs a dedicated connection that stays open for as long as we listen; when it is
      // lost (server restart, network, pg_terminate_backend) a new one is opened with back-off.
      let current: pg.Client | undefined;
      let stopped = false;
      let retryTimer: NodeJS.Timeout | undefined;
      const open = async () => {
        const client = new pg.Client({ connectionString: url });
        client.on('notification', (message) => {
          if (message.channel === channel) handler(message.payload ?? '');
        });
        // Until it listens, a failure surfaces as the rejection below (and its 'end' must not
        // start a second round of retries); only a listening connection's loss reconnects.
        client.on('error', () => {});
        try {
          await client.connect();
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } catch (error) {
          await client.end().catch(() => {});
          throw error;
        }
        let lost = false;
        const onLost = (error?: Error) => {
          if (lost || stopped || closed) return;
          lost = true;
          listeners.delete(client);
          client.end().catch(() => {});
          options.logger.error({ err: error, channel }, 'LISTEN connection lost; reconnecting');
          onState?.(false);
          retry(LISTEN_RETRY_MS.first);
        };
        client.on('error', onLost);
        client.on('end', () => onLost());
        listeners.add(client);
        current = client;
      };
      const retry = (waitMs: number) => {
        retryTimer = setTimeout(async () => {
          if (stopped || closed) return;
          try {
            await open();
            if (stopped || closed) {
              await current?.end().catch(() => {});
              return;
            }
            options.logger.info({ channel }, 'LISTEN connection re-opened');
            onState?.(true);
          } catch {
            retry(Math.min(waitMs * 2, LISTEN_RETRY_MS.max));
          }
        }, waitMs);
        retryTimer.unref();
      };
      await open();
      return async () => {
        stopped = true;
        clearTimeout(retryTimer);
        const client = current;
        if (!client || !listeners.delete(client)) return;
        await client.end().catch(() => {});
      };
    },
    async withAdvisoryLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    async maintenance(text: string) {
      // Its own connection (no pool slot held for minutes; no statement_timeout), ended on close.
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => {});
      listeners.add(client);
      try {
        await client.connect();
        await client.query(text);
      } finally {
        listeners.delete(client);
        await client.end().catch(() => {});
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...listeners].map((client) => client.end().catch(() => {})));
      listeners.clear();
      await pool.end();
    },
  };
}
