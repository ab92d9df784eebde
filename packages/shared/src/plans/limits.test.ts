import { describe, expect, it } from 'vitest';
import { limitsFor } from './limits.ts';
import { isAtLeast, PLAN_IDS, planRank } from './plan-ids.ts';

describe('limitsFor', () => {
  it.each([
    ['lite', 1, 1, 10 * 1024 * 1024, 2, 20, false, false, false],
    ['discover', 5, 5, 20 * 1024 * 1024, 3, 100, true, true, false],
    ['explorer', 20, 5, 20 * 1024 * 1024, 3, 50, true, true, false],
    ['monetizer', 50, 5, 20 * 1024 * 1024, 3, 100, true, true, false],
    ['moon', 100, 5, 20 * 1024 * 1024, 3, 100, true, true, true],
  ] as const)(
    '%s: data items %i, files per upload %i, upload %i bytes, depth %i, pages %i, photo %s, settings %s, app settings %s',
    (plan, dataItems, files, bytes, depth, pages, photo, settings, appSettings) => {
      expect(limitsFor(plan)).toMatchObject({
        dataItems,
        filesPerUpload: files,
        uploadBytes: bytes,
        scraperDepth: depth,
        scraperPages: pages,
        photoFields: photo,
        settingsEditing: settings,
        appSettingsVisible: appSettings,
      });
    },
  );

  it('never lowers a limit on an upgrade, except the spec’s explorer page cap', () => {
    for (let i = 1; i < PLAN_IDS.length; i++) {
      const lower = limitsFor(PLAN_IDS[i - 1]!);
      const higher = limitsFor(PLAN_IDS[i]!);
      expect(higher.dataItems).toBeGreaterThanOrEqual(lower.dataItems);
      expect(higher.liveToolsCap).toBeGreaterThanOrEqual(lower.liveToolsCap);
      expect(higher.uploadBytes).toBeGreaterThanOrEqual(lower.uploadBytes);
    }
  });
});

describe('plan order', () => {
  it('ranks lite lowest and moon highest', () => {
    expect(planRank('lite')).toBe(0);
    expect(planRank('moon')).toBe(4);
    expect(isAtLeast('moon', 'moon')).toBe(true);
    expect(isAtLeast('monetizer', 'moon')).toBe(false);
  });
});
