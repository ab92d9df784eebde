import type { SortIndexesResponse, SortIndexView } from '@atelier/shared';

/** The database panel's sort-index offer and a build's progress (components/sort-indexes.tsx). */

/** Whether the column menu offers to index `field`: a large entity, and no index of it yet. */
export function offersIndex(data: SortIndexesResponse | undefined, field: string): boolean {
  if (!data || data.records < data.suggestFrom) return false;
  return !data.indexes.some((index) => index.field === field && index.scope === 'all');
}

export const seconds = (ms: number) => Math.max(1, Math.round(ms / 1000));

/** The share of a build done: the database's figure, or (PGlite) the time gone against the pause announced. */
export function shareDone(
  index: SortIndexView | undefined,
  startedAt: number,
  pauseMs: number | null,
  now: number,
) {
  if (index?.state === 'ready') return 1;
  if (index?.progress != null) return index.progress;
  if (!pauseMs) return 0;
  return Math.min(0.95, (now - startedAt) / pauseMs);
}
