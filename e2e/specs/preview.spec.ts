import { ENTITY_API_MESSAGES } from '@atelier/shared';
import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { signUpVerified } from '../support/accounts.ts';
import { stepShots } from '../support/steps.ts';

/**
 * The builder's preview (issue 19 items 2 and 3): it works whichever host the builder is opened at
 * (127.0.0.1 and localhost, no configuration), runs as the builder (a record added in the preview
 * lands as the owner and shows in the Database panel), "View as" a signed-out visitor meets the
 * sign-in requirement, the toolbar's route is editable, and a rebuild keeps the route. The preview
 * is never the builder's site (localhost ↔ 127.0.0.1): no builder cookie reaches it.
 */

const PASSWORD = 'violet-canyon-maple-42';
const loopback = baseURL.replace('localhost', '127.0.0.1');

async function signIn(page: Page, origin: string, email: string, path: 'signup' | 'login') {
  if (path === 'signup') return signUpVerified(page.request, email, PASSWORD, { origin });
  const res = await page.request.post(`${origin}/api/auth/login`, {
    data: { email, password: PASSWORD },
    headers: { origin },
  });
  expect(res.status()).toBe(200);
}

async function ask(page: Page, text: string) {
  const chat = page.getByRole('region', { name: 'Chat' });
  const replies = chat.getByRole('button', { name: 'Rate' });
  const before = await replies.count();
  await chat.getByLabel('Message').fill(text);
  await chat.getByLabel('Message').press('Enter');
  await expect(replies).toHaveCount(before + 1, { timeout: 45_000 });
}

test('the preview at 127.0.0.1 and localhost runs as the builder, views as a visitor and keeps its route', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const shot = stepShots(testInfo);
  const email = `preview-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await signIn(page, loopback, email, 'signup');
  const created = await page.request.post(`${loopback}/api/apps`, {
    data: { name: 'Preview CRM', type: 'GEN_APP' },
    headers: { origin: loopback },
  });
  expect(created.status()).toBe(201);
  const { id: appId } = (await created.json()) as { id: string };

  // Opened at 127.0.0.1: the CRM the assistant builds shows in the preview.
  await page.goto(`${loopback}/build/app/${appId}`);
  await ask(page, 'Create a CRM with contacts and deals');
  const frame = page.frameLocator('iframe[title="Preview of Preview CRM"]');
  await expect(frame.getByRole('link', { name: 'Contacts' }).first()).toBeVisible({ timeout: 60_000 });
  await shot(page, 'preview-at-127');

  // As the owner, "Add contact" works in the preview.
  await frame.getByRole('link', { name: 'Contacts' }).first().click();
  const route = page.getByLabel('Preview route');
  await expect(route).toHaveValue('/contacts');
  await frame.getByLabel('Name').fill('Ada Lovelace');
  const added = page.waitForResponse(
    (r) => r.url().includes(`/api/apps/${appId}/entities/Contact`) && r.request().method() === 'POST',
  );
  await frame.getByRole('button', { name: 'Add contact' }).click();
  expect((await added).status()).toBe(201);
  await expect(frame.getByRole('cell', { name: 'Ada Lovelace' })).toBeVisible();
  await shot(page, 'owner-added-contact');

  // … and the Database panel lists the row.
  await page.goto(`${loopback}/build/app/${appId}/database`);
  await page.getByRole('navigation', { name: 'Entities' }).getByRole('button', { name: 'Contact' }).click();
  await expect(page.getByRole('cell', { name: 'Name', exact: true })).toHaveText(['Ada Lovelace']);
  await shot(page, 'database-panel');

  // View as a signed-out visitor: the same page, refused with the sign-in requirement.
  await page.goto(`${loopback}/build/app/${appId}`);
  await expect(frame.getByRole('link', { name: 'Contacts' }).first()).toBeVisible({ timeout: 30_000 });
  await route.fill('/contacts');
  await route.press('Enter');
  await expect(frame.getByRole('heading', { name: 'Contacts' })).toBeVisible();
  await page.getByLabel('View as').selectOption('visitor');
  // The visitor's document replaces the owner's once it has loaded, at the same route.
  const asVisitor = page.frameLocator('iframe[title="Preview of Preview CRM"][data-view-as="visitor"]');
  await expect(asVisitor.getByRole('heading', { name: 'Contacts' })).toBeVisible({ timeout: 30_000 });
  // The CRM's contacts are for their creator only: a visitor does not see the owner's.
  await expect(asVisitor.getByText('No contacts yet. Add the first one above.')).toBeVisible();
  await expect(route).toHaveValue('/contacts');
  await asVisitor.getByLabel('Name').fill('Eve Visitor');
  const refused = page.waitForResponse(
    (r) => r.url().includes(`/api/apps/${appId}/entities/Contact`) && r.request().method() === 'POST',
  );
  await asVisitor.getByRole('button', { name: 'Add contact' }).click();
  const answer = await refused;
  expect(answer.status()).toBe(401);
  expect(((await answer.json()) as { error: { message: string } }).error.message).toBe(
    ENTITY_API_MESSAGES.signInToWrite,
  );
  await expect(asVisitor.getByText('Could not save the contact.')).toBeVisible();
  await shot(page, 'visitor-refused');
  await page.getByLabel('View as').selectOption('owner');
  await expect(page.locator('iframe[title="Preview of Preview CRM"][data-view-as="owner"]')).toHaveCount(1, {
    timeout: 30_000,
  });

  // The toolbar's route is editable: /deals opens the Deals page.
  await route.fill('/deals');
  await route.press('Enter');
  await expect(frame.getByRole('heading', { name: 'Deals' })).toBeVisible({ timeout: 30_000 });

  // A rebuild (a new version from the chat) keeps the route.
  await ask(page, 'Add an About page');
  await expect(frame.getByRole('link', { name: 'About' }).first()).toBeVisible({ timeout: 60_000 });
  await expect(frame.getByRole('heading', { name: 'Deals' })).toBeVisible();
  await expect(route).toHaveValue('/deals');
  await shot(page, 'rebuilt-route-kept');

  // Opened at localhost, the same preview shows too.
  await signIn(page, baseURL, email, 'login');
  await page.goto(`${baseURL}/build/app/${appId}`);
  await expect(frame.getByRole('link', { name: 'Contacts' }).first()).toBeVisible({ timeout: 60_000 });
  await shot(page, 'preview-at-localhost');

  // Issue 20 #16: the preview is on another site than the builder (opened at localhost, its frame
  // is at 127.0.0.1), so none of the builder's cookies reach it — not the session cookie, not even
  // a SameSite=Strict one, which a same-site frame (any port of localhost) would be sent.
  await page
    .context()
    .addCookies([{ name: 'builder_probe', value: 'strict', url: baseURL, sameSite: 'Strict' }]);
  const previewDocument = page.waitForRequest(
    (r) => r.url().includes(`/preview/${appId}`) && r.resourceType() === 'document',
  );
  await page.reload();
  const loaded = await previewDocument;
  expect(new URL(loaded.url()).hostname).toBe('127.0.0.1');
  expect((await loaded.allHeaders()).cookie).toBeUndefined();
  await expect(frame.getByRole('link', { name: 'Contacts' }).first()).toBeVisible({ timeout: 60_000 });
});
