import { describe, expect, it } from 'vitest';
import { isSaleSettled } from '../constants/billing.ts';
import { isLiftedByUpgrade, planLimitMessage } from './limit-messages.ts';
import { limitsFor } from './limits.ts';

describe('plan limit messages', () => {
  it.each([
    ['dataItems', 'lite', 'You can have 1 data item on the Lite plan. Upgrade your plan to add more.'],
    [
      'filesPerUpload',
      'explorer',
      'You can upload 5 files at a time on the Explorer plan. Upgrade your plan to upload more.',
    ],
    ['uploadBytes', 'lite', 'File is too big, the maximum size is 10 MB'],
    ['uploadBytes', 'moon', 'File is too big, the maximum size is 20 MB'],
    [
      'scraperPages',
      'explorer',
      'The web scraper reads up to 50 pages on the Explorer plan. Upgrade your plan to read more.',
    ],
    ['scraperDepth', 'lite', 'The web scraper follows links 2 levels deep on the Lite plan.'],
    [
      'liveToolsCap',
      'lite',
      'You can have 1 live AI tool on the Lite plan. Upgrade your plan to activate more tools.',
    ],
    ['toolsPerApp', 'moon', 'An app can have at most 20 tools.'],
    ['photoFields', 'lite', 'Photo fields are available on paid plans. Upgrade your plan to add one.'],
    ['settingsEditing', 'lite', 'Settings are available on paid plans. Upgrade your plan to edit them.'],
    [
      'appSettingsVisible',
      'monetizer',
      'App settings are available on the Moon plan. Upgrade your plan to use them.',
    ],
  ] as const)('%s on %s reads "%s"', (name, plan, text) => {
    expect(planLimitMessage(name, plan, limitsFor(plan)[name])).toBe(text);
  });

  it('offers an upgrade for every limit but the per-app tool cap', () => {
    expect(isLiftedByUpgrade('dataItems')).toBe(true);
    expect(isLiftedByUpgrade('toolsPerApp')).toBe(false);
  });
});

describe('account refresh after payment', () => {
  const payment = (saleId: string, status: string) => ({ saleId, status });
  it.each([
    [[], null, false],
    [[payment('sale_1', 'pending')], null, false],
    [[payment('sale_2', 'completed')], null, false],
    [[payment('sale_1', 'completed')], null, true],
    [[], 'active', true],
    [[], 'trialing', true],
    [[], 'past_due', false],
    [[], 'canceled', false],
  ])('payments %j and status %s settle sale_1: %s', (payments, status, settled) => {
    expect(isSaleSettled('sale_1', { payments, planSubscriptionStatus: status })).toBe(settled);
  });
});
