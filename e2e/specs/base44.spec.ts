import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { E2E_ADMINS, signInAdmin } from '../support/admin.ts';

const PASSWORD = 'violet-canyon-maple-42';
const headers = { origin: baseURL };

test('App settings show the serverUrl and appId an exported Base44 app puts in createClient, and they answer', async ({
  page,
}) => {
  // App settings of a generated app are for admins and Moon plans (panel-menu.ts): an e2e admin.
  await signInAdmin(page, E2E_ADMINS.base44, PASSWORD);
  const created = await page.request.post('/api/apps', {
    data: { name: 'Exported app', type: 'GEN_APP' },
    headers,
  });
  expect(created.status()).toBe(201);
  const appId = ((await created.json()) as { id: string }).id;

  await page.goto(`/build/app/${appId}`);
  await page
    .getByRole('navigation', { name: 'Side panel' })
    .getByRole('button', { name: 'App settings' })
    .click();
  const section = page.getByRole('region', { name: 'Use with Base44 apps' });
  await expect(section).toBeVisible();
  const origin = new URL(page.url()).origin;
  await expect(section.getByRole('code').filter({ hasText: 'createClient' })).toHaveText(
    `createClient({ serverUrl: '${origin}', appId: '${appId}' })`,
  );
  await expect(section.getByRole('button', { name: 'Copy the createClient call' })).toBeVisible();

  // The values work: the call an exported app makes on start answers for this app.
  const settings = await page.request.get(`${origin}/api/apps/public/prod/public-settings/by-id/${appId}`, {
    headers: { 'x-app-id': appId },
  });
  expect(settings.status()).toBe(200);
  expect(await settings.json()).toMatchObject({ id: appId, name: 'Exported app' });

  // "Require login to access" (beside User signup): once saved, the same call tells a signed-out
  // visitor to sign in, as Base44 tells its template (403, `extra_data.reason`).
  await page.getByRole('switch', { name: 'Require login to access' }).check();
  await expect
    .poll(async () => {
      const res = await page.request.get(`${origin}/api/apps/public/prod/public-settings/by-id/${appId}`);
      return [res.status(), ((await res.json()) as { extra_data?: { reason?: string } }).extra_data?.reason];
    })
    .toEqual([403, 'auth_required']);
  await page.reload();
  await page
    .getByRole('navigation', { name: 'Side panel' })
    .getByRole('button', { name: 'App settings' })
    .click();
  await expect(page.getByRole('switch', { name: 'Require login to access' })).toBeChecked();
});
