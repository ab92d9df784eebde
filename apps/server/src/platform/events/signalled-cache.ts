import type { EventBus } from './event-bus.ts';

export interface SignalledCacheOptions {
  /**
   * How long a value is reused without a signal. Signals drop values at once; this only bounds how
   * stale a value can get should a signal be lost without the bus noticing (a silent network).
   */
  ttlMs: number;
  /** Most values kept; the oldest goes first. */
  maxEntries: number;
}

/**
 * An in-memory cache of rows that change only together with a signal on the event bus (a trigger's
 * NOTIFY, seen by every instance): the owner calls `forget` when a signal names a value. It serves
 * from memory only while the bus is listening (a lost LISTEN connection empties it and it reads
 * through until the bus listens again), and a read that overlapped a signal is answered but not
 * kept, so a value read before a change is never cached after it.
 */
export class SignalledCache<K, V> {
  readonly #entries = new Map<K, { value: V; at: number }>();
  /** Bumped by every `forget`: a read that started before it does not fill the cache. */
  #generation = 0;

  constructor(
    private readonly bus: Pick<EventBus, 'isListening' | 'onListenState'>,
    private readonly options: SignalledCacheOptions,
  ) {
    bus.onListenState(() => this.forget());
  }

  /**
   * The value of `key`: from memory, or else from `read` (kept when it is neither null nor
   * undefined). `fresh` always reads (and keeps the newer value).
   */
  async load(key: K, read: () => Promise<V | undefined>, fresh = false): Promise<V | undefined> {
    const listening = this.bus.isListening();
    if (!fresh && listening) {
      const hit = this.#entries.get(key);
      if (hit && Date.now() - hit.at < this.options.ttlMs) return hit.value;
    }
    const at = Date.now();
    const generation = this.#generation;
    const value = await read();
    if (value != null && listening && generation === this.#generation && this.bus.isListening()) {
      this.#entries.delete(key);
      this.#entries.set(key, { value, at });
      if (this.#entries.size > this.options.maxEntries) {
        this.#entries.delete(this.#entries.keys().next().value as K);
      }
    }
    return value;
  }

  /** Drops the values `match` picks, or every value; reads under way are not kept. */
  forget(match?: (key: K, value: V) => boolean): void {
    this.#generation++;
    if (!match) {
      this.#entries.clear();
      return;
    }
    for (const [key, entry] of this.#entries) if (match(key, entry.value)) this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }
}
