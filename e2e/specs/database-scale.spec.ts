import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { E2E_ADMINS, signInAdmin } from '../support/admin.ts';
import { consoleErrorsOf } from '../support/console.ts';

/**
 * The database panel on an entity larger than a page: the true record count, only the rows on screen
 * rendered, sorting and search done by the server (a sort index built from the column menu, listed
 * and dropped), and an export of every record (streamed).
 */

const PASSWORD = 'violet-canyon-maple-42';
const ROWS = 5000;
const label = (n: number) => `Reading ${String(n).padStart(5, '0')}`;

test('a 5,000-record entity: count, windowed rows, server sort, scroll to the end, search, full export', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = consoleErrorsOf(page);
  await signInAdmin(page, E2E_ADMINS.scale, PASSWORD);
  const headers = { origin: baseURL };
  const created = await page.request.post('/api/apps', {
    data: { name: 'Sensors', type: 'GEN_APP' },
    headers,
  });
  expect(created.status()).toBe(201);
  const { id: appId } = (await created.json()) as { id: string };
  const schema = {
    type: 'object',
    properties: { title: { type: 'string' }, value: { type: 'number' } },
    rls: { read: 'creator', write: 'creator' },
  };
  // Entity files are read-only in the code editor (files/update); an admin's merge writes one.
  const written = await page.request.post(`/api/apps/${appId}/merge`, {
    data: { files: [{ path: 'entities/Reading.json', content: JSON.stringify(schema, null, 2) }] },
    headers,
  });
  expect(written.status()).toBe(200);
  for (let start = 0; start < ROWS; start += 1000) {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ title: label(start + i), value: start + i }));
    const bulk = await page.request.post(`/api/apps/${appId}/entities/Reading/bulk`, { data: rows, headers });
    expect(bulk.status()).toBe(201);
  }

  await page.goto(`/build/app/${appId}/database`);
  await page.getByRole('navigation', { name: 'Entities' }).getByRole('button', { name: 'Reading' }).click();
  await expect(page.getByText('5,000 records')).toBeVisible();
  const table = page.getByRole('table');
  await expect(table).toHaveAttribute('aria-rowcount', String(ROWS + 1));
  const firstTitle = page.locator('tbody tr').first().getByRole('cell', { name: 'title', exact: true });
  await expect(firstTitle).toHaveText(/Reading \d{5}/);
  // Only the rows on screen (and a few around them) are in the page.
  expect(await page.locator('tbody tr').count()).toBeLessThan(40);

  // Each column header has a menu (spec 3 §2): sorting is the server's, ascending, then descending,
  // over all 5,000 records.
  const titleHeader = page.getByRole('columnheader', { name: 'title' });
  const headerMenu = async (column: string, entry: string) => {
    await page
      .getByRole('columnheader', { name: column })
      .getByRole('button', { name: column, exact: true })
      .click();
    await page.getByRole('menuitem', { name: entry }).click();
  };
  await titleHeader.getByRole('button', { name: 'title', exact: true }).click();
  // An entity past SORT_INDEX_SUGGEST_ROWS (1,000 in e2e/server.mjs) offers an index for the field.
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([
    'Sort ascending',
    'Sort descending',
    'Index this field for fast sorting',
    'Filter…',
    'Hide column',
  ]);
  await page.getByRole('menuitem', { name: 'Index this field for fast sorting' }).click();
  const indexDialog = page.getByRole('dialog', { name: 'Index title for fast sorting' });
  await expect(indexDialog).toContainText('Sorting 5,000 records on title reads all of them each time');
  // PGlite (the e2e server's database) pauses the app while it builds: the dialog says so first.
  await expect(indexDialog.getByRole('alert')).toContainText('the app pauses for about 1 s');
  await indexDialog.getByRole('button', { name: 'Build the index' }).click();
  await expect(page.getByText('The sort index on title is ready')).toBeVisible();
  await expect(indexDialog).toBeHidden();
  await page.getByRole('button', { name: 'Sort indexes (1)' }).click();
  await expect(page.getByRole('list', { name: 'Sort indexes of Reading' }).getByRole('listitem')).toHaveText([
    'titleReady',
  ]);
  await page.keyboard.press('Escape');
  await titleHeader.getByRole('button', { name: 'title', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Index this field for fast sorting' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await headerMenu('title', 'Sort ascending');
  await expect(titleHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(firstTitle).toHaveText(label(0));
  await headerMenu('title', 'Sort descending');
  await expect(titleHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(firstTitle).toHaveText(label(ROWS - 1));

  // Scrolled to the end, the last record of the order is loaded and shown.
  await page.locator('div:has(> table)').evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await expect(
    page.getByRole('cell', { name: 'title', exact: true }).filter({ hasText: label(0) }),
  ).toBeVisible();
  expect(await page.locator('tbody tr').count()).toBeLessThan(40);

  // Search runs on the server across every record.
  await page.getByRole('searchbox', { name: 'Search records' }).fill('reading 01234');
  await expect(page.getByText('1 record found')).toBeVisible();
  await expect(firstTitle).toHaveText(label(1234));
  await page.getByRole('searchbox', { name: 'Search records' }).fill('');
  await expect(page.getByText('5,000 records')).toBeVisible();

  // Filter… a column on the server: a number equals, a text contains; a wrong number says so.
  await headerMenu('value', 'Filter…');
  const valueFilter = page.getByLabel('Filter value');
  await valueFilter.fill('ten');
  await expect(page.getByText('Enter a number')).toBeVisible();
  await valueFilter.fill('4321');
  await expect(page.getByText('1 record found')).toBeVisible();
  await expect(firstTitle).toHaveText(label(4321));
  await page.getByRole('button', { name: 'Remove the filter on value' }).click();
  await headerMenu('title', 'Filter…');
  await page.getByLabel('Filter title').fill('reading 0009');
  await expect(page.getByText('10 records found')).toBeVisible();
  await page.getByRole('button', { name: 'Remove the filter on title' }).click();
  await expect(page.getByText('5,000 records')).toBeVisible();

  // Hide column takes it out of the table until Show hidden columns; Clear sort goes back to newest first.
  await headerMenu('value', 'Hide column');
  await expect(page.getByRole('columnheader', { name: 'value' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show 1 hidden column' }).click();
  await expect(page.getByRole('columnheader', { name: 'value' })).toBeVisible();
  await headerMenu('title', 'Clear sort');
  await expect(titleHeader).toHaveAttribute('aria-sort', 'none');

  // The index is dropped from the list; the menu offers it again.
  await page.getByRole('button', { name: 'Sort indexes (1)' }).click();
  await page.getByRole('button', { name: 'Drop the sort index on title' }).click();
  await expect(page.getByText('The sort index on title was dropped')).toBeVisible();
  await expect(page.getByRole('button', { name: /Sort indexes/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await titleHeader.getByRole('button', { name: 'title', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Index this field for fast sorting' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The export streams every record, not the loaded pages.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  const lines = fs
    .readFileSync((await file.path()) ?? '', 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(lines).toHaveLength(ROWS + 1);
  expect(lines[0]).toBe('title,value,id,creatorId,createdAt');
  expect(errors).toEqual([]);
});
