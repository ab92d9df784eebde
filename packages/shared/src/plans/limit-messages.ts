import { planName } from './catalogue.ts';
import type { PlanLimits } from './limits.ts';
import type { PlanId } from './plan-ids.ts';

/** The names of the limits of `PlanLimits`: counts and sizes, and features that are on or off. */
export type LimitName = keyof PlanLimits;
export type CountLimitName = {
  [K in LimitName]: PlanLimits[K] extends number ? K : never;
}[LimitName];
export type FeatureLimitName = Exclude<LimitName, CountLimitName>;

const MB = 1024 * 1024;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The message of a refused over-limit action. The spec names these messages (spec 1 §8 "file too
 * big (message states the max size)", spec 2 §8 live AI tools cap and per-app tool cap) without
 * showing their texts; these are ours. `limit` is the plan's value of the limit.
 */
export function planLimitMessage(name: LimitName, plan: PlanId, limit: number | boolean): string {
  const n = typeof limit === 'number' ? limit : 0;
  const on = `on the ${planName(plan)} plan`;
  switch (name) {
    case 'dataItems':
      return `You can have ${plural(n, 'data item', 'data items')} ${on}. Upgrade your plan to add more.`;
    case 'filesPerUpload':
      return `You can upload ${plural(n, 'file', 'files')} at a time ${on}. Upgrade your plan to upload more.`;
    case 'uploadBytes':
      return `File is too big, the maximum size is ${Math.round(n / MB)} MB`;
    case 'scraperDepth':
      return `The web scraper follows links ${plural(n, 'level', 'levels')} deep ${on}.`;
    case 'scraperPages':
      return `The web scraper reads up to ${plural(n, 'page', 'pages')} ${on}. Upgrade your plan to read more.`;
    case 'liveToolsCap':
      return `You can have ${plural(n, 'live AI tool', 'live AI tools')} ${on}. Upgrade your plan to activate more tools.`;
    case 'toolsPerApp':
      return `An app can have at most ${plural(n, 'tool', 'tools')}.`;
    case 'photoFields':
      return 'Photo fields are available on paid plans. Upgrade your plan to add one.';
    case 'settingsEditing':
      return 'Settings are available on paid plans. Upgrade your plan to edit them.';
    case 'appSettingsVisible':
      return 'App settings are available on the Moon plan. Upgrade your plan to use them.';
  }
}

/** Limits that an upgrade can lift (the per-app tool cap is the same on every plan). */
export function isLiftedByUpgrade(name: LimitName): boolean {
  return name !== 'toolsPerApp';
}
