import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { E2E_ADMINS, signInAdmin } from '../support/admin.ts';

const PASSWORD = 'violet-canyon-maple-42';
const headers = { origin: baseURL };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('space app side panel: App details renames, describes and gives an icon; Database lists the entities (issue 23 #2)', async ({
  page,
}) => {
  await signInAdmin(page, E2E_ADMINS.space, PASSWORD);
  const created = await page.request.post('/api/apps', {
    data: { name: 'Team space', type: 'SPACE_APP' },
    headers,
  });
  expect(created.status()).toBe(201);
  const appId = ((await created.json()) as { id: string }).id;
  const schema = { type: 'object', properties: { title: { type: 'string' } } };
  const merged = await page.request.post(`/api/apps/${appId}/merge`, {
    data: { files: [{ path: 'entities/Task.json', content: JSON.stringify(schema) }] },
    headers,
  });
  expect(merged.status()).toBe(200);
  expect(
    (
      await page.request.post(`/api/apps/${appId}/entities/Task`, { data: { title: 'First' }, headers })
    ).status(),
  ).toBe(201);

  await page.goto(`/build/app/${appId}`);
  const menu = page.getByRole('navigation', { name: 'Side panel' });
  await expect(menu.getByRole('button')).toHaveText(['App details', 'Database', 'App settings']);

  await menu.getByRole('button', { name: 'App details' }).click();
  const name = page.getByLabel('Name', { exact: true });
  await expect(name).toHaveValue('Team space');
  await name.fill('');
  await expect(page.getByText('Give the app a name')).toBeVisible();
  await name.fill('Crew space');
  await page.getByLabel('Description').fill('Where the crew plans its week');
  await page
    .getByLabel('Upload Icon')
    .setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Icon preview' })).toBeVisible();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect
    .poll(async () => {
      const app = (await (await page.request.get(`/api/apps/${appId}`)).json()) as {
        name: string;
        description: string;
        style: { logoUrl?: string };
      };
      return [app.name, app.description, /^\/api\/uploads\/.+\.png$/.test(app.style.logoUrl ?? '')];
    })
    .toEqual(['Crew space', 'Where the crew plans its week', true]);
  await page.getByRole('button', { name: 'Done' }).click();

  await menu.getByRole('button', { name: 'Database' }).click();
  const entities = page.getByRole('list', { name: 'Entities' });
  await expect(entities.getByRole('link', { name: /Task\s*1 record/ })).toBeVisible();
  await entities.getByRole('link', { name: /Task/ }).click();
  await expect(page).toHaveURL(`/build/app/${appId}/database?entity=Task`);
  await expect(page.getByRole('heading', { name: 'Crew space' })).toBeVisible();
  await expect(page.getByText('First')).toBeVisible();
});
