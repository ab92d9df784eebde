import { describe, expect, it } from 'vitest';
import { deleteInChunks } from './bulk-delete.ts';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `r${i}`);

describe('bulk delete', () => {
  it('deletes in chunks of 5 with 200 ms between chunks and 500 ms before the refresh', async () => {
    const events: string[] = [];
    const outcome = await deleteInChunks(ids(12), {
      deleteOne: async (id) => {
        events.push(`delete ${id}`);
      },
      onProgress: (percent) => events.push(`${percent}%`),
      isCancelled: () => false,
      sleep: async (ms) => {
        events.push(`wait ${ms}`);
      },
    });
    expect(outcome).toEqual({ status: 'done', failed: 0 });
    expect(events.filter((e) => !e.startsWith('delete'))).toEqual([
      '42%',
      'wait 200',
      '83%',
      'wait 200',
      '100%',
      'wait 500',
    ]);
    expect(events.slice(0, 5)).toEqual(['delete r0', 'delete r1', 'delete r2', 'delete r3', 'delete r4']);
  });

  it('counts failed rows and stops at the next chunk when cancelled', async () => {
    let chunks = 0;
    let cancel = false;
    const outcome = await deleteInChunks(ids(15), {
      deleteOne: async (id) => {
        if (id === 'r1') throw new Error('nope');
      },
      onProgress: () => {
        chunks += 1;
        if (chunks === 2) cancel = true;
      },
      isCancelled: () => cancel,
      sleep: async () => {},
    });
    expect(outcome).toEqual({ status: 'cancelled', failed: 1 });
    expect(chunks).toBe(2);
  });
});
