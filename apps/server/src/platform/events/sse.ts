import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { EventBus } from './event-bus.ts';

export const SSE_KEEPALIVE_MS = 15_000;

/** Tracks open SSE streams so a graceful shutdown can end them instead of waiting forever. */
export class SseHub {
  readonly #stops = new Set<() => void>();
  #closed = false;

  get size(): number {
    return this.#stops.size;
  }

  /** Registers a function that ends one stream; returns the function that unregisters it. */
  track(stop: () => void): () => void {
    // After closeAll (a draining server), a new stream ends at once: its client reconnects elsewhere.
    if (this.#closed) {
      stop();
      return () => false;
    }
    this.#stops.add(stop);
    return () => this.#stops.delete(stop);
  }

  /** Ends every open stream (their handlers clean up and the responses finish), and every later one. */
  closeAll(): void {
    this.#closed = true;
    for (const stop of this.#stops) stop();
    this.#stops.clear();
  }
}

export interface TopicStreamOptions<Data> {
  bus: EventBus;
  hub: SseHub;
  topic: string;
  /** The SSE `event:` name for each message. */
  eventName: string;
  /** Return undefined to skip an event this subscriber may not see. */
  map?: (data: Data) => unknown | undefined;
}

/** Answers with an SSE stream of the events on one topic, with keep-alive comments, until the client leaves. */
export function streamTopic<Data>(c: Context, options: TopicStreamOptions<Data>): Response {
  return streamSSE(c, async (stream) => {
    let stop!: () => void;
    const done = new Promise<void>((resolve) => {
      stop = resolve;
    });
    const untrack = options.hub.track(stop);
    stream.onAbort(stop);
    let nextId = 0;
    const queue: Promise<void>[] = [];
    const unsubscribe = options.bus.subscribe<Data>(options.topic, (event) => {
      const value = options.map ? options.map(event.data) : event.data;
      if (value === undefined) return;
      queue.push(
        stream.writeSSE({ event: options.eventName, data: JSON.stringify(value), id: String(nextId++) }),
      );
    });
    const keepAlive = setInterval(() => {
      void stream.write(': keep-alive\n\n').catch(() => {});
    }, SSE_KEEPALIVE_MS);
    await stream.write(': connected\n\n');
    await done;
    clearInterval(keepAlive);
    unsubscribe();
    untrack();
    await Promise.allSettled(queue);
  });
}
