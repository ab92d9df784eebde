// The embedded PGlite database in a worker thread (see pglite-thread.ts, which starts it and
// speaks this protocol). PGlite runs each statement synchronously, so here a long statement blocks
// only this thread: the server's event loop keeps answering, and can end this thread.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';

export interface PgliteWorkerData {
  /** A directory on disk, or undefined for an in-memory database. */
  dataDir?: string | undefined;
  /** A data-directory dump to start from (the tests' migrated template): in memory, or a new directory. */
  loadDataDir?: ArrayBuffer | undefined;
  /** `heartbeat[0]` holds the time (ms) this thread's event loop last turned. */
  heartbeat: SharedArrayBuffer;
  /** PGlite's compiled WebAssembly, shared by the server's thread (undefined: compile here). */
  pgliteWasmModule?: WebAssembly.Module | undefined;
}

/** One request of the server's thread; `id` pairs it with its answer. */
export type PgliteRequest =
  | {
      t: 'query';
      id: number;
      tx?: number | undefined;
      sql: string;
      params?: unknown[] | undefined;
      rowMode?: 'array' | 'object' | undefined;
      /** Type OIDs whose values stay the text PostgreSQL sent (Drizzle's parsers for dates). */
      rawTypes?: number[] | undefined;
    }
  | { t: 'exec'; id: number; tx?: number | undefined; sql: string }
  /** Opens a transaction; its answer is the id that later requests name as `tx`. */
  | { t: 'begin'; id: number }
  | { t: 'end'; id: number; tx: number; commit: boolean }
  | { t: 'listen'; id: number; channel: string }
  | { t: 'unlisten'; id: number; channel: string }
  | { t: 'close'; id: number };

/** A database error's own fields (code, detail, constraint …) survive the trip; `message` too. */
export interface SerializedError {
  message: string;
  fields: Record<string, unknown>;
}

export type PgliteMessage =
  | { t: 'ready' }
  | { t: 'failed'; error: SerializedError }
  | { t: 'result'; id: number; ok: true; value: unknown }
  | { t: 'result'; id: number; ok: false; error: SerializedError }
  | { t: 'notify'; channel: string; payload: string };

export const HEARTBEAT_MS = 100;

function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { message: error.message, fields };
}

const identity = (value: string) => value;
const ROLLBACK = Symbol('rollback');

async function main() {
  const port = parentPort;
  if (!port) throw new Error('pglite-worker runs as a worker thread');
  const data = workerData as PgliteWorkerData;
  const heartbeat = new Float64Array(data.heartbeat);
  heartbeat[0] = Date.now();
  setInterval(() => {
    heartbeat[0] = Date.now();
  }, HEARTBEAT_MS);
  const post = (message: PgliteMessage) => port.postMessage(message);

  let client: PGlite;
  const compiled = {
    ...(data.pgliteWasmModule ? { pgliteWasmModule: data.pgliteWasmModule } : {}),
    ...(data.loadDataDir ? { loadDataDir: new Blob([data.loadDataDir]) } : {}),
  };
  try {
    client = data.dataDir
      ? // Durable commits (the default, stated so nobody flips it): a query answers only after its
        // changes reached the data directory, so an acknowledged write survives kill -9.
        await PGlite.create(data.dataDir, { ...compiled, relaxedDurability: false })
      : await PGlite.create(compiled);
  } catch (error) {
    post({ t: 'failed', error: serializeError(error) });
    return;
  }

  const transactions = new Map<
    number,
    { tx: Transaction; end: (commit: boolean) => void; done: Promise<unknown> }
  >();
  const unlisteners = new Map<string, () => Promise<void>>();
  const on = (tx: number | undefined): Pick<Transaction, 'query' | 'exec'> => {
    if (tx === undefined) return client;
    const open = transactions.get(tx);
    if (!open) throw new Error('Transaction is closed');
    return open.tx;
  };

  const handle = async (request: PgliteRequest): Promise<unknown> => {
    switch (request.t) {
      case 'query': {
        const parsers = Object.fromEntries((request.rawTypes ?? []).map((oid) => [oid, identity]));
        const result = await on(request.tx).query(request.sql, request.params, {
          rowMode: request.rowMode ?? 'object',
          parsers,
        });
        return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
      }
      case 'exec': {
        const results = await on(request.tx).exec(request.sql);
        return results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
      }
      case 'begin':
        return new Promise<number>((resolve, reject) => {
          let end: (commit: boolean) => void = () => {};
          const ended = new Promise<boolean>((r) => {
            end = r;
          });
          // Settles with the error COMMIT (or the work) ended in; a rollback asked for is none.
          const done: Promise<unknown> = client
            .transaction(async (tx) => {
              transactions.set(request.id, { tx, end, done });
              resolve(request.id);
              const commit = await ended;
              transactions.delete(request.id);
              if (!commit) throw ROLLBACK;
            })
            .then(
              () => undefined,
              (error: unknown) => {
                transactions.delete(request.id);
                // BEGIN itself failed: the opener hears it (once resolved, this call does nothing).
                reject(error);
                return error === ROLLBACK ? undefined : error;
              },
            );
        });
      case 'end': {
        const open = transactions.get(request.tx);
        if (!open) throw new Error('Transaction is closed');
        open.end(request.commit);
        const error = await open.done;
        if (error) throw error;
        return null;
      }
      case 'listen': {
        if (!unlisteners.has(request.channel)) {
          const unlisten = await client.listen(request.channel, (payload) =>
            post({ t: 'notify', channel: request.channel, payload }),
          );
          unlisteners.set(request.channel, unlisten);
        }
        return null;
      }
      case 'unlisten': {
        const unlisten = unlisteners.get(request.channel);
        unlisteners.delete(request.channel);
        await unlisten?.();
        return null;
      }
      case 'close':
        await client.close();
        return null;
    }
  };

  port.on('message', (request: PgliteRequest) => {
    // The time limit counts from here (the interval's last beat may be older than this request).
    heartbeat[0] = Date.now();
    handle(request).then(
      (value) => {
        post({ t: 'result', id: request.id, ok: true, value });
        if (request.t === 'close') process.exit(0);
      },
      (error: unknown) => post({ t: 'result', id: request.id, ok: false, error: serializeError(error) }),
    );
  });
  heartbeat[0] = Date.now();
  post({ t: 'ready' });
}

void main();
