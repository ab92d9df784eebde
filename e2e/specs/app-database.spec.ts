import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { E2E_ADMINS, signInAdmin } from '../support/admin.ts';

/**
 * The database panel (spec 2 §2, §5, §8; spec 3 §4, §5). The first test creates the entity through
 * the chat (offline assistant) and changes a permission preset; the second writes an entity file
 * with every column type (POST /api/apps/{id}/files/update) and works the table.
 */

const PASSWORD = 'violet-canyon-maple-42';
const ROWS = 1000;

async function setUp(page: Page) {
  // Writing the entity file directly is a code write, which is admin-only (spec 1 §5–§6).
  await signInAdmin(page, E2E_ADMINS.database, PASSWORD);
  const headers = { origin: baseURL };
  const created = await page.request.post('/api/apps', {
    data: { name: 'Bakery', type: 'GEN_APP' },
    headers,
  });
  expect(created.status()).toBe(201);
  const { id: appId } = (await created.json()) as { id: string };
  await page.goto(`/build/app/${appId}/database`);
  return appId;
}

/** Asks the chat (the offline assistant here) and waits for its reply to end. */
async function ask(page: Page, text: string) {
  const chat = page.getByRole('region', { name: 'Chat' });
  await chat.getByLabel('Message').fill(text);
  await chat.getByLabel('Message').press('Enter');
  await expect(chat.getByRole('button', { name: 'Rate' }).last()).toBeVisible({ timeout: 30_000 });
}

/** Creates the Product entity through the chat and opens its table. */
async function createProduct(page: Page) {
  const entities = page.getByRole('navigation', { name: 'Entities' });
  await expect(entities.getByRole('button', { name: 'Item' })).toBeVisible();
  await ask(page, 'Add a Product entity with name, price and stock');
  await expect(entities.getByRole('button', { name: 'Product' })).toBeVisible({ timeout: 15_000 });
  await expect(entities.getByRole('button', { name: 'User' })).toHaveCount(0);
  await entities.getByRole('button', { name: 'Product' }).click();
  await expect(page.getByRole('heading', { name: 'Product' })).toBeVisible();
}

async function addColumn(page: Page, name: string, type: string, options?: string) {
  await page.getByRole('button', { name: 'Add column' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Column name').fill(name);
  await dialog.getByLabel('Type').selectOption({ label: type });
  if (options) await dialog.getByLabel('Options (separated by commas)').fill(options);
  await dialog.getByRole('button', { name: 'Add column' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name })).toBeVisible();
}

async function records(page: Page, appId: string, query = '') {
  const res = await page.request.get(`/api/apps/${appId}/entities/Product?limit=10000${query}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Record<string, unknown>[];
}

const cell = (page: Page, row: number, label: string) =>
  page.locator('tbody tr').nth(row).getByRole('cell', { name: label, exact: true });

test('create an entity through the chat, then change its permission preset', async ({ page }) => {
  test.setTimeout(90_000);
  const appId = await setUp(page);
  await createProduct(page);
  await expect(page.getByRole('columnheader', { name: 'price' })).toBeVisible();
  // An empty entity says what to do; the page has the builder's top bar with Publish (issue 23 #25).
  await expect(
    page.getByText('No Product records yet. Add one with New row, import a CSV, or ask the chat.'),
  ).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Publish' })).toBeVisible();

  // Choosing a preset asks the assistant (a chat message); its new version shows the new preset.
  const access = page.getByRole('button', { name: /^Access control: / });
  await expect(access).toHaveText('Only the creator can view and edit');
  await access.click();
  await page.getByRole('button', { name: /^Anyone can view, only admins can edit/ }).click();
  const chat = page.getByRole('region', { name: 'Chat' });
  await expect(
    chat.getByText('Change the permissions of the Product entity: anonymous can read, admin can write'),
  ).toBeVisible();
  await expect(access).toHaveText('Anyone can view, only admins can edit', { timeout: 30_000 });
  const listed = await page.request.get(`/api/apps/${appId}/entities`);
  const { entities } = (await listed.json()) as { entities: { name: string; rls: unknown }[] };
  expect(entities.find((entity) => entity.name === 'Product')?.rls).toEqual({
    read: 'anonymous',
    write: 'admin',
  });

  // A pair that matches no preset reads "{read} can read, {write} can write".
  await ask(page, 'Change the permissions of the Product entity: none can read, all can write');
  await expect(access).toHaveText('none can read, all can write', { timeout: 30_000 });

  // A request the server refuses (here: the app was deleted meanwhile) says so (issue 23 #11).
  expect((await page.request.delete(`/api/apps/${appId}`, { headers: { origin: baseURL } })).status()).toBe(
    204,
  );
  await access.click();
  await page.getByRole('button', { name: /^Anyone can view, only admins can edit/ }).click();
  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByText('Failed to request access control change'),
  ).toBeVisible();
});

test('the database panel: add columns, rows, every cell editor, CSV import of 1,000 rows, export, bulk delete', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const appId = await setUp(page);
  await createProduct(page);
  // A column of every type, through the add-column dialog (each one a new version).
  await addColumn(page, 'inStock', 'Checkbox');
  await addColumn(page, 'category', 'Select', 'tea, cake, bread');
  await addColumn(page, 'tags', 'Multi-select', 'hot, sweet, vegan');
  await addColumn(page, 'releasedAt', 'Date and time');
  await addColumn(page, 'meta', 'JSON');
  await addColumn(page, 'imageUrl', 'Image');
  await addColumn(page, 'notes', 'Text');

  // A new row is pending until confirmed; an empty one cannot be saved.
  await page.getByRole('button', { name: 'New row' }).click();
  await page.getByRole('button', { name: 'Save new row' }).click();
  await expect(page.getByText('Fill in at least one cell before saving the row')).toBeVisible();
  await cell(page, 0, 'Name').click();
  await page.getByRole('textbox', { name: 'Edit Name' }).fill('Green tea');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Save new row' }).click();
  await expect.poll(async () => (await records(page, appId)).map((r) => r.name)).toEqual(['Green tea']);
  await expect(page.locator('tbody tr[data-pending]')).toHaveCount(0);

  // Every cell type: number, boolean, select, multiselect, datetime, JSON, long text, image.
  await cell(page, 0, 'Price').click();
  await page.getByRole('spinbutton', { name: 'Edit Price' }).fill('3.5');
  await page.keyboard.press('Enter');
  await cell(page, 0, 'inStock').click(); // a boolean cell toggles on click
  await expect(cell(page, 0, 'inStock').getByRole('img', { name: 'true' })).toBeVisible();
  await cell(page, 0, 'category').click();
  await page.getByRole('combobox', { name: 'Edit category' }).selectOption('tea');
  await cell(page, 0, 'tags').click();
  const tags = page.getByRole('group', { name: 'Edit tags' });
  await tags.getByLabel('hot').check();
  await tags.getByLabel('vegan').check();
  await tags.getByRole('button', { name: 'Done' }).click();
  await cell(page, 0, 'releasedAt').click();
  await page.getByLabel('Edit releasedAt').fill('2025-03-05T10:30');
  await page.keyboard.press('Enter');
  await cell(page, 0, 'meta').click();
  await page.getByRole('textbox', { name: 'Edit meta' }).fill('{broken');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: /^Invalid JSON: / })).toBeVisible();
  await page.getByRole('textbox', { name: 'Edit meta' }).fill('{"origin":"Japan"}');
  await page.keyboard.press('Enter');
  const longNote = 'Steamed leaves from the spring harvest, with a grassy and slightly sweet taste';
  await cell(page, 0, 'notes').click();
  await page.getByRole('textbox', { name: 'Edit notes' }).fill(longNote);
  await expect(page.locator('textarea[aria-label="Edit notes"]')).toBeVisible(); // over 50 characters: multi-line
  await page.keyboard.press('Enter');
  await cell(page, 0, 'imageUrl').click();
  await page.getByRole('textbox', { name: 'Edit imageUrl URL' }).fill('https://example.com/tea.png');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect
    .poll(async () => (await records(page, appId))[0])
    .toMatchObject({
      name: 'Green tea',
      price: 3.5,
      inStock: true,
      category: 'tea',
      tags: ['hot', 'vegan'],
      meta: { origin: 'Japan' },
      notes: longNote,
      imageUrl: 'https://example.com/tea.png',
    });
  const saved = (await records(page, appId))[0]!;
  expect(new Date(String(saved.releasedAt)).getMinutes()).toBe(30);
  await expect(cell(page, 0, 'tags')).toContainText('hot');

  // Import 1,000 rows from a CSV: no model here, so the basic mapping is used.
  const lines = [
    'name,price,inStock,tags',
    ...Array.from({ length: ROWS }, (_, i) => `Item ${i},${i / 10},${i % 2 === 0},hot;sweet`),
  ];
  await page.getByRole('button', { name: 'Import' }).click();
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
  await expect(
    page.getByText("Couldn't generate AI mapping suggestions. Using basic mapping instead."),
  ).toBeVisible();
  await expect(page.getByLabel('Field for tags')).toHaveValue('tags');
  await expect(page.getByLabel('Split tags by')).toHaveValue(';');
  // The connection is down when the import starts: it pauses, says why, and resumes when asked.
  await page.context().setOffline(true);
  await page.getByRole('button', { name: `Import ${ROWS} rows` }).click();
  const progress = page.getByRole('progressbar', { name: 'Import progress' });
  await expect(progress).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Import paused: ' })).toContainText(
    'Resume to import the remaining rows.',
  );
  await page.context().setOffline(false);
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByText(`Successfully imported all ${ROWS} rows.`)).toBeVisible({ timeout: 60_000 });
  const all = await records(page, appId);
  expect(all).toHaveLength(ROWS + 1);
  expect(all.find((r) => r.name === 'Item 7')).toMatchObject({
    price: 0.7,
    inStock: false,
    tags: ['hot', 'sweet'],
  });
  await expect(page.getByText(`${(ROWS + 1).toLocaleString('en-US')} records`)).toBeVisible();

  // Export: {Entity}_export_{YYYY-MM-DD}.csv with every record.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Product_export_\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = fs
    .readFileSync((await file.path())!, 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(exported).toHaveLength(ROWS + 2);
  expect(exported[0]?.split(',')).toEqual(
    expect.arrayContaining(['name', 'price', 'inStock', 'category', 'tags', 'id', 'creatorId', 'createdAt']),
  );

  // Bulk delete two rows.
  await page.locator('tbody tr').nth(0).getByRole('checkbox', { name: 'Select row' }).check();
  await page.locator('tbody tr').nth(1).getByRole('checkbox', { name: 'Select row' }).check();
  await page.getByRole('button', { name: 'Delete 2 rows' }).click();
  await expect.poll(async () => (await records(page, appId)).length, { timeout: 10_000 }).toBe(ROWS - 1);

  await expect(page.getByRole('button', { name: /^Access control: / })).toHaveText(
    'Only the creator can view and edit',
  );

  // Cancelling an import keeps the rows already sent, and says how many (a slow network, so that
  // there is time to cancel: 300 ms per request, emulated by Chromium).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 300,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await page.getByRole('button', { name: 'Import' }).click();
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
  await page.getByRole('button', { name: `Import ${ROWS} rows` }).click();
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Cancel import' }).click();
  const cancelled = page.getByText(/^Import cancelled: \d+ of 1000 rows imported\.$/);
  await expect(cancelled).toBeVisible();
  const kept = Number((await cancelled.textContent())?.match(/(\d+) of/)?.[1]);
  expect(kept).toBeGreaterThan(0);
  expect(kept).toBeLessThan(ROWS);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect.poll(async () => (await records(page, appId)).length).toBe(ROWS - 1 + kept);
});
