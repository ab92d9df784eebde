import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignalledCache } from './signalled-cache.ts';

/** A bus that only says whether it listens, and tells when that changes. */
function fakeBus(listening = true) {
  const listeners = new Set<(up: boolean) => void>();
  return {
    isListening: () => listening,
    onListenState(listener: (up: boolean) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(up: boolean) {
      listening = up;
      for (const listener of listeners) listener(up);
    },
  };
}

/** A read that counts its calls and answers `value` (a new object each time). */
function counter(value: string | null = 'v') {
  const read = vi.fn(async () => (value === null ? undefined : { value }));
  return read;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('SignalledCache', () => {
  it('reads once and then answers from memory', async () => {
    const cache = new SignalledCache<string, { value: string }>(fakeBus(), { ttlMs: 60_000, maxEntries: 10 });
    const read = counter();
    const first = await cache.load('a', read);
    const second = await cache.load('a', read);
    expect(second).toBe(first);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('reads again after forget, for the forgotten key only', async () => {
    const cache = new SignalledCache<string, { value: string }>(fakeBus(), { ttlMs: 60_000, maxEntries: 10 });
    const a = counter('a');
    const b = counter('b');
    await cache.load('a', a);
    await cache.load('b', b);
    cache.forget((key) => key === 'a');
    await cache.load('a', a);
    await cache.load('b', b);
    expect(a).toHaveBeenCalledTimes(2);
    expect(b).toHaveBeenCalledTimes(1);
    cache.forget();
    await cache.load('b', b);
    expect(b).toHaveBeenCalledTimes(2);
  });

  it('does not keep a value read while a signal arrived (it may predate the change)', async () => {
    const cache = new SignalledCache<string, { value: string }>(fakeBus(), { ttlMs: 60_000, maxEntries: 10 });
    let release!: () => void;
    const slow = vi.fn(
      () =>
        new Promise<{ value: string }>((resolve) => {
          release = () => resolve({ value: 'old' });
        }),
    );
    const pending = cache.load('a', slow);
    cache.forget((key) => key === 'a');
    release();
    expect(await pending).toEqual({ value: 'old' });
    const fresh = counter('new');
    expect(await cache.load('a', fresh)).toEqual({ value: 'new' });
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('neither serves nor keeps values while the bus is not listening, and empties when it stops or starts', async () => {
    const bus = fakeBus();
    const cache = new SignalledCache<string, { value: string }>(bus, { ttlMs: 60_000, maxEntries: 10 });
    const read = counter();
    await cache.load('a', read);
    bus.set(false);
    expect(cache.size).toBe(0);
    await cache.load('a', read);
    await cache.load('a', read);
    expect(read).toHaveBeenCalledTimes(3);
    expect(cache.size).toBe(0);
    bus.set(true);
    await cache.load('a', read);
    await cache.load('a', read);
    expect(read).toHaveBeenCalledTimes(4);
  });

  it('does not keep a value when listening stopped during the read', async () => {
    const bus = fakeBus();
    const cache = new SignalledCache<string, { value: string }>(bus, { ttlMs: 60_000, maxEntries: 10 });
    await cache.load('a', async () => {
      bus.set(false);
      bus.set(true);
      return { value: 'read across an outage' };
    });
    expect(cache.size).toBe(0);
  });

  it('reads again once the TTL has passed, and with fresh', async () => {
    vi.useFakeTimers({ now: 0 });
    const cache = new SignalledCache<string, { value: string }>(fakeBus(), { ttlMs: 1_000, maxEntries: 10 });
    const read = counter();
    await cache.load('a', read);
    vi.setSystemTime(999);
    await cache.load('a', read);
    expect(read).toHaveBeenCalledTimes(1);
    vi.setSystemTime(1_000);
    await cache.load('a', read);
    expect(read).toHaveBeenCalledTimes(2);
    await cache.load('a', read, true);
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('keeps at most maxEntries (the oldest goes) and never keeps a missing value', async () => {
    const cache = new SignalledCache<string, { value: string }>(fakeBus(), { ttlMs: 60_000, maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await cache.load(key, counter(key));
    expect(cache.size).toBe(2);
    const b = counter('b');
    await cache.load('b', b);
    expect(b).not.toHaveBeenCalled();
    const a = counter('a');
    await cache.load('a', a);
    expect(a).toHaveBeenCalledTimes(1);
    const missing = counter(null);
    expect(await cache.load('x', missing)).toBeUndefined();
    await cache.load('x', missing);
    expect(missing).toHaveBeenCalledTimes(2);
  });
});
