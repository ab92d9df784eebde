import { readFile } from 'node:fs/promises';
import {
  CHAT_MESSAGES,
  type ChatMessage,
  LOAD_PREVIOUS_THRESHOLD_PX,
  RATING_MAX_SCORE,
  RATING_POSITIVE_FROM,
  RATING_POSITIVE_REASONS,
  RATING_PROBLEM_REASONS,
  SECRET_MESSAGES,
  TOKEN_COST_UNIT,
} from '@atelier/shared';
import { expect, type Page, type Route, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { signUpVerified } from '../support/accounts.ts';

/**
 * The chat's screens against scripted answers of its own API (page.route): long histories, failed
 * calls and admin views that the offline assistant cannot produce on demand. The real server and
 * app still serve everything else.
 */
const PASSWORD = 'violet-canyon-maple-42';

async function setUp(page: Page, name: string): Promise<string> {
  const email = `chat-ui-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await signUpVerified(page.request, email, PASSWORD);
  const res = await page.request.post('/api/apps', {
    data: { name, type: 'GEN_APP' },
    headers: { origin: baseURL },
  });
  return ((await res.json()) as { id: string }).id;
}

const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();

function msg(
  id: string,
  role: 'user' | 'assistant',
  text: string,
  annotation: ChatMessage['annotations'][0] = {},
): ChatMessage {
  return {
    id,
    role,
    content: text,
    parts: [{ type: 'text', text }],
    toolInvocations: [],
    experimental_attachments: [],
    createdAt: at(0),
    annotations: [annotation],
  };
}

const json = (route: Route, body: unknown, status = 200) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

/** A UI-message stream answer (SSE) made of these chunks. */
function sse(chunks: unknown[]): { status: number; headers: Record<string, string>; body: string } {
  return {
    status: 200,
    headers: { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' },
    body: `${chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('')}data: [DONE]\n\n`,
  };
}

async function history(page: Page, pages: Record<string, { messages: ChatMessage[]; hasMore: boolean }>) {
  await page.route('**/chat/history**', (route) => {
    const from = new URL(route.request().url()).searchParams.get('fromMessageId') ?? '';
    return json(route, pages[from] ?? { messages: [], hasMore: false });
  });
}

test('history pages, the start of the conversation, message links, Thinking... and a truncated reply', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const appId = await setUp(page, 'Long Chat');
  const range = (from: number, to: number) =>
    Array.from({ length: to - from }, (_, i) =>
      msg(`m-${from + i}`, (from + i) % 2 ? 'assistant' : 'user', `Message ${from + i}`),
    );
  await history(page, {
    '': { messages: range(70, 120), hasMore: true },
    'm-70': { messages: range(20, 70), hasMore: true },
    'm-20': { messages: range(0, 20), hasMore: false },
  });

  await page.goto(`/build/app/${appId}`);
  const chat = page.getByRole('region', { name: 'Chat' });
  // Opened at the bottom.
  await expect(chat.getByText('Message 119', { exact: true })).toBeInViewport();
  await expect(chat.getByRole('button', { name: CHAT_MESSAGES.loadPrevious })).toHaveCount(0);

  // Within 50 px of the top: 'Load previous messages'; farther down: not.
  const list = chat.locator('div.overflow-y-auto');
  const scrollTo = (top: number) =>
    list.evaluate((el, to) => {
      el.scrollTop = to;
      el.dispatchEvent(new Event('scroll'));
    }, top);
  await scrollTo(LOAD_PREVIOUS_THRESHOLD_PX + 30);
  await expect(chat.getByRole('button', { name: CHAT_MESSAGES.loadPrevious })).toHaveCount(0);
  await scrollTo(LOAD_PREVIOUS_THRESHOLD_PX - 10);
  await expect(chat.getByRole('button', { name: CHAT_MESSAGES.loadPrevious })).toBeVisible();
  await scrollTo(LOAD_PREVIOUS_THRESHOLD_PX + 30);
  await expect(chat.getByRole('button', { name: CHAT_MESSAGES.loadPrevious })).toHaveCount(0);
  await scrollTo(0);
  await chat.getByRole('button', { name: CHAT_MESSAGES.loadPrevious }).click();
  // The view stays where it was (the older page is above it); the list is virtualised, so the
  // older rows are in the page once scrolled to.
  await expect(chat.getByText('Message 70', { exact: true })).toBeInViewport();
  await expect(chat.getByText('Message 20', { exact: true })).toHaveCount(0);
  await scrollTo(0);
  await expect(chat.getByText('Message 20', { exact: true })).toBeInViewport();
  await chat.getByRole('button', { name: CHAT_MESSAGES.loadPrevious }).click();
  await expect(chat.getByText('Message 20', { exact: true })).toBeInViewport();
  await expect(chat.getByText(CHAT_MESSAGES.startOfConversation)).toBeAttached();
  await scrollTo(0);
  await expect(chat.getByText('Message 0', { exact: true })).toBeInViewport();
  // A long conversation keeps only the rows near the view in the page (issue 21 §9).
  expect(await chat.locator('[data-testid="message-rows"] > li').count()).toBeLessThan(40);

  // ?messageId= loads older pages until the message is found, then scrolls to it.
  await page.goto(`/build/app/${appId}?messageId=m-5`);
  await expect(chat.getByText('Message 5', { exact: true })).toBeInViewport({ timeout: 10_000 });
  await page.goto(`/build/app/${appId}?messageId=nope`);
  await expect(page.getByText(CHAT_MESSAGES.messageNotFound('nope'))).toBeVisible({ timeout: 10_000 });

  // Sending: 'Thinking...' until the reply starts; a reply cut inside an action offers to continue.
  const bodies: Record<string, unknown>[] = [];
  await page.route(`**/api/apps/${appId}/chat`, async (route) => {
    bodies.push(route.request().postDataJSON() as Record<string, unknown>);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.fulfill(
      sse([
        { type: 'start', messageId: `reply-${bodies.length}`, messageMetadata: { createdAt: at(1) } },
        { type: 'text-start', id: 't' },
        {
          type: 'text-delta',
          id: 't',
          delta: 'On it.\n<atelier-action type="add_file" path="pages/A.tsx" title="Page A">\nexport',
        },
        { type: 'text-end', id: 't' },
        { type: 'finish', messageMetadata: { createdAt: at(1), versionId: null } },
      ]),
    );
  });
  await chat.getByLabel('Message').fill('Add page A');
  await chat.getByLabel('Message').press('Enter');
  await expect(chat.getByText(CHAT_MESSAGES.thinking)).toBeVisible();
  await expect(chat.getByText(CHAT_MESSAGES.truncated)).toBeVisible({ timeout: 10_000 });
  await expect(chat.getByText(CHAT_MESSAGES.thinking)).toHaveCount(0);
  await expect(chat.locator('[data-testid="action-card"]')).toHaveAttribute('data-status', 'truncated');
  await chat.getByRole('button', { name: CHAT_MESSAGES.keepGoing }).click();
  await expect.poll(() => bodies.length).toBe(2);
  expect(bodies[1]).toMatchObject({ text: CHAT_MESSAGES.continuePrompt });
});

test('failures: rating, restore, undo restore, preview, version without message; Preview on desktop only', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const appId = await setUp(page, 'Failing Chat');
  const restoreMessage = msg('r1', 'user', 'Restored the version from 2026-01-01 00:00 UTC', {
    versionId: 'v3',
    systemActionInfo: { type: 'restore', restoredVersionDate: at(0), revertedFromMessageId: 'u1' },
  });
  await history(page, {
    '': {
      messages: [
        msg('u0', 'user', 'No version here'),
        msg('u1', 'user', 'Add contacts', { versionId: 'v1' }),
        msg('a1', 'assistant', 'Done.', { versionId: 'v1', userMessageId: 'u1' }),
        restoreMessage,
      ],
      hasMore: false,
    },
  });
  const chat = page.getByRole('region', { name: 'Chat' });

  await page.route('**/api/apps/*/versions?limit=50', (route) =>
    json(route, {
      versions: [
        {
          id: 'v9',
          seq: 9,
          timestamp: at(9),
          createdAt: at(9),
          messageId: null,
          userRequest: null,
          metadata: { description: 'Edited in code' },
          parentVersionId: null,
          contentHash: 'h',
        },
        {
          id: 'v1',
          seq: 1,
          timestamp: at(1),
          createdAt: at(1),
          messageId: 'u1',
          userRequest: null,
          metadata: { description: '' },
          parentVersionId: null,
          contentHash: 'g',
        },
      ],
      currentVersionId: 'v1',
      publishedVersionId: null,
    }),
  );
  // Rating: cancel is blocked while submitting; a failure keeps the dialog open.
  await page.route('**/rating', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await json(route, { error: { code: 'internal_error', message: 'boom' } }, 500);
  });
  await page.goto(`/build/app/${appId}`);
  await chat.getByRole('button', { name: 'Rate' }).click();
  const dialog = page.getByRole('dialog', { name: CHAT_MESSAGES.rateTitle });
  await expect(dialog.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await expect(dialog.getByText(CHAT_MESSAGES.scoreRequired)).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^\d stars?$/ })).toHaveCount(RATING_MAX_SCORE);
  await dialog.getByRole('button', { name: `${RATING_POSITIVE_FROM - 1} stars` }).click();
  // Below 4: problem reasons.
  for (const reason of RATING_PROBLEM_REASONS) {
    await expect(dialog.getByRole('button', { name: reason })).toBeVisible();
  }
  await expect(dialog.getByRole('button', { name: RATING_POSITIVE_REASONS[0] })).toHaveCount(0);
  await dialog.getByRole('button', { name: `${RATING_POSITIVE_FROM} stars` }).click();
  for (const reason of RATING_POSITIVE_REASONS) {
    await expect(dialog.getByRole('button', { name: reason })).toBeVisible();
  }
  await expect(dialog.getByRole('button', { name: RATING_PROBLEM_REASONS[0] })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await expect(page.getByText(CHAT_MESSAGES.ratingFailed)).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Restore failures.
  await page.route('**/versions/v1/restore', (route) =>
    json(route, { error: { code: 'internal_error', message: 'x' } }, 500),
  );
  await chat.getByRole('button', { name: CHAT_MESSAGES.revert }).click();
  await page.getByRole('dialog').getByRole('button', { name: CHAT_MESSAGES.revert }).click();
  await expect(page.getByText(CHAT_MESSAGES.restoreFailed)).toBeVisible();
  await page.unroute('**/versions/v1/restore');
  await page.route('**/versions/v1/restore', (route) =>
    json(route, { error: { code: 'not_found', message: 'Version not found' } }, 404),
  );
  await chat.getByRole('button', { name: CHAT_MESSAGES.revert }).click();
  await page.getByRole('dialog').getByRole('button', { name: CHAT_MESSAGES.revert }).click();
  await expect(page.getByText(CHAT_MESSAGES.noPreviousVersion)).toBeVisible();

  await page.route('**/versions/v3/undo-restore', (route) =>
    json(route, { messages: [], hasMore: false, versionId: null, error: 'The restore was undone already' }),
  );
  await chat.getByRole('button', { name: CHAT_MESSAGES.undoRestore }).click();
  await expect(page.getByRole('dialog').getByText(CHAT_MESSAGES.removedMessages(0))).toHaveCount(0);
  await page.getByRole('dialog').getByRole('button', { name: CHAT_MESSAGES.undoRestore }).click();
  await expect(page.getByText(CHAT_MESSAGES.undoRestoreFailed)).toBeVisible();
  await expect(page.getByText('The restore was undone already')).toBeVisible();

  // A version without a message cannot be restored from the version list.
  await chat.getByRole('button', { name: 'Versions' }).click();
  await page.getByRole('menuitem', { name: 'Restore' }).click();
  await expect(page.getByText(CHAT_MESSAGES.noMessageIdForVersion)).toBeVisible();

  // Preview of a message's version: failure, then Previewing; hidden below 1024 px.
  await page.route('**/preview-token', (route) =>
    json(route, { error: { code: 'internal_error', message: 'x' } }, 500),
  );
  await chat.getByRole('button', { name: CHAT_MESSAGES.preview, exact: true }).click();
  await expect(page.getByText(CHAT_MESSAGES.previewFailedForMessage)).toBeVisible();
  await chat.getByRole('button', { name: 'Versions' }).click();
  await page.getByRole('menuitem', { name: CHAT_MESSAGES.preview, exact: true }).click();
  await expect(page.getByText(CHAT_MESSAGES.previewFailed, { exact: true })).toBeVisible();
  await page.unroute('**/preview-token');
  await page.route('**/preview-token', (route) =>
    json(route, {
      token: 't',
      versionId: 'v1',
      url: 'about:blank',
      previewOrigin: 'http://127.0.0.1:1',
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
    }),
  );
  await chat.getByRole('button', { name: CHAT_MESSAGES.preview, exact: true }).click();
  await expect(chat.getByRole('button', { name: CHAT_MESSAGES.previewing })).toBeVisible();
  await page.setViewportSize({ width: 900, height: 800 });
  await expect(chat.getByRole('button', { name: CHAT_MESSAGES.previewing })).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  // ?preview=true on a message without a version.
  await page.goto(`/build/app/${appId}?messageId=u0&preview=true`);
  await expect(page.getByText(CHAT_MESSAGES.noVersionForPreview)).toBeVisible({ timeout: 10_000 });
});

test('a secrets request opens the secrets dialog; admins see version ids, usage per 1M tokens and the context', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const appId = await setUp(page, 'Secret Chat');
  // Costs are priced per 1M tokens: $0.15 and $0.60.
  const usage = {
    promptTokens: 1200,
    promptCost: (1200 * 0.15) / TOKEN_COST_UNIT,
    completionTokens: 300,
    completionCost: (300 * 0.6) / TOKEN_COST_UNIT,
    totalTokens: 1500,
    totalCost: (1200 * 0.15 + 300 * 0.6) / TOKEN_COST_UNIT,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    cacheReadCost: 0,
    cacheWriteCost: 0,
    rates: { prompt: 0.15, completion: 0.6, cacheRead: 0.075, cacheWrite: 0.15 },
    modelInfo: { model: 'gpt-4o-mini', displayName: 'GPT-4o mini' },
    finishReason: 'stop',
    timestamp: at(2),
  };
  const contextMetadata = {
    query: 'Connect Stripe',
    retrievedFiles: [
      { filePath: 'Layout.tsx', retrievalMethods: ['full_context'], tokenEstimation: 400, score: 0.5 },
    ],
    relevantFiles: ['Layout.tsx', 'pages/Pay.tsx'],
    evals: { full_context: { recall: 0.5, tokenEstimation: 400 } },
    enhancedQuery: null,
    scoreThreshold: 0.1,
    rerankTokenLimit: 60000,
    belowThresholdFiles: [],
    passages: [],
  };
  await history(page, { '': { messages: [], hasMore: false } });
  // An admin session (the usage card and the admin context are for admins).
  await page.route('**/api/auth/session?optional=1', async (route) => {
    const real = await route.fetch();
    const body = (await real.json()) as { user: { isAdmin: boolean } };
    await json(route, { ...body, user: { ...body.user, isAdmin: true } });
  });
  await page.route('**/api/admin/llm/usage**', (route) =>
    json(route, {
      summary: {
        calls: 1,
        promptTokens: 1200,
        completionTokens: 300,
        totalTokens: 1500,
        cacheReadTokens: 0,
        cacheWriteTokens: 0,
        promptCost: 0.00018,
        completionCost: 0.00018,
        cacheReadCost: 0,
        cacheWriteCost: 0,
        totalCost: 0.00036,
        byModel: [],
        byPurpose: [],
      },
      messages: [{ messageId: 'reply-1', calls: 1, usage }],
    }),
  );
  await page.route(`**/api/apps/${appId}/chat`, (route) =>
    route.fulfill(
      sse([
        { type: 'start', messageId: 'reply-1', messageMetadata: { createdAt: at(2) } },
        { type: 'text-start', id: 't' },
        {
          type: 'text-delta',
          id: 't',
          delta:
            'I need your key.\n<atelier-action type="request_secrets" title="Stripe key">\n[{"secretName":"STRIPE_KEY","description":"Your Stripe key","required":true}]\n</atelier-action>',
        },
        { type: 'text-end', id: 't' },
        {
          type: 'data-action-results',
          id: 'actions',
          data: {
            results: [
              {
                index: 0,
                type: 'request_secrets',
                title: 'Stripe key',
                outcome: 'applied',
                secrets: [{ secretName: 'STRIPE_KEY', description: 'Your Stripe key', required: true }],
              },
            ],
          },
        },
        {
          type: 'finish',
          messageMetadata: {
            createdAt: at(2),
            versionId: 'ver-123',
            usage,
            contextMetadata,
            contextFiles: [{ filePath: 'Layout.tsx', tokenEstimation: 400 }],
          },
        },
      ]),
    ),
  );
  await page.goto(`/build/app/${appId}`);
  const chat = page.getByRole('region', { name: 'Chat' });
  await chat.getByLabel('Message').fill('Connect Stripe');
  await chat.getByLabel('Message').press('Enter');

  // The secrets dialog: values are masked and required.
  const dialog = page.getByRole('dialog', { name: 'Enter secrets' });
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await expect(dialog.getByLabel('STRIPE_KEY')).toHaveAttribute('type', 'password');
  await dialog.getByRole('button', { name: 'Save secrets' }).click();
  await expect(page.getByText(SECRET_MESSAGES.valuesRequiredTitle)).toBeVisible();
  await expect(page.getByText(SECRET_MESSAGES.valuesRequired)).toBeVisible();
  await dialog.getByLabel('STRIPE_KEY').fill('sk_test_123');
  await page.route(`**/api/apps/${appId}/secrets`, (route) =>
    json(route, { error: { code: 'internal_error', message: 'x' } }, 500),
  );
  await dialog.getByRole('button', { name: 'Save secrets' }).click();
  await expect(page.getByText(SECRET_MESSAGES.setFailed)).toBeVisible();
  await page.unroute(`**/api/apps/${appId}/secrets`);
  await dialog.getByRole('button', { name: 'Save secrets' }).click();
  await expect(page.getByText(SECRET_MESSAGES.updated)).toBeVisible();
  await expect(dialog).toBeHidden();

  // Admin views: the version id, tokens and cost per 1M tokens, the usage card, the context.
  await expect(chat.getByText('Version ver-123')).toBeVisible();
  await chat.getByRole('button', { name: '1.5K tokens · $0.00036' }).click();
  await expect(chat.getByText('$0.15 / 1M')).toBeVisible();
  await expect(chat.getByText('$0.6 / 1M')).toBeVisible();
  const usageCard = chat.getByRole('region', { name: 'Token usage' });
  await expect(usageCard).toContainText('1.5K tokens');
  await expect(usageCard).toContainText('1 call');
  await usageCard.getByRole('button', { name: 'Usage by message' }).click();
  const table = page.getByRole('dialog', { name: 'Token usage by message' });
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText('reply-1');
  await expect(row).toContainText('GPT-4o mini');
  await expect(row).toContainText('1,200');
  await expect(row).toContainText('300');
  await page.keyboard.press('Escape');
  await expect(table).toBeHidden();

  await chat.getByRole('button', { name: 'Context (1)' }).click();
  const context = page.getByRole('dialog', { name: 'Context files' });
  await expect(context.getByText('full_context: recall 50%')).toBeVisible();
  await expect(context.getByText('Relevant files that were not retrieved: pages/Pay.tsx')).toBeVisible();
  await expect(context.getByRole('cell', { name: 'full_context' })).toBeVisible();
  await expect(context.getByRole('cell', { name: '0.50' })).toBeVisible();
  // The enhanced query (admins).
  const enhanceBodies: unknown[] = [];
  await page.route('**/api/admin/enhanceContextQuery', (route) => {
    enhanceBodies.push(route.request().postDataJSON());
    return json(route, { enhancedQuery: 'stripe payment secret key', tokenEstimation: 7 });
  });
  await context.getByRole('button', { name: 'Enhance query' }).click();
  await expect(context.getByText('Enhanced query (~7 tokens)')).toBeVisible();
  await expect(context.getByText('stripe payment secret key')).toBeVisible();
  expect(enhanceBodies[0]).toMatchObject({
    latestUserRequest: 'Connect Stripe',
    appId,
    messageId: 'reply-1',
  });
  // The reproduction file carries the context and the enhanced query.
  const download = page.waitForEvent('download');
  await context.getByRole('button', { name: 'Download JSON' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('context-reply-1.json');
  const reproduction = JSON.parse(await readFile((await file.path())!, 'utf8')) as Record<string, unknown>;
  expect(reproduction).toMatchObject({
    appId,
    messageId: 'reply-1',
    versionId: 'ver-123',
    query: 'Connect Stripe',
    enhancedQuery: 'stripe payment secret key',
    contextFiles: [{ filePath: 'Layout.tsx', tokenEstimation: 400 }],
    contextMetadata: { relevantFiles: ['Layout.tsx', 'pages/Pay.tsx'] },
  });
});

test('a failed reply shows the error note and Retry resends the last message; a failed upload', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const appId = await setUp(page, 'Retry Chat');
  const attachment = {
    name: 'shot.png',
    url: `/api/apps/${appId}/chat/attachments/a1`,
    contentType: 'image/png',
  };
  await history(page, {
    '': {
      messages: [
        msg('u0', 'user', 'Add contacts', { versionId: 'v1' }),
        msg('a0', 'assistant', 'Done.', { versionId: 'v1', userMessageId: 'u0' }),
        { ...msg('u1', 'user', 'Add deals'), experimental_attachments: [attachment] },
        msg('a1', 'assistant', '', { status: 'failed', userMessageId: 'u1' }),
      ],
      hasMore: false,
    },
  });
  const bodies: Record<string, unknown>[] = [];
  await page.route(`**/api/apps/${appId}/chat`, (route) => {
    bodies.push(route.request().postDataJSON() as Record<string, unknown>);
    return route.fulfill(
      sse([
        { type: 'start', messageId: 'reply-2', messageMetadata: { createdAt: at(3) } },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'Deals are in.' },
        { type: 'text-end', id: 't' },
        { type: 'finish', messageMetadata: { createdAt: at(3), versionId: null } },
      ]),
    );
  });
  await page.goto(`/build/app/${appId}`);
  const chat = page.getByRole('region', { name: 'Chat' });
  await expect(chat.getByText(CHAT_MESSAGES.failedReply)).toBeVisible();
  // Retry is offered on the last user message only.
  await expect(chat.getByRole('button', { name: CHAT_MESSAGES.retry })).toHaveCount(1);
  await chat.getByRole('button', { name: CHAT_MESSAGES.retry }).click();
  await expect(chat.getByText('Deals are in.')).toBeVisible({ timeout: 10_000 });
  await expect(chat.getByText(CHAT_MESSAGES.failedReply)).toHaveCount(0);
  expect(bodies).toHaveLength(1);
  expect(bodies[0]).toMatchObject({
    retry: true,
    messageId: 'u1',
    text: 'Add deals',
    attachments: [attachment],
  });

  // An upload the server refuses: its message, else 'Failed to upload image. Please try again.'
  await page.route(`**/api/apps/${appId}/chat/attachments`, (route) => route.abort());
  await chat.locator('input[type="file"]').setInputFiles({
    name: 'shot.png',
    mimeType: 'image/png',
    buffer: Buffer.from('png'),
  });
  await expect(page.getByText(CHAT_MESSAGES.attachmentUploadFailed)).toBeVisible();
  await page.unroute(`**/api/apps/${appId}/chat/attachments`);
  await page.route(`**/api/apps/${appId}/chat/attachments`, (route) =>
    json(route, { error: { code: 'file_too_large', message: CHAT_MESSAGES.attachmentTooLarge } }, 400),
  );
  await chat.locator('input[type="file"]').setInputFiles({
    name: 'other.png',
    mimeType: 'image/png',
    buffer: Buffer.from('png'),
  });
  await expect(page.getByText(CHAT_MESSAGES.attachmentTooLarge)).toBeVisible();
  await expect(chat.getByRole('list', { name: 'Attached files' })).toHaveCount(0);
});
