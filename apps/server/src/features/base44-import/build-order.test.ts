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

  it('counts what the shell imports short of the pages (a route guard) as the shell', () => {
    const files = [
      {
        path: 'services/Layout.jsx',
        content: "import RouteGuard from '@/components/layout/RouteGuard.jsx';",
      },
      { path: 'components/layout/RouteGuard.jsx', content: 'base44.functions.invoke("rbacDebug", {});' },
      { path: 'services/App.jsx', content: "import { pagesConfig } from '@/services/pages.config.js';" },
      { path: 'services/pages.config.js', content: "import Reports from '@/pages/Reports.jsx';" },
      { path: 'pages/Reports.jsx', content: "base44.functions.invoke('exportReport');" },
    ];
    expect(functionsByUse(['exportReport', 'rbacDebug'], files)).toEqual(['rbacDebug', 'exportReport']);
  });
});
