import { CHAT_MESSAGES, OFFLINE_CAPABILITIES, OFFLINE_MODEL_LABEL } from '@atelier/shared';
import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { signUpVerified } from '../support/accounts.ts';

const PASSWORD = 'violet-canyon-maple-42';

async function signUpBuilder(page: Page) {
  const email = `chat-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await signUpVerified(page.request, email, PASSWORD);
}

async function createApp(page: Page, name: string): Promise<string> {
  const res = await page.request.post('/api/apps', {
    data: { name, type: 'GEN_APP' },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test('the offline assistant builds a CRM from the chat: action cards complete and the preview shows Contacts', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // The first account of a fresh install is its admin, who sees token counts: run first, this
  // spec would be that account. A throwaway sign-up takes the place whatever ran before.
  await signUpBuilder(page);
  await signUpBuilder(page);
  const appId = await createApp(page, 'Sales CRM');
  await page.goto(`/build/app/${appId}`);

  // No provider on the e2e server: before the first message the chat says the offline assistant
  // answers and offers what it understands; a suggestion sends its example (issue 23 #27).
  const chat = page.getByRole('region', { name: 'Chat' });
  await expect(chat.getByRole('heading', { name: OFFLINE_MODEL_LABEL })).toBeVisible();
  await expect(
    chat.getByText('No AI model is connected, so the offline assistant answers here.'),
  ).toBeVisible();
  const suggestions = chat.getByRole('list', { name: 'Suggestions' }).getByRole('button');
  await expect(suggestions).toHaveCount(OFFLINE_CAPABILITIES.length);
  await suggestions.filter({ hasText: 'Create an app' }).click();

  // The message shows at once, then the reply with its action cards, each ending applied.
  await expect(chat.getByText('Create a CRM with contacts and deals')).toBeVisible();
  const cards = chat.getByTestId('action-card');
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  await expect(chat.locator('[data-testid="action-card"][data-outcome="applied"]').first()).toBeVisible({
    timeout: 30_000,
  });
  // The footer (Rate) appears once the reply has finished, without a client error on the way.
  await expect(chat.getByRole('button', { name: 'Rate' })).toBeVisible({ timeout: 30_000 });
  // The reply says what it made from the request and what it assumed; the suggestions are gone.
  await expect(chat.getByText(/^I made a CRM: a page for each of Contacts and Deals/)).toBeVisible();
  await expect(
    chat.getByText(/I assumed these fields: contacts have name, email, phone and company/),
  ).toBeVisible();
  await expect(chat.getByRole('heading', { name: OFFLINE_MODEL_LABEL })).toHaveCount(0);
  await expect(chat.locator('[data-testid="action-card"][data-status="streaming"]')).toHaveCount(0);
  // Tokens and cost per reply are for admins only (spec 3 §6); this builder is not one.
  await expect(chat.getByRole('button', { name: /tokens ·/ })).toHaveCount(0);
  const count = await cards.count();
  expect(count).toBeGreaterThan(2);
  await expect(chat.locator('[data-testid="action-card"][data-outcome="applied"]')).toHaveCount(count);

  // The new version reaches the preview: the navigation links the Contacts page.
  const frame = page.frameLocator('iframe[title="Preview of Sales CRM"]');
  await expect(frame.getByRole('link', { name: 'Contacts' }).first()).toBeVisible({ timeout: 45_000 });
  // The preview may still swap frames (the reply's live draft, then its version): a click on a frame
  // removed mid-action fails with "Target … closed", so the click is tried again on the frame shown.
  await expect(async () => {
    await frame.getByRole('link', { name: 'Contacts' }).first().click({ timeout: 5_000 });
    await expect(frame.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });

  // Reload: the conversation comes back from the history, with the reply's version on the user message.
  await page.reload();
  await expect(chat.getByText('Create a CRM with contacts and deals')).toBeVisible();
  await expect(chat.locator('[data-testid="action-card"][data-outcome="applied"]')).toHaveCount(count);
  await expect(chat.getByRole('button', { name: CHAT_MESSAGES.revert })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('rating a reply, discuss mode and Shift+Enter', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpBuilder(page);
  const appId = await createApp(page, 'Notes');
  await page.goto(`/build/app/${appId}`);
  const chat = page.getByRole('region', { name: 'Chat' });
  const box = chat.getByLabel('Message');

  // Shift+Enter adds a line; nothing is sent.
  await box.fill('Add an About page');
  await box.press('Shift+Enter');
  await expect(box).toHaveValue('Add an About page\n');
  await expect(chat.getByRole('heading', { name: OFFLINE_MODEL_LABEL })).toBeVisible();

  // Discuss mode: the actions are shown as not applied.
  await chat.getByLabel('Discuss mode').check();
  await box.press('Enter');
  await expect(chat.getByText(CHAT_MESSAGES.notAppliedDiscuss).first()).toBeVisible({ timeout: 30_000 });

  // Rate the reply: 5 stars, a reason, a comment; then it reads "already rated".
  await chat.getByRole('button', { name: 'Rate' }).click();
  const dialog = page.getByRole('dialog', { name: CHAT_MESSAGES.rateTitle });
  await dialog.getByRole('button', { name: '5 stars' }).click();
  await dialog.getByRole('button', { name: 'Did what I asked' }).click();
  await dialog.getByLabel('Comment').fill('  Clear answer  ');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(CHAT_MESSAGES.ratingThanks)).toBeVisible();
  await expect(chat.getByRole('button', { name: CHAT_MESSAGES.alreadyRated })).toBeDisabled();
  const history = (await (await page.request.get(`/api/apps/${appId}/chat/history`)).json()) as {
    messages: { annotations: { rating?: unknown }[] }[];
  };
  expect(history.messages[1]!.annotations[0]!.rating).toEqual({
    score: 5,
    feedback: ['Did what I asked'],
    comment: 'Clear answer',
  });
});

test('revert to an earlier message, then undo the restore', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpBuilder(page);
  const appId = await createApp(page, 'Team CRM');
  await page.goto(`/build/app/${appId}`);
  const chat = page.getByRole('region', { name: 'Chat' });
  const box = chat.getByLabel('Message');
  const rate = chat.getByRole('button', { name: 'Rate' });

  await box.fill('Create a CRM with contacts and deals');
  await box.press('Enter');
  await expect(rate).toHaveCount(1, { timeout: 30_000 });
  await box.fill('Add an About page');
  await box.press('Enter');
  await expect(rate).toHaveCount(2, { timeout: 30_000 });
  const frame = page.frameLocator('iframe[title="Preview of Team CRM"]');
  await expect(frame.getByRole('link', { name: 'About' })).toBeVisible({ timeout: 45_000 });

  // Revert on the first message: its exchange stays, the two later messages go.
  await chat.getByRole('button', { name: CHAT_MESSAGES.revert }).first().click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByText(CHAT_MESSAGES.removedMessages(2))).toBeVisible();
  await confirm.getByRole('button', { name: CHAT_MESSAGES.revert }).click();
  await expect(chat.getByText('Add an About page')).toHaveCount(0);
  await expect(chat.getByText(/^Restored the version from /)).toBeVisible();
  await expect(frame.getByRole('link', { name: 'About' })).toHaveCount(0, { timeout: 45_000 });
  await expect(frame.getByRole('link', { name: 'Contacts' }).first()).toBeVisible();

  // Undo restore: back to the version with the About page, as a new version.
  await chat.getByRole('button', { name: CHAT_MESSAGES.undoRestore }).click();
  await page.getByRole('dialog').getByRole('button', { name: CHAT_MESSAGES.undoRestore }).click();
  await expect(chat.getByText(/^Undid the restore of the version from /)).toBeVisible();
  await expect(frame.getByRole('link', { name: 'About' })).toBeVisible({ timeout: 45_000 });
  await expect(chat.getByRole('button', { name: CHAT_MESSAGES.undoRestore })).toHaveCount(0);

  // The About version's message went with the revert: the Versions menu restores it by its id (issue 21 §10).
  const restored = chat.getByText(/^Restored the version from /);
  await chat.getByRole('button', { name: 'Versions' }).click();
  await page
    .getByRole('menu')
    .locator(':scope > div', { hasText: /About/ })
    .getByRole('menuitem', { name: 'Restore' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: CHAT_MESSAGES.revert }).click();
  await expect(restored).toHaveCount(2);
  await expect(page.getByText(CHAT_MESSAGES.restoreFailed)).toHaveCount(0);
});
