import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { signInAdmin } from '../support/admin.ts';

const PASSWORD = 'violet-canyon-maple-42';
/** An admin by ADMIN_EMAILS (e2e/server.mjs): merging code is for admins (spec 1 §5–§6). */
const ADMIN = 'e2e-diff-admin@example.com';
const headers = { origin: baseURL };

async function createApp(page: Page, name: string) {
  const res = await page.request.post('/api/apps', { data: { name, type: 'GEN_APP' }, headers });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function writeFile(page: Page, appId: string, path: string, content: string) {
  const res = await page.request.post(`/api/apps/${appId}/files/update`, {
    data: { file: { path, content } },
    headers,
  });
  expect(res.status()).toBe(200);
}

test('the diff view shows the changes between two versions, unified and side by side', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAdmin(page, ADMIN, PASSWORD);
  const appId = await createApp(page, `Diff Garden ${Date.now()}`);
  await writeFile(
    page,
    appId,
    'components/Greeting.tsx',
    'export default function Greeting() {\n  return <p>Hello there</p>;\n}\n',
  );
  await writeFile(
    page,
    appId,
    'components/Greeting.tsx',
    'export default function Greeting() {\n  return <p>Hello friend</p>;\n}\n',
  );

  // Admins reach the code editor from the builder's top bar.
  await page.goto(`/build/app/${appId}`);
  await page.getByRole('link', { name: 'Edit code' }).click();
  await expect(page).toHaveURL(new RegExp(`/build/app/${appId}/code$`));
  await page.getByRole('button', { name: 'All changes' }).click();
  const dialog = page.getByRole('dialog', { name: 'All changes' });
  // Defaults: the previous version against the current one.
  const file = dialog.getByRole('region', { name: 'components/Greeting.tsx' });
  await expect(file.getByText('modified')).toBeVisible({ timeout: 30_000 });
  // Word-level highlights: only the changed word is marked on each side.
  await expect(file.locator('mark[data-word-change="removed"]')).toHaveText('there');
  await expect(file.locator('mark[data-word-change="added"]')).toHaveText('friend');
  await expect(file.getByText('@@ -1,3 +1,3 @@')).toBeVisible();

  await dialog.getByRole('button', { name: 'Side by side' }).click();
  await expect(dialog.getByRole('button', { name: 'Side by side' })).toHaveAttribute('aria-pressed', 'true');
  await expect(file.locator('tr').filter({ hasText: 'there' }).filter({ hasText: 'friend' })).toHaveCount(1);

  // The same version on both sides: nothing to show.
  const versionB = await dialog.getByLabel('Version B').inputValue();
  await dialog.getByLabel('Version A').selectOption(versionB);
  await expect(dialog.getByText('No changes found between versions')).toBeVisible();

  // While a save is in flight the diff waits for it (the save is held until the message showed).
  await page.keyboard.press('Escape');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/files/update', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('navigation', { name: 'Files' }).getByRole('button', { name: 'Greeting.tsx' }).click();
  await page.locator('.cm-content').focus();
  await page.keyboard.type('// note\n');
  await expect(page.getByTestId('save-status')).toHaveText('Saving…', { timeout: 10_000 });
  await page.getByRole('button', { name: 'All changes' }).click();
  await expect(page.getByText('Wait for the changes to complete before viewing the diff')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  release();
  await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 10_000 });
});

test('an admin merges a file from another app and sees it in the tree', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAdmin(page, ADMIN, PASSWORD);
  const stamp = Date.now();
  const sourceName = `Merge Source ${stamp}`;
  const sourceId = await createApp(page, sourceName);
  await writeFile(
    page,
    sourceId,
    'components/Badge.tsx',
    'export default function Badge() {\n  return <span>New</span>;\n}\n',
  );
  const targetId = await createApp(page, `Merge Target ${stamp}`);

  await page.goto(`/build/app/${targetId}/code`);
  const tree = page.getByRole('navigation', { name: 'Files' });
  await expect(tree.getByRole('heading', { name: 'Pages' })).toBeVisible({ timeout: 30_000 });
  await expect(tree.getByRole('button', { name: 'Badge.tsx' })).toHaveCount(0);

  await page.getByRole('button', { name: 'All changes' }).click();
  const dialog = page.getByRole('dialog', { name: 'All changes' });
  await dialog.getByLabel('Compare with').selectOption('app');
  await dialog.getByLabel('Other app').selectOption({ label: sourceName });
  await expect(dialog.getByRole('region', { name: 'components/Badge.tsx' }).getByText('added')).toBeVisible({
    timeout: 30_000,
  });

  // Merge only the new component.
  const picks = dialog
    .getByRole('group', { name: `Files to merge from ${sourceName}` })
    .getByRole('checkbox');
  for (const box of await picks.all()) {
    const label = (await box.locator('xpath=..').textContent()) ?? '';
    if (!label.includes('components/Badge.tsx')) await box.uncheck();
  }
  await dialog.getByLabel('Merge description').fill('Bring the badge over');
  // A refused merge shows the server's error.
  await page.route('**/merge', (route) =>
    route.fulfill({ status: 400, json: { error: { code: 'bad_request', message: 'No changes to merge' } } }),
  );
  await dialog.getByRole('button', { name: 'Merge 1 files' }).click();
  await expect(page.getByText('Failed to merge files: No changes to merge')).toBeVisible();
  await page.unroute('**/merge');
  await dialog.getByRole('button', { name: 'Merge 1 files' }).click();
  await expect(page.getByText('Successfully merged 1 files in a single version')).toBeVisible({
    timeout: 30_000,
  });

  await page.keyboard.press('Escape');
  await expect(tree.getByRole('button', { name: 'Badge.tsx' })).toBeVisible({ timeout: 30_000 });
  const versions = await page.request.get(`/api/apps/${targetId}/versions`);
  const body = (await versions.json()) as { versions: { metadata: { description: string } }[] };
  expect(body.versions[0]?.metadata.description).toBe('Bring the badge over');
});

test('the admin validation tester lists the issues of a version and says what failed', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAdmin(page, ADMIN, PASSWORD);
  const appId = await createApp(page, `Validate Garden ${Date.now()}`);
  await writeFile(
    page,
    appId,
    'pages/Broken.tsx',
    "import Missing from '../components/Missing';\n\nexport default function Broken() {\n  return <Missing />;\n}\n",
  );
  await page.goto(`/build/app/${appId}/code`);
  await expect(page.getByRole('navigation', { name: 'Files' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Validate', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Validation and repair tester' });

  // Repair needs issues from a validation first.
  await dialog.getByRole('button', { name: 'Try Repair' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Please run validation first and ensure there are issues to repair',
  );
  // Iterations are clamped to 1–5 and kept for the next time.
  await dialog.getByLabel('Iterations').fill('9');
  await expect(dialog.getByLabel('Iterations')).toHaveValue('5');
  expect(await page.evaluate(() => localStorage.getItem('atelier.repair.iterations'))).toBe('5');

  await dialog.getByRole('button', { name: 'Validate', exact: true }).click();
  const issues = dialog.getByRole('list', { name: 'Validation issues' });
  await expect(issues).toContainText("Cannot find module '../components/Missing'", { timeout: 60_000 });
  await expect(issues).toContainText('pages/Broken.tsx:1');
  await expect(dialog.getByRole('button', { name: 'Re-validate' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Try Repair' })).toBeEnabled();

  // A validation that fails says so.
  await page.route('**/validate', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'internal_error', message: 'boom' } } }),
  );
  await dialog.getByRole('button', { name: 'Re-validate' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Failed to validate');
  await page.keyboard.press('Escape');

  // A comparison that cannot be loaded says so.
  await page.route('**/compare?**', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'internal_error', message: 'boom' } } }),
  );
  await page.getByRole('button', { name: 'All changes' }).click();
  await expect(page.getByRole('dialog', { name: 'All changes' }).getByRole('alert')).toHaveText(
    'Failed to load comparison data',
  );
});

test('an admin validates a chat reply: the tester checks that reply version and sends its id and content (issue 23 #5)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAdmin(page, ADMIN, PASSWORD);
  const appId = await createApp(page, `Reply Garden ${Date.now()}`);
  await page.goto(`/build/app/${appId}`);
  const chat = page.getByRole('region', { name: 'Chat' });
  await chat.getByLabel('Message').fill('Add an About page');
  await chat.getByLabel('Message').press('Enter');
  await chat.getByRole('button', { name: 'Validate' }).click({ timeout: 30_000 });

  const history = (await (await page.request.get(`/api/apps/${appId}/chat/history`)).json()) as {
    messages: { id: string; role: string; content: string; annotations: { versionId?: string }[] }[];
  };
  const reply = history.messages.find((m) => m.role === 'assistant')!;
  const dialog = page.getByRole('dialog', { name: 'Validation and repair tester' });
  await expect(dialog.getByTestId('tester-version')).toHaveText(reply.annotations[0]!.versionId!);
  const sent = page.waitForRequest((request) => request.url().endsWith('/validate'));
  await dialog.getByRole('button', { name: 'Validate', exact: true }).click();
  const request = await sent;
  expect(request.url()).toContain(`/api/apps/${appId}/versions/${reply.annotations[0]!.versionId}/validate`);
  const body = request.postDataJSON() as { messageId: string; messageContent: string };
  expect(body.messageId).toBe(reply.id);
  expect(body.messageContent.length).toBeGreaterThan(0);
  expect(reply.content).toContain(body.messageContent.slice(0, 40));
  await expect(dialog.getByTestId('validation-summary')).toBeVisible({ timeout: 60_000 });
});
