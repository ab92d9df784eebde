import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { consoleErrorsOf } from '../support/console.ts';

const PASSWORD = 'violet-canyon-maple-42';
const NEW_PASSWORD = 'Zebra-orbit-lantern-9';

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
}

/** The newest kept mail to `to` whose subject starts with `subject`. */
async function mailTo(request: APIRequestContext, to: string, subject: string): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const res = await request.get('/api/dev/outbox');
      const { messages } = (await res.json()) as { messages: OutboxMessage[] };
      found = messages.find((m) => m.to === to && m.subject.startsWith(subject));
      return Boolean(found);
    })
    .toBe(true);
  return found as OutboxMessage;
}

/** Opens the dev outbox page and follows the link of the newest message with that subject. */
async function followOutboxLink(page: Page, to: string, subject: string) {
  await page.goto('/dev/outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Dev outbox' })).toBeVisible();
  const card = page
    .getByRole('listitem')
    .filter({ hasText: subject })
    .filter({ hasText: `To ${to}` })
    .first();
  await card.getByRole('link', { name: /\/auth\/handler\?/ }).click();
}

test('a builder signs up, verifies, resets the password, signs in with a code and changes the e-mail', async ({
  page,
  request,
}) => {
  // 4xx answers the flow provokes on purpose are logged by the browser as failed resources.
  const errors = consoleErrorsOf(page);
  const email = `e2e-${Date.now()}@example.com`;
  const newEmail = `moved-${Date.now()}@example.com`;

  // Sign up: a weak password is refused with the spec's text, then a strong one goes through.
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Name').fill('Erin E2E');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('password123');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('This password is too weak')).toBeVisible();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();

  // Unverified: the verify-email screen, then the link from the dev outbox.
  await expect(page).toHaveURL(/\/auth\/verifyEmail\?continueUrl=%2Fhome&appName=Atelier$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
  await expect(page.getByRole('main').getByText(email)).toBeVisible();
  await followOutboxLink(page, email, 'Verify your email for Atelier');
  await expect(page.getByText('Your email has been verified')).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

  // Sign out.
  await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in to Atelier' })).toBeVisible();

  // A wrong password says so.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();

  // Reset the password through the e-mailed link.
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByText('If an account exists for this email, we sent a link to reset the password'),
  ).toBeVisible();
  await followOutboxLink(page, email, 'Reset your password for Atelier');
  await expect(page.getByText(`Choose a new password for ${email}.`)).toBeVisible();
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password reset successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The new password works.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);

  // Sign in with the 6-digit code of a magic link.
  await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in with a code' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
  await expect(page.getByText('Verification code sent to your email')).toBeVisible();
  const magic = await mailTo(request, email, 'Your sign-in link and code');
  const code = /code is (\d{6})/.exec(magic.text)?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Sign in with code' }).click();
  await expect(page.getByText('Successfully signed in!')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

  // Change the e-mail in /settings; the link sent to the new address applies it.
  await page.getByRole('main').getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByText(`Your email is ${email}.`)).toBeVisible();
  await page.getByLabel('New email').fill(newEmail);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByRole('status').filter({ hasText: newEmail })).toBeVisible();
  await followOutboxLink(page, newEmail, 'Confirm your new email for Atelier');
  await expect(page.getByRole('status').filter({ hasText: 'Email updated' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to settings' }).click();
  await expect(page.getByText(`Your email is ${newEmail}.`)).toBeVisible();

  expect(errors).toEqual([]);
});

test('/error/unauthorized shows the payment reference and a way back to log in', async ({ page }) => {
  await page.goto('/error/unauthorized?paymentId=pay_123');
  await expect(
    page.getByRole('heading', { level: 1, name: 'We could not set up your account' }),
  ).toBeVisible();
  await expect(page.getByText('pay_123')).toBeVisible();
  await page.getByRole('link', { name: 'Log in again' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-out visit to /settings goes to log in and comes back after it', async ({ page, request }) => {
  const email = `back-${Date.now()}@example.com`;
  const res = await request.post('/api/auth/signup', {
    data: { email, password: PASSWORD },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(201);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsettings$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  // Not verified yet: the verify screen, which would continue to /settings.
  await expect(page).toHaveURL(/\/auth\/verifyEmail\?continueUrl=%2Fsettings/);
});
