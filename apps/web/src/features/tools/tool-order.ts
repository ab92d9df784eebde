import { moveItem } from '@atelier/shared';

/** The ids with `toolId` moved to index `to` (clamped); the same array when nothing moves. */
export function moveTool(ids: readonly string[], toolId: string, to: number): readonly string[] {
  const from = ids.indexOf(toolId);
  const target = Math.max(0, Math.min(to, ids.length - 1));
  if (from < 0 || from === target) return ids;
  return moveItem(ids, from, target);
}
