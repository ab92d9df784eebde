import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { stepShots } from '../support/steps.ts';

/**
 * Issue 19: a newcomer's first app, whole, opened at http://127.0.0.1 (not only localhost).
 * Runs with the offline assistant (no model configured).
 */
const origin = baseURL.replace('//localhost', '//127.0.0.1');
const PASSWORD = 'violet-canyon-maple-42';
const PROMPT = 'A recipe planner where I save recipes with ingredients and tags';

test('a newcomer: landing prompt → sign up → verify → the builder sends the prompt and the app appears', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  const shot = stepShots(testInfo);
  const email = `journey-${Date.now()}@example.com`;

  // The landing page: Shift+Enter makes a new line, Enter sends.
  await page.goto(`${origin}/`);
  const box = page.getByLabel('What do you want to build?');
  await box.fill('A recipe planner');
  await box.press('Shift+Enter');
  await expect(box).toHaveValue('A recipe planner\n');
  await box.fill(PROMPT);
  await shot(page, 'landing');
  await box.press('Enter');

  // Sign up; the e-mail is not verified yet.
  await expect(page).toHaveURL(/\/signup\?redirectTo=%2Fhome$/);
  await shot(page, 'signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
  // A reload of the verify page keeps the prompt.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
  await shot(page, 'verify-email');

  // The e-mailed link, opened from the dev outbox in another tab (as from a mail client).
  const mail = await context.newPage();
  await mail.goto(`${origin}/dev/outbox`);
  const card = mail
    .getByRole('listitem')
    .filter({ hasText: 'Verify your email for Atelier' })
    .filter({ hasText: `To ${email}` })
    .first();
  const href = (await card.getByRole('link', { name: /\/auth\/handler\?/ }).getAttribute('href')) as string;
  const link = new URL(href);
  await mail.goto(`${origin}${link.pathname}${link.search}`);
  await expect(mail.getByText('Your email has been verified')).toBeVisible();
  await shot(mail, 'verified');
  await mail.close();

  // The first tab notices, goes on to /home, which creates the app from the prompt and opens the
  // builder; the builder sends the prompt as the first message by itself.
  await page.getByRole('button', { name: 'I have verified my email' }).click();
  await expect(page).toHaveURL(/\/build\/app\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Recipe Planner' })).toBeVisible();
  const chat = page.getByRole('region', { name: 'Chat' });
  await expect(chat.getByText(PROMPT, { exact: true })).toBeVisible();
  await expect(chat.getByText(/Here's your/)).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('section[data-chat-status="ready"]')).toBeVisible({ timeout: 30_000 });
  await shot(page, 'builder-first-reply');

  // A reload does not send it again.
  await page.reload();
  await expect(chat.getByText(/Here's your/)).toBeVisible();
  await expect(chat.getByText(PROMPT, { exact: true })).toHaveCount(1);

  // The home card carries the same short name.
  await page.goto(`${origin}/home`);
  await expect(page.getByRole('link', { name: /Recipe Planner/ }).first()).toBeVisible();
  await shot(page, 'home');
});
