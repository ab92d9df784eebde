import { appNameFromPrompt } from '@atelier/shared';
import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { signUpVerified } from '../support/accounts.ts';

const PROMPT = 'A tool that grades essays\nwith a rubric';
const NAME = appNameFromPrompt(PROMPT);

const PASSWORD = 'violet-canyon-maple-42';

async function signUpBuilder(page: Page) {
  const email = `builder-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await signUpVerified(page.request, email, PASSWORD);
}

async function createToolFromHome(page: Page, prompt: string) {
  await page.goto('/home');
  await page.getByRole('radio', { name: /Single tool/ }).click();
  await page.getByLabel('What do you want to build?').fill(prompt);
  await page.getByRole('button', { name: 'Start building' }).click();
  await expect(page).toHaveURL(/\/build\/app\/[0-9a-f-]{36}$/);
  return page.url().split('/').at(-1) as string;
}

/**
 * The phone top bar's boxes, left to right — back link, app name, status badge, the actions' scroller
 * — measured in one layout once the web font is in (Inter swaps in after the first paint: two boxes
 * measured on either side of the swap disagree by the name's width change, ~17 px).
 */
async function topBarBoxes(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  return page.getByRole('banner').evaluate((bar) => {
    const box = (el: Element | null) => {
      if (!el) throw new Error('top bar item missing');
      const { left, right } = el.getBoundingClientRect();
      return { left, right, whole: el.scrollWidth <= el.clientWidth };
    };
    return [
      box(bar.querySelector('a[aria-label="Back to home"]')),
      box(bar.querySelector('h1')),
      box(bar.querySelector('[aria-label^="Status:"]')),
      box(bar.querySelector('[data-top-bar-actions]')),
    ];
  });
}

/** No item of the top bar overlaps the next (0.5 px for subpixel rounding) and the status badge is whole. */
function expectNoOverlap(boxes: Awaited<ReturnType<typeof topBarBoxes>>, label: string) {
  for (let i = 1; i < boxes.length; i++) {
    expect(boxes[i - 1]!.right, `${label}: item ${i - 1} ends before item ${i} starts`).toBeLessThanOrEqual(
      boxes[i]!.left + 0.5,
    );
  }
  expect(boxes[2]!.whole, `${label}: the status badge is whole`).toBe(true);
  expect(boxes[3]!.right).toBeLessThanOrEqual(390);
}

test('create a tool from /home, edit its texts in the side panel, see the save and keep it after a reload', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUpBuilder(page);
  await page.goto('/home');
  await expect(page.getByText('No apps yet')).toBeVisible();

  await createToolFromHome(page, PROMPT);
  const panel = page.getByRole('navigation', { name: 'Side panel' });
  await expect(panel.getByRole('button', { name: 'Tool texts' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'App branding' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Call to action' })).toBeVisible();

  await panel.getByRole('button', { name: 'Tool texts' }).click();
  await page.getByLabel('Header', { exact: true }).fill('Essay grader pro');
  await page.getByLabel('Welcome message').fill('Paste your essay');
  await page.getByLabel('Example 1').fill('A short essay on tides');
  await expect(page.getByText('Saving…')).toBeVisible();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(panel.getByRole('button', { name: 'Call to action' })).toBeVisible();

  await page.reload();
  await page
    .getByRole('navigation', { name: 'Side panel' })
    .getByRole('button', { name: 'Tool texts' })
    .click();
  await expect(page.getByLabel('Header', { exact: true })).toHaveValue('Essay grader pro');
  await expect(page.getByLabel('Welcome message')).toHaveValue('Paste your essay');
  await expect(page.getByLabel('Example 1')).toHaveValue('A short essay on tides');

  // Ctrl+B collapses the panel and the state survives a reload (cookie).
  await page.keyboard.press('Control+b');
  await expect(page.getByRole('button', { name: 'Open side panel (Ctrl+B)' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Open side panel (Ctrl+B)' })).toBeVisible();
  await page.getByRole('button', { name: 'Open side panel (Ctrl+B)' }).click();

  // Home lists the app; rename it and delete it after confirming.
  await page.goto('/home');
  // The app is named from the prompt's first meaningful words (appNameFromPrompt, issue 19).
  await expect(page.getByRole('link', { name: NAME, exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your apps' }).getByText('Single tool')).toBeVisible();
  await page.getByRole('button', { name: `Actions for ${NAME}` }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await page.getByRole('dialog').getByLabel('App name').fill('Essay grader');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('link', { name: 'Essay grader' })).toBeVisible();
  await page.getByRole('button', { name: 'Actions for Essay grader' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog').getByText('Delete Essay grader?')).toBeVisible();
  await page.getByRole('button', { name: 'Delete app' }).click();
  await expect(page.getByText('No apps yet')).toBeVisible();
});

test('leaving mid-debounce asks about the unsaved changes', async ({ page }) => {
  await signUpBuilder(page);
  await createToolFromHome(page, 'A cover letter writer');
  await page
    .getByRole('navigation', { name: 'Side panel' })
    .getByRole('button', { name: 'Call to action' })
    .click();
  await page.getByLabel('Button text').fill('Book a call');
  await expect(page.getByText('Saving…')).toBeVisible();
  const dialog = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const shown = await dialog;
  expect(shown.type()).toBe('beforeunload');
  await shown.dismiss();
});

test('a signed-out visitor who starts building is sent to sign-up', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Start building' }).click();
  await expect(page).toHaveURL(/\/signup\?redirectTo=%2Fhome$/);
});

test('on the lite plan the tool settings are greyed out with the upgrade hint', async ({ page }) => {
  await signUpBuilder(page); // never the first account (the admin) after this
  await signUpBuilder(page);
  await createToolFromHome(page, 'A quiz maker');
  await page
    .getByRole('navigation', { name: 'Side panel' })
    .getByRole('button', { name: 'Tool settings' })
    .click();
  await expect(
    page.getByText('Settings are available on paid plans. Upgrade your plan to edit them.'),
  ).toBeVisible();
  await expect(page.getByLabel('Daily limit per user')).toBeDisabled();
  await expect(page.getByLabel('Weekly limit per user')).toBeDisabled();
  await expect(page.getByLabel('Credits per run')).toHaveCount(0);
});

test('on a phone the builder is tabs: Chat, Preview and Build one at a time, the name and actions in reach', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpBuilder(page);
  const created = await page.request.post('/api/apps', {
    data: { name: 'Pocket Planner', type: 'GEN_APP' },
    headers: { origin: baseURL },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/build/app/${id}`);

  const tabs = page.getByRole('tablist', { name: 'Builder sections' });
  await expect(tabs.getByRole('tab')).toHaveText(['Build', 'Chat', 'Preview']);
  await expect(tabs.getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Chat' }).getByLabel('Message')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Preview route' })).toBeHidden();
  await expect(page.getByRole('banner').getByRole('heading', { name: 'Pocket Planner' })).toBeVisible();
  // The top bar's items never overlap: a draft, then published (the Live badge stays whole beside the actions).
  await expect(page.getByRole('banner').getByLabel('Status: draft')).toBeVisible();
  expectNoOverlap(await topBarBoxes(page), 'draft');
  const published = await page.request.post(`/api/apps/${id}/publish`, {
    data: {},
    headers: { origin: baseURL },
  });
  expect(published.status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('banner').getByLabel('Status: active')).toBeVisible();
  expectNoOverlap(await topBarBoxes(page), 'live');

  await tabs.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.getByRole('textbox', { name: 'Preview route' })).toBeVisible();
  await expect(page.getByTitle('Preview of Pocket Planner')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Chat' })).toBeHidden();

  await tabs.getByRole('tab', { name: 'Build' }).click();
  await expect(page.getByRole('navigation', { name: 'Side panel' })).toBeVisible();
  // Nothing sticks out sideways: the top bar's actions scroll inside it.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('banner').getByRole('button', { name: 'Publish' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Publish' })).toBeVisible();
});
