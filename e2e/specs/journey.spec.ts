import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import { APP_SLUG_MESSAGES } from '@atelier/shared';
import { type Browser, type BrowserContext, expect, type Page, type TestInfo, test } from '@playwright/test';
import { offlineAnswer } from '../../apps/server/src/features/offline-assistant/offline-model.ts';
import { type FakeProvider, startFakeOpenAI } from '../../apps/server/test/support/fake-openai.ts';
import { settingsBaseURL as baseURL } from '../playwright.config.ts';
import { E2E_ADMINS, signInAdmin } from '../support/admin.ts';
import { stepShots } from '../support/steps.ts';

/**
 * Issue 19: a newcomer's first app, whole, opened at http://127.0.0.1 (not only localhost). The same
 * walk runs twice: with the offline assistant (no model configured), and with a model provider (the
 * test support's fake OpenAI-compatible server) scripted to answer like a real model: it names the
 * app, then answers the first prompt after a delay to first token, in markdown, with the app's files
 * in the chat's action tags.
 */
const origin = baseURL.replace('//localhost', '//127.0.0.1');
const PASSWORD = 'violet-canyon-maple-42';
const PROMPT = 'A recipe planner where I save recipes with ingredients and tags';

interface Walk {
  /** The app's name as the builder shows it, and its published address label. */
  appName: string;
  slug: string;
}

test('a newcomer with the offline assistant: landing prompt → sign up → verify → the build starts by itself → preview record → Database → publish → an end user signs up and adds a record', async ({
  page,
  context,
  browser,
}, testInfo) => {
  await walk({ page, context, browser, testInfo }, { appName: 'Recipe Planner', slug: 'recipe-planner' });
});

test.describe('with a model provider', () => {
  let fake: FakeProvider;
  let admin: BrowserContext;
  const headers = { origin: baseURL };

  test.beforeAll(async ({ browser }) => {
    fake = await startFakeOpenAI();
    admin = await browser.newContext();
    const adminPage = await admin.newPage();
    await signInAdmin(adminPage, E2E_ADMINS.journey, PASSWORD, baseURL);
    const settings = await admin.request.put(`${baseURL}/api/admin/llm/settings`, {
      data: { openaiApiKey: 'e2e-fake-key', openaiBaseUrl: fake.baseUrl },
      headers,
    });
    expect(settings.status()).toBe(200);
  });

  test.afterAll(async () => {
    // Back to the offline assistant for the specs that follow.
    await admin?.request.put(`${baseURL}/api/admin/llm/settings`, {
      data: { openaiApiKey: null, openaiBaseUrl: null },
      headers,
    });
    await admin?.close();
    await fake?.close();
  });

  test('the same walk, the model naming the app and writing it', async ({
    page,
    context,
    browser,
  }, testInfo) => {
    fake.reply(
      // The app's name, asked when the prompt creates the app.
      { chunks: ['Pantry ', 'Planner'] },
      // The first prompt's answer: the app's files for the prompt and the template in the system prompt.
      {
        firstChunkDelayMs: 800,
        chunkDelayMs: 20,
        chunksFor: (body) => {
          const answer = offlineAnswer(promptOf(body));
          const text = `I'll set up **Pantry Planner** for you:\n\n- a page per kind of record\n- a home page that says what it is for\n\n${answer}`;
          return text.match(/[\s\S]{1,160}/g) ?? [];
        },
      },
    );
    await walk({ page, context, browser, testInfo }, { appName: 'Pantry Planner', slug: 'pantry-planner' });
    expect(fake.completions()).toHaveLength(2);
    expect(JSON.stringify(fake.completions()[1]?.body)).toContain(PROMPT);
  });
});

/** An OpenAI chat-completions request body as the AI SDK prompt the offline assistant reads. */
function promptOf(body: Record<string, unknown> | undefined): LanguageModelV3Prompt {
  const messages = (body?.messages ?? []) as { role: string; content: unknown }[];
  const text = (content: unknown) =>
    typeof content === 'string'
      ? content
      : ((content ?? []) as { type: string; text?: string }[])
          .filter((part) => part.type === 'text')
          .map((part) => part.text ?? '')
          .join('\n');
  return messages.flatMap((message): LanguageModelV3Prompt => {
    if (message.role === 'system') return [{ role: 'system', content: text(message.content) }];
    if (message.role === 'user')
      return [{ role: 'user', content: [{ type: 'text', text: text(message.content) }] }];
    return [];
  });
}

async function walk(
  {
    page,
    context,
    browser,
    testInfo,
  }: { page: Page; context: BrowserContext; browser: Browser; testInfo: TestInfo },
  { appName, slug }: Walk,
) {
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
  await expect(page.getByRole('heading', { level: 1, name: appName })).toBeVisible();
  const chat = page.getByRole('region', { name: 'Chat' });
  await expect(chat.getByText(PROMPT, { exact: true })).toBeVisible();
  await expect(chat.getByText(/I made a recipe planner/)).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('section[data-chat-status="ready"]')).toBeVisible({ timeout: 30_000 });
  await shot(page, 'builder-first-reply');

  // A reload does not send it again.
  await page.reload();
  await expect(chat.getByText(/I made a recipe planner/)).toBeVisible();
  await expect(chat.getByText(PROMPT, { exact: true })).toHaveCount(1);

  // The reply's app in the preview: its own Home (no template scaffolding), the builder's name.
  const frame = page.frameLocator(`iframe[title="Preview of ${appName}"]`);
  await expect(frame.getByRole('heading', { level: 1, name: appName })).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    frame.getByText('Keep track of your recipes, ingredients and tags in one place.'),
  ).toBeVisible();
  await expect(frame.getByText(/ask the chat|your app is ready/i)).toHaveCount(0);
  // The preview runs as the builder: auth.me() answers the owner.
  await expect(frame.getByRole('navigation', { name: 'Account' })).toContainText(`Signed in as ${email}`);
  await shot(page, 'preview-app');

  // The owner adds a record in the preview, and sees it in the Database panel.
  await frame.getByRole('link', { name: 'Ingredients' }).first().click();
  await frame.getByLabel('Name').fill('Basil');
  await frame.getByRole('button', { name: 'Add ingredient' }).click();
  await expect(frame.getByRole('cell', { name: 'Basil', exact: true })).toBeVisible({ timeout: 15_000 });
  await shot(page, 'preview-record');
  await page.getByRole('link', { name: 'Database' }).click();
  const entities = page.getByRole('navigation', { name: 'Entities' });
  await expect(entities.getByRole('button', { name: 'Item' })).toHaveCount(0);
  await entities.getByRole('button', { name: 'Ingredient' }).click();
  await expect(page.getByRole('main').getByText('Basil', { exact: true })).toBeVisible();
  await shot(page, 'database');
  await page.goBack();

  // Publish: the dialog gives the app's address on its own origin, to copy and open.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  // An address another app has (published through the API) and a malformed one are refused in words.
  const taken = `taken-${Date.now()}`;
  const other = await page.request.post(`${origin}/api/apps`, {
    data: { name: 'Taken Address', type: 'GEN_APP' },
    headers: { origin },
  });
  const otherId = ((await other.json()) as { id: string }).id;
  const otherPublished = await page.request.post(`${origin}/api/apps/${otherId}/publish`, {
    data: { slug: taken },
    headers: { origin },
  });
  expect(otherPublished.status()).toBe(200);
  await page.getByRole('button', { name: 'Publish' }).click();
  const publishDialog = page.getByRole('dialog');
  const addressBox = publishDialog.getByLabel('Address');
  await addressBox.fill('Bad Address!');
  await publishDialog.getByRole('button', { name: 'Publish app' }).click();
  await expect(publishDialog.getByText(APP_SLUG_MESSAGES.invalid)).toBeVisible();
  await addressBox.fill(taken);
  await publishDialog.getByRole('button', { name: 'Publish app' }).click();
  await expect(publishDialog.getByText(APP_SLUG_MESSAGES.taken)).toBeVisible();
  await shot(page, 'address-taken');
  // Empty: the address made from the app's name.
  await addressBox.fill('');
  await publishDialog.getByRole('button', { name: 'Publish app' }).click();
  const live = page.getByRole('dialog', { name: `${appName} is live` });
  const address = await live.getByLabel('Address').inputValue();
  expect(address).toMatch(new RegExp(`^http://${slug}\\.localhost:\\d+/$`));
  await live.getByRole('button', { name: 'Copy' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  await expect(live.getByRole('link', { name: 'Open' })).toHaveAttribute('href', address);
  await shot(page, 'published');
  await live.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByLabel('Status: active')).toHaveText('Live');

  // User signup on; in a fresh browser an end user signs up on the published app, adds a record,
  // reloads and is still signed in.
  const appId = new URL(page.url()).pathname.split('/').at(-1) as string;
  // Sign-up is off until the builder turns it on: the app's sign-up screen says so.
  const visitor = await browser.newContext();
  const app = await visitor.newPage();
  await app.goto(`${address}signup`);
  await expect(app.getByText('Sign-up is not enabled for this app')).toBeVisible({ timeout: 30_000 });
  await expect(app.getByRole('button', { name: 'Create account' })).toHaveCount(0);
  const signupOn = await page.request.patch(`${origin}/api/apps/${appId}`, {
    data: { isSignupEnabled: true },
    headers: { origin },
  });
  expect(signupOn.status()).toBe(200);
  const endUserEmail = `end-user-${Date.now()}@example.com`;
  // The builder watches the Database panel while the end user works.
  await page.getByRole('link', { name: 'Database' }).click();
  await page
    .getByRole('navigation', { name: 'Entities' })
    .getByRole('button', { name: 'Ingredient' })
    .click();
  await expect(page.getByRole('main').getByText('Basil', { exact: true })).toBeVisible();
  try {
    await app.reload();
    await expect(app.getByRole('heading', { name: 'Create account' })).toBeVisible({ timeout: 30_000 });
    await app.getByLabel('Email').fill(endUserEmail);
    await app.getByLabel('Password').fill(PASSWORD);
    await app.getByRole('button', { name: 'Create account' }).click();
    const account = app.getByRole('navigation', { name: 'Account' });
    await expect(account).toContainText(`Signed in as ${endUserEmail}`);
    await app.getByRole('link', { name: 'Ingredients' }).first().click();
    await app.getByLabel('Name').fill('Thyme');
    await app.getByRole('button', { name: 'Add ingredient' }).click();
    await expect(app.getByRole('cell', { name: 'Thyme', exact: true })).toBeVisible({ timeout: 15_000 });
    await app.reload();
    await expect(app.getByRole('cell', { name: 'Thyme', exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(account).toContainText(`Signed in as ${endUserEmail}`);
    await shot(app, 'end-user-record');
  } finally {
    await visitor.close();
  }

  // The builder sees the end user's record in the Database panel, live (no reload).
  await expect(page.getByRole('main').getByText('Thyme', { exact: true })).toBeVisible();
  await shot(page, 'database-end-user-record');
  await page.goBack();

  // The home card carries the same short name.
  await page.goto(`${origin}/home`);
  await expect(page.getByRole('link', { name: new RegExp(appName) }).first()).toBeVisible();
  await shot(page, 'home');
}
