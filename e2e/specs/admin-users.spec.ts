import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
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

test("an admin reads a builder's chat from Users → Apps, read-only: no message box, rating, retry or revert (spec 3 §6)", async ({
  page,
  browser,
}) => {
  const email = `chat-reader-${Date.now()}@example.com`;
  const other = await browser.newContext();
  const builder = await other.newPage();
  try {
    await signUpVerified(builder.request, email, PASSWORD);
    const headers = { origin: baseURL };
    const created = await builder.request.post('/api/apps', {
      data: { name: 'Habit Log', type: 'GEN_APP' },
      headers,
    });
    const { id, currentVersionId } = (await created.json()) as { id: string; currentVersionId: string };
    // A reply (in discuss mode: quick, changes nothing) and a restore message that carries a version:
    // in the builder they would offer Rate and Revert.
    const ask = 'Which pages would a habit tracker need?';
    const sent = await builder.request.post(`/api/apps/${id}/chat`, {
      data: { text: ask, discuss: true },
      headers,
    });
    expect(sent.status()).toBe(200);
    await sent.body();
    const restored = await builder.request.post(`/api/apps/${id}/versions/${currentVersionId}/restore`, {
      data: { messageId: 'none' },
      headers,
    });
    expect(restored.status()).toBe(200);

    await signInAdmin(page, E2E_ADMINS.users, PASSWORD);
    await page.goto('/admin/users');
    await page.getByLabel('Find a user').fill(email);
    const row = page.getByRole('list', { name: 'Builder accounts' }).getByRole('listitem', { name: email });
    await row.getByRole('button', { name: 'Apps' }).click();
    await row
      .getByRole('list', { name: `Apps of ${email}` })
      .getByRole('link', { name: 'Habit Log' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/apps/${id}/chat$`));
    await expect(page.getByRole('heading', { name: 'Habit Log', level: 1 })).toBeVisible();
    await expect(page.getByText('Read-only', { exact: true })).toBeVisible();
    const chat = page.getByRole('region', { name: 'Chat' });
    await expect(chat.getByText(ask)).toBeVisible();
    await expect(chat.getByText(/^Restored the version from/)).toBeVisible();
    const reply = chat.locator('[data-role="assistant"]');
    await expect(reply.getByRole('button', { name: 'Copy text' })).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);
    for (const name of [
      'Rate',
      'already rated',
      'Revert',
      'Retry',
      'Preview',
      "Let's keep going",
      'Validate',
    ])
      await expect(chat.getByRole('button', { name, exact: true })).toHaveCount(0);
    // The server refuses the chat's actions to this reader as well.
    const rated = await page.request.post(`/api/apps/${id}/rating`, {
      data: { messageId: 'any', score: 5, feedback: [], comment: '' },
      headers,
    });
    expect(rated.status()).toBe(403);
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
