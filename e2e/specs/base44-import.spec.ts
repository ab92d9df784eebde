import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { zipSync } from 'fflate';
import { baseURL } from '../playwright.config.ts';

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
  const res = await page.request.post('/api/auth/signup', { data: { email, password: PASSWORD }, headers });
  if (res.status() !== 201) {
    expect(
      (await page.request.post('/api/auth/login', { data: { email, password: PASSWORD }, headers })).status(),
    ).toBe(200);
  }
}

test('import an exported Base44 app from /home: progress, the report, and the app runs in the preview with its SDK calls', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpBuilder(page, `b44-import-${Date.now()}@example.com`);
  await page.goto('/home');
  const section = page.getByRole('region', { name: 'Import from Base44' });
  await section.getByRole('button', { name: 'Import' }).click();
  await expect(section.getByRole('alert')).toHaveText('Choose the zip of the exported app.');
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
  // An SDK write (entities.Task.create) through the imported rules, then the list refetches.
  await frame.getByLabel('New task').fill('Added in the preview');
  await frame.getByRole('button', { name: 'Add task' }).click();
  await expect(tasks.getByText('Added in the preview')).toBeVisible();
  // The app's own Link navigates under the preview's base path; base44.entities.Comment works too.
  await frame.getByRole('link', { name: 'Comments' }).click();
  await expect(frame.getByRole('heading', { name: 'Comments' })).toBeVisible();
  await frame.getByRole('button', { name: 'Add comment' }).click();
  await expect(frame.getByText('Looks good')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Runtime errors' })).toHaveCount(0);

  // The report stays with the app.
  await page.goto(`/apps/${appId}/import-report`);
  await expect(page.getByRole('heading', { level: 1, name: 'Import report: Task Board' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Functions' })).toContainText('notifyOwner');
});
