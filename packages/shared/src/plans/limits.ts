import { isAtLeast, type PlanId } from './plan-ids.ts';

const MB = 1024 * 1024;

/** Every plan-gated limit, in one table. Features and tests read limits only through `limitsFor`. */
export interface PlanLimits {
  /** Data items (context items) an app may hold (spec 1 §9: 1 for lite/free). */
  dataItems: number;
  /** Files accepted in one upload (spec 1 §9: lite 1, paid up to 5). */
  filesPerUpload: number;
  /** Maximum size of one uploaded data file in bytes (lite 10 MB; paid double: 20 MB). */
  uploadBytes: number;
  /** Web scraper link depth (spec 1 §9: 2 on lite, else 3). */
  scraperDepth: number;
  /** Web scraper page cap (spec 1 §9: 20 lite, 50 explorer, 100 for the other plans). */
  scraperPages: number;
  /** Photo input fields are not offered on lite (spec 1 §6). */
  photoFields: boolean;
  /** Settings editing is disabled on lite with an upgrade prompt (spec 1 §6). */
  settingsEditing: boolean;
  /** Tools that may be active at once across the builder's apps (the spec's live-tool cap). */
  liveToolsCap: number;
  /** Tools in one app (a shared constant whose value the spec does not show). */
  toolsPerApp: number;
  /** The generated-app settings entry is shown to plan MOON and above (spec 2 §2, §6). */
  appSettingsVisible: boolean;
}

export const MAX_TOOLS_PER_APP = 20;

const LIVE_TOOLS_CAP: Record<PlanId, number> = {
  lite: 1,
  discover: 3,
  explorer: 10,
  monetizer: 25,
  moon: 100,
};
const DATA_ITEMS: Record<PlanId, number> = { lite: 1, discover: 5, explorer: 20, monetizer: 50, moon: 100 };

export function limitsFor(plan: PlanId): PlanLimits {
  const lite = plan === 'lite';
  return {
    dataItems: DATA_ITEMS[plan],
    filesPerUpload: lite ? 1 : 5,
    uploadBytes: lite ? 10 * MB : 20 * MB,
    scraperDepth: lite ? 2 : 3,
    scraperPages: lite ? 20 : plan === 'explorer' ? 50 : 100,
    photoFields: !lite,
    settingsEditing: !lite,
    liveToolsCap: LIVE_TOOLS_CAP[plan],
    toolsPerApp: MAX_TOOLS_PER_APP,
    appSettingsVisible: isAtLeast(plan, 'moon'),
  };
}
