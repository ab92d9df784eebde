import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { zipSync } from 'fflate';
import { baseURL } from '../playwright.config.ts';
import { signUpVerified } from '../support/accounts.ts';

const PASSWORD = 'violet-canyon-maple-42';
const headers = { origin: baseURL };
const EXPORTS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../test/fixtures/base44-exports',
);

/** A zip of an export folder as GitHub's "Download ZIP" makes it (one wrapping folder). */
function zipOf(name: string): Buffer {
  const dir = path.join(EXPORTS, name);
  const entries: Record<string, Uint8Array> = {};
  const walk = (relative: string) => {
    for (const dirent of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${dirent.name}` : dirent.name;
      if (dirent.isDirectory()) walk(child);
      else entries[`${name}-main/${child}`] = fs.readFileSync(path.join(dir, child));
    }
  };
  walk('');
  return Buffer.from(zipSync(entries));
}

async function signUpBuilder(page: Page, email: string) {
  await signUpVerified(page.request, email, PASSWORD, { orLogIn: true });
}

/** Imports a fixture export through the API, as the /home form does; its app and report. */
async function importFixture(page: Page, fixture: string, zipName = `${fixture}.zip`) {
  const imported = await page.request.post('/api/apps/import/base44', {
    multipart: { file: { name: zipName, mimeType: 'application/zip', buffer: zipOf(fixture) } },
    headers,
  });
  expect(imported.status()).toBe(201);
  return (await imported.json()) as { app: { id: string; name: string }; report: Record<string, unknown> };
}

/**
 * Contexts a test opened itself: closed after it, or their pages (youneek-time's clock animates
 * every frame) keep the worker's CPU busy for the rest of the run.
 */
const opened: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});

async function newTab(browser: Browser) {
  const context = await browser.newContext();
  opened.push(context);
  return context.newPage();
}

/** The app's builder preview in a tab of its own (a fresh context), with the page errors it meets. */
async function openPreviewTab(page: Page, browser: Browser, appId: string) {
  const link = await page.request.post(`/api/apps/${appId}/preview-token`, { data: {}, headers });
  const preview = await newTab(browser);
  const errors: string[] = [];
  preview.on('pageerror', (error) => errors.push(error.message));
  await preview.goto((await link.json()).url);
  return { preview, errors };
}

test('import an exported Base44 app from /home: progress, the report, and the app runs in the preview with its SDK calls', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `b44-import-${Date.now()}@example.com`;
  await signUpBuilder(page, email);
  await page.goto('/home');
  const section = page.getByRole('region', { name: 'Import from Base44' });
  await section.getByRole('button', { name: 'Import' }).click();
  await expect(section.getByRole('alert')).toHaveText('Choose the zip of the exported app.');
  // A Git URL instead of a zip: the server refuses one that is not https on a known Git host.
  await section.getByLabel('Or its Git URL').fill('http://github.com/octo/task-board');
  await section.getByRole('button', { name: 'Import' }).click();
  await expect(section.getByRole('alert')).toHaveText(
    'Use an https:// Git URL of a public repository on github.com, gitlab.com or codeberg.org.',
  );
  await section.getByLabel('Or its Git URL').fill('');
  await section
    .getByLabel('Exported app (.zip)')
    .setInputFiles({ name: 'task-board.zip', mimeType: 'application/zip', buffer: zipOf('task-board') });
  await section.getByRole('button', { name: 'Import' }).click();

  const report = section.getByRole('region', { name: 'Import report' });
  await expect(report.getByText('Imported “Task Board”')).toBeVisible({ timeout: 30_000 });
  const entities = report.getByRole('region', { name: 'Entities' });
  await expect(entities.getByRole('listitem').filter({ hasText: 'Comment' })).toContainText(
    'Guessed from the code',
  );
  await expect(entities.getByRole('listitem').filter({ hasText: 'Task' })).toContainText('Base44 rules kept');
  await expect(report.getByRole('region', { name: 'Data' })).toContainText(
    'data/Task.csv: 2 of 2 records into Task',
  );
  await expect(report.getByRole('region', { name: 'Needs you' })).toContainText('RESEND_API_KEY');
  // Each function was built at import, as a deploy builds it: this one runs without its secret until set.
  const functions = report.getByRole('region', { name: 'Functions' });
  await expect(functions.getByRole('listitem').filter({ hasText: 'notifyOwner' })).toContainText(
    'Needs secrets',
  );
  await expect(functions).toContainText(
    'Runs without RESEND_API_KEY (read as unset): set them, then redeploy it.',
  );
  // Its function.jsonc's weekly schedule runs once it is deployed.
  await expect(functions).toContainText('Scheduled: Weekly summary (runs on its schedule once deployed)');
  // Its agent is kept as an app file.
  await expect(report.getByRole('region', { name: 'Agents' })).toContainText('agents/task_helper.jsonc');
  // The new app is in the list.
  await expect(page.getByRole('region', { name: 'Your apps' }).getByText('Task Board')).toBeVisible();

  // The builder's preview runs the export's own App.jsx, router, Layout and react-query pages.
  await report.getByRole('link', { name: 'Open in the builder' }).click();
  await expect(page).toHaveURL(/\/build\/app\/[0-9a-f-]{36}$/);
  const appId = page.url().split('/').at(-1) as string;
  const frame = page.frameLocator('iframe[title="Preview of Task Board"]');
  await expect(frame.getByRole('heading', { name: 'Tasks' })).toBeVisible({ timeout: 60_000 });
  const tasks = frame.getByRole('list', { name: 'Tasks' });
  await expect(tasks.getByText('Write the import')).toBeVisible();
  // Its AuthContext asks auth.me() only when its app-params found an access token, as Base44's
  // editor preview gives one: the builder's preview is signed in as the builder.
  await expect(frame.getByText(`Signed in as ${email}`)).toBeVisible();
  // An SDK write (entities.Task.create) through the imported rules, then the list refetches.
  await frame.getByLabel('New task').fill('Added in the preview');
  await frame.getByRole('button', { name: 'Add task' }).click();
  await expect(tasks.getByText('Added in the preview')).toBeVisible();
  // What the export takes from the ecosystem: shadcn's calendar.jsx on react-day-picker 8 (its
  // IconLeft, its selection), tailwindcss-animate's classes, an npm package's stylesheet, process.env.
  const due = frame.getByRole('region', { name: 'Due date' });
  await expect(
    due.getByRole('button', { name: 'Go to previous month' }).locator('svg.lucide-chevron-left'),
  ).toHaveCount(1);
  await due.getByRole('gridcell', { name: '20', exact: true }).click();
  await expect(due.getByText('Due Jan 20')).toBeVisible();
  await expect(due).toHaveCSS('animation-name', 'enter');
  // process.env defined, and the VITE_ value of the export's committed .env (Vite's build reads it).
  const build = frame.getByText('Build: production, region: eu-west');
  await expect(build).toHaveCSS('letter-spacing', '3px');
  // The app's own Link navigates under the preview's base path; base44.entities.Comment works too.
  await frame.getByRole('link', { name: 'Comments' }).click();
  await expect(frame.getByRole('heading', { name: 'Comments' })).toBeVisible();
  await frame.getByRole('button', { name: 'Add comment' }).click();
  await expect(frame.getByText('Looks good')).toBeVisible();
  // Its agent (base44.agents): a conversation of the builder, answered; no model here, it says so.
  const helper = frame.getByRole('region', { name: 'Task helper' });
  await helper.getByRole('button', { name: 'Ask the helper' }).click();
  await expect(helper.getByText('assistant: No AI model is connected to this Atelier server')).toBeVisible();
  // So does a new tab of one (`window.open(createPageUrl(…), '_blank')`).
  const popup = page.waitForEvent('popup');
  await frame.getByRole('button', { name: 'Tasks in a new tab' }).click();
  const tab = await popup;
  await expect(tab.getByRole('heading', { name: 'Tasks' })).toBeVisible({ timeout: 30_000 });
  expect(tab.url()).toMatch(/\/preview\/[0-9a-f-]{36}\/Dashboard\?version=[^&]+&token=/);
  await tab.close();
  // A page load of a path from the app's root (`window.location.href = createPageUrl(…)`) stays in the preview.
  await frame.getByRole('button', { name: 'Back to tasks' }).click();
  await expect(tasks.getByText('Added in the preview')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Runtime errors' })).toHaveCount(0);

  // The report stays with the app.
  await page.goto(`/apps/${appId}/import-report`);
  await expect(page.getByRole('heading', { level: 1, name: 'Import report: Task Board' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Functions' })).toContainText('notifyOwner');
  // Its link opens the function in the code editor.
  await page.getByRole('link', { name: 'Open notifyOwner in the code editor' }).click();
  await expect(page).toHaveURL(/\/build\/app\/[0-9a-f-]{36}\/code\?file=/);
  await expect(page.getByText('functions/notifyOwner/index.ts', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  // The public values are the app's .env, under Environment (VITE_ names only: Vite's rule).
  await page
    .getByRole('navigation', { name: 'Files' })
    .getByRole('button', { name: '.env', exact: true })
    .click();
  await expect(page.getByText('VITE_REGION=eu-west')).toBeVisible();
  await expect(page.getByText('STRIPE_SECRET')).toHaveCount(0);
});

test('an older export (SDK 0.1.x) in a folder of its repository, with its lost api/entities.js, runs: data, icons, theme, react-dom/server, sign-in', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `b44-legacy-${Date.now()}@example.com`;
  await signUpBuilder(page, email);
  const { app, report } = await importFixture(page, 'legacy-crm');
  expect(app.name).toBe('Legacy CRM');
  expect(report.translated).toContain(
    'src/api/entities.js is missing from the export: it was made again from the names the code imports.',
  );
  expect(report.functions).toEqual([{ name: 'ping', path: 'functions/ping/index.ts', status: 'built' }]);
  const { preview, errors } = await openPreviewTab(page, browser, app.id);

  // entities.Contact.list through the re-made api/entities.js shows the imported data/Contact.csv.
  const contacts = preview.getByRole('list', { name: 'Contacts' });
  await expect(contacts.getByText('Ada Lovelace')).toBeVisible({ timeout: 60_000 });
  await expect(preview.getByLabel('Summary')).toHaveText('1 contacts'); // react-dom/server
  // auth.me() (User.me() in 0.1.x) in the builder's preview: the builder, as the app's admin.
  await expect(preview.getByText(`Signed in as ${email} (admin)`)).toBeVisible();
  await preview.getByLabel('Contact name').fill('Grace Hopper');
  await preview.getByRole('button', { name: 'Add contact' }).click();
  await expect(contacts.getByText('Grace Hopper')).toBeVisible();
  await expect(preview.getByLabel('Summary')).toHaveText('2 contacts');
  // Icons lucide-react 1.0 dropped, drawn.
  await expect(preview.getByRole('link', { name: 'GitHub' }).locator('svg.lucide-github path')).toHaveCount(
    2,
  );
  await expect(preview.getByRole('link', { name: 'Facebook' }).locator('svg path')).toHaveCount(1);
  // tailwind.config.js's font, colour and shadow, and the @apply of index.css's own class.
  const hero = preview.locator('.hero');
  await expect(hero).toHaveCSS('box-shadow', /rgba\(14, 116, 144, 0\.45\) 0px 0px 24px 0px$/);
  await expect(hero).toHaveCSS('font-family', /Space Grotesk/);
  await expect(hero).toHaveCSS('background-color', 'rgba(236, 254, 255, 0.8)');
  await expect(preview.getByRole('heading', { name: 'Contacts' })).toHaveCSS('color', 'rgb(14, 116, 144)');
  expect(errors).toEqual([]);
  // The app's code may read public data over https (a map from a CDN): no longer refused by the
  // page's CSP (connect-src); plain http still is — its violation, reported after the https
  // fetch's would be, shows that one was not.
  const refused = await preview.evaluate(async () => {
    const blocked: string[] = [];
    const control = new Promise<void>((resolve) =>
      document.addEventListener('securitypolicyviolation', (event) => {
        blocked.push(`${event.effectiveDirective} ${new URL(event.blockedURI).protocol}`);
        if (event.blockedURI.startsWith('http:')) resolve();
      }),
    );
    await fetch('https://localhost:1/us-states.json').catch(() => undefined);
    await fetch('http://localhost:1/us-states.json').catch(() => undefined);
    await control;
    return blocked;
  });
  expect(refused).toEqual(['connect-src http:']);
  // SDK 0.1.x's User.login() goes to the app's hosted login page.
  await preview.getByRole('button', { name: 'Sign in' }).click();
  await expect(preview).toHaveURL(/\/login\?from_url=/);
});

test('a real export (youneek-time, MIT) runs unchanged: its page, and its Deno function on npm:suncalc answering it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUpBuilder(page, `b44-real-${Date.now()}@example.com`);
  const { app, report } = await importFixture(page, 'youneek-time', 'youneek-time-main.zip');
  expect(app.name).toBe('YouNeeK Time — Time, but smarter.'); // its index.html's title
  expect(report.functions).toEqual([
    { name: 'getMoonPhase', path: 'functions/getMoonPhase/index.ts', status: 'built' },
  ]);
  const { preview, errors } = await openPreviewTab(page, browser, app.id);
  // Its moon card asks its Deno function (Deno.serve, npm:suncalc from the registry): a phase name
  // shows only when the function answered ("Moon Phase" otherwise).
  const phase =
    /^(New Moon|Waxing Crescent|First Quarter|Waxing Gibbous|Full Moon|Waning Gibbous|Last Quarter|Waning Crescent)$/;
  await expect(preview.getByRole('heading', { level: 2, name: phase })).toBeVisible({ timeout: 60_000 });
  await expect(preview.getByRole('heading', { level: 2, name: 'What is YouNeeK Time' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('an export that cannot start shows what failed in the preview, and a neutral message when published; one moved to Supabase starts, its migration table an entity', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signUpBuilder(page, `b44-startup-${Date.now()}@example.com`);
  const { app, report } = await importFixture(page, 'env-missing', 'harbour-log.zip');
  // Its .env never reached the repository: the report names what the code reads unset.
  expect(report.unsetEnv).toEqual(['VITE_MAPBOX_TOKEN']);

  // The builder's preview: the error, the file that threw, the names read unset, what to do.
  await page.goto(`/build/app/${app.id}`);
  const screen = page.frameLocator('iframe[title="Preview of Harbour Log"]').getByRole('alert');
  await expect(screen.getByRole('heading', { name: 'This app could not start' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(screen).toContainText('What failed: Error: A Mapbox access token is required.');
  await expect(screen).toContainText('In: lib/maps.js');
  await expect(screen).toContainText('Not set: VITE_MAPBOX_TOKEN');
  // The runtime error panel has it too (Resolve with AI sends it to the chat).
  const panel = page.getByRole('region', { name: 'Runtime errors' });
  await expect(panel.getByText('Error: A Mapbox access token is required.', { exact: true })).toBeVisible();
  await page.goto(`/apps/${app.id}/import-report`);
  await expect(page.getByRole('region', { name: 'Needs you' })).toContainText('VITE_MAPBOX_TOKEN');

  // Published: its end users get a short neutral message, no internals.
  const published = await page.request.post(`/api/apps/${app.id}/publish`, {
    data: { slug: `harbour-log-${Date.now()}` },
    headers,
  });
  expect(published.status()).toBe(200);
  const visitor = await newTab(browser);
  await visitor.goto((await published.json()).url);
  const message = visitor.getByRole('alert');
  await expect(message.getByRole('heading', { name: 'This app could not start' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(message).toContainText('Something went wrong while loading it.');
  await expect(message).not.toContainText('Mapbox');
  await expect(message.getByRole('button', { name: 'Reload' })).toBeVisible();

  // An export moved to Supabase (its .env left out too) starts: the page's VITE_SUPABASE_URL is the
  // app's own Supabase-compatible API, and @supabase/supabase-js reads the app's entity through it.
  const moved = await importFixture(page, 'supabase-moved', 'marina-desk.zip');
  expect(moved.report.unsetEnv).toEqual([]);
  const { preview, errors } = await openPreviewTab(page, browser, moved.app.id);
  await expect(preview.getByRole('heading', { name: 'Marina Desk' })).toBeVisible({ timeout: 60_000 });
  await expect(preview.getByRole('list', { name: 'Boats' }).getByRole('listitem')).toHaveText([
    'Albatross at berth 12',
    'Sea Otter at berth 4',
  ]);
  await expect(preview.getByText('Signed out')).toBeVisible();
  expect(errors).toEqual([]);
  // Its Supabase migration's table is an entity of the app, with its typed columns and its data.
  await page.goto(`/build/app/${moved.app.id}/database`);
  await page.getByRole('navigation', { name: 'Entities' }).getByRole('button', { name: 'crew' }).click();
  await expect(page.getByRole('heading', { name: 'crew' })).toBeVisible();
  for (const column of ['name', 'role', 'years']) {
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
  }
  await expect(page.getByRole('row').filter({ hasText: 'Grace Hopper' })).toContainText('captain');
});
