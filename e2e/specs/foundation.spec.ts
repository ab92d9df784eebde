import { expect, test } from '@playwright/test';

test('the landing page shows the product, the prompt box and a healthy server', async ({ page }) => {
  // The signed-out session check answers 401 by contract (Chromium logs that as a failed load);
  // anything else in the console, or any uncaught error, is a defect.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (/Failed to load resource: the server responded with a status of 401/.test(message.text())) return;
    errors.push(message.text());
  });
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Atelier' })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Build AI apps and tools from a chat' }),
  ).toBeVisible();
  // The four kinds of app are explained in a line each; the server's status is not for visitors.
  await expect(page.getByRole('list', { name: 'Kinds of app' }).getByRole('listitem')).toHaveText([
    'Generated app — A multi-page app with its own data',
    'Single tool — One AI tool with inputs and a result',
    'Space app — A workspace app with a database',
    'Chat — A chat assistant on your own context',
  ]);
  await expect(page.getByRole('status', { name: 'Server status' })).toHaveCount(0);
  expect(await (await page.request.get('/api/health')).json()).toMatchObject({
    status: 'ok',
    database: 'pglite',
  });

  await page.getByRole('button', { name: 'Recipe planner' }).click();
  await expect(page.getByLabel('What do you want to build?')).toHaveValue(/A recipe planner/);
  await page.getByRole('radio', { name: 'Single tool' }).click();
  await expect(page.getByRole('radio', { name: 'Single tool' })).toHaveAttribute('aria-checked', 'true');
  expect(errors).toEqual([]);
});

test('an unknown page shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown API path answers JSON 404, not the web app', async ({ request }) => {
  const res = await request.get('/api/nope');
  expect(res.status()).toBe(404);
  expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
});

test('the API reference page renders the OpenAPI document', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByText('Atelier API', { exact: false }).first()).toBeVisible();
  await expect(page.getByText('/health').first()).toBeVisible();
});
