import { RateLimiterRes } from 'rate-limiter-flexible';

/** The database limiter underneath (rate-limiter-flexible's RateLimiterDrizzle). */
export interface CountingStore {
  readonly points: number;
  consume(key: string, points: number): Promise<RateLimiterRes>;
}

export const BUFFERED_LIMITER_DEFAULTS = {
  /** Counts kept in memory are added to the database's counter at least this often. */
  flushMs: 500,
  /** A key is counted in memory only while its window's count is under this share of the budget. */
  localShare: 0.5,
  /** Most keys counted in memory at once; beyond, new keys are counted in the database directly. */
  maxKeys: 10_000,
};

interface KeyState {
  /** The database's count of the window at the last answer. */
  consumed: number;
  /** Requests counted here since, not yet added to the database. */
  pending: number;
  /** When the window ends (ms, `now()`'s clock). */
  resetAt: number;
}

/**
 * A database-backed rate limit that does not write on every request (issue 22: the counter's upsert
 * was a write and a row lock per API request, and a busy account's requests queued on that one
 * row). A key's first request of a window is counted in the database, which answers the window's
 * count and end; while the count stays under `localShare` of the budget, further requests are
 * counted here and added to the database's counter in one statement at most `flushMs` later. Past
 * that share, every request is counted in the database again, so the refusal at the budget is
 * exact. The database stays the authority (every instance adds to the same counter); what one
 * instance holds unwritten is at most `flushMs` of requests, and never more than the share.
 */
export class BufferedLimiter {
  private readonly keys = new Map<string, KeyState>();
  private timer: NodeJS.Timeout | undefined;
  private readonly options: typeof BUFFERED_LIMITER_DEFAULTS;

  constructor(
    private readonly store: CountingStore,
    options: Partial<typeof BUFFERED_LIMITER_DEFAULTS> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.options = { ...BUFFERED_LIMITER_DEFAULTS, ...options };
  }

  /** Counts one request of `key`; rejects with a RateLimiterRes when the budget is used up. */
  async consume(key: string): Promise<void> {
    const state = this.keys.get(key);
    const now = this.now();
    if (state && now < state.resetAt) {
      if (state.consumed + state.pending + 1 <= this.store.points * this.options.localShare) {
        state.pending++;
        this.scheduleFlush();
        return;
      }
      // Near the budget: this request and the ones counted here go to the database now.
      const points = state.pending + 1;
      state.pending = 0;
      return this.count(key, points);
    }
    // A new window (the counts of an ended one are dropped with it).
    if (state) this.keys.delete(key);
    return this.count(key, 1);
  }

  /** Adds every count held here to the database (the timer does it; tests call it). */
  async flush(): Promise<void> {
    this.timer = undefined;
    const now = this.now();
    const work: Promise<void>[] = [];
    for (const [key, state] of this.keys) {
      if (now >= state.resetAt) {
        this.keys.delete(key);
      } else if (state.pending > 0) {
        const points = state.pending;
        state.pending = 0;
        // A refusal here only records the count: the next request of the key is then refused.
        work.push(this.count(key, points).catch(() => {}));
      }
    }
    await Promise.all(work);
  }

  private async count(key: string, points: number): Promise<void> {
    try {
      this.remember(key, await this.store.consume(key, points));
    } catch (error) {
      if (error instanceof RateLimiterRes) this.remember(key, error);
      throw error;
    }
  }

  private remember(key: string, answer: RateLimiterRes) {
    const state = this.keys.get(key);
    const resetAt = this.now() + answer.msBeforeNext;
    if (state) {
      state.consumed = answer.consumedPoints;
      state.resetAt = resetAt;
    } else if (this.keys.size < this.options.maxKeys) {
      this.keys.set(key, { consumed: answer.consumedPoints, pending: 0, resetAt });
    }
  }

  private scheduleFlush() {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), this.options.flushMs);
    this.timer.unref();
  }
}
