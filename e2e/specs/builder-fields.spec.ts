import { inlineInputMaxText, MAX_OPTION_LABEL_LENGTH } from '@atelier/shared';
import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { signUpVerified } from '../support/accounts.ts';

const PASSWORD = 'violet-canyon-maple-42';
// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function newToolInBuilder(page: Page): Promise<string> {
  const email = `fields-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const headers = { origin: baseURL };
  await signUpVerified(page.request, email, PASSWORD);
  const res = await page.request.post('/api/apps', {
    data: { name: 'Trip planner', type: 'AI_TOOL' },
    headers,
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/build/app/${id}`);
  return id;
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Side panel' });
const open = (page: Page, entry: string) => menu(page).getByRole('button', { name: entry }).click();
const saved = (page: Page) =>
  expect(page.getByText('Saved', { exact: true })).toBeVisible({ timeout: 10_000 });

async function addField(page: Page, name: string) {
  await page.getByLabel('Field name').fill(name);
  await page.getByRole('button', { name: 'Add field' }).click();
}

test('custom fields in two steps are kept after a reload; tags block deletion; a logo uploads', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await newToolInBuilder(page);

  await open(page, 'Custom fields');
  await expect(page.getByText('No custom fields yet. Type a name below and add one.')).toBeVisible();
  await expect(page.getByLabel('Multi step')).toBeDisabled();
  await addField(page, 'Destination');
  await addField(page, 'Budget');
  await addField(page, 'destination');
  await expect(page.getByRole('alert')).toHaveText('Field already exists');
  await addField(page, 'Input');
  await expect(page.getByRole('alert')).toHaveText('Input is a reserved field name, try another name');

  // Two steps: the first holds the fields made so far, a new field goes to the last step.
  await page.getByLabel('Multi step').check();
  await expect(page.getByRole('region', { name: 'Step 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByLabel('Step 2 title').fill('When');
  await addField(page, 'Travel dates');
  // Magic create without a model provider: the offline rule set guesses the type from the words.
  await page.getByLabel('Field name').fill('Your email');
  await page.getByRole('button', { name: 'Magic create' }).click();
  const when = page.getByRole('region', { name: 'When' });
  await expect(when.getByTestId('field-row')).toHaveText([/Travel dates/, /Your email\s*Email/]);

  // Budget becomes a single select with options; a duplicate option is refused.
  await page.getByRole('button', { name: 'Edit Budget' }).click();
  await page.getByLabel('Type').selectOption('select');
  await page.getByLabel('New option').fill('Low');
  await page.getByRole('button', { name: 'Add option' }).click();
  await page.getByLabel('New option').fill('High');
  await page.getByRole('button', { name: 'Add option' }).click();
  await page.getByLabel('New option').fill('low');
  await page.getByRole('button', { name: 'Add option' }).click();
  await expect(page.getByText('Option already exists')).toBeVisible();
  // An option's label edits inline (spec 3 §5): the limit says so when reached; Escape cancels.
  await page.getByRole('button', { name: 'Edit option High' }).click();
  const inline = page.getByLabel('Option High', { exact: true });
  await inline.fill('H'.repeat(MAX_OPTION_LABEL_LENGTH + 5));
  await expect(inline).toHaveValue('H'.repeat(MAX_OPTION_LABEL_LENGTH));
  await expect(page.getByText(inlineInputMaxText(MAX_OPTION_LABEL_LENGTH))).toBeVisible();
  await inline.press('Escape');
  await expect(page.getByRole('button', { name: 'Edit option High' })).toBeVisible();
  // Each option can carry an icon image.
  await page
    .getByLabel('Upload Icon of Low')
    .setInputFiles({ name: 'low.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Icon of Low preview' })).toHaveAttribute('src', /\/icons\//);
  // Keyboard reorder: Budget moves above Destination.
  await page.getByRole('button', { name: 'Move Budget up' }).click();
  // Drag: Travel dates dropped on Destination takes its place and joins Step 1.
  await page
    .getByRole('img', { name: 'Drag Travel dates' })
    .dragTo(page.getByTestId('field-row').filter({ hasText: 'Destination' }));
  await expect(page.getByRole('region', { name: 'Step 1' }).getByTestId('field-row')).toHaveText([
    /Budget/,
    /Travel dates/,
    /Destination/,
  ]);
  await saved(page);

  await page.reload();
  await open(page, 'Custom fields');
  await expect(page.getByLabel('Multi step')).toBeChecked();
  await expect(page.getByRole('region', { name: 'Step 1' }).getByTestId('field-row')).toHaveText([
    /Budget\s*Single select/,
    /Travel dates/,
    /Destination/,
  ]);
  await expect(page.getByRole('region', { name: 'When' }).getByTestId('field-row')).toHaveText([
    /Your email/,
  ]);
  await page.getByRole('button', { name: 'Edit Budget' }).click();
  await expect(page.getByRole('button', { name: 'Edit option Low' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Icon of Low preview' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit option High' })).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();

  // With fields, the Texts panel lets the main input collapse.
  await open(page, 'Tool texts');
  await expect(page.getByLabel('Collapse main input')).toBeEnabled();
  await page.getByRole('button', { name: 'Done' }).click();

  // The results editor uses the Destination tag, so Destination cannot be deleted.
  await open(page, 'Results layout');
  await expect(page.getByLabel('Results instructions')).toBeFocused();
  await page.getByLabel('Results instructions').fill('Plan a trip to ');
  await page.getByRole('button', { name: '{destination}' }).click();
  await expect(page.getByLabel('Results instructions')).toHaveValue('Plan a trip to {destination}');
  await saved(page);
  await page.getByRole('button', { name: 'Done' }).click();
  await open(page, 'Custom fields');
  await page.getByRole('button', { name: 'Delete Destination' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Before deleting a field, its tag must be removed from the app instructions',
  );
  await expect(page.getByRole('button', { name: 'Edit Destination' })).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();

  // Branding: upload a logo; it is shown from the server and kept after a reload.
  await open(page, 'App branding');
  await page
    .getByLabel('Upload Logo')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Image uploaded successfully!')).toBeVisible();
  const preview = page.getByRole('img', { name: 'Logo preview' });
  await expect(preview).toHaveAttribute(
    'src',
    /^\/api\/uploads\/accounts\/[^/]+\/apps\/[^/]+\/branding\/[a-f0-9]{24}\.png$/,
  );
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  // A text file is refused before it is sent.
  await page.getByLabel('Upload Background image').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expect(page.getByText('Please choose an image file')).toBeVisible();
  await saved(page);
  await page.reload();
  await open(page, 'App branding');
  await expect(page.getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', /^\/api\/uploads\//);
});
