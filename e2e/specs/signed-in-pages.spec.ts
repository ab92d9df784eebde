import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { verifyEmail } from '../support/accounts.ts';

/**
 * Issue 23 #9: a builder who is signed in never sees the log-in or sign-up form again; #8: until the
 * e-mail is verified, the signed-in pages lead to the verify screen.
 */

const PASSWORD = 'violet-canyon-maple-42';

test('unverified, /home, /settings and the builder lead to the verify screen; verified, /login and /signup go on to /home (or redirectTo)', async ({
  page,
}) => {
  const email = `signed-in-${Date.now()}@example.com`;
  const signup = await page.request.post('/api/auth/signup', {
    data: { email, password: PASSWORD },
    headers: { origin: baseURL },
  });
  expect(signup.status()).toBe(201);
  // Issue 23 #8: unverified, the builder's pages send to the verify screen, which comes back after.
  const verifyScreen = page.getByRole('heading', { level: 1, name: 'Verify your email' });
  for (const path of ['/home', '/build/app/00000000-0000-4000-8000-000000000000', '/settings']) {
    await page.goto(path);
    await page.waitForURL(`**/auth/verifyEmail?continueUrl=${encodeURIComponent(path)}&appName=Atelier`);
    await expect(verifyScreen).toBeVisible();
  }
  await verifyEmail(page.request, email);
  await page.getByRole('button', { name: 'I have verified my email' }).click();
  await page.waitForURL('**/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  await page.goto('/login');
  await page.waitForURL('**/home');
  await page.goto('/signup');
  await page.waitForURL('**/home');
  await page.goto('/login?redirectTo=%2Fsettings');
  await page.waitForURL('**/settings');
  await expect(page.getByRole('heading', { name: 'Log in to Atelier' })).toHaveCount(0);
});
