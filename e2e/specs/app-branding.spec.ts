import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { signUpVerified } from '../support/accounts.ts';

/**
 * Side-panel settings take effect in a generated app (issue 19 #7): App texts → Header becomes the
 * app's one name (nav, page heading, document title) and App branding's button colour becomes the
 * theme's --primary, live in the preview without a new version.
 */
const PASSWORD = 'violet-canyon-maple-42';

async function signUpBuilder(page: Page) {
  const email = `branding-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await signUpVerified(page.request, email, PASSWORD);
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Side panel' });
const saved = (page: Page) =>
  expect(page.getByText('Saved', { exact: true })).toBeVisible({ timeout: 10_000 });

test('App texts and App branding drive the name, title and theme colours of the previewed app', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpBuilder(page);
  const created = await page.request.post('/api/apps', {
    data: { name: 'Field Notes', type: 'GEN_APP' },
    headers: { origin: baseURL },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/build/app/${id}`);

  // The frame's title follows the app's one name, which this test changes.
  const frame = page.frameLocator('iframe[title^="Preview of "]');
  await expect(frame.getByRole('heading', { level: 1, name: 'Field Notes' })).toBeVisible({
    timeout: 30_000,
  });
  const addItem = frame.getByRole('button', { name: 'Add item' });
  // Polled while the preview reloads: a frame that navigates mid-read answers '' and is asked again.
  const background = () =>
    addItem
      .evaluate((element) => getComputedStyle(element).backgroundColor, undefined, { timeout: 5_000 })
      .catch(() => '');
  const before = await background();

  await menu(page).getByRole('button', { name: 'App texts' }).click();
  await page.getByLabel('Header', { exact: true }).fill('Acme Field Notes');
  await saved(page);
  await page.getByRole('button', { name: 'Done' }).click();
  await menu(page).getByRole('button', { name: 'App branding' }).click();
  await page.getByLabel('Button colour').fill('#e11d48');
  await saved(page);

  // The preview reloads by itself: the header's name, the page heading, the document title.
  await expect(frame.getByRole('link', { name: 'Acme Field Notes' })).toBeVisible({ timeout: 20_000 });
  await expect(frame.getByRole('heading', { level: 1, name: 'Acme Field Notes' })).toBeVisible();
  // Asked of the frame on screen; a frame replaced mid-ask answers '' and is asked again.
  const previewTitle = () =>
    frame
      .locator('html')
      .evaluate(() => document.title, undefined, { timeout: 5_000 })
      .catch(() => '');
  await expect.poll(previewTitle, { timeout: 20_000 }).toBe('Acme Field Notes');
  // The template's font, Inter, is served beside the app and used. Asked of the frame on screen, each
  // ask bounded: a frame replaced mid-ask (the preview reloads after a save) answers false and is asked again.
  const interLoaded = () =>
    frame
      .locator('body')
      .evaluate(
        (_body) =>
          Promise.race([
            (async () => {
              await document.fonts.ready;
              return document.fonts.check('16px "Inter Variable"') && document.fonts.status === 'loaded'
                ? (await document.fonts.load('16px "Inter Variable"')).length > 0
                : false;
            })(),
            new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3_000)),
          ]),
        undefined,
        { timeout: 5_000 },
      )
      .catch(() => false);
  await expect.poll(interLoaded, { timeout: 20_000 }).toBe(true);
  // The theme's --primary is the brand colour: the template's shadcn Button uses it.
  await expect.poll(background, { timeout: 20_000 }).toBe('rgb(225, 29, 72)');
  expect(before).not.toBe('rgb(225, 29, 72)');

  // One name everywhere: the builder's top bar and the home card say what the end users see, and a
  // rename from the card renames that one name.
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Field Notes' })).toBeVisible();
  await page.goto('/home');
  const apps = page.getByRole('list', { name: 'Your apps' });
  await expect(apps.getByRole('link', { name: 'Acme Field Notes' })).toBeVisible();
  await apps.getByRole('button', { name: 'Actions for Acme Field Notes' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog');
  await rename.getByRole('textbox').fill('Acme Notebook');
  await rename.getByRole('button', { name: /save|rename/i }).click();
  await expect(apps.getByRole('link', { name: 'Acme Notebook' })).toBeVisible();
  await page.goto(`/build/app/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Notebook' })).toBeVisible();
  await expect(frame.getByRole('heading', { level: 1, name: 'Acme Notebook' })).toBeVisible({
    timeout: 30_000,
  });
});
