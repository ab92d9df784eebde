import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSaveQueue, mergePatches, type SavePatch } from './save-queue.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(fail = false) {
  const sent: SavePatch[] = [];
  const errors: SavePatch[] = [];
  const pending: boolean[] = [];
  let failing = fail;
  const queue = createSaveQueue({
    delayMs: 2000,
    send: async (patch) => {
      sent.push(patch);
      if (failing) throw new Error('offline');
    },
    onError: (_error, patch) => errors.push(patch),
    onPendingChange: (value) => pending.push(value),
  });
  return { queue, sent, errors, pending, recover: () => (failing = false) };
}

describe('builder save queue', () => {
  it('sends nothing before 2000 ms of quiet, then one merged partial object', async () => {
    const { queue, sent } = setup();
    queue.enqueue({ header: 'A' });
    await vi.advanceTimersByTimeAsync(1500);
    queue.enqueue({ header: 'AB', style: { styleName: 'dark' } });
    queue.enqueue({ style: { background: '#000' } });
    await vi.advanceTimersByTimeAsync(1999);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([{ header: 'AB', style: { styleName: 'dark', background: '#000' } }]);
    expect(queue.hasPending()).toBe(false);
  });

  it('flush sends at once (route change, page leave)', async () => {
    const { queue, sent } = setup();
    queue.enqueue({ ctaButton: 'Go' });
    expect(queue.hasPending()).toBe(true);
    await queue.flush();
    expect(sent).toEqual([{ ctaButton: 'Go' }]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toHaveLength(1);
  });

  it('re-queues a failed save under newer edits and sends both next time', async () => {
    const { queue, sent, errors, recover } = setup(true);
    queue.enqueue({ header: 'old', welcomeMessage: 'hi' });
    await queue.flush();
    expect(errors).toEqual([{ header: 'old', welcomeMessage: 'hi' }]);
    expect(queue.hasPending()).toBe(true);
    recover();
    queue.enqueue({ header: 'new' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent.at(-1)).toEqual({ header: 'new', welcomeMessage: 'hi' });
    expect(queue.hasPending()).toBe(false);
  });

  it('reports pending while something is unsaved', async () => {
    const { queue, pending } = setup();
    queue.enqueue({ header: 'x' });
    await queue.flush();
    expect(pending).toEqual([true, false]);
  });

  it('merges style and settings per key, other keys replaced', () => {
    expect(
      mergePatches(
        { examples: ['a'], settings: { dailyUserLimit: 2 } },
        { examples: ['b'], settings: { weeklyUserLimit: 3 } },
      ),
    ).toEqual({ examples: ['b'], settings: { dailyUserLimit: 2, weeklyUserLimit: 3 } });
  });
});
