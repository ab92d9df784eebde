import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { signUpVerified } from '../support/accounts.ts';

/**
 * Issue 23 #12: the session is refreshed every 50 minutes on every page of a signed-in builder,
 * including the builder, code and database pages, which have no site header. Playwright's clock
 * stands in for the 50 minutes.
 */

const PASSWORD = 'violet-canyon-maple-42';

/** What each page shows once it runs (signed in, its data loaded). */
const LANDMARKS = {
  builder: { role: 'region', name: 'Chat' },
  code: { role: 'region', name: 'Code editor' },
  database: { role: 'navigation', name: 'Entities' },
} as const;

for (const page of ['builder', 'code', 'database'] as const) {
  test(`the ${page} page refreshes the session after 50 minutes`, async ({ page: tab }) => {
    await tab.clock.install();
    const headers = { origin: baseURL };
    const email = `refresh-${page}-${Date.now()}@example.com`;
    await signUpVerified(tab.request, email, PASSWORD);
    const created = await tab.request.post('/api/apps', {
      data: { name: 'Refresh app', type: 'GEN_APP' },
      headers,
    });
    const { id: appId } = (await created.json()) as { id: string };
    const path = page === 'builder' ? `/build/app/${appId}` : `/build/app/${appId}/${page}`;
    await tab.goto(path);
    await expect(tab.getByRole(LANDMARKS[page].role, { name: LANDMARKS[page].name })).toBeVisible();
    const refreshed = tab.waitForRequest((request) => request.url().endsWith('/api/auth/token/refresh'));
    await tab.clock.runFor(50 * 60 * 1000);
    const request = await refreshed;
    expect((await request.response())?.status()).toBe(200);
  });
}

test("the builder's preview gets a fresh link before its credential's 12 hours end", async ({
  page: tab,
}) => {
  test.setTimeout(90_000);
  await tab.clock.install();
  const headers = { origin: baseURL };
  const email = `preview-age-${Date.now()}@example.com`;
  await signUpVerified(tab.request, email, PASSWORD);
  const created = await tab.request.post('/api/apps', {
    data: { name: 'Long Day', type: 'GEN_APP' },
    headers,
  });
  const { id: appId } = (await created.json()) as { id: string };
  await tab.goto(`/build/app/${appId}`);
  const frame = tab.frameLocator('iframe[title="Preview of Long Day"]');
  await expect(frame.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  const firstSrc = await tab.locator('iframe[title="Preview of Long Day"]').getAttribute('src');

  const fresh = tab.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith(`/api/apps/${appId}/preview-token`),
  );
  // Only the page's clock is fake: the server stamps a link to the second (iat), so a link asked in
  // the same real second as the first would be the same link. Let a real second pass.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  await tab.clock.fastForward('11:51:00');
  expect((await (await fresh).response())?.status()).toBe(200);
  // The new link is loaded in place of the old one, and the app still runs in it.
  await expect
    .poll(() => tab.locator('iframe[title="Preview of Long Day"]').getAttribute('src'), { timeout: 30_000 })
    .not.toBe(firstSrc);
  await expect(frame.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
});
