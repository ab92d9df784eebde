import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { E2E_ADMINS, signInAdmin } from '../support/admin.ts';

/**
 * A published app on its own origin, `http://{slug}.localhost:{port}/` (Chromium resolves it without
 * DNS), with the end-user screens every generated app has: an end user signs up, creates a record,
 * reloads and is still signed in (the session is in the app origin's localStorage), signs out, signs
 * in again with an e-mailed code; sign-up is refused when the app's User signup is off; the builder
 * sees the end user's record.
 */
const PASSWORD = 'violet-canyon-maple-42';
const headers = { origin: baseURL };

const NOTE_ENTITY = JSON.stringify({
  name: 'Note',
  type: 'object',
  properties: { text: { type: 'string' } },
  required: ['text'],
  rls: { read: 'creator', write: 'creator' },
});

// Only signed-in end users see it; each sees their own notes (creator rules).
const NOTES_PAGE = `import { type FormEvent, useEffect, useState } from 'react';
import { entities } from '@atelier/app-sdk';
import { Button, Input } from '@atelier/ui';

export const requireSignIn = true;

export default function Home() {
  const [notes, setNotes] = useState<{ id: string; text: string }[]>([]);
  const [text, setText] = useState('');
  useEffect(() => {
    entities.Note.list('-createdAt', 50).then((rows) => setNotes(rows as never));
  }, []);
  async function add(event: FormEvent) {
    event.preventDefault();
    const created = await entities.Note.create({ text });
    setNotes((current) => [created as never, ...current]);
    setText('');
  }
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Field notes</h1>
      <form onSubmit={add} className="flex gap-2">
        <Input aria-label="Note" value={text} onChange={(event) => setText(event.target.value)} />
        <Button type="submit">Add note</Button>
      </form>
      <ul aria-label="Notes">{notes.map((note) => <li key={note.id}>{note.text}</li>)}</ul>
    </div>
  );
}
`;

const NOTEBOOK_PAGE = `export const requireSignIn = true;

export default function Notebook() {
  return <h1 className="text-2xl font-bold">Notebook</h1>;
}
`;

async function seedPublishedApp(page: Page): Promise<{ appId: string; appUrl: string }> {
  await signInAdmin(page, E2E_ADMINS.published, PASSWORD);
  const created = await page.request.post('/api/apps', {
    data: { name: 'Field Notes', type: 'GEN_APP' },
    headers,
  });
  expect(created.status()).toBe(201);
  const appId = ((await created.json()) as { id: string }).id;
  // Entity files are read-only in the code editor (files/update); an admin's merge writes them.
  const files = [
    { path: 'entities/Note.json', content: NOTE_ENTITY },
    { path: 'pages/Home.tsx', content: NOTES_PAGE },
    { path: 'pages/Notebook.tsx', content: NOTEBOOK_PAGE },
  ];
  const merged = await page.request.post(`/api/apps/${appId}/merge`, { data: { files }, headers });
  expect(merged.status()).toBe(200);
  const published = await page.request.post(`/api/apps/${appId}/publish`, {
    data: { slug: 'field-notes' },
    headers,
  });
  expect(published.status()).toBe(200);
  const { url } = (await published.json()) as { url: string };
  expect(url).toBe(`http://field-notes.localhost:${new URL(baseURL).port}/`);
  await setSignup(page.request, appId, true);
  return { appId, appUrl: url };
}

async function setSignup(request: APIRequestContext, appId: string, on: boolean) {
  const res = await request.patch(`/api/apps/${appId}`, { data: { isSignupEnabled: on }, headers });
  expect(res.status()).toBe(200);
}

/** The sign-in link of the newest mail to `to` (the outbox lists the newest first). */
async function linkFromOutbox(request: APIRequestContext, to: string): Promise<string> {
  const res = await request.get(`${baseURL}/api/dev/outbox`);
  const { messages } = (await res.json()) as { messages: { to: string; text: string }[] };
  const link = /https?:\/\/\S+/.exec(messages.find((m) => m.to === to)?.text ?? '')?.[0];
  expect(link).toBeTruthy();
  return link ?? '';
}

async function codeFromOutbox(request: APIRequestContext, to: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const res = await request.get(`${baseURL}/api/dev/outbox`);
      const { messages } = (await res.json()) as { messages: { to: string; text: string }[] };
      code = /\b(\d{6})\b/.exec(messages.find((m) => m.to === to)?.text ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

test('an end user signs up on the published app, keeps the session across reloads, signs out and back in', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { appId, appUrl } = await seedPublishedApp(page);
  const email = 'reader@example.com';

  const visitor = await browser.newContext();
  try {
    const app = await visitor.newPage();
    // The page requires sign-in: a signed-out visitor lands on the app's sign-in screen.
    await app.goto(appUrl);
    await expect(app.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 30_000 });
    await expect(app).toHaveURL(`${appUrl}login?next=%2F`);
    await app.getByRole('link', { name: 'No account yet? Create one' }).click();
    await expect(app.getByRole('heading', { name: 'Create account' })).toBeVisible();
    await app.getByLabel('Email').fill(email);
    await app.getByLabel('Password').fill(PASSWORD);
    await app.getByRole('button', { name: 'Create account' }).click();

    await expect(app.getByRole('heading', { name: 'Field notes' })).toBeVisible();
    await expect(app).toHaveURL(appUrl);
    const account = app.getByRole('navigation', { name: 'Account' });
    await expect(account).toContainText(`Signed in as ${email}`);
    await app.getByRole('textbox', { name: 'Note' }).fill('Robins nesting by the gate');
    await app.getByRole('button', { name: 'Add note' }).click();
    const notes = app.getByRole('list', { name: 'Notes' });
    await expect(notes.getByText('Robins nesting by the gate')).toBeVisible();

    // A reload keeps the session (the app origin's own localStorage) and the record.
    await app.reload();
    await expect(notes.getByText('Robins nesting by the gate')).toBeVisible({ timeout: 30_000 });
    await expect(account).toContainText(`Signed in as ${email}`);
    // The platform's cookie never reaches the app's origin.
    expect(await visitor.cookies(appUrl)).toEqual([]);

    await account.getByRole('button', { name: 'Sign out' }).click();
    await expect(app.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await app.reload();
    await expect(app.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 30_000 });

    // Back in with an e-mailed code (magic link / code).
    await app.getByRole('button', { name: 'Email me a sign-in code instead' }).click();
    await app.getByLabel('Email').fill(email);
    await app.getByRole('button', { name: 'Email me a code' }).click();
    await expect(app.getByRole('status')).toContainText('Verification code sent to your email');
    await app.getByLabel('Code').fill(await codeFromOutbox(page.request, email));
    await app.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(notes.getByText('Robins nesting by the gate')).toBeVisible();

    // The e-mailed link returns to the exact page that asked for sign-in, signed in.
    await account.getByRole('button', { name: 'Sign out' }).click();
    await app.goto(`${appUrl}notebook?tab=recent`);
    await expect(app).toHaveURL(`${appUrl}login?next=%2Fnotebook%3Ftab%3Drecent`, { timeout: 30_000 });
    await app.getByRole('button', { name: 'Email me a sign-in code instead' }).click();
    await app.getByLabel('Email').fill(email);
    await app.getByRole('button', { name: 'Email me a code' }).click();
    await expect(app.getByRole('status')).toContainText('Verification code sent to your email');
    await app.goto(await linkFromOutbox(page.request, email));
    await expect(app.getByRole('heading', { name: 'Notebook' })).toBeVisible({ timeout: 30_000 });
    await expect(app).toHaveURL(`${appUrl}notebook?tab=recent`);
    await expect(account).toContainText(`Signed in as ${email}`);
  } finally {
    await visitor.close();
  }

  // The builder sees the end user's record.
  const rows = await page.request.get(`/api/apps/${appId}/entities/Note`, { headers });
  expect(rows.status()).toBe(200);
  expect(JSON.stringify(await rows.json())).toContain('Robins nesting by the gate');
});

test('sign-up is refused with a clear message while the app has User signup off', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await signInAdmin(page, E2E_ADMINS.published, PASSWORD);
  const list = (await (await page.request.get('/api/apps')).json()) as {
    apps: { id: string; slug: string | null }[];
  };
  const existing = list.apps.find((app) => app.slug === 'field-notes');
  const { appId, appUrl } = existing
    ? { appId: existing.id, appUrl: `http://field-notes.localhost:${new URL(baseURL).port}/` }
    : await seedPublishedApp(page);
  await setSignup(page.request, appId, false);

  const visitor = await browser.newContext();
  try {
    const app = await visitor.newPage();
    await app.goto(`${appUrl}login`);
    await expect(app.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 30_000 });
    await expect(app.getByRole('link', { name: 'No account yet? Create one' })).toHaveCount(0);
    await app.goto(`${appUrl}signup`);
    await expect(app.getByRole('alert')).toHaveText('Sign-up is not enabled for this app');
    await expect(app.getByRole('button', { name: 'Create account' })).toHaveCount(0);
  } finally {
    await visitor.close();
  }
});
