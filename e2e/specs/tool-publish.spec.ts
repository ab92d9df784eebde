import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { signUpVerified } from '../support/accounts.ts';

const PASSWORD = 'violet-canyon-maple-42';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Side panel' });
const open = (page: Page, entry: string) => menu(page).getByRole('button', { name: entry }).click();
const saved = (page: Page) =>
  expect(page.getByText('Saved', { exact: true })).toBeVisible({ timeout: 10_000 });

test('a builder makes a single tool from /home, activates and publishes it; an anonymous visitor runs it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `tool-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await signUpVerified(page.request, email, PASSWORD);

  // A single tool from /home.
  await page.goto('/home');
  await page.getByRole('radio', { name: /Single tool/ }).click();
  await page.getByLabel('What do you want to build?').fill('Trip planner for weekend city breaks');
  await page.getByRole('button', { name: 'Start building' }).click();
  await expect(page).toHaveURL(/\/build\/app\/[0-9a-f-]{36}$/);

  // Activation is refused until the tool has a header.
  await page.getByRole('button', { name: 'Activate', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Activate Your Tool!' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Activate tool').click();
  await expect(dialog.getByRole('alert')).toHaveText('Your tool should have a header before it is activated');
  await expect(dialog.getByLabel('Activate tool')).not.toBeChecked();
  await page.keyboard.press('Escape');

  // Texts, two fields and the call to action, through the side panel.
  await open(page, 'Tool texts');
  await page.getByLabel('Header', { exact: true }).fill('Weekend planner');
  await page.getByLabel('Subheader').fill('Two days, one city, no stress');
  await page.getByLabel('Input label').fill('Anything we should know?');
  await page.getByRole('button', { name: 'Done' }).click();
  await open(page, 'Custom fields');
  await page.getByLabel('Field name').fill('Destination');
  await page.getByRole('button', { name: 'Add field' }).click();
  await page.getByLabel('Field name').fill('Travel style');
  await page.getByRole('button', { name: 'Add field' }).click();
  await page.getByRole('button', { name: 'Done' }).click();
  await open(page, 'Call to action');
  const ctaPanel = page.getByRole('complementary').filter({ hasText: 'Call to action' });
  await ctaPanel.getByLabel('Message').fill('Want a local guide?');
  await ctaPanel.getByLabel('Button text').fill('Book a guide');
  await ctaPanel.getByLabel('Button link').fill('https://example.com/guides');
  await page.getByRole('button', { name: 'Done' }).click();
  await saved(page);

  // Activate: the toggle reads Activated and the copyable link names the tool's path.
  await page.getByRole('button', { name: 'Activate', exact: true }).click();
  await dialog.getByLabel('Activate tool').click();
  await expect(dialog.getByLabel('Activated')).toBeChecked();
  const link = await dialog.getByLabel('Tool link', { exact: true }).inputValue();
  expect(link).toMatch(new RegExp(`^${baseURL}/tool/[A-Za-z0-9-]+$`));
  const path = new URL(link).pathname;
  await page.keyboard.press('Escape');

  // Publish.
  await page.getByRole('button', { name: 'Publish' }).click();
  const publish = page.getByRole('dialog');
  await publish.getByLabel('Header').fill('Weekend planner');
  await publish.getByRole('button', { name: 'Publish app' }).click();
  await publish.getByRole('button', { name: 'Done' }).click({ timeout: 20_000 });
  await expect(publish).toBeHidden();

  // A fresh, anonymous visitor.
  const visitor = await browser.newContext();
  const tab = await visitor.newPage();
  await tab.goto(`${baseURL}${path}`);
  await expect(tab.getByRole('heading', { name: 'Weekend planner' })).toBeVisible();
  await expect(tab.getByText('Two days, one city, no stress')).toBeVisible();
  // An empty run is stopped at the form, which stays, with the reason under the input (issue 23 #26).
  await tab.getByRole('button', { name: 'Run' }).click();
  await expect(tab.getByRole('alert')).toHaveText('Please fill in the input before running the tool');
  await expect(tab.getByLabel('Anything we should know?')).toHaveAttribute('aria-invalid', 'true');
  await tab.getByLabel('Anything we should know?').fill('We love museums');
  await expect(tab.getByRole('alert')).toHaveCount(0);
  await tab.getByLabel('Destination').fill('Lisbon');
  await tab.getByLabel('Travel style').fill('slow and curious');
  await tab.getByRole('button', { name: 'Run' }).click();

  const result = tab.getByRole('region', { name: 'Result' });
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(result).toContainText('Weekend planner');
  // No builder advice ("connect a model") reaches a visitor (issue 19 item 6).
  await expect(result).toContainText("This answer quotes the tool's data sources.");
  await expect(result).not.toContainText('model');
  const cta = tab.getByRole('complementary', { name: 'Call to action' });
  await expect(cta).toContainText('Want a local guide?');
  await expect(cta.getByRole('link', { name: 'Book a guide' })).toHaveAttribute(
    'href',
    'https://example.com/guides',
  );

  // An unknown path says so.
  await tab.goto(`${baseURL}/tool/no-such-tool-here`);
  await expect(
    tab.getByRole('heading', { name: 'Tool with path no-such-tool-here not found' }),
  ).toBeVisible();
  await visitor.close();
});

test('on lite, a second live tool is refused with the cap message, and Upgrade opens the plan dialog', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const headers = { origin: baseURL };
  const email = `tool-cap-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await signUpVerified(page.request, email, PASSWORD);
  const makeTool = async (name: string) => {
    const app = (await (
      await page.request.post('/api/apps', { data: { name, type: 'AI_TOOL' }, headers })
    ).json()) as {
      id: string;
    };
    expect(
      (await page.request.patch(`/api/apps/${app.id}`, { data: { header: name }, headers })).status(),
    ).toBe(200);
    const list = (await (await page.request.get(`/api/apps/${app.id}/tools`)).json()) as {
      tools: { toolId: string }[];
    };
    return { appId: app.id, toolId: list.tools[0]!.toolId };
  };
  const first = await makeTool('First live tool');
  const activated = await page.request.patch(`/api/apps/${first.appId}/tools/${first.toolId}`, {
    data: { status: 'active' },
    headers,
  });
  expect(activated.status()).toBe(200);
  const second = await makeTool('Second tool');

  await page.goto(`/build/app/${second.appId}`);
  await page.getByRole('button', { name: 'Activate', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Activate Your Tool!' });
  await dialog.getByLabel('Activate tool').click();
  await expect(dialog.getByRole('note')).toContainText(
    'You can have 1 live AI tool on the Lite plan. Upgrade your plan to activate more tools.',
  );
  await expect(dialog.getByLabel('Activate tool')).not.toBeChecked();
  await dialog.getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/goto=upgrade_app_plan/);
  await expect(page.getByRole('heading', { name: /^(Upgrade your plan|Your plan|Plans)$/ })).toBeVisible();
});
