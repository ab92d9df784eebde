import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { signUpVerified } from '../support/accounts.ts';

const PASSWORD = 'violet-canyon-maple-42';
const headers = { origin: baseURL };

/** A builder (signed in on `page`) with a live single tool that has a memorized field. */
async function liveTool(page: Page, name: string, options: { signup?: boolean } = {}) {
  const app = (await (
    await page.request.post('/api/apps', { data: { name, type: 'AI_TOOL' }, headers })
  ).json()) as { id: string };
  const patched = await page.request.patch(`/api/apps/${app.id}`, {
    data: {
      header: name,
      gptPrompt: 'Plan a weekend in {{city}}.',
      inputLabel: 'Anything else?',
      fields: [
        { name: 'city', label: 'City', type: 'text', required: true, memorize: true },
        { name: 'mood', label: 'Mood', type: 'text' },
      ],
    },
    headers,
  });
  expect(patched.status()).toBe(200);
  const list = (await (await page.request.get(`/api/apps/${app.id}/tools`)).json()) as {
    tools: { toolId: string; path: string }[];
  };
  const tool = list.tools[0]!;
  const activated = await page.request.patch(`/api/apps/${app.id}/tools/${tool.toolId}`, {
    data: { status: 'active' },
    headers,
  });
  expect(activated.status()).toBe(200);
  if (options.signup) {
    const published = await page.request.post(`/api/apps/${app.id}/publish`, {
      data: { header: name },
      headers,
    });
    expect(published.status(), await published.text()).toBe(200);
    const signup = await page.request.patch(`/api/apps/${app.id}`, {
      data: { isSignupEnabled: true },
      headers,
    });
    expect(signup.status(), await signup.text()).toBe(200);
  }
  return { appId: app.id, path: tool.path };
}

async function signUpBuilder(page: Page, prefix: string) {
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await signUpVerified(page.request, email, PASSWORD);
}

test("{appBase}/tool/{toolPath} shows the app's tool and runs it; another app's tool is not found there", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signUpBuilder(page, 'base');
  const mine = await liveTool(page, `Base planner ${Date.now()}`);
  // Another builder's app (on lite, one live tool each).
  const otherBuilder = await browser.newContext();
  const otherPage = await otherBuilder.newPage();
  await signUpBuilder(otherPage, 'base-other');
  const theirs = await liveTool(otherPage, `Other planner ${Date.now()}`);
  await otherBuilder.close();

  const visitor = await browser.newContext();
  const tab = await visitor.newPage();
  await tab.goto(`${baseURL}/app/${mine.appId}/tool/${mine.path}`);
  await expect(tab.getByRole('heading', { name: /^Base planner/ })).toBeVisible();
  // Anonymous: no account offered (the app has user signup off), the run still works.
  await expect(tab.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  await tab.getByLabel('City').fill('Lisbon');
  await tab.getByRole('button', { name: 'Run' }).click();
  const result = tab.getByRole('region', { name: 'Result' });
  await expect(result).toBeVisible({ timeout: 30_000 });
  // The offline assistant answers from the data sources and never restates the (hidden) prompt.
  await expect(result).toContainText("This answer quotes the tool's data sources.");

  // Another app's tool under this app's base: not found, with the spec's message.
  await tab.goto(`${baseURL}/app/${mine.appId}/tool/${theirs.path}`);
  await expect(tab.getByRole('heading', { name: `Tool with path ${theirs.path} not found` })).toBeVisible();
  // …while under its own base and at /tool/{path} it is there.
  await tab.goto(`${baseURL}/app/${theirs.appId}/tool/${theirs.path}`);
  await expect(tab.getByRole('heading', { name: /^Other planner/ })).toBeVisible();
  await visitor.close();
});

test('a signed-in end user of the app gets their last answer to a memorized field prefilled', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signUpBuilder(page, 'memo');
  const tool = await liveTool(page, `Memo planner ${Date.now()}`, { signup: true });

  const visitor = await browser.newContext();
  const tab = await visitor.newPage();
  await tab.goto(`${baseURL}/app/${tool.appId}/tool/${tool.path}`);
  await expect(tab.getByRole('heading', { name: /^Memo planner/ })).toBeVisible();

  // Create an account with the app (user signup is on).
  await tab.getByRole('button', { name: 'Sign in' }).click();
  const dialog = tab.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByRole('button', { name: 'No account yet? Create account' }).click();
  const endUser = `end-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const create = tab.getByRole('dialog', { name: 'Create account' });
  await create.getByLabel('Email').fill(endUser);
  await create.getByLabel('Password').fill(PASSWORD);
  await create.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect(tab.getByText(`Signed in as ${endUser}`)).toBeVisible();

  await tab.getByLabel('City').fill('Ghent');
  await tab.getByLabel('Mood').fill('calm');
  await tab.getByRole('button', { name: 'Run' }).click();
  await expect(tab.getByRole('region', { name: 'Result' })).toContainText(
    "This answer quotes the tool's data sources.",
    { timeout: 30_000 },
  );

  // Next time (a reload, or the site-wide /tool/{path}): the memorized field is filled, the other not.
  await tab.goto(`${baseURL}/tool/${tool.path}`);
  await expect(tab.getByText(`Signed in as ${endUser}`)).toBeVisible();
  await expect(tab.getByLabel('City')).toHaveValue('Ghent');
  await expect(tab.getByLabel('Mood')).toHaveValue('');

  // Signed out: nothing is prefilled, and signing in again brings it back.
  await tab.getByRole('button', { name: 'Sign out' }).click();
  await expect(tab.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await tab.reload();
  await expect(tab.getByLabel('City')).toHaveValue('');
  await tab.getByRole('button', { name: 'Sign in' }).click();
  const again = tab.getByRole('dialog', { name: 'Sign in' });
  await again.getByLabel('Email').fill(endUser);
  await again.getByLabel('Password').fill('not-the-password-1');
  await again.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(again.getByRole('alert')).toBeVisible();
  await again.getByLabel('Password').fill(PASSWORD);
  await again.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(tab.getByLabel('City')).toHaveValue('Ghent');
  await visitor.close();
});
