import type { AppSummary } from '@atelier/shared';

export type PublishState = 'draft' | 'live' | 'live-with-changes';

/**
 * Where the app stands (issue 19 item 8): a draft until published; live once published; and live
 * with changes when the current version is newer than the published one (versioned apps only).
 */
export function publishStateOf(
  app: Pick<AppSummary, 'publishedAt' | 'currentVersionId' | 'publishedVersionId'>,
): PublishState {
  if (!app.publishedAt) return 'draft';
  if (app.currentVersionId && app.publishedVersionId && app.currentVersionId !== app.publishedVersionId)
    return 'live-with-changes';
  return 'live';
}

/** The address as shown (no scheme, no trailing slash): `recipes.localhost:3000`. */
export function displayAddress(url: string): string {
  return url.replace(/^https?:\/\//, '').replace(/\/$/, '');
}
