import { formatCompactNumber, isPlanId, limitsFor, type Plan } from '@atelier/shared';

const MB = 1024 * 1024;
const plural = (n: number, one: string, many: string) => `${formatCompactNumber(n)} ${n === 1 ? one : many}`;

/** What a plan gives, read from the one limits table (never restated by hand). */
export function planFeatures(plan: Pick<Plan, 'id'>): string[] {
  if (!isPlanId(plan.id)) return [];
  const limits = limitsFor(plan.id);
  return [
    plural(limits.liveToolsCap, 'live AI tool', 'live AI tools'),
    plural(limits.dataItems, 'data item', 'data items'),
    `Uploads up to ${limits.uploadBytes / MB} MB, ${plural(limits.filesPerUpload, 'file', 'files')} at a time`,
    `Web scraper: ${plural(limits.scraperPages, 'page', 'pages')}, ${limits.scraperDepth} levels deep`,
    ...(limits.photoFields ? ['Photo fields'] : []),
    ...(limits.settingsEditing ? ['Editable app settings'] : []),
    ...(limits.appSettingsVisible ? ['Advanced generated-app settings'] : []),
  ];
}
