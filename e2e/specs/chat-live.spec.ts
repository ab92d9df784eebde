import {
  CHAT_MESSAGES,
  LLM_ERROR_HINTS,
  serializeAction,
  USAGE_TEXT,
  VALIDATION_MESSAGES,
} from '@atelier/shared';
import { expect, type Page, test } from '@playwright/test';
import { type FakeProvider, startFakeOpenAI } from '../../apps/server/test/support/fake-openai.ts';
import { settingsBaseURL as baseURL } from '../playwright.config.ts';
import { E2E_ADMINS, signInAdmin } from '../support/admin.ts';

/**
 * Issue 21: the chat against a model provider that behaves like a real one (the test support's fake
 * OpenAI-compatible server, set as the provider on the AI models settings): time to first token,
 * reasoning, markdown, Stop, and a reload while the reply runs.
 */
const PASSWORD = 'violet-canyon-maple-42';
const headers = { origin: baseURL };
let fake: FakeProvider;

const contactsPage = serializeAction({
  type: 'add_file',
  path: 'pages/Contacts.tsx',
  title: 'Add the contacts page',
  content: 'export default function Contacts() {\n  return <h1>Contacts</h1>;\n}\n',
});
const dealsPage = serializeAction({
  type: 'add_file',
  path: 'pages/Deals.tsx',
  title: 'Add the deals page',
  content: 'export default function Deals() {\n  return <h1>Deals</h1>;\n}\n',
});

test.beforeAll(async () => {
  fake = await startFakeOpenAI();
});

test.afterAll(async () => {
  await fake?.close();
});

/** Signs in the chat admin, points the OpenAI-compatible provider at the fake, creates an app. */
async function setUp(page: Page, name: string): Promise<string> {
  await signInAdmin(page, E2E_ADMINS.chat, PASSWORD, baseURL);
  const settings = await page.request.put('/api/admin/llm/settings', {
    data: { openaiApiKey: 'e2e-fake-key', openaiBaseUrl: fake.baseUrl },
    headers,
  });
  expect(settings.status()).toBe(200);
  const res = await page.request.post('/api/apps', { data: { name, type: 'GEN_APP' }, headers });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Back to the offline assistant for the specs that follow. */
async function tearDown(page: Page) {
  await page.request.put('/api/admin/llm/settings', {
    data: { openaiApiKey: null, openaiBaseUrl: null },
    headers,
  });
}

async function filePaths(page: Page, appId: string): Promise<string[]> {
  const res = await page.request.get(`/api/apps/${appId}/files`);
  return ((await res.json()) as { files: { path: string }[] }).files.map((f) => f.path);
}

test('send → Thinking... → reasoning and tokens stream → Stop keeps only the completed action', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const appId = await setUp(page, 'Live Chat');
  try {
    fake.reply({
      firstChunkDelayMs: 1500,
      reasoning: ['The builder wants ', 'contacts and deals.'],
      chunks: [
        'I will add **two pages**:\n\n',
        '- Contacts\n- Deals\n\n```ts\nconst pages = ',
        "['Contacts', 'Deals'];\n```\n\n",
        contactsPage,
        '\n',
        dealsPage.slice(0, 90),
        dealsPage.slice(90, 120),
      ],
      chunkDelayMs: 300,
      failAfter: { chunks: 7, mode: 'hang' },
    });
    await page.goto(`/build/app/${appId}`);
    const chat = page.getByRole('region', { name: 'Chat' });
    const box = chat.getByLabel('Message');
    await box.fill('Add contacts and deals');
    await box.press('Enter');

    // Nothing has come from the model yet: Thinking..., and Stop instead of Send.
    await expect(chat.getByRole('status').filter({ hasText: CHAT_MESSAGES.thinking })).toBeVisible();
    await expect(chat.getByRole('button', { name: CHAT_MESSAGES.stop })).toBeVisible();
    // Reasoning arrives: a collapsible Thinking part; then the answer streams.
    const reasoning = chat.locator('[data-part="reasoning"]');
    await expect(reasoning).toBeVisible();
    await reasoning.getByText(CHAT_MESSAGES.thinkingPart).click();
    await expect(reasoning.getByText('The builder wants contacts and deals.')).toBeVisible();
    // Markdown is rendered, not shown raw.
    await expect(chat.locator('strong', { hasText: 'two pages' })).toBeVisible();
    await expect(chat.locator('.markdown li').filter({ hasText: /^Deals$/ })).toBeVisible();
    await expect(chat.getByText('**two pages**')).toHaveCount(0);
    const code = chat.getByTestId('code-block');
    await expect(code).toContainText("const pages = ['Contacts', 'Deals'];");
    // The code block's copy button copies the code, while the reply still streams.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await code.getByRole('button', { name: CHAT_MESSAGES.copyCode }).click();
    await expect
      .poll(() => page.evaluate(async () => (await navigator.clipboard.readText()).trim()))
      .toBe("const pages = ['Contacts', 'Deals'];");
    await expect(chat.getByRole('status').filter({ hasText: CHAT_MESSAGES.thinking })).toHaveCount(0);

    // The first action completes; the second is being written when the builder presses Stop (Esc).
    await expect(
      chat.locator('[data-testid="action-card"][data-outcome="applied"]', {
        hasText: 'Add the contacts page',
      }),
    ).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => fake.completions().at(-1)?.chunksSent ?? 0).toBeGreaterThanOrEqual(7);
    await page.keyboard.press('Escape');

    await expect(chat.getByText(CHAT_MESSAGES.stopped, { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(chat.getByRole('button', { name: 'Send' })).toBeVisible();
    await expect(chat.getByText(CHAT_MESSAGES.notAppliedStopped)).toBeVisible();
    await expect(chat.getByText(CHAT_MESSAGES.truncated)).toHaveCount(0);
    const paths = await filePaths(page, appId);
    expect(paths).toContain('pages/Contacts.tsx');
    expect(paths).not.toContain('pages/Deals.tsx');
    // Each message has its copy button: the reply's copies its text.
    await chat
      .locator('[data-role="assistant"]')
      .getByRole('button', { name: CHAT_MESSAGES.copyMessage })
      .click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toContain('I will add **two pages**');
  } finally {
    await tearDown(page);
  }
});

/** How far (px) the bottom of the chat's last message is below the list's visible area (≤ 0: fully visible). */
function lastMessageBelowFold(page: Page): Promise<number> {
  return page.getByRole('region', { name: 'Chat' }).evaluate((chat) => {
    const list = chat.querySelector('[data-testid="message-rows"]')!.parentElement!;
    const rows = Array.from(chat.querySelectorAll('[data-testid="message-rows"] > li'));
    const last = rows
      .sort((a, b) => Number(a.getAttribute('data-index')) - Number(b.getAttribute('data-index')))
      .at(-1)!;
    return Math.round(last.getBoundingClientRect().bottom - list.getBoundingClientRect().bottom);
  });
}

test('the newest message is fully in view after a reply (its Keep going included) and on opening, for an admin', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const appId = await setUp(page, 'Scrolled Chat');
  try {
    const paragraphs = Array.from({ length: 24 }, (_, i) => `Paragraph ${i + 1} of a long answer.\n\n`);
    fake.reply({ chunks: [...paragraphs, contactsPage.slice(0, 90)], chunkDelayMs: 20 });
    await page.goto(`/build/app/${appId}`);
    const chat = page.getByRole('region', { name: 'Chat' });
    await chat.getByLabel('Message').fill('Write a long answer');
    await chat.getByLabel('Message').press('Enter');
    const keepGoing = chat.getByRole('button', { name: CHAT_MESSAGES.keepGoing });
    await expect(keepGoing).toBeInViewport({ ratio: 1, timeout: 15_000 });
    await expect.poll(() => lastMessageBelowFold(page)).toBeLessThanOrEqual(0);
    // Opened again: the admin's usage card loads below the list after the first scroll.
    await page.reload();
    await expect(chat.getByRole('region', { name: 'Token usage' })).toBeVisible();
    await expect(keepGoing).toBeInViewport({ ratio: 1 });
    await expect.poll(() => lastMessageBelowFold(page)).toBeLessThanOrEqual(0);
  } finally {
    await tearDown(page);
  }
});

test('a secret the chat asked for: the code editor and the deploy name it with the description the assistant gave', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const appId = await setUp(page, 'Charging Chat');
  try {
    const description = 'Your Stripe secret key, from the Stripe dashboard';
    fake.reply({
      chunks: [
        'Adding the charge function; it needs your Stripe key.\n',
        serializeAction({
          type: 'add_file',
          path: 'functions/charge.ts',
          title: 'Add the charge function',
          content:
            'export default async (req: Request, ctx: { env: Record<string, string> }) =>\n  Response.json({ configured: ctx.env.STRIPE_KEY.length > 0 });\n',
        }),
        serializeAction({
          type: 'request_secrets',
          title: 'Stripe key',
          secrets: [{ secretName: 'STRIPE_KEY', description, required: true }],
        }),
      ],
    });
    await page.goto(`/build/app/${appId}`);
    const chat = page.getByRole('region', { name: 'Chat' });
    await chat.getByLabel('Message').fill('Charge with Stripe');
    await chat.getByLabel('Message').press('Enter');
    // The reply ends (after its build check) with the secrets dialog; the builder leaves it unfilled.
    await expect(page.getByRole('dialog', { name: 'Enter secrets' })).toBeVisible({ timeout: 60_000 });
    await page.keyboard.press('Escape');

    await page.goto(`/build/app/${appId}/code`);
    await page
      .getByRole('navigation', { name: 'Files' })
      .getByRole('button', { name: /^charge\.ts/ })
      .click();
    const fn = page.getByRole('region', { name: 'Function charge' });
    await expect(fn.getByRole('alert')).toContainText(
      `Missing required secrets: STRIPE_KEY — ${description}`,
    );
    await fn.getByRole('button', { name: 'Deploy', exact: true }).click();
    const toast = page.getByRole('region', { name: /Notifications/ });
    await expect(toast.getByRole('list', { name: 'Missing secrets' })).toHaveText(
      `STRIPE_KEY — ${description}`,
    );
  } finally {
    await tearDown(page);
  }
});

test('a reload while the reply runs follows it live; Send stays off until it ends; a queued message goes out after it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const appId = await setUp(page, 'Resumed Chat');
  try {
    const words = Array.from({ length: 30 }, (_, i) => `word${i + 1} `);
    // The words come inside a code fence that never closes: Markdown while it streams.
    fake.reply({
      firstChunkDelayMs: 500,
      chunks: ['Here they are:\n\n```text\n', ...words],
      chunkDelayMs: 400,
    });
    await page.goto(`/build/app/${appId}`);
    const chat = page.getByRole('region', { name: 'Chat' });
    const box = chat.getByLabel('Message');
    await box.fill('Tell me something long');
    await box.press('Enter');
    await expect(chat.getByText('word2', { exact: false })).toBeVisible();
    // The fence still open mid-stream shows as a code block, its opening line not as text.
    await expect(chat.getByTestId('code-block')).toContainText('word1 word2');
    await expect(chat.getByText('```text')).toHaveCount(0);
    expect(fake.completions().at(-1)!.finished).toBe(false);

    await page.reload();
    await expect(chat.getByText('Tell me something long')).toBeVisible();
    // The reply continues on screen, from its start, while the server writes it.
    await expect(chat.getByRole('button', { name: CHAT_MESSAGES.stop })).toBeVisible();
    await expect(chat.getByRole('button', { name: 'Send' })).toHaveCount(0);
    expect(fake.completions().at(-1)!.finished).toBe(false);
    await expect(chat.getByText('word1 word2', { exact: false })).toBeVisible();
    // A message typed meanwhile is queued (and can be removed) and goes out when the reply ends.
    const queued = chat.getByRole('status', { name: CHAT_MESSAGES.queued });
    await box.fill('Drop this one');
    await box.press('Enter');
    await expect(queued).toContainText('Drop this one');
    await queued.getByRole('button', { name: CHAT_MESSAGES.removeQueued }).click();
    await expect(queued).toHaveCount(0);
    await box.fill('And now a short one');
    await chat.getByRole('button', { name: CHAT_MESSAGES.queue }).click();
    await expect(queued).toContainText('And now a short one');
    await expect(box).toHaveValue('');
    await expect(chat.getByText('word30', { exact: false })).toBeVisible({ timeout: 30_000 });
    await expect(queued).toHaveCount(0);
    await expect(chat.locator('[data-role="user"]').last()).toContainText('And now a short one');
    await expect(chat.getByText('Hello from the fake provider.')).toBeVisible();
    await expect(chat.getByRole('button', { name: 'Send' })).toBeVisible();
    await expect(chat.getByText('Drop this one')).toHaveCount(0);
    // Each reply was shown once, and they are the stored ones.
    await expect(chat.locator('[data-role="assistant"]')).toHaveCount(2);
    await page.reload();
    await expect(chat.getByText('word30', { exact: false })).toBeVisible();
    await expect(chat.getByText('Hello from the fake provider.')).toBeVisible();
  } finally {
    await tearDown(page);
  }
});

test('a wrong API key, then a reply dropped mid-way: the spec sentence, the hint and the provider reason (chat and usage table); completed actions stay', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const appId = await setUp(page, 'Failing Chat');
  try {
    // A model the catalogue does not price: its usage is "price unknown", never $0 (issue 21 §11).
    const model = await page.request.put('/api/admin/llm/settings', {
      data: { defaultModel: 'e2e-local-model' },
      headers,
    });
    expect(model.status()).toBe(200);
    fake.reply({ status: 401, errorMessage: 'Incorrect API key provided: e2e-fake-key' });
    await page.goto(`/build/app/${appId}`);
    const chat = page.getByRole('region', { name: 'Chat' });
    const box = chat.getByLabel('Message');
    await box.fill('Add contacts');
    await box.press('Enter');
    const alert = chat.getByRole('alert').filter({ hasText: CHAT_MESSAGES.failedReply });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    const admin = alert.getByTestId('admin-error');
    await expect(admin).toContainText(LLM_ERROR_HINTS.auth);
    await expect(admin).toContainText('Incorrect API key provided');
    await expect(admin.getByRole('link', { name: 'Open AI models' })).toHaveAttribute('href', '/admin/llm');

    // The provider drops the next reply while its second action is written: the completed one stays
    // (applied, in the app), the cut one is not applied, and the failure is said.
    fake.reply({
      chunks: ['Adding both pages.\n', contactsPage, dealsPage.slice(0, 90)],
      failAfter: { chunks: 3, mode: 'error-event' },
    });
    await box.fill('Add contacts and deals');
    await box.press('Enter');
    await expect(alert).toHaveCount(2, { timeout: 15_000 });
    await expect(
      chat.locator('[data-testid="action-card"][data-outcome="applied"]', {
        hasText: 'Add the contacts page',
      }),
    ).toBeVisible();
    await expect(chat.getByText(CHAT_MESSAGES.notAppliedFailedReply)).toBeVisible();
    const paths = await filePaths(page, appId);
    expect(paths).toContain('pages/Contacts.tsx');
    expect(paths).not.toContain('pages/Deals.tsx');

    // The AI models screen's usage table: the replies' rows with the reason, the hint and no $0.
    await admin.first().getByRole('link', { name: 'Open AI models' }).click();
    await page.getByLabel('App id').fill(appId);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    const latest = page.getByRole('table', { name: 'Latest messages' });
    const error = latest.getByTestId('usage-error').filter({ hasText: 'Incorrect API key' });
    await expect(error).toContainText('Incorrect API key provided');
    await expect(error).toContainText(LLM_ERROR_HINTS.auth);
    await expect(latest.getByRole('row').nth(1)).toContainText(USAGE_TEXT.priceUnknown);
    await expect(
      page.getByRole('table', { name: 'By model' }).getByRole('row', { name: /e2e-local-model/ }),
    ).toContainText(USAGE_TEXT.priceUnknown);
    await expect(latest).not.toContainText('$0');
  } finally {
    await page.request.put('/api/admin/llm/settings', { data: { defaultModel: null }, headers });
    await tearDown(page);
  }
});

test('live edits: a file streams into its card, and the preview shows it before the reply ends', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const appId = await setUp(page, 'Live Edits');
  try {
    const homeLines = [
      'export default function Home() {',
      '  return (',
      '    <main>',
      '      <h1>Draft preview marker</h1>',
      '      <p>Written while the reply runs.</p>',
      '    </main>',
      '  );',
      '}',
    ];
    const home = serializeAction({
      type: 'edit_file',
      path: 'pages/Home.tsx',
      title: 'Rewrite the home page',
      content: `${homeLines.join('\n')}\n`,
    });
    const open = home.indexOf('\n') + 1;
    const homeChunks = [home.slice(0, open), ...homeLines.map((line) => `${line}\n`)];
    homeChunks.push(home.slice(homeChunks.join('').length));
    fake.reply({
      chunks: ['Rewriting the home page first.\n\n', ...homeChunks, '\n', dealsPage.slice(0, 100)],
      chunkDelayMs: 500,
      failAfter: { chunks: homeChunks.length + 3, mode: 'hang' },
    });
    await page.goto(`/build/app/${appId}`);
    const chat = page.getByRole('region', { name: 'Chat' });
    const box = chat.getByLabel('Message');
    await box.fill('Rewrite the home page, then add deals');
    await box.press('Enter');

    // The home page's card appears while it is written: collapsed, with its path and line count.
    const streamingHome = chat.locator('[data-testid="action-card"][data-status="streaming"]', {
      hasText: 'Rewrite the home page',
    });
    await expect(streamingHome).toContainText('pages/Home.tsx');
    await expect(streamingHome.getByTestId('action-content')).toHaveCount(0);
    await streamingHome.getByRole('button', { expanded: false }).click();
    // Opened mid-stream: the file's first lines are there before the action closed.
    await expect(streamingHome.getByTestId('action-content')).toContainText('export default function Home()');
    await expect(streamingHome.getByTestId('action-lines')).toBeVisible();

    const homeCard = chat.locator('[data-testid="action-card"]', { hasText: 'Rewrite the home page' });
    await expect(homeCard).toHaveAttribute('data-outcome', 'applied', { timeout: 15_000 });
    await expect(homeCard.getByTestId('action-lines')).toHaveText(` · ${homeLines.length} lines`);
    await expect(homeCard.getByTestId('action-content')).toContainText('Written while the reply runs.');

    // The preview shows the applied file while the deals page is still being written.
    const frame = page.frameLocator('iframe[title="Preview of Live Edits"]');
    await expect(frame.getByRole('heading', { name: 'Draft preview marker' })).toBeVisible({
      timeout: 45_000,
    });
    await expect(chat.locator('[data-testid="action-card"][data-status="streaming"]')).toHaveCount(1);
    expect(fake.completions().at(-1)!.finished).toBe(false);

    await chat.getByRole('button', { name: CHAT_MESSAGES.stop }).click();
    await expect(chat.getByText(CHAT_MESSAGES.stopped, { exact: true })).toBeVisible({ timeout: 15_000 });
    // The reply's version: the same page, now current.
    await expect(frame.getByRole('heading', { name: 'Draft preview marker' })).toBeVisible();
  } finally {
    await tearDown(page);
  }
});

test('a reply whose code does not build is fixed automatically in the same reply', async ({ page }) => {
  test.setTimeout(90_000);
  const appId = await setUp(page, 'Fixed Chat');
  try {
    const broken = serializeAction({
      type: 'add_file',
      path: 'pages/Contacts.tsx',
      title: 'Add the contacts page',
      content: 'export default function Contacts() {\n  return <h1>{contactCount} contacts</h1>;\n}\n',
    });
    fake.reply(
      { chunks: ['Adding the page.\n', broken] },
      // The fixing round answers after a moment, so that "Fixing 1 error…" is on screen meanwhile.
      { firstChunkDelayMs: 1500, chunks: ['Defined the heading without the count.\n', contactsPage] },
    );
    await page.goto(`/build/app/${appId}`);
    const chat = page.getByRole('region', { name: 'Chat' });
    const box = chat.getByLabel('Message');
    await box.fill('Add contacts');
    await box.press('Enter');
    await expect(chat.getByTestId('build-check')).toHaveText(CHAT_MESSAGES.fixingErrors(1), {
      timeout: 30_000,
    });
    await expect(chat.getByTestId('build-check')).toHaveText(CHAT_MESSAGES.buildFixed(1), {
      timeout: 30_000,
    });
    await expect(chat.getByText('Defined the heading without the count.')).toBeVisible();
    await expect(chat.getByRole('button', { name: 'Send' })).toBeVisible();
    const res = await page.request.get(`/api/apps/${appId}/files`);
    const files = ((await res.json()) as { files: { path: string; content: string }[] }).files;
    expect(files.find((f) => f.path === 'pages/Contacts.tsx')?.content).toContain('<h1>Contacts</h1>');
    // Stored: a reload shows what was fixed.
    await page.reload();
    await expect(chat.getByTestId('build-check')).toHaveText(CHAT_MESSAGES.buildFixed(1));
  } finally {
    await tearDown(page);
  }
});

test('the repair tester makes a candidate; Apply refuses once the app changed since the run started', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const appId = await setUp(page, 'Repair Candidate');
  try {
    const broken =
      "import Missing from '../components/Missing';\n\nexport default function Broken() {\n  return <Missing />;\n}\n";
    const write = async (path: string, content: string) => {
      const res = await page.request.post(`/api/apps/${appId}/files/update`, {
        data: { file: { path, content } },
        headers,
      });
      expect(res.status()).toBe(200);
    };
    await write('pages/Broken.tsx', broken);
    await page.goto(`/build/app/${appId}/code`);
    await expect(page.getByRole('navigation', { name: 'Files' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Validate', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Validation and repair tester' });
    fake.reply({ chunks: ['{"issues":[]}'] });
    await dialog.getByRole('button', { name: 'Validate', exact: true }).click();
    await expect(dialog.getByRole('list', { name: 'Validation issues' })).toContainText('pages/Broken.tsx', {
      timeout: 60_000,
    });
    fake.reply({
      chunks: [
        serializeAction({
          type: 'edit_file',
          path: 'pages/Broken.tsx',
          title: 'Fix the import',
          content: 'export default function Broken() {\n  return <p>Fixed</p>;\n}\n',
        }),
      ],
    });
    await dialog.getByLabel('Iterations').fill('1');
    await dialog.getByRole('button', { name: 'Try Repair' }).click();
    const apply = dialog.getByRole('button', { name: 'Apply bundle' });
    await expect(apply).toBeVisible({ timeout: 60_000 });
    // The run made a candidate: the app's code is unchanged.
    const current = async () =>
      (
        (await (await page.request.get(`/api/apps/${appId}/files`)).json()) as {
          files: { path: string; content: string }[];
        }
      ).files;
    expect((await current()).find((f) => f.path === 'pages/Broken.tsx')?.content).toBe(broken);

    // The app changes meanwhile: Apply refuses and says why; the edit made meanwhile stays.
    await write('pages/Meanwhile.tsx', 'export default function Meanwhile() {\n  return null;\n}\n');
    await apply.click();
    await expect(dialog.getByRole('alert')).toHaveText(VALIDATION_MESSAGES.appChangedSinceRepair);
    await expect(apply).toBeEnabled();
    const files = await current();
    expect(files.some((f) => f.path === 'pages/Meanwhile.tsx')).toBe(true);
    expect(files.find((f) => f.path === 'pages/Broken.tsx')?.content).toBe(broken);
  } finally {
    await tearDown(page);
  }
});
