import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { signUpVerified, verifyEmail } from '../support/accounts.ts';

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

test('/logout reaches /login even when the session asked on load answers after the sign-out', async ({
  page,
}) => {
  const email = `logout-race-${Date.now()}@example.com`;
  await signUpVerified(page.request, email, PASSWORD);
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The order a fast machine can give: the server answers the page's session request (still signed
  // in), then signs out, and the session answer reaches the page last. Nothing is invented: both
  // answers are the server's, the session one only delivered late.
  let sessionAnswered!: () => void;
  const sessionFetched = new Promise<void>((resolve) => {
    sessionAnswered = resolve;
  });
  let lateAnswerSent!: () => void;
  const lateAnswer = new Promise<void>((resolve) => {
    lateAnswerSent = resolve;
  });
  let signedOut!: () => void;
  const logoutAnswered = new Promise<void>((resolve) => {
    signedOut = resolve;
  });
  await page.route(
    (url) => url.pathname === '/api/auth/session',
    async (route) => {
      const response = await route.fetch();
      sessionAnswered();
      await logoutAnswered;
      await route.fulfill({ response }).catch(() => {}); // the page may have given up on it
      lateAnswerSent();
    },
    { times: 1 },
  );
  await page.route(
    (url) => url.pathname === '/api/auth/logout',
    async (route) => {
      await sessionFetched;
      const response = await route.fetch();
      expect(response.status()).toBe(200);
      await route.fulfill({ response });
      signedOut();
    },
    { times: 1 },
  );
  await page.goto('/logout');
  await page.waitForURL('**/login');
  await lateAnswer;
  // Before the fix the late answer sent the page on to /home within milliseconds; give it a second.
  await page.waitForURL('**/home', { timeout: 1_000 }).catch(() => {});
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Log in to Atelier' })).toBeVisible();
});
