import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { signUpVerified } from '../support/accounts.ts';
import { stepShots } from '../support/steps.ts';

/**
 * Issue 19 item 10, second walk: a single tool from the first prompt, its form previewed live in
 * the builder (Number and Date fields), activated (Live, not Draft), and run by an anonymous visitor.
 * Opened at http://127.0.0.1; the offline assistant answers.
 */
const origin = baseURL.replace('//localhost', '//127.0.0.1');
const PASSWORD = 'violet-canyon-maple-42';
const PROMPT =
  'A tool that writes a short, friendly cover letter from a job description and my CV, in the tone I choose.';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Side panel' });
const open = (page: Page, entry: string) => menu(page).getByRole('button', { name: entry }).click();

test('a single tool: first prompt → live form preview → Live → an anonymous visitor runs it', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const shot = stepShots(testInfo);
  const email = `journey-tool-${Date.now()}@example.com`;
  await signUpVerified(page.request, email, PASSWORD, { origin });

  // The first prompt names the tool and its path.
  await page.goto(`${origin}/home`);
  await page.getByRole('radio', { name: /Single tool/ }).click();
  await page.getByLabel('What do you want to build?').fill(PROMPT);
  await page.getByLabel('What do you want to build?').press('Enter');
  await expect(page).toHaveURL(/\/build\/app\/[0-9a-f-]{36}$/);
  await expect(
    page.getByRole('banner').getByRole('heading', { level: 1, name: 'Cover Letter Writer' }),
  ).toBeVisible();
  await expect(page.getByLabel('Status: draft')).toHaveText('Draft');

  // The preview follows the texts and fields as they are saved.
  const preview = page.getByRole('region', { name: 'Tool preview' });
  await open(page, 'Tool texts');
  await page.getByLabel('Header', { exact: true }).fill('Cover letters in a minute');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(preview.getByRole('heading', { name: 'Cover letters in a minute' })).toBeVisible({
    timeout: 10_000,
  });
  await open(page, 'Custom fields');
  for (const name of ['Years of experience', 'Start date']) {
    await page.getByLabel('Field name').fill(name);
    await page.getByRole('button', { name: 'Add field' }).click();
  }
  await page.getByRole('button', { name: 'Edit Years of experience' }).click();
  await page.getByLabel('Type').selectOption('number');
  await page.getByRole('button', { name: 'Edit Start date' }).click();
  await page.getByLabel('Type').selectOption('date');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(preview.getByLabel('Years of experience')).toHaveAttribute('type', 'number', {
    timeout: 10_000,
  });
  await expect(preview.getByLabel('Start date')).toHaveAttribute('type', 'date');
  await shot(page, 'tool-builder-preview');

  // Activate: the top bar says Live with the tool's address.
  await page.getByRole('button', { name: 'Activate', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Activate Your Tool!' });
  await dialog.getByLabel('Activate tool').click();
  await expect(dialog.getByLabel('Activated')).toBeChecked();
  const link = await dialog.getByLabel('Tool link', { exact: true }).inputValue();
  // Named from the prompt; unique on this server (another spec may have made a cover letter tool).
  const toolPath = new URL(link).pathname;
  expect(toolPath).toMatch(/^\/tool\/cover-letter-writer(-\d+)?$/);
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Status: active')).toHaveText('Live');
  await shot(page, 'tool-live');

  // An anonymous visitor runs it.
  const visitor = await browser.newContext();
  try {
    const tab = await visitor.newPage();
    await tab.goto(`${origin}${toolPath}`);
    await expect(tab.getByRole('heading', { name: 'Cover letters in a minute' })).toBeVisible();
    await tab.getByLabel('Years of experience').fill('7');
    await tab.getByLabel('Start date').fill('2026-03-01');
    await tab.getByRole('button', { name: 'Run' }).click();
    const result = tab.getByRole('region', { name: 'Result' });
    await expect(result).toBeVisible({ timeout: 30_000 });
    await expect(result).not.toContainText(/connect a model|ask the chat/i);
    await shot(tab, 'tool-visitor-result');
  } finally {
    await visitor.close();
  }
});
