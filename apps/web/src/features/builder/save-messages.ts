import { BUILDER_MESSAGES } from '@atelier/shared';
import type { SavePatch } from './save-queue.ts';

/** Which area failed (spec 3 §4 "Saving"): style, settings, tools, else the app. */
export function failedAreaMessage(patch: SavePatch): string {
  if ('style' in patch) return BUILDER_MESSAGES.saveStyleFailed;
  if ('settings' in patch) return BUILDER_MESSAGES.saveSettingsFailed;
  if ('tools' in patch) return BUILDER_MESSAGES.saveToolFailed;
  return BUILDER_MESSAGES.saveAppFailed;
}
