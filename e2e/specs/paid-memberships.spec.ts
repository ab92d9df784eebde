import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { verifyEmail } from '../support/accounts.ts';

const PASSWORD = 'violet-canyon-maple-42';

test('a paid builder connects a membership product with a test token, changes it after confirming, and resyncs', async ({
  page,
}) => {
  const email = `memberships-${Date.now()}@example.com`;
  const headers = { origin: baseURL };
  await page.goto('/signup');
  await page.getByLabel('Name').fill('Mia Members');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/signup'));
  await verifyEmail(page.request, email);
  const created = await page.request.post('/api/apps', { data: { name: 'Club', type: 'AI_TOOL' }, headers });
  const { id: appId } = (await created.json()) as { id: string };
  expect((await page.request.post(`/api/apps/${appId}/publish`, { data: {}, headers })).status()).toBe(200);

  // Paid memberships live in the Settings panel (issue 23 #4); the old address leads there.
  await page.goto(`/apps/${appId}/memberships`);
  await expect(page).toHaveURL(`/build/app/${appId}`);
  const openSettings = () =>
    page
      .getByRole('navigation', { name: 'Side panel' })
      .getByRole('button', { name: 'Tool settings' })
      .click();
  await openSettings();
  const section = page.getByRole('region', { name: 'Paid memberships' });

  // Pay for Discover with the test checkout's script endpoint.
  const checkout = await page.request.post('/api/billing/checkout', {
    data: { planId: 'discover' },
    headers,
  });
  const { saleId } = (await checkout.json()) as { saleId: string };
  expect((await page.request.post('/api/billing/test/complete', { data: { saleId }, headers })).ok()).toBe(
    true,
  );

  await page.reload();
  await openSettings();
  await expect(section).toHaveCount(0);
  await expect(page.getByText('Paid memberships need user signup enabled.')).toBeVisible();
  await page.getByLabel('User signup').check();
  await section.getByLabel('Payment provider access token').fill('test_demo_token');
  // The token is sent once typing stops (1000 ms debounce); its products appear.
  const product = section.getByLabel('Membership product');
  await expect(product).toBeVisible();
  await expect(product.locator('option')).toHaveText(['Members (monthly)', 'Members (yearly)']);
  await section.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText("Connected to Test payments, you're all set!")).toBeVisible();
  await expect(section.getByText('Connected: Members (monthly)')).toBeVisible();

  // Changing the product asks first.
  await product.selectOption({ label: 'Members (yearly)' });
  await section.getByRole('button', { name: 'Change product' }).click();
  await expect(section.getByText(/^Changing the product moves new members to it/)).toBeVisible();
  await section.getByRole('button', { name: 'Change product' }).click();
  await expect(section.getByText('Connected: Members (yearly)')).toBeVisible();

  await section.getByRole('button', { name: 'Resync' }).click();
  await expect(page.getByText('Resynced with Test payments')).toBeVisible();

  // On; then user signup off switches them off with it (spec 2 §5), keeping the setup.
  await section.getByLabel('Enable paid memberships').click();
  await expect(section.getByLabel('Enable paid memberships')).toBeChecked();
  await page.getByLabel('User signup').uncheck();
  await expect(page.getByText('Paid memberships are off: they need user signup')).toBeVisible();
  await expect(section).toHaveCount(0);
  await expect(page.getByText('Saved', { exact: true })).toBeVisible({ timeout: 10_000 });

  await expect
    .poll(async () => (await (await page.request.get(`/api/apps/${appId}/payments`)).json()) as unknown)
    .toEqual({
      isPaidMembershipsEnabled: false,
      paidMembershipsSettings: {
        paymentProvider: 'test',
        hasPaymentProviderAccessToken: true,
        isSetupCompleted: true,
      },
      paidMembershipsProduct: { id: 'prod_test_yearly', name: 'Members (yearly)' },
    });
});
