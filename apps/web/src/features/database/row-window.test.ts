import { describe, expect, it } from 'vitest';
import { MAX_SCROLL_HEIGHT, pagesOf, rowWindow } from './row-window.ts';

const base = { viewportHeight: 400, rowHeight: 40, overscan: 2 };

describe('rowWindow', () => {
  it('places rows at index × height while the table fits', () => {
    const w = rowWindow({ ...base, scrollTop: 400, rowCount: 1000 });
    expect(w.totalHeight).toBe(40_000);
    expect([w.first, w.last]).toEqual([8, 22]);
    expect(w.topOf(10)).toBe(400);
  });

  it('renders nothing for no rows, and clamps past the end', () => {
    const none = rowWindow({ ...base, scrollTop: 0, rowCount: 0 });
    expect(none.last).toBeLessThan(none.first);
    const end = rowWindow({ ...base, scrollTop: 1e9, rowCount: 100 });
    expect(end.last).toBe(99);
    expect(end.topOf(99) + 40).toBe(end.totalHeight);
  });

  it('compresses a million rows into the browser’s height and still reaches both ends', () => {
    const rowCount = 1_000_000;
    const top = rowWindow({ ...base, scrollTop: 0, rowCount });
    expect(top.totalHeight).toBe(MAX_SCROLL_HEIGHT);
    expect(top.first).toBe(0);
    expect(top.topOf(0)).toBe(0);

    const maxScroll = MAX_SCROLL_HEIGHT - base.viewportHeight;
    const bottom = rowWindow({ ...base, scrollTop: maxScroll, rowCount });
    expect(bottom.last).toBe(rowCount - 1);
    // The last row ends exactly at the bottom of the viewport.
    expect(bottom.topOf(rowCount - 1) + base.rowHeight).toBeCloseTo(maxScroll + base.viewportHeight, 6);

    const middle = rowWindow({ ...base, scrollTop: maxScroll / 2, rowCount });
    expect(middle.first).toBeGreaterThan(499_000);
    expect(middle.last).toBeLessThan(501_000);
    // Rows of one window stay a row apart, on screen.
    expect(middle.topOf(middle.first + 1) - middle.topOf(middle.first)).toBe(base.rowHeight);
  });
});

describe('pagesOf', () => {
  it('lists the pages covering a range', () => {
    expect(pagesOf(0, 99, 100)).toEqual([0]);
    expect(pagesOf(95, 230, 100)).toEqual([0, 1, 2]);
    expect(pagesOf(5, 4, 100)).toEqual([]);
  });
});
