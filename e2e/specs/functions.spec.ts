import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { E2E_ADMINS, signInAdmin } from '../support/admin.ts';

const PASSWORD = 'violet-canyon-maple-42';
const SECRET_VALUE = 'hola-from-a-secret-7731';

const GREET = [
  'export default async (req: Request, ctx: { env: Record<string, string> }) => {',
  "  const name = new URL(req.url).searchParams.get('name') ?? 'world';",
  "  console.log('greeting', name);",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the function's source code
  '  return Response.json({ text: `${ctx.env.GREETING_WORD.split("-")[0]}, ${name}!`, length: ctx.env.GREETING_WORD.length });',
  '};',
].join('\n');

const DIGEST = {
  'index.ts': 'Deno.serve(async (req) => Response.json({ got: await req.json() }));',
  'function.jsonc': JSON.stringify({
    automations: [
      { name: 'Nightly digest', type: 'scheduled', schedule_type: 'cron', cron_expression: '0 3 * * *' },
    ],
  }),
};

test('in the code editor: deploy a function, set its secret in the Secrets manager, deploy on save, call its webhook URL after publishing', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const headers = { origin: baseURL };
  await signInAdmin(page, E2E_ADMINS.functions, PASSWORD);
  const created = await page.request.post('/api/apps', {
    data: { name: 'Greeter', type: 'GEN_APP' },
    headers,
  });
  expect(created.status()).toBe(201);
  const appId = ((await created.json()) as { id: string }).id;
  const saved = await page.request.post(`/api/apps/${appId}/files/update`, {
    data: { file: { path: 'functions/greet.ts', content: GREET } },
    headers,
  });
  expect(saved.status()).toBe(200);
  // A Base44-style function with a scheduled automation in its function.jsonc, deployed.
  for (const [file, content] of Object.entries(DIGEST)) {
    const res = await page.request.post(`/api/apps/${appId}/files/update`, {
      data: { file: { path: `functions/digest/${file}`, content } },
      headers,
    });
    expect(res.status()).toBe(200);
  }
  expect((await page.request.post(`/api/apps/${appId}/functions/digest/deploy`, { headers })).status()).toBe(
    200,
  );

  // The old address lands in the code editor; the builder links there too (issue 23 #1).
  await page.goto(`/apps/${appId}/functions`);
  await expect(page).toHaveURL(`/build/app/${appId}/code`);
  await page.goto(`/build/app/${appId}`);
  await page.getByRole('link', { name: 'Edit code' }).click();
  // The code page has the builder's one top bar, Publish included (issue 23 #25).
  await expect(page.getByRole('banner').getByRole('button', { name: 'Publish' })).toBeVisible();
  const tree = page.getByRole('navigation', { name: 'Files' });
  await expect(tree.getByRole('button', { name: /greet\.ts\s?Not deployed/ })).toBeVisible();
  await tree.getByRole('button', { name: /^greet\.ts/ }).click();
  const fn = page.getByRole('region', { name: 'Function greet' });
  await expect(fn.getByText('Not deployed')).toBeVisible();
  await expect(fn.getByText('App must be published to get webhook URL')).toBeVisible();
  await expect(fn.getByRole('alert')).toContainText('Missing required secrets: GREETING_WORD');

  // Deploying before the secret exists: "Missing required secrets" with a Manage Secrets button.
  await fn.getByRole('button', { name: 'Deploy', exact: true }).click();
  const toast = page.getByRole('region', { name: /Notifications/ });
  await expect(toast.getByText('Missing required secrets')).toBeVisible();
  await toast.getByRole('button', { name: 'Manage Secrets' }).click();

  // The Secrets manager: a row needs both key and value.
  const manager = page.getByRole('dialog', { name: 'Secrets manager' });
  const secrets = manager.getByRole('region', { name: 'Secrets' });
  await secrets.getByRole('button', { name: 'Add Secret' }).click();
  const row = secrets.getByRole('group', { name: 'New secret' });
  await row.getByLabel('Key', { exact: true }).fill('GREETING_WORD');
  await secrets.getByRole('button', { name: 'Save' }).click();
  await expect(
    toast.getByText('Please provide both key and value for all secrets or remove empty ones'),
  ).toBeVisible();
  const value = secrets.getByRole('group', { name: 'GREETING_WORD' }).getByLabel('Value', { exact: true });
  await value.fill(SECRET_VALUE);
  await expect(value).toHaveAttribute('type', 'password');
  await secrets
    .getByRole('group', { name: 'GREETING_WORD' })
    .getByRole('button', { name: 'Show value' })
    .click();
  await expect(value).toHaveAttribute('type', 'text');
  await secrets.getByLabel('Instructions').fill('Any greeting word');
  await secrets.getByRole('button', { name: 'Save' }).click();
  await expect(toast.getByText('Secrets saved successfully!')).toBeVisible();
  // The failed deploy waited for this secret: the redeploy dialog offers to deploy it now.
  const dialog = page.getByRole('dialog', { name: 'Redeploy affected functions' });
  await expect(dialog.getByText('greet')).toBeVisible();
  await dialog.getByRole('button', { name: 'Redeploy' }).click();
  await expect(toast.getByText('Deployed 1 function(s) successfully')).toBeVisible();
  await expect(fn.getByText('Deployed', { exact: true })).toBeVisible();
  await expect(tree.getByRole('button', { name: /greet\.ts\s?Deployed/ })).toBeVisible();

  // Saved: the key is fixed and the value is write-only (a masked placeholder, nothing typed).
  await page.getByRole('button', { name: 'Secrets', exact: true }).click();
  const stored = secrets.getByRole('group', { name: 'GREETING_WORD' });
  await expect(stored.getByLabel('Key', { exact: true })).toHaveAttribute('readonly', '');
  await expect(stored.getByLabel('Value', { exact: true })).toHaveValue('');
  await expect(stored.getByLabel('Value', { exact: true })).toHaveAttribute('placeholder', /••••/);
  await page.keyboard.press('Escape');
  await expect(manager).toHaveCount(0);

  // Saving the function deploys it (a live function offers Redeploy).
  await page.locator('.cm-content').focus();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\n// greets by name');
  await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 10_000 });
  await expect(toast.getByText('Function deployed successfully!')).toBeVisible();
  await expect(fn.getByText('Changed since deploy')).toHaveCount(0);
  await fn.getByRole('button', { name: 'Redeploy' }).click();
  await expect(toast.getByText('Function deployed successfully!')).toBeVisible();

  // The scheduled function shows its schedule, which the builder pauses and resumes.
  await page.goto(`/build/app/${appId}/code?file=${encodeURIComponent('functions/digest/index.ts')}`);
  const schedule = page
    .getByRole('region', { name: 'Function digest' })
    .getByRole('listitem', { name: 'Schedule Nightly digest' });
  await expect(schedule).toContainText('0 3 * * * (UTC)');
  await expect(schedule).toContainText('Scheduled');
  await expect(schedule).toContainText('Not run yet');
  await schedule.getByRole('button', { name: 'Pause Nightly digest' }).click();
  await expect(toast.getByText('Nightly digest paused')).toBeVisible();
  await expect(schedule).toContainText('Paused');
  await expect(schedule).toContainText('No next run');
  await schedule.getByRole('button', { name: 'Resume Nightly digest' }).click();
  await expect(schedule).toContainText('Next run');
  await expect(schedule.getByText('Scheduled', { exact: true })).toBeVisible();

  // Publish, then the webhook URL appears and answers anyone.
  const published = await page.request.post(`/api/apps/${appId}/publish`, { data: {}, headers });
  expect(published.status()).toBe(200);
  // The webhook URL is on the app's own origin ({slug}.localhost:PORT), not the platform's.
  const appOrigin = new URL(((await published.json()) as { url: string }).url).origin;
  await page.reload();
  await tree.getByRole('button', { name: /^greet\.ts/ }).click();
  const webhook = fn.getByTestId('webhook-url');
  await expect(webhook).toHaveText(`${appOrigin}/api/apps/${appId}/functions/greet`);
  expect(await page.content()).not.toContain(SECRET_VALUE);

  // A visitor's browser (which resolves *.localhost itself) opens it.
  const visitor = await browser.newContext();
  try {
    const answer = await (await visitor.newPage()).goto(`${await webhook.textContent()}?name=Ada`);
    expect(answer?.status()).toBe(200);
    expect(await answer?.json()).toEqual({ text: 'hola, Ada!', length: SECRET_VALUE.length });
  } finally {
    await visitor.close();
  }

  // The call shows up in the function's recent invocations with its log line.
  await fn.getByRole('button', { name: 'Recent invocations' }).click();
  const calls = page.getByRole('list', { name: 'Recent invocations of greet' });
  await expect(calls.getByText('success · 200')).toBeVisible();
  await expect(calls.getByText('[info] greeting Ada')).toBeVisible();

  // Deleting a saved secret asks first (issue 23 #28): dismissed, it stays; accepted, it goes.
  const question = 'Delete the secret GREETING_WORD? Functions that read it will fail until it is set again.';
  await page.getByRole('button', { name: 'Secrets', exact: true }).click();
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await secrets.getByRole('button', { name: 'Delete GREETING_WORD' }).click();
  await expect.poll(() => asked).toEqual([question]);
  await expect(secrets.getByRole('group', { name: 'GREETING_WORD' })).toBeVisible();
  page.once('dialog', (dialog) => void dialog.accept());
  await secrets.getByRole('button', { name: 'Delete GREETING_WORD' }).click();
  await expect(toast.getByText('Secret deleted successfully')).toBeVisible();
  await expect(secrets.getByRole('group', { name: 'GREETING_WORD' })).toHaveCount(0);
});
