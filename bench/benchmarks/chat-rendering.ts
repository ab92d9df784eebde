// Issue 21 §9: does a long conversation slow the chat down while a reply streams? The built server
// (PGlite, the tests' fake OpenAI-compatible provider) and the built web app in Chromium: the same
// 17 KB reply streams into an app whose chat holds 200 earlier messages and into an empty one;
// main-thread blocking is read from the browser's long tasks (PerformanceObserver 'longtask') during
// the stream, per second of streaming. Runs alternate between the two apps.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serializeAction } from '@atelier/shared';
import { type Browser, chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../apps/server/test/support/chromium.ts';
import { startFakeOpenAI } from '../../apps/server/test/support/fake-openai.ts';
import { apiCall, signUpBuilder } from '../lib/atelier.ts';
import { median, record, repoRoot, round } from '../lib/harness.ts';
import { freePort, spawnUntilHealthy } from '../lib/processes.ts';

const serverMain = path.join(repoRoot, 'apps/server/dist/main.js');
const webDist = process.env.BENCH_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist');
/** Earlier messages of the long conversation (half the builder's, half the assistant's). */
const EARLIER_MESSAGES = 200;
/** Measured runs per variant (plus one warm-up each). */
const RUNS = Number(process.env.BENCH_CHAT_RUNS ?? 3);
/** The reply streams in chunks of this size, one per CHUNK_DELAY_MS (a fast model: ~3,300 chars/s). */
const CHUNK_CHARS = 66;
const CHUNK_DELAY_MS = 20;

/** An earlier reply as models write them: prose, a list, a code block (~1.3 KB of Markdown). */
function earlierReply(i: number): string {
  return [
    `Here is what I changed for request ${i}:`,
    '',
    '- **Contacts**: a searchable list with a form',
    '- **Deals**: stages and amounts',
    '- *Navigation*: links in the layout',
    '',
    '```tsx',
    `export function Widget${i}({ items }: { items: string[] }) {`,
    '  return (',
    '    <ul className="space-y-2">',
    '      {items.map((item) => (',
    '        <li key={item} className="rounded border px-3 py-2">{item}</li>',
    '      ))}',
    '    </ul>',
    '  );',
    '}',
    '```',
    '',
    'Let me know if you want the deals grouped by stage, or a chart of the amounts per month.',
  ].join('\n');
}

/** The 17 KB reply: Markdown prose and code around two file actions. */
function longReply(): string {
  const page = (name: string) =>
    [
      "import { useState } from 'react';",
      "import { Button } from '@/components/ui/button';",
      '',
      `export default function ${name}() {`,
      '  const [rows, setRows] = useState<string[]>([]);',
      ...Array.from(
        { length: 110 },
        (_, i) => `  // ${name} line ${i}: keeps the layout and the state of the page`,
      ),
      '  return (',
      `    <main><h1>${name}</h1><Button onClick={() => setRows([...rows, 'x'])}>Add</Button></main>`,
      '  );',
      '}',
    ].join('\n');
  const prose = Array.from(
    { length: 12 },
    (_, i) =>
      `${i + 1}. **Step ${i + 1}**: the page keeps its *state* while the list grows; \`rows\` holds the entries and the button adds one.`,
  ).join('\n');
  const text = [
    'I will add **two pages** and explain each step.\n\n',
    prose,
    '\n\n```ts\nconst pages = ["Contacts", "Deals"];\n```\n\n',
    serializeAction({
      type: 'add_file',
      path: 'pages/Contacts.tsx',
      title: 'Add contacts',
      content: page('Contacts'),
    }),
    '\n\nAnd the deals page:\n\n',
    serializeAction({
      type: 'add_file',
      path: 'pages/Deals.tsx',
      title: 'Add deals',
      content: page('Deals'),
    }),
    `\n\n${prose}\n\nBoth pages are in the navigation.`,
  ].join('');
  return text;
}

function chunked(text: string): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += CHUNK_CHARS) chunks.push(text.slice(i, i + CHUNK_CHARS));
  return chunks;
}

interface Measured {
  seconds: number;
  longTaskMsPerSecond: number;
  blockingMsPerSecond: number;
  longTasks: number;
}

/** Sends a message in the builder and measures long tasks from send to the end of the reply. */
async function measure(browser: Browser, base: string, cookie: string, appId: string): Promise<Measured> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: base }]);
  const page: Page = await context.newPage();
  // Plain script text: the benchmark's TypeScript has no DOM types.
  await page.addInitScript({
    content: `window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    // Only the builder page's own tasks: the preview frame (the reply's drafts load in it) is apart.
    if (entry.name === 'self') window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }
}).observe({ type: 'longtask', buffered: true });`,
  });
  await page.goto(`${base}/build/app/${appId}`);
  const chat = page.getByRole('region', { name: 'Chat' });
  const box = chat.getByLabel('Message');
  await box.waitFor();
  await chat.getByRole('button', { name: 'Send' }).waitFor();
  // Let the first render and the preview settle before the reply starts.
  await page.waitForTimeout(1500);
  await box.fill('Add contacts and deals');
  const started = (await page.evaluate('performance.now()')) as number;
  await box.press('Enter');
  // The chat's status attribute (a CSS query): a role query of the whole page on each poll would
  // itself cost more with a longer conversation in the page.
  await page.locator('section[aria-label="Chat"]:not([data-chat-status="ready"])').waitFor();
  await page.locator('section[aria-label="Chat"][data-chat-status="ready"]').waitFor({ timeout: 120_000 });
  const { ended, tasks } = (await page.evaluate(
    '({ ended: performance.now(), tasks: window.__longTasks })',
  )) as {
    ended: number;
    tasks: { start: number; duration: number }[];
  };
  await context.close();
  const during = tasks.filter((t) => t.start >= started && t.start <= ended);
  const seconds = (ended - started) / 1000;
  const total = during.reduce((sum, t) => sum + t.duration, 0);
  const blocking = during.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
  return {
    seconds,
    longTaskMsPerSecond: total / seconds,
    blockingMsPerSecond: blocking / seconds,
    longTasks: during.length,
  };
}

export async function run() {
  if (!fs.existsSync(serverMain)) throw new Error('Build first: node scripts/build-if-stale.mjs');
  const reply = longReply();
  const fake = await startFakeOpenAI({ defaultReply: { chunks: ['ok'] } });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-chat-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await spawnUntilHealthy(
    process.execPath,
    [serverMain],
    {
      PORT: String(port),
      PREVIEW_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      LOG_LEVEL: 'warn',
      // A builder verifies through the dev outbox (signUpBuilder): not production.
      NODE_ENV: 'development',
      MODEL_CATALOGUE_URL: 'off',
      PUBLIC_URL: base,
      SECRETS_KEY: randomBytes(32).toString('base64'),
      OPENAI_API_KEY: 'bench-key',
      OPENAI_BASE_URL: fake.baseUrl,
      RATE_LIMIT_AUTH_PER_MINUTE: '0',
      RATE_LIMIT_ANONYMOUS_PER_MINUTE: '0',
      // The window is the stream: the build check after it (a type check on the server, its length
      // depending on the machine's load) would add idle seconds to the window of some runs.
      CHAT_BUILD_CHECK: 'off',
    },
    `${base}/api/health`,
    // A busy machine starts the built server slowly (migrations on a fresh PGlite directory).
    180_000,
  );
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const session = await signUpBuilder(base, {
      email: 'chat-bench@example.com',
      password: 'bench-password-long-enough-1',
    });
    const cookie = { cookie: session };
    const newApp = async (name: string) =>
      ((await apiCall(base, 'POST', '/api/apps', { name, type: 'GEN_APP' }, cookie)).json as { id: string })
        .id;
    const long = await newApp('Long conversation');
    for (let i = 0; i < EARLIER_MESSAGES / 2; i++) {
      fake.reply({ chunks: chunked(earlierReply(i)) });
      await apiCall(
        base,
        'POST',
        `/api/apps/${long}/chat`,
        { text: `Request ${i}: adjust the pages` },
        cookie,
      );
    }
    const results: Record<'long' | 'empty', Measured[]> = { long: [], empty: [] };
    for (let round_ = 0; round_ <= RUNS; round_++) {
      for (const variant of ['empty', 'long'] as const) {
        const appId = variant === 'long' ? long : await newApp(`Empty ${round_}`);
        fake.reply({ chunks: chunked(reply), chunkDelayMs: CHUNK_DELAY_MS });
        const measured = await measure(browser, base, session, appId);
        if (round_ > 0) results[variant].push(measured);
      }
    }
    const med = (variant: 'long' | 'empty', key: keyof Measured) =>
      median(results[variant].map((m) => m[key]));
    const ratio = med('long', 'longTaskMsPerSecond') / Math.max(med('empty', 'longTaskMsPerSecond'), 1);
    record({
      name: 'chat-rendering',
      description: `a ${round(reply.length / 1024, 1)} KB reply streaming in Chromium: main-thread long tasks per second of streaming, ${EARLIER_MESSAGES} earlier messages vs none`,
      figures: {
        'long tasks ms/s, 0 earlier (median)': round(med('empty', 'longTaskMsPerSecond'), 1),
        [`long tasks ms/s, ${EARLIER_MESSAGES} earlier (median)`]: round(
          med('long', 'longTaskMsPerSecond'),
          1,
        ),
        'blocking ms/s (over 50 ms), 0 earlier (median)': round(med('empty', 'blockingMsPerSecond'), 1),
        [`blocking ms/s (over 50 ms), ${EARLIER_MESSAGES} earlier (median)`]: round(
          med('long', 'blockingMsPerSecond'),
          1,
        ),
        'streaming s, 0 earlier (median)': round(med('empty', 'seconds'), 2),
        [`streaming s, ${EARLIER_MESSAGES} earlier (median)`]: round(med('long', 'seconds'), 2),
      },
      ratios: { [`long tasks per second, ${EARLIER_MESSAGES} earlier / 0 earlier`]: round(ratio, 2) },
      targets: { ratio: '≤ 1.2 (within 20 %)' },
      notes: [
        `${RUNS} measured runs per variant after a warm-up, alternating; a fresh empty app per run, the long one grows by 2 messages per run.`,
        'Long tasks of the builder page itself (attribution "self"); the preview frame, which loads the reply\'s drafts, is not counted. The builder loads the newest page of the history (50 messages); older ones load on scroll.',
        `Streaming window: from Enter to the chat's status back at ready (the reply: ${chunked(reply).length} chunks of ${CHUNK_CHARS} characters every ${CHUNK_DELAY_MS} ms from the fake provider; CHAT_BUILD_CHECK=off, so the window is the stream).`,
        ...(['empty', 'long'] as const).map(
          (v) =>
            `${v}: ${results[v].map((m) => `${round(m.longTaskMsPerSecond, 1)} ms/s (${m.longTasks} tasks, ${round(m.seconds, 1)} s)`).join('; ')}`,
        ),
        ...(process.env.BENCH_WEB_DIST ? [`web app from ${process.env.BENCH_WEB_DIST}`] : []),
      ],
    });
  } finally {
    await browser.close();
    await server.stop();
    await fake.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
