import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { BufferedLimiter } from './buffered-limiter.ts';

/** rate-limiter-flexible's in-memory limiter standing in for the database one, with its calls counted. */
function countingStore(points: number) {
  const store = new RateLimiterMemory({ points, duration: 60 });
  const calls: number[] = [];
  return {
    calls,
    store,
    points,
    consume(key: string, consumed: number) {
      calls.push(consumed);
      return store.consume(key, consumed);
    },
  };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('BufferedLimiter', () => {
  it('counts far-from-budget requests in memory and adds them to the store in one call', async () => {
    const counting = countingStore(1000);
    const limiter = new BufferedLimiter(counting, { flushMs: 60_000 });
    for (let i = 0; i < 100; i++) await limiter.consume('user-1');
    // The first request of the window asked the store; the 99 after it were counted here.
    expect(counting.calls).toEqual([1]);
    await limiter.flush();
    expect(counting.calls).toEqual([1, 99]);
    expect((await counting.store.get('user-1'))?.consumedPoints).toBe(100);
  });

  it('refuses exactly at the budget: past its local share every request is counted in the store', async () => {
    const counting = countingStore(10);
    const limiter = new BufferedLimiter(counting, { flushMs: 60_000, localShare: 0.5 });
    for (let i = 0; i < 10; i++) await limiter.consume('user-2');
    const refused = await refusal(limiter.consume('user-2'));
    expect(refused).toBeInstanceOf(RateLimiterRes);
    expect((refused as RateLimiterRes).msBeforeNext).toBeGreaterThan(0);
    // 1 asked, 4 counted here (up to half the budget), then each request with what was held.
    expect(counting.calls).toEqual([1, 5, 1, 1, 1, 1, 1]);
    expect((await counting.store.get('user-2'))?.consumedPoints).toBe(11);
    // Another key keeps its own budget.
    await limiter.consume('user-3');
  });

  it('sees what other instances counted: a key the store holds near its budget is counted there', async () => {
    const counting = countingStore(10);
    await counting.store.consume('shared', 9);
    const limiter = new BufferedLimiter(counting, { flushMs: 60_000 });
    await limiter.consume('shared');
    expect(await refusal(limiter.consume('shared'))).toBeInstanceOf(RateLimiterRes);
    expect(counting.calls).toEqual([1, 1]);
  });

  it('starts a new window in the store once the old one ended', async () => {
    let now = 0;
    const counting = countingStore(1000);
    const limiter = new BufferedLimiter(counting, { flushMs: 60_000 }, () => now);
    await limiter.consume('user-4');
    await limiter.consume('user-4');
    now = 61_000;
    await limiter.consume('user-4');
    expect(counting.calls).toEqual([1, 1]);
  });

  it('holds at most maxKeys keys in memory; others are counted in the store', async () => {
    const counting = countingStore(1000);
    const limiter = new BufferedLimiter(counting, { flushMs: 60_000, maxKeys: 1 });
    await limiter.consume('a');
    await limiter.consume('a');
    await limiter.consume('b');
    await limiter.consume('b');
    expect(counting.calls).toEqual([1, 1, 1]);
  });
});
