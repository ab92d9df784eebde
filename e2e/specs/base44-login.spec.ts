import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { zipSync } from 'fflate';
import { baseURL } from '../playwright.config.ts';
import { E2E_ADMINS, signInAdmin } from '../support/admin.ts';

/**
 * The hosted login page of `@base44/sdk` (issue 26 #2): an imported Base44 export, published on its
 * own origin, calls `base44.auth.redirectToLogin()`; the app's sign-in screens at
 * `/login?from_url=` create the account, and the browser comes back with `?access_token=`, which
 * the export's own code keeps: `auth.me()` answers. A `from_url` of another site is refused. With
 * the app's "Require login to access" on, the export's start-up sends a visitor there by itself.
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
  await signInAdmin(page, E2E_ADMINS.base44Login, PASSWORD);
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

  const email = `visitor-${Date.now()}@example.com`;
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
    await app.getByLabel('Email').fill(email);
    await app.getByLabel('Password').fill(PASSWORD);
    await app.getByRole('button', { name: 'Create account' }).click();

    // Back on the page: the export's app-params took `access_token` out of the address and kept it.
    await expect(app.getByText(`Signed in as ${email}`)).toBeVisible({ timeout: 30_000 });
    await expect(app).toHaveURL(appUrl);
    expect(await app.evaluate(() => window.localStorage.getItem('base44_access_token'))).toMatch(/\S{20,}/);
    await app.reload();
    await expect(app.getByText(`Signed in as ${email}`)).toBeVisible({ timeout: 30_000 });

    // Another visitor signs in with a provider the server has (GitHub, a fake in the end-to-end
    // server): offered on the hosted login, back in the app signed in as that person.
    const social = await browser.newContext();
    try {
      const withGitHub = await social.newPage();
      await withGitHub.goto(`${appUrl}login?from_url=${encodeURIComponent(appUrl)}`);
      await withGitHub.getByRole('button', { name: 'Continue with GitHub' }).click({ timeout: 30_000 });
      await expect(withGitHub.getByText('Signed in as octo-e2e@example.com')).toBeVisible({
        timeout: 30_000,
      });
      await expect(withGitHub).toHaveURL(appUrl);
    } finally {
      await social.close();
    }

    // A return address on another site is refused before anything is asked.
    await app.goto(`${appUrl}login?from_url=${encodeURIComponent('https://evil.example/steal')}`);
    await expect(app.getByRole('heading', { name: 'Sign-in link refused' })).toBeVisible({ timeout: 30_000 });
    await expect(app.getByRole('alert')).toHaveText(
      'This sign-in link returns to an address outside the app.',
    );
    await expect(app.getByLabel('Password')).toHaveCount(0);

    // The same in the builder's preview (viewed as a signed-out visitor): the hosted login is the
    // preview's own page, and the browser comes back to the previewed page signed in.
    const link = await page.request.post(`/api/apps/${appId}/preview-token`, {
      data: { viewAs: 'visitor' },
      headers,
    });
    expect(link.status()).toBe(200);
    const previewUrl = ((await link.json()) as { url: string }).url;
    const previewPath = `/preview/${appId}`;
    const inPreview = await visitor.newPage();
    await inPreview.goto(previewUrl);
    await inPreview.getByRole('button', { name: 'Sign in', exact: true }).click({ timeout: 60_000 });
    await expect(inPreview.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 30_000 });
    expect(new URL(inPreview.url()).pathname).toBe(`${previewPath}/login`);
    await inPreview.getByLabel('Email').fill(email);
    await inPreview.getByLabel('Password').fill(PASSWORD);
    await inPreview.getByRole('button', { name: 'Sign in' }).click();
    await expect(inPreview.getByText(`Signed in as ${email}`)).toBeVisible({ timeout: 30_000 });
    expect(new URL(inPreview.url()).pathname).toBe(previewPath);
    expect(new URL(inPreview.url()).searchParams.has('access_token')).toBe(false);
  } finally {
    await visitor.close();
  }

  // Another visitor of the preview asks for Google (`loginWithProvider`): the app has no such
  // provider, and the page says so; the e-mailed sign-in link then lands back in the preview.
  const second = await browser.newContext();
  try {
    const previewed = await second.newPage();
    const link = await page.request.post(`/api/apps/${appId}/preview-token`, {
      data: { viewAs: 'visitor' },
      headers,
    });
    await previewed.goto(((await link.json()) as { url: string }).url);
    await previewed.getByRole('button', { name: 'Continue with Google' }).click({ timeout: 60_000 });
    await expect(previewed.getByRole('alert')).toHaveText(
      'Sign-in with Google is not set up for this app. Sign in with your email instead.',
      { timeout: 30_000 },
    );
    const email = `preview-visitor-${Date.now()}@example.com`;
    await previewed.getByRole('button', { name: 'Email me a sign-in code instead' }).click();
    await previewed.getByLabel('Email').fill(email);
    await previewed.getByRole('button', { name: 'Email me a code' }).click();
    await expect(previewed.getByText('Verification code sent to your email')).toBeVisible();
    const outbox = await page.request.get('/api/dev/outbox');
    const { messages } = (await outbox.json()) as { messages: { to: string; text: string }[] };
    const mailed = messages.find((message) => message.to === email)?.text ?? '';
    const signInLink = /https?:\/\/\S+\/auth\/handler\?\S+/.exec(mailed)?.[0];
    expect(signInLink, `a sign-in mail to ${email}`).toBeTruthy();
    // The link's continuation is the preview's hosted login (with the preview link's token).
    const continuation = new URL(new URL(signInLink as string).searchParams.get('continueUrl') ?? '');
    expect(continuation.pathname).toBe(`/preview/${appId}/login`);
    await previewed.goto(signInLink as string);
    await expect(previewed.getByText(`Signed in as ${email}`)).toBeVisible({ timeout: 30_000 });
    expect(new URL(previewed.url()).pathname).toBe(`/preview/${appId}`);
  } finally {
    await second.close();
  }

  // "Require login to access" (Settings): the export's own AuthContext reads the public settings
  // (403 `auth_required`) and sends a signed-out visitor to the hosted login; signed in, it opens.
  const locked = await page.request.patch(`/api/apps/${appId}`, {
    data: { settings: { requireLogin: true } },
    headers,
  });
  expect(locked.status()).toBe(200);
  const third = await browser.newContext();
  try {
    const app = await third.newPage();
    await app.goto(appUrl);
    await expect(app.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 60_000 });
    expect(app.url()).toBe(`${appUrl}login?from_url=${encodeURIComponent(appUrl)}`);
    await app.getByLabel('Email').fill(email);
    await app.getByLabel('Password').fill(PASSWORD);
    await app.getByRole('button', { name: 'Sign in' }).click();
    await expect(app.getByText(`Signed in as ${email}`)).toBeVisible({ timeout: 30_000 });
    await expect(app.getByRole('heading', { name: 'Tasks' })).toBeVisible();
  } finally {
    await third.close();
  }
});
