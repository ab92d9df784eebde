/**
 * Which rows of a very long grid to render, and where. Browsers cap an element's height (Chromium at
 * about 33.5 million px), below 1,000,000 rows of 40 px, so past `maxHeight` the scroll range is
 * compressed: the scroll position is read as a fraction of the whole table and the rows around that
 * point are placed over the viewport. Below it, rows sit at `index × rowHeight` as in any list.
 */

/** Scroll height past which positions are compressed (well under every browser's limit). */
export const MAX_SCROLL_HEIGHT = 8_000_000;

export interface RowWindow {
  /** Height of the scrollable content. */
  totalHeight: number;
  /** First and last row to render (inclusive); last < first when there are no rows. */
  first: number;
  last: number;
  /** Top of row `index` in the content, for rows of this window. */
  topOf(index: number): number;
}

export function rowWindow(options: {
  scrollTop: number;
  viewportHeight: number;
  rowCount: number;
  rowHeight: number;
  /** Rows rendered beyond each edge of the viewport. */
  overscan?: number;
  maxHeight?: number;
}): RowWindow {
  const { rowCount, rowHeight, viewportHeight } = options;
  const overscan = options.overscan ?? 8;
  const maxHeight = options.maxHeight ?? MAX_SCROLL_HEIGHT;
  const naturalHeight = rowCount * rowHeight;
  const totalHeight = Math.min(naturalHeight, maxHeight);
  const maxScroll = Math.max(0, totalHeight - viewportHeight);
  const scrollTop = Math.min(Math.max(0, options.scrollTop), maxScroll);
  const visibleRows = Math.ceil(viewportHeight / rowHeight);

  // The row at the top edge of the viewport, as a fractional index.
  const lastTopRow = Math.max(0, rowCount - viewportHeight / rowHeight);
  const topRow =
    naturalHeight <= maxHeight
      ? scrollTop / rowHeight
      : maxScroll === 0
        ? 0
        : (scrollTop / maxScroll) * lastTopRow;
  const first = Math.max(0, Math.floor(topRow) - overscan);
  const last = Math.min(rowCount - 1, Math.floor(topRow) + visibleRows + overscan);
  const topOf =
    naturalHeight <= maxHeight
      ? (index: number) => index * rowHeight
      : (index: number) => scrollTop + (index - topRow) * rowHeight;
  return { totalHeight, first, last, topOf };
}

/** The pages (of `pageSize` rows) that hold rows `first` to `last`. */
export function pagesOf(first: number, last: number, pageSize: number): number[] {
  if (last < first) return [];
  const pages: number[] = [];
  for (let page = Math.floor(first / pageSize); page <= Math.floor(last / pageSize); page++) pages.push(page);
  return pages;
}
