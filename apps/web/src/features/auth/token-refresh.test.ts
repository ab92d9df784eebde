import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTokenRefresh } from './token-refresh.ts';

describe('startTokenRefresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refreshes every 50 minutes until stopped', async () => {
    const refresh = vi.fn(async () => {});
    const stop = startTokenRefresh(
      refresh,
      () => {},
      () => false,
    );
    await vi.advanceTimersByTimeAsync(49 * 60_000);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3_000_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(3_000_000 * 3);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('reports a refresh answered 401 as signed out', async () => {
    const onSignedOut = vi.fn();
    startTokenRefresh(
      async () => {
        throw new Error('401');
      },
      onSignedOut,
      () => true,
    );
    await vi.advanceTimersByTimeAsync(3_000_000);
    expect(onSignedOut).toHaveBeenCalledTimes(1);
  });
});
