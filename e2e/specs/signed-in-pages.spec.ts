import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';

/** Issue 23 #9: a builder who is signed in never sees the log-in or sign-up form again. */

const PASSWORD = 'violet-canyon-maple-42';

test('signed in, /login and /signup go on to /home (or redirectTo)', async ({ page }) => {
  const email = `signed-in-${Date.now()}@example.com`;
  const signup = await page.request.post('/api/auth/signup', {
    data: { email, password: PASSWORD },
    headers: { origin: baseURL },
  });
  expect(signup.status()).toBe(201);
  // Verified, so "After sign-in" goes straight on (an unverified builder goes to the verify screen).
  const outbox = JSON.stringify(await (await page.request.get('/api/dev/outbox')).json());
  const oobCode = outbox.match(/mode=verifyEmail&oobCode=([\w-]+)/)?.[1];
  expect(oobCode).toBeTruthy();
  await page.goto(`/auth/handler?mode=verifyEmail&oobCode=${oobCode}`);
  await expect(page.getByText('Your email has been verified')).toBeVisible();

  await page.goto('/login');
  await page.waitForURL('**/home');
  await page.goto('/signup');
  await page.waitForURL('**/home');
  await page.goto('/login?redirectTo=%2Fsettings');
  await page.waitForURL('**/settings');
  await expect(page.getByRole('heading', { name: 'Log in to Atelier' })).toHaveCount(0);
});
