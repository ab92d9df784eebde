import type { SortIndexesResponse } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { offersIndex, seconds, shareDone } from './sort-index-offer.ts';

const listing = (records: number, indexes: SortIndexesResponse['indexes'] = []): SortIndexesResponse => ({
  records,
  suggestFrom: 20_000,
  pauseMs: null,
  indexes,
});
const title = { field: 'title', scope: 'all', state: 'building', progress: 0.4 } as const;

describe('the sort-index offer', () => {
  it('is made for a large entity’s field with no index for all records', () => {
    expect(offersIndex(listing(19_999), 'title')).toBe(false);
    expect(offersIndex(listing(20_000), 'title')).toBe(true);
    expect(offersIndex(listing(50_000, [title]), 'title')).toBe(false);
    // An end user's own-records index does not serve the panel's sort.
    expect(offersIndex(listing(50_000, [{ ...title, scope: 'creator' }]), 'title')).toBe(true);
    expect(offersIndex(undefined, 'title')).toBe(false);
  });

  it('follows a build: the database’s share, else the time against the pause announced', () => {
    expect(shareDone(title, 0, 10_000, 1_000)).toBe(0.4);
    expect(shareDone({ ...title, progress: null }, 0, 10_000, 5_000)).toBe(0.5);
    expect(shareDone({ ...title, progress: null }, 0, 10_000, 60_000)).toBe(0.95);
    expect(shareDone({ ...title, state: 'ready', progress: null }, 0, 10_000, 1_000)).toBe(1);
    expect(seconds(10)).toBe(1);
    expect(seconds(9_600)).toBe(10);
  });
});
