import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { signUpVerified } from '../support/accounts.ts';

const PASSWORD = 'violet-canyon-maple-42';
/** An admin by ADMIN_EMAILS (e2e/server.mjs): code editing is for admins (spec 1 §5–§6). */
const ADMIN = 'e2e-code-admin@example.com';

async function signInAdmin(page: Page) {
  await signUpVerified(page.request, ADMIN, PASSWORD, { orLogIn: true });
}

async function createApp(page: Page, name: string) {
  const res = await page.request.post('/api/apps', {
    data: { name, type: 'GEN_APP' },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test('an admin finds a line in files, edits the page and sees the preview update after autosave', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAdmin(page);
  const appId = await createApp(page, 'Code Garden');
  await page.goto(`/build/app/${appId}/code`);

  const frame = page.frameLocator('iframe[title="Preview of Code Garden"]');
  await expect(frame.getByText('Your app is ready.')).toBeVisible({ timeout: 30_000 });

  // The tree is grouped; admins see file counts and token estimates.
  const files = page.getByRole('navigation', { name: 'Files' });
  await expect(files.getByRole('heading', { name: 'Pages' })).toBeVisible();
  await expect(files.getByRole('heading', { name: 'Layout' })).toBeVisible();
  await expect(page.getByTestId('code-stats')).toContainText(/\d+ files · ~[\d,]+ tokens/);

  // Find in files: the result opens the file at the line (selected).
  await page.getByLabel('Find in files').fill('Your app is ready');
  const results = page.getByRole('list', { name: 'Search results' });
  await results.getByRole('button', { name: /Home\.tsx:\d+/ }).click();
  await expect(page.getByText('pages/Home.tsx', { exact: true })).toBeVisible();

  // Typing replaces the selected line; autosave (1 s) makes a new version and the preview reloads.
  await page.locator('.cm-content').focus();
  await page.keyboard.type('Edited from the code editor.');
  await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 10_000 });
  await expect(frame.getByText('Edited from the code editor.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('save-status')).toHaveText('', { timeout: 5_000 });

  // Long lines wrap by default; the toggle turns it off (issue 23 #24).
  const wrapLines = page.getByRole('button', { name: 'Wrap lines' });
  await expect(wrapLines).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.cm-content')).toHaveClass(/cm-lineWrapping/);
  await wrapLines.click();
  await expect(page.locator('.cm-content')).not.toHaveClass(/cm-lineWrapping/);

  // New file: created empty at the path typed, and opened.
  await page.getByLabel('Find in files').fill('');
  await page.getByRole('button', { name: 'New file' }).click();
  const dialog = page.getByRole('dialog', { name: 'New file' });
  await dialog.getByLabel('Path').fill('pages/Home.tsx');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A file with this path already exists');
  await dialog.getByLabel('Path').fill('components/Card.jsx');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('components/Card.jsx', { exact: true })).toBeVisible();
  await expect(files.getByRole('button', { name: 'Card.jsx', exact: true })).toHaveAttribute(
    'aria-current',
    'true',
  );
});

test('a builder who is not an admin sees the code read-only', async ({ page }) => {
  const email = `code-viewer-${Date.now()}@example.com`;
  await signUpVerified(page.request, email, PASSWORD);
  const appId = await createApp(page, 'Viewer App');
  // The builder's top bar links the code for everyone: "View code" for a builder who is not an admin.
  await page.goto(`/build/app/${appId}`);
  await expect(page.getByRole('link', { name: 'Edit code' })).toHaveCount(0);
  await page.getByRole('link', { name: 'View code' }).click();
  await page.waitForURL(`**/build/app/${appId}/code`);
  await expect(page.getByText('Read-only')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Download Code' })).toBeDisabled();
  await expect(page.locator('.cm-content')).toHaveAttribute('contenteditable', 'false');
});

test('an admin deletes a component, accepting the reference update, and restores a file from its history', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInAdmin(page);
  const appId = await createApp(page, 'Delete Lab');
  const write = async (path: string, content: string) => {
    const res = await page.request.post(`/api/apps/${appId}/files/update`, {
      data: { file: { path, content } },
      headers: { origin: baseURL },
    });
    expect(res.status()).toBe(200);
  };
  await write('components/Badge.tsx', 'export default function Badge() { return <span>b</span>; }\n');
  await write(
    'pages/Shop.tsx',
    `import Badge from '../components/Badge';\nexport default function Shop() { return null; } // ${'long '.repeat(80)}\n`,
  );
  await write('components/Price.tsx', 'export default function Price() { return <b>1</b>; }\n');
  await write('pages/Deals.tsx', "import Price from '../components/Price';\nexport default Price;\n");
  await write(
    'pages/Shop.tsx',
    "import Badge from '../components/Badge';\nexport default function Shop() { return 1; }\n",
  );
  await page.goto(`/build/app/${appId}/code`);

  const files = page.getByRole('navigation', { name: 'Files' });
  // Entities are read-only JSON (spec 1 §2, §5): even an admin cannot delete one.
  await files.getByRole('button', { name: 'Item.json' }).click();
  await expect(page.getByText('Read-only')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();
  await files.getByRole('button', { name: 'Badge.tsx' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('list', { name: 'References to update' })).toContainText('pages/Shop.tsx');
  await expect(dialog).toContainText("import Badge from '../components/Badge';");
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted Badge.tsx')).toBeVisible();
  await expect(files.getByRole('button', { name: 'Badge.tsx' })).toHaveCount(0);
  const after = (await (await page.request.get(`/api/apps/${appId}/files`)).json()) as {
    files: { path: string; content: string }[];
  };
  expect(after.files.find((f) => f.path === 'pages/Shop.tsx')?.content).not.toContain('Badge');

  // History of Shop.tsx: restore the first version (a new version with that content).
  await files.getByRole('button', { name: 'Shop.tsx' }).click();
  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog');
  const versions = history.getByRole('list', { name: 'Versions' }).getByRole('listitem');
  await expect(versions).toHaveCount(3);
  // Times are relative (spec 3 §9), the exact one on hover.
  await expect(versions.first().locator('time')).toHaveText(/^(just now|\d+ minutes? ago)$/);
  await versions.last().getByRole('button').click();
  // A long line scrolls inside the dialog's content column; the dialog itself does not overflow.
  await expect(history.locator('pre')).toContainText('long long');
  expect(await history.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  const box = (await history.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await history.getByRole('button', { name: /Restore version \d+/ }).click();
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  const restored = (await (await page.request.get(`/api/apps/${appId}/files`)).json()) as {
    files: { path: string; content: string }[];
  };
  expect(restored.files.find((f) => f.path === 'pages/Shop.tsx')?.content).toContain('return null');

  // Rename (issue 23 #24): the file moves, and the imports that named it follow in the same version.
  await files.getByRole('button', { name: 'Price.tsx' }).click();
  await page.getByRole('button', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename Price.tsx' });
  await rename.getByLabel('Path').fill('pages/Shop.tsx');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(rename.getByRole('alert')).toHaveText('A file with this path already exists');
  await rename.getByLabel('Path').fill('components/shop/Cost.tsx');
  await expect(rename.getByRole('list', { name: 'Imports to update' })).toHaveText('pages/Deals.tsx');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByText('Renamed Price.tsx to Cost.tsx; imports updated in 1 file')).toBeVisible();
  await expect(files.getByRole('button', { name: 'Cost.tsx' })).toHaveAttribute('aria-current', 'true');
  await expect(files.getByRole('button', { name: 'Price.tsx' })).toHaveCount(0);
  const renamed = (await (await page.request.get(`/api/apps/${appId}/files`)).json()) as {
    files: { path: string; content: string }[];
  };
  expect(renamed.files.find((f) => f.path === 'pages/Deals.tsx')?.content).toContain(
    "import Price from '../components/shop/Cost';",
  );
});

test('an app imports an npm package its package.json names; the editor lists it and removes it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAdmin(page);
  const appId = await createApp(page, 'Sparkle Shop');
  const write = async (path: string, content: string) => {
    const res = await page.request.post(`/api/apps/${appId}/files/update`, {
      data: { file: { path, content } },
      headers: { origin: baseURL },
    });
    expect(res.status()).toBe(200);
  };
  const current = (await (await page.request.get(`/api/apps/${appId}/files`)).json()) as {
    files: { path: string }[];
  };
  const home = current.files.find((f) => /^pages\/Home\.[jt]sx?$/.test(f.path))!.path;
  // tiny-sparkle (e2e/server.mjs's fake registry) is a hook-using component with a CommonJS dependency.
  await write('package.json', '{\n  "dependencies": {\n    "tiny-sparkle": "^1.0.0"\n  }\n}\n');
  await write(
    home,
    'import { Sparkle } from \'tiny-sparkle\';\nexport default function Home() {\n  return <div><Sparkle label="party time" /></div>;\n}\n',
  );
  await page.goto(`/build/app/${appId}/code`);
  const frame = page.frameLocator('iframe[title="Preview of Sparkle Shop"]');
  await expect(frame.getByText('PARTY TIME! x3')).toBeVisible({ timeout: 30_000 });

  const files = page.getByRole('navigation', { name: 'Files' });
  await expect(files.getByRole('heading', { name: 'Packages' })).toBeVisible();
  const packages = files.getByRole('list', { name: 'npm packages' });
  await expect(packages.getByRole('listitem')).toHaveText(/tiny-sparkle\s*1\.0\.0/);
  await packages.getByRole('button', { name: 'Remove tiny-sparkle' }).click();
  await expect(page.getByText('Removed the npm package tiny-sparkle')).toBeVisible();
  await expect(files.getByText('No npm packages.')).toBeVisible();
  // The page still imports it: the new version does not build, and says why.
  await expect(frame.getByText('The app does not build')).toBeVisible({ timeout: 20_000 });
  await expect(frame.getByText(/"tiny-sparkle" is not available in generated apps/)).toBeVisible();
});
