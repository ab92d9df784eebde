import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { signUpVerified } from '../support/accounts.ts';

/**
 * Toasts (issue 23 #14): one at a time; a success leaves after a few seconds, an error stays until
 * it is closed or replaced. The page's clock is Playwright's, so no test waits for real seconds.
 */

const PASSWORD = 'violet-canyon-maple-42';

test('a success toast leaves by itself; an error toast stays until closed', async ({ page }) => {
  await page.clock.install();
  const headers = { origin: baseURL };
  const email = `toasts-${Date.now()}@example.com`;
  await signUpVerified(page.request, email, PASSWORD);
  const created = await page.request.post('/api/apps', {
    data: { name: 'Toast app', type: 'GEN_APP' },
    headers,
  });
  expect(created.status()).toBe(201);
  const { id: appId } = (await created.json()) as { id: string };

  await page.goto('/settings');
  await page.getByLabel('Name').fill('Tess Toast');
  await page.getByRole('button', { name: 'Save' }).first().click();
  const notifications = page.getByRole('region', { name: /Notifications/ });
  await expect(notifications.getByText('Settings saved')).toBeVisible();
  await page.clock.runFor(5000);
  await expect(notifications.getByText('Settings saved')).toHaveCount(0);

  await page.goto(`/build/app/${appId}/database`);
  await page.getByRole('navigation', { name: 'Entities' }).getByRole('button').first().click();
  await page.getByRole('button', { name: 'New row' }).click();
  await page.getByRole('button', { name: 'Save new row' }).click();
  const error = notifications.getByText('Fill in at least one cell before saving the row');
  await expect(error).toBeVisible();
  await page.clock.runFor(60_000);
  await expect(error).toBeVisible();
  await notifications.getByRole('button', { name: /close/i }).click();
  await expect(error).toHaveCount(0);
});
