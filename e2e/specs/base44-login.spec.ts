import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { zipSync } from 'fflate';
import { baseURL } from '../playwright.config.ts';
import { signUpVerified } from '../support/accounts.ts';

/**
 * The hosted login page of `@base44/sdk` (issue 26 #2): an imported Base44 export, published on its
 * own origin, calls `base44.auth.redirectToLogin()`; the app's sign-in screens at
 * `/login?from_url=` create the account, and the browser comes back with `?access_token=`, which
 * the export's own code keeps: `auth.me()` answers. A `from_url` of another site is refused.
 */
const PASSWORD = 'violet-canyon-maple-42';
const headers = { origin: baseURL };
const FIXTURE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../test/fixtures/base44-exports/task-board',
);

function zipOfFixture(): Buffer {
  const entries: Record<string, Uint8Array> = {};
  const walk = (relative: string) => {
    for (const dirent of fs.readdirSync(path.join(FIXTURE, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${dirent.name}` : dirent.name;
      if (dirent.isDirectory()) walk(child);
      else entries[`task-board-main/${child}`] = fs.readFileSync(path.join(FIXTURE, child));
    }
  };
  walk('');
  return Buffer.from(zipSync(entries));
}

test('an exported app sends the visitor to its hosted login and gets them back signed in', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const builder = { email: `b44-login-${Date.now()}@example.com`, password: PASSWORD };
  await signUpVerified(page.request, builder.email, builder.password);
  const imported = await page.request.post('/api/apps/import/base44', {
    multipart: { file: { name: 'task-board.zip', mimeType: 'application/zip', buffer: zipOfFixture() } },
    headers,
  });
  expect(imported.status()).toBe(201);
  const appId = ((await imported.json()) as { app: { id: string } }).app.id;
  const slug = `task-board-${Date.now().toString(36)}`;
  const published = await page.request.post(`/api/apps/${appId}/publish`, { data: { slug }, headers });
  expect(published.status()).toBe(200);
  const appUrl = ((await published.json()) as { url: string }).url;
  const signup = await page.request.patch(`/api/apps/${appId}`, { data: { isSignupEnabled: true }, headers });
  expect(signup.status()).toBe(200);

  const visitor = await browser.newContext();
  try {
    const app = await visitor.newPage();
    await app.goto(appUrl);
    await expect(app.getByRole('heading', { name: 'Tasks' })).toBeVisible({ timeout: 60_000 });
    await app.getByRole('button', { name: 'Sign in' }).click();

    // The app's hosted login, on its own origin, with the address to return to.
    await expect(app.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 30_000 });
    expect(app.url()).toBe(`${appUrl}login?from_url=${encodeURIComponent(appUrl)}`);
    await app.getByRole('link', { name: 'No account yet? Create one' }).click();
    await expect(app.getByRole('heading', { name: 'Create account' })).toBeVisible();
    const email = `visitor-${Date.now()}@example.com`;
    await app.getByLabel('Email').fill(email);
    await app.getByLabel('Password').fill(PASSWORD);
    await app.getByRole('button', { name: 'Create account' }).click();

    // Back on the page: the export's app-params took `access_token` out of the address and kept it.
    await expect(app.getByText(`Signed in as ${email}`)).toBeVisible({ timeout: 30_000 });
    await expect(app).toHaveURL(appUrl);
    expect(await app.evaluate(() => window.localStorage.getItem('base44_access_token'))).toMatch(/\S{20,}/);
    await app.reload();
    await expect(app.getByText(`Signed in as ${email}`)).toBeVisible({ timeout: 30_000 });

    // A return address on another site is refused before anything is asked.
    await app.goto(`${appUrl}login?from_url=${encodeURIComponent('https://evil.example/steal')}`);
    await expect(app.getByRole('heading', { name: 'Sign-in link refused' })).toBeVisible({ timeout: 30_000 });
    await expect(app.getByRole('alert')).toHaveText(
      'This sign-in link returns to an address outside the app.',
    );
    await expect(app.getByLabel('Password')).toHaveCount(0);
  } finally {
    await visitor.close();
  }
});
