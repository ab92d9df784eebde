import { expect, type Page, test } from '@playwright/test';
import { settingsBaseURL } from '../playwright.config.ts';
import { signUpVerified } from '../support/accounts.ts';

const PASSWORD = 'violet-canyon-maple-42';
/** An admin by ADMIN_EMAILS (e2e/server.mjs). */
const ADMIN = 'e2e-admin@example.com';

async function signUp(page: Page, email: string) {
  await signUpVerified(page.request, email, PASSWORD, { base: settingsBaseURL });
}

test('an admin sees the offline assistant, edits the catalogue and configures a provider', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await signUp(page, ADMIN);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'AI models' }).click();
  await expect(page).toHaveURL(/\/admin\/llm$/);
  await expect(page.getByRole('heading', { level: 1, name: 'AI models' })).toBeVisible();
  await expect(
    page.getByText('No model provider is configured: the Offline assistant answers in the builder chat.'),
  ).toBeVisible();
  const openai = page.getByRole('form', {
    name: 'OpenAI-compatible (OpenAI, OpenRouter, Ollama, vLLM, LiteLLM)',
  });
  await expect(openai.getByText('Not configured')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Default model' })).toHaveValue('');
  await expect(page.getByText('In use now: Offline assistant')).toBeVisible();

  // Rename a catalogue entry and change its price: saved, and kept after a reload.
  await page.getByLabel('Name, row 1').fill('GPT-4o mini (team)');
  await page.getByLabel('Input price per 1M tokens, row 1').fill('0.2');
  await page.getByRole('button', { name: 'Save catalogue' }).click();
  await expect(page.getByText('AI settings saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Name, row 1')).toHaveValue('GPT-4o mini (team)');
  await expect(page.getByLabel('Input price per 1M tokens, row 1')).toHaveValue('0.2');
  await expect(page.getByLabel('Auto prices, row 1')).not.toBeChecked();

  // A base URL alone configures a keyless OpenAI-compatible server (Ollama, vLLM).
  await openai.getByLabel('Base URL').fill('http://127.0.0.1:11434/v1');
  await openai.getByRole('button', { name: 'Save' }).click();
  await expect(openai.getByText('Configured', { exact: true })).toBeVisible();
  await expect(page.getByText('No model provider is configured')).toBeHidden();
  await expect(page.getByText('In use now: GPT-4o mini (team)')).toBeVisible();

  // Back to the offline default for the other specs.
  await openai.getByLabel('Base URL').fill('');
  await openai.getByRole('button', { name: 'Save' }).click();
  await expect(openai.getByText('Not configured')).toBeVisible();
  await page.getByRole('button', { name: 'Restore built-in list' }).click();
  await expect(page.getByLabel('Name, row 1')).toHaveValue('GPT-4o mini');

  await expect(page.getByRole('heading', { name: 'Token usage' })).toBeVisible();
  await expect(page.getByText('Calls', { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a builder who is not an admin has no AI models screen', async ({ page }) => {
  await signUp(page, `e2e-builder-${Date.now()}@example.com`);
  await page.goto('/home');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Settings' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'AI models' })).toHaveCount(0);
  await page.goto('/admin/llm');
  await expect(page.getByText('Only admins can change the AI models.')).toBeVisible();
});
