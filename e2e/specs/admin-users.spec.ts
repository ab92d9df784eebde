import { expect, type Page, test } from '@playwright/test';
import { signUpVerified } from '../support/accounts.ts';
import { E2E_ADMINS, signInAdmin } from '../support/admin.ts';

const PASSWORD = 'violet-canyon-maple-42';

async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('an admin disables a builder, who is then told "User is disabled", and enables them again (issue 23 #28)', async ({
  page,
  browser,
}) => {
  const email = `disable-me-${Date.now()}@example.com`;
  const other = await browser.newContext();
  const builder = await other.newPage();
  try {
    await signUpVerified(builder.request, email, PASSWORD);

    await signInAdmin(page, E2E_ADMINS.users, PASSWORD);
    await page.goto('/home');
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    await page.getByLabel('Find a user').fill(email);
    const row = page.getByRole('list', { name: 'Builder accounts' }).getByRole('listitem', { name: email });
    await row.getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByText(`${email} is disabled`)).toBeVisible();
    await expect(row.getByText('Disabled', { exact: true })).toBeVisible();

    // The builder's open session ended; signing in again says why.
    expect((await builder.request.get('/api/apps')).status()).toBe(401);
    await logIn(builder, email);
    await expect(builder.getByText('User is disabled, contact us for more info')).toBeVisible();

    await row.getByRole('button', { name: 'Enable' }).click();
    await expect(page.getByText(`${email} can sign in again`)).toBeVisible();
    await logIn(builder, email);
    await builder.waitForURL((url) => !url.pathname.startsWith('/login'));
  } finally {
    await other.close();
  }
});

test('on a 390 px phone the signed-in header fits and its links are in one menu (issue 23 #23)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signInAdmin(page, E2E_ADMINS.users, PASSWORD);
  await page.goto('/home');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Account menu' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await header.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('list', { name: 'Account' });
  await expect(menu.getByRole('link')).toHaveText(['AI models', 'Users', 'Settings', 'Sign out']);
  await menu.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
});
