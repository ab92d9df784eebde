import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { makeDocx, makePdf } from '../../apps/server/test/support/document-fixtures.ts';
import { baseURL } from '../playwright.config.ts';
import { signUpVerified } from '../support/accounts.ts';

const PASSWORD = 'violet-canyon-maple-42';

test('add a text data item, search it, rename it, meet the lite limit and delete it', async ({ page }) => {
  test.setTimeout(60_000);
  const headers = { origin: baseURL };
  const email = `data-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await signUpVerified(page.request, email, PASSWORD);
  const created = await page.request.post('/api/apps', {
    data: { name: 'Bakery', type: 'GEN_APP' },
    headers,
  });
  expect(created.status()).toBe(201);
  const appId = ((await created.json()) as { id: string }).id;

  await page.goto(`/apps/${appId}/data`);
  const panel = page.getByRole('region', { name: 'Data sources' });
  await expect(panel.getByText('No data items yet. Use Manage data to add one.')).toBeVisible();
  await panel.getByRole('button', { name: 'Manage data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Data Sources' });
  await expect(dialog).toBeVisible();
  // The built-in sources, and Notion: the e2e server lets builders connect their own (server.mjs).
  await expect(dialog.getByRole('tab')).toHaveText([
    'Text',
    'Items List (CSV)',
    'Doc (DOCX)',
    'Local files',
    'Web page',
    'Notion',
  ]);

  // An empty text is refused with the spec's message.
  await dialog.getByRole('button', { name: 'Add text' }).click();
  await expect(dialog.getByText('Please enter some text')).toBeVisible();

  await dialog
    .getByRole('textbox', { name: 'Text' })
    .fill(
      'Opening hours\nThe bakery opens at seven. Sourdough loaves are baked every morning with rye flour.',
    );
  await dialog.getByRole('button', { name: 'Add text' }).click();
  const items = dialog.getByRole('list', { name: 'Data items' });
  const row = items.getByRole('listitem').filter({ hasText: 'Opening hours' });
  await expect(row).toHaveCount(1);
  // It is queued or syncing first, then synced (the pipeline runs on the job queue).
  await expect(row.getByText('Synced', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(row.getByText('Text', { exact: true })).toBeVisible();

  // Searching a word shows the matching passage with its BM25 score.
  await dialog.getByRole('searchbox').fill('sourdough');
  const passages = dialog.getByRole('region', { name: 'Matching passages' });
  const passage = passages.getByRole('article').first();
  await expect(passage).toContainText('Sourdough loaves are baked every morning');
  await expect(passage.getByText(/^Opening hours · BM25 score \d+\.\d{2}$/)).toBeVisible();
  await dialog.getByRole('searchbox').fill('croissant');
  await expect(passages.getByText('No passage matches “croissant”.')).toBeVisible();
  await dialog.getByRole('searchbox').fill('');
  await expect(passages).toHaveCount(0);

  // Rename.
  await row.getByRole('button', { name: 'Actions for Opening hours' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await dialog.getByLabel('Item name').fill('Bakery hours');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const renamed = items.getByRole('listitem').filter({ hasText: 'Bakery hours' });
  await expect(renamed).toHaveCount(1);
  await expect(items.getByText('Opening hours', { exact: true })).toHaveCount(0);

  // Lite allows one data item: the dialog says so, offers the upgrade and the add form is disabled.
  const limit = dialog.getByRole('status').filter({ hasText: 'Max 1 data item' });
  await expect(limit).toContainText('Max 1 data item on your plan. Upgrade to add more data.');
  await expect(limit.getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
    'href',
    /\?goto=upgrade_app_plan$/,
  );
  await expect(dialog.getByRole('button', { name: 'Add text' })).toBeDisabled();
  // The server refuses a second item too, with the same message.
  const second = await page.request.post(`/api/context/ingest/text?appId=${appId}`, {
    data: { context: 'A second item' },
    headers,
  });
  expect(second.status()).toBe(403);
  expect(((await second.json()) as { error: { message: string } }).error.message).toBe('Max 1 data item');

  // The panel behind the dialog shows the item's card.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(panel.getByText('Bakery hours', { exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Manage data' }).click();

  // Delete: the list empties and the limit lifts.
  await renamed.getByRole('button', { name: 'Actions for Bakery hours' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(
    dialog.getByText('No data yet. Add text, a CSV list, a document or a web page above.'),
  ).toBeVisible();
  await expect(dialog.getByText('Max 1 data item')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Add text' })).toBeEnabled();

  // Failures the server does not explain get the spec's messages (issue 23 #15): here the app was
  // deleted meanwhile (404).
  expect((await page.request.delete(`/api/apps/${appId}`, { headers })).status()).toBe(204);
  await dialog.getByRole('textbox', { name: 'Text' }).fill('Closed on Mondays.');
  await dialog.getByRole('button', { name: 'Add text' }).click();
  await expect(
    page
      .getByRole('region', { name: /Notifications/ })
      .getByText('Error saving data, please try again or contact support via chat'),
  ).toBeVisible();
  await dialog.getByRole('tab', { name: 'Items List (CSV)' }).click();
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'menu.csv', mimeType: 'text/csv', buffer: Buffer.from('name,price\nBread,3\n') });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('Failed to upload context, try again later')).toBeVisible();
});

test('a lite builder replaces their only data item with "Replace file" (issue 23 #6)', async ({ page }) => {
  test.setTimeout(60_000);
  const headers = { origin: baseURL };
  const email = `replace-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await signUpVerified(page.request, email, PASSWORD);
  const created = await page.request.post('/api/apps', { data: { name: 'Diner', type: 'GEN_APP' }, headers });
  const appId = ((await created.json()) as { id: string }).id;
  const uploaded = await page.request.post(`/api/context/ingest/file?appId=${appId}`, {
    multipart: {
      file: { name: 'menu.csv', mimeType: 'text/csv', buffer: Buffer.from('Dish,Price\nSoup,5\n') },
    },
    headers,
  });
  expect(uploaded.status()).toBe(201);

  await page.goto(`/apps/${appId}/data`);
  const panel = page.getByRole('region', { name: 'Data sources' });
  await expect(panel.getByRole('button', { name: 'Replace file' })).toBeVisible();
  await panel.getByLabel('Replacement for menu.csv').setInputFiles({
    name: 'menu-2025.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Dish,Price\nGoulash,9\n'),
  });
  await expect(panel.getByText('menu-2025.csv', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByText('menu.csv', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Failed to replace item')).toHaveCount(0);
});

test('each data item card offers Copy template, Replace file and its editing instructions, inside the side panel at every width (issue 23 #21)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const headers = { origin: baseURL };
  const email = `cards-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await signUpVerified(page.request, email, PASSWORD);
  // Discover holds five data items: one of each file type.
  const checkout = await page.request.post('/api/billing/checkout', {
    data: { planId: 'discover' },
    headers,
  });
  const { saleId } = (await checkout.json()) as { saleId: string };
  expect((await page.request.post('/api/billing/test/complete', { data: { saleId }, headers })).ok()).toBe(
    true,
  );
  const created = await page.request.post('/api/apps', { data: { name: 'Cards', type: 'AI_TOOL' }, headers });
  const appId = ((await created.json()) as { id: string }).id;
  const files = {
    csv: { name: 'menu.csv', mimeType: 'text/csv', buffer: Buffer.from('Dish,Price\nSoup,5\n') },
    doc: {
      name: 'policy.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: Buffer.from(await makeDocx(['Refunds within 30 days.'])),
    },
    pdf: {
      name: 'season.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await makePdf([['Shearing starts in May.']])),
    },
    txt: { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Closed on Mondays.') },
  };
  for (const file of Object.values(files)) {
    const uploaded = await page.request.post(`/api/context/ingest/file?appId=${appId}`, {
      multipart: { file },
      headers,
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
  }

  await page.goto(`/build/app/${appId}`);
  await page
    .getByRole('navigation', { name: 'Side panel' })
    .getByRole('button', { name: 'Data sources' })
    .click();
  const panel = page.getByRole('region', { name: 'Data sources' });
  const card = (name: string) => panel.getByLabel(name, { exact: true });
  for (const file of Object.values(files)) await expect(card(file.name)).toBeVisible();

  // The panel's content fits the side panel (the Manage data button sat at x = 287 in a 257 px panel).
  const fitsPanel = async (cards: { name: string }[]) => {
    const side = (await page.locator('aside').filter({ has: panel }).boundingBox())!;
    for (const box of [
      await panel.getByRole('button', { name: 'Manage data' }).boundingBox(),
      ...(await Promise.all(cards.map((file) => card(file.name).boundingBox()))),
    ]) {
      expect(box!.x).toBeGreaterThanOrEqual(side.x);
      expect(box!.x + box!.width).toBeLessThanOrEqual(side.x + side.width);
    }
    expect(side.x + side.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  };
  await fitsPanel(Object.values(files));

  // Copy template: the CSV's header row; the other file types have no template.
  const download = page.waitForEvent('download');
  await card('menu.csv').getByRole('link', { name: 'Copy template' }).click();
  expect(readFileSync(await (await download).path(), 'utf8')).toBe('Dish,Price\r\n');
  for (const file of [files.doc, files.pdf, files.txt]) {
    await expect(card(file.name).getByRole('link', { name: 'Copy template' })).toHaveCount(0);
  }

  // Editing instructions: each card its own, for its type.
  const instructions = card('policy.docx').getByRole('button', { name: 'Editing instructions' });
  await expect(instructions).toHaveAttribute('aria-expanded', 'false');
  await instructions.click();
  await expect(instructions).toHaveAttribute('aria-expanded', 'true');
  await expect(card('policy.docx')).toContainText('save it as DOCX, then use Replace file');
  await expect(card('menu.csv')).not.toContainText('save it as DOCX');
  await card('menu.csv').getByRole('button', { name: 'Editing instructions' }).click();
  await expect(card('menu.csv')).toContainText('keep the column names in the first row');

  // Replace file, for every file type: the new file takes the old one's place.
  const replacements = {
    csv: { ...files.csv, name: 'menu-2.csv', buffer: Buffer.from('Dish,Price\nGoulash,9\n') },
    doc: { ...files.doc, name: 'policy-2.docx' },
    pdf: { ...files.pdf, name: 'season-2.pdf' },
    txt: { ...files.txt, name: 'notes-2.txt' },
  };
  for (const type of ['csv', 'doc', 'pdf', 'txt'] as const) {
    const old = files[type].name;
    await expect(card(old).getByRole('button', { name: 'Replace file' })).toBeVisible();
    await panel.getByLabel(`Replacement for ${old}`).setInputFiles(replacements[type]);
    await expect(card(replacements[type].name)).toBeVisible({ timeout: 15_000 });
    await expect(panel.getByText(old, { exact: true })).toHaveCount(0);
  }
  await expect(page.getByText('Failed to replace item')).toHaveCount(0);

  // A phone: the Build tab shows the same panel at full width, still inside the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tablist', { name: 'Builder sections' }).getByRole('tab', { name: 'Build' }).click();
  await expect(panel.getByRole('button', { name: 'Manage data' })).toBeVisible();
  await fitsPanel(Object.values(replacements));
});

test('a builder connects their own Notion at phone width and imports a page from it (issue 23 #20)', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `notion-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await signUpVerified(page.request, email, PASSWORD);
  const created = await page.request.post('/api/apps', {
    data: { name: 'Bakery', type: 'GEN_APP' },
    headers: { origin: baseURL },
  });
  const appId = ((await created.json()) as { id: string }).id;

  await page.goto(`/apps/${appId}/data`);
  await page
    .getByRole('region', { name: 'Data sources' })
    .getByRole('button', { name: 'Manage data' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Data Sources' });
  await dialog.getByRole('tab', { name: 'Notion' }).click();
  // Not connected and no server token: nothing to pick until the builder connects.
  await expect(dialog.getByText('Connect your Notion to pick documents from it.')).toBeVisible();
  await expect(dialog.getByRole('checkbox')).toHaveCount(0);

  // Notion's consent (the fake approves at once) sends the builder back to this app's data sources.
  await dialog.getByRole('button', { name: 'Connect Notion' }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/data$`));
  await expect(page.getByText('Connected to Notion')).toBeVisible();
  const back = page.getByRole('dialog', { name: 'Data Sources' });
  await expect(back.getByRole('tab', { name: 'Notion' })).toHaveAttribute('aria-selected', 'true');
  await expect(back.getByText('Connected as ada@bakery.example (Bakery HQ)')).toBeVisible();
  const width = await back.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(width).toBeLessThanOrEqual(0);

  await back.getByRole('checkbox', { name: /Recipes/ }).check();
  await back.getByRole('button', { name: 'Import' }).click();
  const row = back
    .getByRole('list', { name: 'Data items' })
    .getByRole('listitem')
    .filter({ hasText: 'Recipes' });
  await expect(row.getByText('Synced', { exact: true })).toBeVisible({ timeout: 30_000 });

  await back.getByRole('button', { name: 'Disconnect' }).click();
  await expect(back.getByRole('button', { name: 'Connect Notion' })).toBeVisible();
});
