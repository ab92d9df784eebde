import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { assertAtMost, assertPlanAllows, assertWithinLimit } from './enforce.ts';

function refusal(fn: () => void): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('plan limit enforcement', () => {
  it('lets a lite builder add the first data item and refuses the second with 403 plan_limit_reached', () => {
    expect(() => assertWithinLimit('lite', 'dataItems', 0)).not.toThrow();
    const error = refusal(() => assertWithinLimit('lite', 'dataItems', 1));
    expect(error.status).toBe(403);
    expect(error.code).toBe('plan_limit_reached');
    expect(error.message).toBe('You can have 1 data item on the Lite plan. Upgrade your plan to add more.');
    expect(error.details).toEqual({ limit: 'dataItems', plan: 'lite', max: 1, upgrade: true });
  });

  it.each([
    ['lite', 'liveToolsCap', 1],
    ['discover', 'liveToolsCap', 3],
    ['explorer', 'dataItems', 20],
    ['moon', 'toolsPerApp', 20],
  ] as const)('on %s allows %s up to %i and refuses one more', (plan, limit, max) => {
    expect(() => assertWithinLimit(plan, limit, max - 1)).not.toThrow();
    expect(refusal(() => assertWithinLimit(plan, limit, max)).details).toMatchObject({ limit, max });
  });

  it('counts several additions at once', () => {
    expect(() => assertWithinLimit('discover', 'dataItems', 2, 3)).not.toThrow();
    expect(() => assertWithinLimit('discover', 'dataItems', 2, 4)).toThrow(AppError);
  });

  it.each([
    ['lite', 'filesPerUpload', 1, 2],
    ['monetizer', 'filesPerUpload', 5, 6],
    ['lite', 'uploadBytes', 10 * 1024 * 1024, 10 * 1024 * 1024 + 1],
    ['explorer', 'uploadBytes', 20 * 1024 * 1024, 20 * 1024 * 1024 + 1],
    ['lite', 'scraperDepth', 2, 3],
    ['lite', 'scraperPages', 20, 21],
    ['explorer', 'scraperPages', 50, 51],
    ['moon', 'scraperPages', 100, 101],
  ] as const)('on %s accepts %s of %i and refuses %i', (plan, limit, allowed, refused) => {
    expect(() => assertAtMost(plan, limit, allowed)).not.toThrow();
    expect(refusal(() => assertAtMost(plan, limit, refused)).details).toMatchObject({ limit, plan });
  });

  it('names the size in the file-too-big refusal', () => {
    expect(refusal(() => assertAtMost('lite', 'uploadBytes', 11 * 1024 * 1024)).message).toBe(
      'File is too big, the maximum size is 10 MB',
    );
  });

  it.each([
    ['photoFields', 'lite', false],
    ['photoFields', 'discover', true],
    ['settingsEditing', 'lite', false],
    ['settingsEditing', 'explorer', true],
    ['appSettingsVisible', 'monetizer', false],
    ['appSettingsVisible', 'moon', true],
  ] as const)('%s on %s is allowed: %s', (feature, plan, allowed) => {
    if (allowed) expect(() => assertPlanAllows(plan, feature)).not.toThrow();
    else
      expect(refusal(() => assertPlanAllows(plan, feature)).details).toMatchObject({
        limit: feature,
        upgrade: true,
      });
  });

  it('does not offer an upgrade for the per-app tool cap, which no plan lifts', () => {
    expect(refusal(() => assertWithinLimit('moon', 'toolsPerApp', 20)).details).toMatchObject({
      upgrade: false,
    });
  });
});
