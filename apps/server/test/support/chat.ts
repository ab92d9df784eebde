import {
  ACTION_RESULTS_PART,
  type ActionResult,
  type ChatHistoryResponse,
  type ChatMessage,
  type ChatUIMetadata,
} from '@atelier/shared';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { templateFiles } from '../../src/features/apps/template/index.ts';
import { chatRuntime } from '../../src/features/chat/chat.module.ts';
import { typeCheckApp } from '../../src/features/code-editor/type-check-thread.ts';
import { json, type SignedIn, signUpVerified } from './accounts.ts';
import { type FakeProvider, startFakeOpenAI } from './fake-openai.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** A UI-message stream chunk as the client receives it. */
export interface StreamChunk {
  type: string;
  [key: string]: unknown;
}

/** Reads an AI SDK UI-message SSE answer into its chunks. */
export async function readUiStream(res: Response): Promise<StreamChunk[]> {
  const text = await res.text();
  const chunks: StreamChunk[] = [];
  for (const event of text.split('\n\n')) {
    const line = event.split('\n').find((l) => l.startsWith('data: '));
    if (!line) continue;
    const data = line.slice('data: '.length);
    if (data === '[DONE]') break;
    chunks.push(JSON.parse(data) as StreamChunk);
  }
  return chunks;
}

/**
 * Reads a UI-message SSE answer as it arrives: `live` fills chunk by chunk (poll it to wait for a
 * point of the reply), `done` resolves with every chunk once the stream ends.
 */
export function readUiStreamLive(res: Response): { live: StreamChunk[]; done: Promise<StreamChunk[]> } {
  const live: StreamChunk[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const done = (async () => {
    let buffer = '';
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) return live;
      buffer += value;
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const line = buffer
          .slice(0, end)
          .split('\n')
          .find((l) => l.startsWith('data: '));
        buffer = buffer.slice(end + 2);
        const data = line?.slice('data: '.length);
        if (data && data !== '[DONE]') live.push(JSON.parse(data) as StreamChunk);
        end = buffer.indexOf('\n\n');
      }
    }
  })();
  return { live, done };
}

/** The test app with the fake provider as its model provider (fast retries, no settings cache). */
export async function createChatTestApp(options: { offline?: boolean; buildCheck?: boolean } = {}): Promise<{
  t: TestApp;
  fake: FakeProvider;
  close(): Promise<void>;
}> {
  const fake = await startFakeOpenAI();
  // The build check (a type check per reply that changes code) is on where a suite asks for it.
  const check = { CHAT_BUILD_CHECK: options.buildCheck || options.offline ? 'on' : 'off' };
  // Loads TypeScript and the library types once, before the tests (the first check is the slow one).
  if (check.CHAT_BUILD_CHECK === 'on') await typeCheckApp(templateFiles('Warm'));
  const t = await createTestApp({
    env: options.offline
      ? { LLM_TIMEOUT_MS: '5000', ...check }
      : { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.baseUrl, LLM_TIMEOUT_MS: '5000', ...check },
    llm: { retry: { maxRetries: 1, baseDelayMs: 5, maxDelayMs: 20 }, settingsTtlMs: 0 },
  });
  return {
    t,
    fake,
    async close() {
      await chatRuntime(t.deps).settled();
      await t.close();
      await fake.close();
    },
  };
}

/** What `setUpChatSuite` sets up; read its fields inside tests and hooks (they are filled by then). */
export interface ChatSuite {
  t: TestApp;
  fake: FakeProvider;
  /** The install's first account, so an admin, and the owner of `appId`. */
  owner: SignedIn;
  /** A second builder, who owns nothing of the owner's. */
  stranger: SignedIn;
  /** A fresh GEN_APP of the owner, made before every test. */
  appId: string;
}

/**
 * Registers the chat suites' hooks: one test app with the fake provider for the file, the owner and
 * a stranger, and before every test the fake reset and a new app.
 */
export function setUpChatSuite(options: { offline?: boolean; buildCheck?: boolean } = {}): ChatSuite {
  const suite = {} as ChatSuite;
  let env: Awaited<ReturnType<typeof createChatTestApp>> | undefined;
  beforeAll(async () => {
    env = await createChatTestApp(options);
    suite.t = env.t;
    suite.fake = env.fake;
    suite.owner = await builder(env.t, 'owner');
    suite.stranger = await builder(env.t, 'stranger');
  });
  afterAll(async () => {
    await env?.close();
  });
  beforeEach(async () => {
    suite.fake.reset();
    suite.appId = await createGenApp(suite.t, suite.owner);
  });
  return suite;
}

export async function createGenApp(t: TestApp, who: SignedIn, name = 'CRM'): Promise<string> {
  const res = await t.app.request('/api/apps', json('POST', { name, type: 'GEN_APP' }, who.headers));
  if (res.status !== 201) throw new Error(`create app: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

let counter = 0;
export async function builder(t: TestApp, prefix = 'builder'): Promise<SignedIn> {
  return signUpVerified(t, `${prefix}-${++counter}-${Date.now()}@example.com`);
}

/** Sends a chat message, reads the whole reply stream and waits until the reply is stored. */
export async function send(
  t: TestApp,
  who: SignedIn,
  appId: string,
  body: Record<string, unknown>,
): Promise<{ res: Response; chunks: StreamChunk[] }> {
  const res = await t.app.request(`/api/apps/${appId}/chat`, json('POST', body, who.headers));
  const chunks = res.status === 200 ? await readUiStream(res) : [];
  await chatRuntime(t.deps).settled();
  return { res, chunks };
}

export async function historyOf(
  t: TestApp,
  who: SignedIn,
  appId: string,
  query = '',
): Promise<ChatHistoryResponse> {
  const res = await t.app.request(`/api/apps/${appId}/chat/history${query}`, { headers: who.headers });
  if (res.status !== 200) throw new Error(`history: ${res.status} ${await res.text()}`);
  return (await res.json()) as ChatHistoryResponse;
}

/** The action results of a stored reply: its tool invocations' results (spec 3 §3 parts). */
export function resultsOf(message: ChatMessage): ActionResult[] {
  return message.toolInvocations.map((call) => call.result as ActionResult);
}

export function lastResults(chunks: StreamChunk[]): ActionResult[] {
  const parts = chunks.filter((c) => c.type === `data-${ACTION_RESULTS_PART}`);
  return ((parts.at(-1)?.data as { results: ActionResult[] } | undefined)?.results ?? []) as ActionResult[];
}

export function finishMetadata(chunks: StreamChunk[]): ChatUIMetadata | undefined {
  return chunks.find((c) => c.type === 'finish')?.messageMetadata as ChatUIMetadata | undefined;
}

export async function filesOf(t: TestApp, who: SignedIn, appId: string, versionId?: string) {
  const url = versionId ? `/api/apps/${appId}/versions/${versionId}` : `/api/apps/${appId}/files`;
  const res = await t.app.request(url, { headers: who.headers });
  const body = (await res.json()) as { files: { path: string; content: string }[] };
  return new Map(body.files.map((f) => [f.path, f.content]));
}

export async function versionsOf(t: TestApp, who: SignedIn, appId: string) {
  const res = await t.app.request(`/api/apps/${appId}/versions`, { headers: who.headers });
  return (await res.json()) as {
    versions: { id: string; messageId: string | null; timestamp: string }[];
    currentVersionId: string;
  };
}
