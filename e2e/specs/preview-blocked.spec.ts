import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { signUpVerified } from '../support/accounts.ts';

/**
 * A preview that cannot load says why and what to set (issue 19 #2), for real: a second server,
 * configured for `localhost` (PUBLIC_URL), is opened at 127.0.0.1 — the mistake the issue started
 * from. Chromium blocks the frame (its frame-ancestors name the configured origin), no handshake
 * comes, and the panel names both addresses and the settings. Playwright's clock stands in for the
 * 15-second handshake wait.
 */

const PASSWORD = 'violet-canyon-maple-42';
const e2eDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
// Beside the suite's own server (port, port + 1 for its preview) with room for its preview port.
const port = Number(new URL(baseURL).port) + 20;
const configured = `http://localhost:${port}`;
const opened = `http://127.0.0.1:${port}`;

let server: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = spawn(process.execPath, ['server.mjs'], {
    cwd: e2eDir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: configured },
    stdio: 'ignore',
  });
  await expect
    .poll(async () => (await fetch(`${opened}/api/health`).catch(() => null))?.status ?? 0, {
      timeout: 110_000,
    })
    .toBe(200);
});

test.afterAll(() => {
  server?.kill();
});

test('a preview blocked by the configured origins says why and what to set', async ({ page }) => {
  // The API checks Origin against PUBLIC_URL: set up the app as a page at that address would.
  const headers = { origin: configured };
  const email = `blocked-${Date.now()}@example.com`;
  await signUpVerified(page.request, email, PASSWORD, { base: opened, origin: configured });
  const created = await page.request.post(`${opened}/api/apps`, {
    data: { name: 'Blocked Preview', type: 'GEN_APP' },
    headers,
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.clock.install();
  await page.goto(`${opened}/build/app/${id}`);
  await expect(page.locator('iframe[title="Preview of Blocked Preview"]')).toBeAttached({ timeout: 30_000 });
  await page.clock.fastForward(16_000);
  const failure = page.getByRole('alert').filter({ hasText: 'The preview did not load' });
  await expect(failure).toBeVisible();
  await expect(failure).toContainText(`You opened Atelier at ${opened}`);
  await expect(failure).toContainText(`the preview at http://127.0.0.1:${port + 1}`);
  await expect(failure).toContainText('set PUBLIC_URL to that address');
  await expect(failure.getByRole('button', { name: 'Reload preview' })).toBeVisible();
});
