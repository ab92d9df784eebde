import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { EventBus } from './event-bus.ts';

export const SSE_KEEPALIVE_MS = 15_000;

/**
 * Live entity subscriptions one caller (an account, or a client address when signed out) may hold
 * open on an instance, streams and socket rooms together. Each change of the entity is read again
 * and sent for each subscription: 1,000 anonymous streams of one address held the event loop 6.5 s
 * for a bulk create of two 400 KB records.
 */
export const LIVE_SUBSCRIPTIONS_PER_CALLER = 50;

/** Whose live subscriptions a subscriber's count (`SseHub.claimLive`): their account, or their address when signed out. */
export const liveCaller = (userId: string | null, address: string): string =>
  userId !== null ? `account:${userId}` : `address:${address}`;

/** Tracks open SSE streams so a graceful shutdown can end them instead of waiting forever. */
export class SseHub {
  readonly #stops = new Set<() => void>();
  readonly #live = new Map<string, number>();
  #closed = false;

  /**
   * Takes one of `caller`'s LIVE_SUBSCRIPTIONS_PER_CALLER slots: the function that gives it back
   * (once), or undefined when the caller holds them all.
   */
  claimLive(caller: string): (() => void) | undefined {
    const held = this.#live.get(caller) ?? 0;
    if (held >= LIVE_SUBSCRIPTIONS_PER_CALLER) return undefined;
    this.#live.set(caller, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#live.get(caller) ?? 1) - 1;
      if (left <= 0) this.#live.delete(caller);
      else this.#live.set(caller, left);
    };
  }

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
