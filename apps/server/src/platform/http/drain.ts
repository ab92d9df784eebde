import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The drain of a graceful shutdown. Once `start()` is called, `GET /api/ready` answers 503 (a load
 * balancer stops sending), every answer closes its connection (keep-alive clients reconnect to
 * another instance), and `idle()` resolves when the requests already in flight have finished.
 */
export class Drain {
  #draining = false;
  readonly #open = new Set<ServerResponse>();
  readonly #idleWaiters = new Set<() => void>();

  get draining(): boolean {
    return this.#draining;
  }

  /** Requests whose answer has not finished yet (live streams included). */
  get inFlight(): number {
    return this.#open.size;
  }

  start(): void {
    if (this.#draining) return;
    this.#draining = true;
    for (const res of this.#open) closeAfter(res);
    this.#checkIdle();
  }

  /** A node:http `request` listener: counts the request until its answer is finished or aborted. */
  readonly track = (_req: IncomingMessage, res: ServerResponse): void => {
    this.#open.add(res);
    if (this.#draining) closeAfter(res);
    res.once('close', () => {
      this.#open.delete(res);
      this.#checkIdle();
    });
  };

  /** Resolves once no request is in flight (at once when none is). */
  idle(): Promise<void> {
    if (this.#open.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.add(resolve));
  }

  #checkIdle(): void {
    if (this.#open.size > 0) return;
    for (const resolve of this.#idleWaiters) resolve();
    this.#idleWaiters.clear();
  }
}

function closeAfter(res: ServerResponse): void {
  if (!res.headersSent) res.setHeader('connection', 'close');
}
