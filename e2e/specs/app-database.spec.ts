import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { E2E_ADMINS, signInAdmin } from '../support/admin.ts';

/**
 * The database panel (spec 2 §2, §5, §8; spec 3 §4, §5). The chat has no web view yet, so the
 * entity is created the way the assistant's add_entity action ends up: an entity file written
 * with POST /api/apps/{id}/files/update.
 */

const PASSWORD = 'violet-canyon-maple-42';
const ROWS = 1000;

const productSchema = {
  name: 'Product',
  type: 'object',
  properties: {
    name: { type: 'string' },
    price: { type: 'number' },
    inStock: { type: 'boolean' },
    category: { type: 'string', enum: ['tea', 'cake', 'bread'] },
    tags: { type: 'array', items: { type: 'string', enum: ['hot', 'sweet', 'vegan'] } },
    releasedAt: { type: 'string', format: 'date-time' },
    meta: { type: 'object' },
    imageUrl: { type: 'string' },
    notes: { type: 'string' },
  },
  rls: { read: 'creator', write: 'creator' },
};

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
  await writeEntity(page, appId, productSchema);
  return appId;
}

async function writeEntity(page: Page, appId: string, schema: object) {
  const res = await page.request.post(`/api/apps/${appId}/files/update`, {
    data: { file: { path: 'entities/Product.json', content: JSON.stringify(schema, null, 2) } },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function records(page: Page, appId: string, query = '') {
  const res = await page.request.get(`/api/apps/${appId}/entities/Product?limit=10000${query}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Record<string, unknown>[];
}

const cell = (page: Page, row: number, label: string) =>
  page.locator('tbody tr').nth(row).getByRole('cell', { name: label, exact: true });

test('the database panel: rows, every cell editor, CSV import of 1,000 rows, export, bulk delete, access control', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const appId = await setUp(page);
  await page.goto(`/build/app/${appId}/database`);

  // The entity list hides User; Item comes with the template.
  const entities = page.getByRole('navigation', { name: 'Entities' });
  await expect(entities.getByRole('button', { name: 'Product' })).toBeVisible();
  await expect(entities.getByRole('button', { name: 'Item' })).toBeVisible();
  await expect(entities.getByRole('button', { name: 'User' })).toHaveCount(0);
  await entities.getByRole('button', { name: 'Product' }).click();
  await expect(page.getByRole('heading', { name: 'Product' })).toBeVisible();

  // A new row is pending until confirmed; an empty one cannot be saved.
  await page.getByRole('button', { name: 'New row' }).click();
  await page.getByRole('button', { name: 'Save new row' }).click();
  await expect(page.getByText('Fill in at least one cell before saving the row')).toBeVisible();
  await cell(page, 0, 'name').click();
  await page.getByRole('textbox', { name: 'Edit name' }).fill('Green tea');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Save new row' }).click();
  await expect.poll(async () => (await records(page, appId)).map((r) => r.name)).toEqual(['Green tea']);
  await expect(page.locator('tbody tr[data-pending]')).toHaveCount(0);

  // Every cell type: number, boolean, select, multiselect, datetime, JSON, long text, image.
  await cell(page, 0, 'price').click();
  await page.getByRole('spinbutton', { name: 'Edit price' }).fill('3.5');
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
  await page.getByRole('button', { name: `Import ${ROWS} rows` }).click();
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(page.getByText(`Successfully imported all ${ROWS} rows.`)).toBeVisible({ timeout: 60_000 });
  const all = await records(page, appId);
  expect(all).toHaveLength(ROWS + 1);
  expect(all.find((r) => r.name === 'Item 7')).toMatchObject({
    price: 0.7,
    inStock: false,
    tags: ['hot', 'sweet'],
  });
  await expect(page.getByText(`${ROWS + 1} records`)).toBeVisible();

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
  expect(exported[0]).toContain('name,price,inStock,category,tags');

  // Bulk delete two rows.
  await page.locator('tbody tr').nth(0).getByRole('checkbox', { name: 'Select row' }).check();
  await page.locator('tbody tr').nth(1).getByRole('checkbox', { name: 'Select row' }).check();
  await page.getByRole('button', { name: 'Delete 2 rows' }).click();
  await expect.poll(async () => (await records(page, appId)).length, { timeout: 10_000 }).toBe(ROWS - 1);

  // Access control: the current preset, and the presets (sent to the chat, which has no view here yet).
  const access = page.getByRole('button', { name: /^Access control: / });
  await expect(access).toHaveText('Only the creator can view and edit');
  await access.click();
  await page.getByRole('button', { name: /^Anyone can submit, only admins can view/ }).click();
  await expect(page.getByText('Failed to request access control change')).toBeVisible();
  await page.keyboard.press('Escape');
  // The assistant's change (an edited entity file) shows as the new preset, or as the role pair.
  await writeEntity(page, appId, { ...productSchema, rls: { read: 'admin', write: 'anonymous' } });
  await page.reload();
  await expect(page.getByRole('button', { name: /^Access control: / })).toHaveText(
    'Anyone can submit, only admins can view',
  );
  await writeEntity(page, appId, { ...productSchema, rls: { read: 'none', write: 'all' } });
  await page.reload();
  await expect(page.getByRole('button', { name: /^Access control: / })).toHaveText(
    'none can read, all can write',
  );
});
