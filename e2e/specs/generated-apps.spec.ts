import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { E2E_ADMINS, signInAdmin } from '../support/admin.ts';

const PASSWORD = 'violet-canyon-maple-42';

/** Signs in an admin builder through the API with the page's own request context (so the page has the cookie). */
const signUpBuilder = (page: Page) => signInAdmin(page, E2E_ADMINS.apps, PASSWORD);

interface AppFiles {
  files: { id: string; path: string; content: string }[];
}

async function saveFile(page: Page, appId: string, file: { id: string; content: string }) {
  const res = await page.request.post(`/api/apps/${appId}/files/update`, {
    data: { file },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(200);
}

test('create a generated app, preview the template, see a runtime error, publish and open it elsewhere', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    const url = message.location().url;
    // Only the builder's own page counts: the preview (another origin) logs the app's errors on
    // purpose, and the template's data call (`entities.Item.list`) fails for a visitor who is not
    // signed in to the app.
    if (message.type() === 'error' && url.startsWith(baseURL) && !url.includes('/entities/')) {
      consoleErrors.push(`${message.text()} ${url}`);
    }
  });
  await signUpBuilder(page);

  // Create the app from /home.
  await page.goto('/home');
  await page.getByLabel('App name').fill('Garden Planner');
  await page.getByLabel('Type').selectOption('GEN_APP');
  await page.getByRole('button', { name: 'Create app' }).click();
  await expect(page).toHaveURL(/\/build\/app\/[0-9a-f-]{36}$/);
  const appId = page.url().split('/').at(-1) as string;

  // The builder: name, draft status, and the template rendered in the sandboxed preview.
  await expect(page.getByRole('heading', { level: 1, name: 'Garden Planner' })).toBeVisible();
  await expect(page.getByLabel('Status: draft')).toHaveText('Draft');
  const frame = page.frameLocator('iframe[title="Preview of Garden Planner"]');
  await expect(frame.getByRole('heading', { level: 1, name: 'Garden Planner' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(frame.getByText('Your app is ready.')).toBeVisible();
  const iframe = page.locator('iframe[title="Preview of Garden Planner"]');
  await expect(iframe).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-popups');
  expect(new URL((await iframe.getAttribute('src')) as string).origin).not.toBe(new URL(baseURL).origin);

  // Break the home page (it throws while rendering) and reload the preview: the error panel opens.
  const { files } = (await (await page.request.get(`/api/apps/${appId}/files`)).json()) as AppFiles;
  const home = files.find((file) => file.path === 'pages/Home.tsx');
  if (!home) throw new Error('the template has no pages/Home.tsx');
  await saveFile(page, appId, {
    id: home.id,
    content: "export default function Home() {\n  throw new Error('The garden is on fire');\n}\n",
  });
  await page.getByRole('button', { name: 'Reload preview' }).click();
  const panel = page.getByRole('region', { name: 'Runtime errors' });
  await expect(panel).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByText('Error: The garden is on fire', { exact: true })).toBeVisible();
  await expect(panel.getByText('<Home>')).toBeVisible();
  // The chat is there, so the panel offers "Resolve with AI" (it sends the error report to the chat).
  await expect(panel.getByRole('button', { name: 'Resolve with AI' })).toBeVisible();
  await panel
    .getByRole('button', { name: /^Suppress/ })
    .first()
    .click();
  await expect(panel).toBeHidden();

  // Put the home page back, then publish.
  await saveFile(page, appId, { id: home.id, content: home.content });
  await page.getByRole('button', { name: 'Reload preview' }).click();
  await expect(frame.getByRole('heading', { level: 1, name: 'Garden Planner' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Publish' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish Garden Planner' });
  await dialog.getByLabel('Header').fill('Garden Planner');
  await dialog.getByLabel('Description').fill('Plan what to plant and when');
  // All five fields publishing sends are edited here (spec 2 §7, issue 23 #28).
  await dialog.getByLabel('Instructions').fill('Suggest plants for the season');
  await dialog.getByLabel('Background').fill('For allotment gardeners');
  await dialog.getByLabel('Features (one per line)').fill('Planting calendar\n\nHarvest log ');
  await dialog.getByRole('button', { name: 'Publish app' }).click();
  // The dialog says where it went: the address the server answers (the app's own origin,
  // {slug}.localhost on the server's port, which Chromium resolves without DNS), to copy or open.
  const appUrl = `http://garden-planner.localhost:${new URL(baseURL).port}/`;
  const live = page.getByRole('dialog', { name: 'Garden Planner is live' });
  await expect(live.getByLabel('Address')).toHaveValue(appUrl);
  await expect(live.getByRole('link', { name: 'Open' })).toHaveAttribute('href', appUrl);
  await live.getByRole('button', { name: 'Done' }).click();
  await expect(live).toBeHidden();
  expect(await (await page.request.get(`/api/apps/${appId}`)).json()).toMatchObject({
    header: 'Garden Planner',
    description: 'Plan what to plant and when',
    gptPrompt: 'Suggest plants for the season',
    background: 'For allotment gardeners',
    features: ['Planting calendar', 'Harvest log'],
  });
  await expect(page.getByLabel('Status: active')).toHaveText('Live');
  await expect(page.getByRole('link', { name: `Open the published app at ${appUrl}` })).toHaveAttribute(
    'href',
    appUrl,
  );

  // Edits after publishing stay out of the published app until it is published again.
  await saveFile(page, appId, {
    id: home.id,
    content: home.content.replace('Your app is ready.', 'Draft only.'),
  });

  // A fresh browser context (no builder session) opens the published app.
  const visitor = await browser.newContext();
  try {
    const published = await visitor.newPage();
    // The old address redirects to the app's origin.
    await published.goto(`/app/${appId}`);
    await expect(published).toHaveURL(appUrl);
    await expect(published.getByRole('heading', { level: 1, name: 'Garden Planner' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(published.getByText('Your app is ready.')).toBeVisible();
    await expect(published.getByText('Draft only.')).toHaveCount(0);
  } finally {
    await visitor.close();
  }

  // The builder's own browser opening the published app: the app runs on an origin of its own, with
  // its own storage; the builder's cookie (host-only, on localhost) never reaches it, and the API
  // refuses credentialed calls from it.
  const sameBrowser = await page.context().newPage();
  await sameBrowser.goto(appUrl);
  await expect(sameBrowser.getByRole('heading', { level: 1, name: 'Garden Planner' })).toBeVisible({
    timeout: 30_000,
  });
  const probe = await sameBrowser.evaluate(async (api) => {
    let cookie: string;
    try {
      cookie = `readable:${document.cookie}`;
    } catch (error) {
      cookie = `blocked:${(error as Error).name}`;
    }
    window.localStorage.setItem('probe', 'kept');
    const withCookie = await fetch(`${api}/api/auth/session`, { credentials: 'include' }).then(
      (res) => `status:${res.status}`,
      () => 'refused',
    );
    const plain = await fetch(`${api}/api/auth/session`, { credentials: 'omit' }).then((res) => res.status);
    return { origin: window.origin, cookie, withCookie, plain, storage: localStorage.getItem('probe') };
  }, baseURL);
  expect(probe).toEqual({
    origin: new URL(appUrl).origin,
    cookie: 'readable:',
    storage: 'kept',
    withCookie: 'refused',
    plain: 401,
  });
  await sameBrowser.close();

  expect(consoleErrors).toEqual([]);
});
