import { describe, expect, it } from 'vitest';
import { functionsByUse } from './build-order.ts';

describe('functionsByUse', () => {
  it("orders the functions the app's shell calls first, then those its pages name, then the rest", () => {
    const files = [
      { path: 'services/Layout.jsx', content: "base44.functions.invoke('getCoachByDomain', { domain });" },
      { path: 'pages/Billing.jsx', content: "import { createCheckout } from '@/services/api/functions.js';" },
      { path: 'pages/Report.jsx', content: 'const label = "trackLoginCount";' },
      { path: 'functions/stripeWebhook/index.ts', content: "invoke('sendReceipt')" },
    ];
    expect(
      functionsByUse(
        ['activateTrial', 'createCheckout', 'sendReceipt', 'stripeWebhook', 'trackLogin', 'getCoachByDomain'],
        files,
      ),
    ).toEqual([
      'getCoachByDomain',
      'createCheckout',
      'activateTrial',
      'sendReceipt',
      'stripeWebhook',
      'trackLogin',
    ]);
  });
});
