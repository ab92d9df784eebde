import type { Page, TestInfo } from '@playwright/test';

/**
 * Screenshots of a walk through the product, one per step, attached to the test's report (kept as
 * CI artefacts under test-results/): `01-landing.png`, `02-signup.png`…
 */
export function stepShots(testInfo: TestInfo) {
  let n = 0;
  return async (page: Page, name: string) => {
    n += 1;
    const file = `${String(n).padStart(2, '0')}-${name}.png`;
    const body = await page.screenshot({ path: testInfo.outputPath(file), fullPage: false });
    await testInfo.attach(file, { body, contentType: 'image/png' });
  };
}
