import { ACTION_PARSE_ERRORS, CHAT_MESSAGES, serializeAction } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/support/accounts.ts';
import {
  builder,
  createGenApp,
  filesOf,
  finishMetadata,
  historyOf,
  lastResults,
  readUiStream,
  readUiStreamLive,
  resultsOf,
  type StreamChunk,
  send,
  setUpChatSuite,
  versionsOf,
} from '../../../test/support/chat.ts';
import { createPreviewApp } from '../preview/preview.app.ts';
import { chatRuntime } from './chat.module.ts';

/** Issue 21: a reply driven like a real model (time to first token, reasoning), Stop, one at a time, resume. */
const env = setUpChatSuite();

const pageAction = serializeAction({
  type: 'add_file',
  path: 'pages/Contacts.tsx',
  title: 'Add the contacts page',
  content: 'export default function Contacts() {\n  return <h1>Contacts</h1>;\n}\n',
});
const secondAction = serializeAction({
  type: 'add_file',
  path: 'pages/Deals.tsx',
  title: 'Add the deals page',
  content: 'export default function Deals() {\n  return <h1>Deals</h1>;\n}\n',
});

function post(path: string, body?: unknown) {
  return env.t.app.request(
    `/api/apps/${env.appId}${path}`,
    body === undefined
      ? { method: 'POST', headers: env.owner.headers }
      : json('POST', body, env.owner.headers),
  );
}

/** Starts a send and reads its stream chunk by chunk (the reply keeps running on the server). */
async function startSend(body: Record<string, unknown>) {
  const res = await post('/chat', body);
  expect(res.status).toBe(200);
  const { live, done } = readUiStreamLive(res);
  return { chunks: done, live };
}

/** Waits until the provider has written `count` text chunks of its latest answer. */
/**
 * The reply's provider call was aborted; its completed Contacts page stays in one new version and the
 * Deals page it was writing is not applied (with `notApplied`) and not in the app. Answers the versions.
 */
async function expectContactsKeptDealsDropped(
  chunks: StreamChunk[],
  versionsBefore: number,
  notApplied: string,
) {
  expect(lastResults(chunks).map((r) => [r.path, r.outcome, r.message])).toEqual([
    ['pages/Contacts.tsx', 'applied', undefined],
    ['pages/Deals.tsx', 'not_applied', notApplied],
  ]);
  const call = env.fake.completions().at(-1)!;
  await call.settled;
  expect(call.aborted).toBe(true);
  const after = await versionsOf(env.t, env.owner, env.appId);
  expect(after.versions).toHaveLength(versionsBefore + 1);
  const files = await filesOf(env.t, env.owner, env.appId);
  expect(files.get('pages/Contacts.tsx')).toContain('<h1>Contacts</h1>');
  expect(files.has('pages/Deals.tsx')).toBe(false);
  return after;
}

async function untilChunksSent(count: number) {
  await expect
    .poll(() => env.fake.completions().at(-1)?.chunksSent ?? 0, { timeout: 5000 })
    .toBeGreaterThanOrEqual(count);
}

describe('a reply as a real model sends it', () => {
  it('opens the text part only when the first token arrives; reasoning streams as its own part and is stored', async () => {
    env.fake.reply({
      firstChunkDelayMs: 600,
      reasoning: ['The user wants ', 'a contacts page.'],
      chunks: ['Adding ', '**contacts**.'],
    });
    const { chunks } = await send(env.t, env.owner, env.appId, { text: 'Add contacts' });
    const types = chunks.map((c) => c.type);
    expect(types[0]).toBe('start');
    // Nothing visible is announced before the provider sent something: reasoning first, then text.
    expect(types.indexOf('reasoning-start')).toBeGreaterThan(0);
    expect(types.indexOf('reasoning-end')).toBeLessThan(types.indexOf('text-start'));
    const reasoning = chunks
      .filter((c) => c.type === 'reasoning-delta')
      .map((c) => c.delta)
      .join('');
    expect(reasoning).toBe('The user wants a contacts page.');
    const { messages } = await historyOf(env.t, env.owner, env.appId);
    expect(messages[1]!.parts.slice(0, 2)).toEqual([
      { type: 'reasoning', reasoning: 'The user wants a contacts page.' },
      { type: 'text', text: 'Adding **contacts**.' },
    ]);
  });
});

describe('Stop', () => {
  it('keeps the completed actions in one version marked Stopped and discards the action cut mid-tag', async () => {
    const before = await versionsOf(env.t, env.owner, env.appId);
    const cut = secondAction.slice(0, secondAction.length - 40);
    env.fake.reply({
      chunks: ['Two pages.\n', pageAction, '\n', cut],
      chunkDelayMs: 30,
      failAfter: { chunks: 4, mode: 'hang' },
    });
    const { chunks, live } = await startSend({ text: 'Add contacts and deals', userMessageId: 'u-stop' });
    // The first action has been applied on the server, and the second one is being written.
    await expect
      .poll(() => lastResults(live).some((r) => r.outcome === 'applied'), { timeout: 5000 })
      .toBe(true);
    await untilChunksSent(4);
    const stopped = await post('/chat/stop');
    expect(await stopped.json()).toEqual({ stopped: true });
    const all = await chunks;
    await chatRuntime(env.t.deps).settled();

    expect(finishMetadata(all)).toMatchObject({ stopped: true });
    const after = await expectContactsKeptDealsDropped(
      all,
      before.versions.length,
      CHAT_MESSAGES.notAppliedStopped,
    );
    const { messages } = await historyOf(env.t, env.owner, env.appId);
    const reply = messages.at(-1)!;
    expect(reply.annotations[0]).toMatchObject({ stopped: true, versionId: after.currentVersionId });
    expect(reply.content).toContain('</atelier-action>');
    expect(reply.content).not.toContain('pages/Deals.tsx');
    expect(resultsOf(reply)).toHaveLength(2);
  });

  it('stopping before any action (the model still thinking) commits nothing and aborts the provider call', async () => {
    const before = await versionsOf(env.t, env.owner, env.appId);
    env.fake.reply({ firstChunkDelayMs: 60_000, chunks: [pageAction] });
    const { chunks } = await startSend({ text: 'Add contacts' });
    await env.fake.waitForCompletions(1);
    expect(await (await post('/chat/stop')).json()).toEqual({ stopped: true });
    const all = await chunks;
    await chatRuntime(env.t.deps).settled();
    expect(all.some((c) => c.type === 'text-start')).toBe(false);
    expect(finishMetadata(all)).toMatchObject({ stopped: true });
    expect((await versionsOf(env.t, env.owner, env.appId)).versions).toHaveLength(before.versions.length);
    const call = env.fake.completions().at(-1)!;
    await call.settled;
    expect(call.aborted).toBe(true);
    // Nothing runs any more: Stop answers false, and a new message is accepted.
    expect(await (await post('/chat/stop')).json()).toEqual({ stopped: false });
    const next = await send(env.t, env.owner, env.appId, { text: 'Hello' });
    expect(next.res.status).toBe(200);
  });
});

describe('live edits (issue 21 §8)', () => {
  it('publishes a previewable draft when a file action closes, before the reply ends and without a version', async () => {
    const before = await versionsOf(env.t, env.owner, env.appId);
    env.fake.reply({
      chunks: ['A contacts page.\n', pageAction, '\nNow deals.\n', secondAction.slice(0, 60)],
      chunkDelayMs: 20,
      failAfter: { chunks: 4, mode: 'hang' },
    });
    const { chunks, live } = await startSend({ text: 'Add contacts and deals', userMessageId: 'u-draft' });
    await expect.poll(() => live.some((c) => c.type === 'data-draft'), { timeout: 5000 }).toBe(true);
    const draft = live.find((c) => c.type === 'data-draft') as unknown as {
      data: { versionId: string };
      transient?: boolean;
    };
    expect(draft.transient).toBe(true);
    // The reply still runs: no version was committed, the current one is unchanged.
    const during = await versionsOf(env.t, env.owner, env.appId);
    expect(during.currentVersionId).toBe(before.currentVersionId);
    expect(during.versions).toHaveLength(before.versions.length);

    // The draft is previewable by its owner like a version: the link, the document and its script.
    const linkRes = await post('/preview-token', { versionId: draft.data.versionId });
    expect(linkRes.status).toBe(200);
    const link = (await linkRes.json()) as { url: string; token: string };
    const url = new URL(link.url);
    const preview = createPreviewApp(env.t.deps);
    const document = await preview.request(`${url.pathname}${url.search}`);
    expect(document.status).toBe(200);
    const script = await preview.request(
      `/preview-assets/${env.appId}/${encodeURIComponent(draft.data.versionId)}/app.js?token=${encodeURIComponent(link.token)}`,
    );
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('Contacts');
    // Another builder cannot preview it.
    const other = await builder(env.t, 'draft-other');
    const otherApp = await createGenApp(env.t, other, 'Other');
    const refused = await env.t.app.request(
      `/api/apps/${otherApp}/preview-token`,
      json('POST', { versionId: draft.data.versionId }, other.headers),
    );
    expect(refused.status).toBe(404);

    await untilChunksSent(4);
    await post('/chat/stop');
    await chunks;
    await chatRuntime(env.t.deps).settled();
  });
});

describe('honest parsing (issue 21 §11)', () => {
  it('applies a fenced action; reports self-closing and nested tags as malformed, not cut; says when the length limit was hit', async () => {
    const fenced = `Here:\n\n\`\`\`xml\n${pageAction}\n\`\`\`\n`;
    const selfClosing = '<atelier-action type="add_file" path="pages/Empty.tsx" title="Empty" />';
    const nested = `<atelier-action type="add_file" path="pages/Outer.tsx" title="Outer">\nconst outer = 1;\n${secondAction}\n</atelier-action>`;
    const badPath = serializeAction({ type: 'add_file', path: 'pages/a b.tsx', title: 'Bad', content: 'x' });
    env.fake.reply({ chunks: [fenced, nested, '\n', badPath, '\n', selfClosing], finishReason: 'stop' });
    const { chunks } = await send(env.t, env.owner, env.appId, {
      text: 'Add pages',
      userMessageId: 'u-honest',
    });
    const results = lastResults(chunks).map((r) => [r.path, r.outcome, r.message]);
    expect(results).toEqual([
      ['pages/Contacts.tsx', 'applied', undefined],
      ['pages/Outer.tsx', 'not_applied', ACTION_PARSE_ERRORS.notClosed],
      ['pages/Deals.tsx', 'applied', undefined],
      ['pages/a b.tsx', 'failed', expect.any(String)],
      ['pages/Empty.tsx', 'failed', ACTION_PARSE_ERRORS.selfClosing],
    ]);
    // The path is named once, in a sentence.
    const pathError = lastResults(chunks)[3]!.message!;
    expect(pathError.split('pages/a b.tsx')).toHaveLength(2);
    // Nothing was cut: no length limit, and the reply is not truncated.
    expect(finishMetadata(chunks)?.lengthLimit).toBeUndefined();
    const files = await filesOf(env.t, env.owner, env.appId);
    expect(files.has('pages/Contacts.tsx')).toBe(true);
    expect(files.has('pages/Empty.tsx')).toBe(false);

    // A reply the provider ended at its output limit, outside any tag, says so.
    env.fake.reply({ chunks: ['A long explanation that goes on and'], finishReason: 'length' });
    const cut = await send(env.t, env.owner, env.appId, { text: 'Explain', userMessageId: 'u-length' });
    expect(finishMetadata(cut.chunks)).toMatchObject({ lengthLimit: true });
    const { messages } = await historyOf(env.t, env.owner, env.appId);
    expect(messages.at(-1)!.annotations[0]).toMatchObject({ lengthLimit: true });
  });
});

describe('one reply at a time, resumable', () => {
  it('answers 409 to a second message while a reply runs, and the history says which reply runs', async () => {
    env.fake.reply({
      chunks: ['Working', ' on it.'],
      chunkDelayMs: 20,
      failAfter: { chunks: 2, mode: 'hang' },
    });
    const first = await startSend({ text: 'Add contacts', userMessageId: 'u-first' });
    await untilChunksSent(1);
    const second = await post('/chat', { text: 'And deals', userMessageId: 'u-second' });
    expect(second.status).toBe(409);
    expect(((await second.json()) as { error: { message: string } }).error.message).toBe(
      CHAT_MESSAGES.replyRunning,
    );
    const page = await historyOf(env.t, env.owner, env.appId);
    expect(page.messages.map((m) => m.id)).toEqual(['u-first']);
    expect(page.running).toMatchObject({ userMessageId: 'u-first' });
    // Another builder learns nothing.
    const stranger = await env.t.app.request(`/api/apps/${env.appId}/chat/stop`, {
      method: 'POST',
      headers: env.stranger.headers,
    });
    expect(stranger.status).toBe(404);

    await post('/chat/stop');
    await first.chunks;
    await chatRuntime(env.t.deps).settled();
    expect((await historyOf(env.t, env.owner, env.appId)).running).toBeNull();
  });

  it('a reload follows the running reply from its start, live, to its end', async () => {
    env.fake.reply({ chunks: ['Here ', 'is ', 'your ', 'page.\n', pageAction], chunkDelayMs: 150 });
    const original = await startSend({ text: 'Add contacts' });
    await untilChunksSent(2);
    const { running } = await historyOf(env.t, env.owner, env.appId);
    expect(running).toBeTruthy();

    const follow = await env.t.app.request(`/api/apps/${env.appId}/chat/stream`, {
      headers: env.owner.headers,
    });
    expect(follow.status).toBe(200);
    const followed = await readUiStream(follow);
    const sent = await original.chunks;
    await chatRuntime(env.t.deps).settled();

    const textOf = (chunks: typeof sent) =>
      chunks
        .filter((c) => c.type === 'text-delta')
        .map((c) => c.delta)
        .join('');
    expect(followed[0]).toMatchObject({ type: 'start', messageId: running!.messageId });
    expect(textOf(followed)).toBe(textOf(sent));
    expect(textOf(followed)).toContain('Here is your page.');
    expect(lastResults(followed)).toMatchObject([{ path: 'pages/Contacts.tsx', outcome: 'applied' }]);
    expect(followed.at(-1)).toMatchObject({ type: 'finish' });
    const { messages } = await historyOf(env.t, env.owner, env.appId);
    expect(messages.at(-1)!.id).toBe(running!.messageId);
  });

  it('answers 204 when no reply was ever made, and 404 to another builder', async () => {
    const none = await env.t.app.request(`/api/apps/${env.appId}/chat/stream`, {
      headers: env.owner.headers,
    });
    expect(none.status).toBe(204);
    const stranger = await env.t.app.request(`/api/apps/${env.appId}/chat/stream`, {
      headers: env.stranger.headers,
    });
    expect(stranger.status).toBe(404);
  });
});

describe('errors that help', () => {
  it.each([
    [{ status: 401, errorMessage: 'Incorrect API key provided: sk-wrong' }, 'auth', 'Incorrect API key'],
    [
      { status: 400, errorMessage: "This model's maximum context length is 128000 tokens." },
      'context_too_long',
      'maximum context length',
    ],
    [{ status: 404, errorMessage: 'The model `gpt-9` does not exist' }, 'model_not_found', 'does not exist'],
  ] as const)(
    'a provider answer %j fails the reply as %s; the admin usage table has the reason',
    async (reply, reason, detail) => {
      // A context-length error is retried once with a smaller prompt (issue 21 §6): it fails twice here.
      env.fake.reply(...(reason === 'context_too_long' ? [reply, reply] : [reply]));
      const { chunks } = await send(env.t, env.owner, env.appId, { text: 'Add contacts' });
      expect(chunks.find((c) => c.type === 'error')).toMatchObject({ errorText: CHAT_MESSAGES.failedReply });
      const { messages } = await historyOf(env.t, env.owner, env.appId);
      const failed = messages.at(-1)!;
      expect(failed.annotations[0]).toMatchObject({ status: 'failed', error: { reason } });
      // The provider's words never reach the chat's messages (anyone who owns an app reads them).
      expect(JSON.stringify(failed)).not.toContain(detail);

      const usage = await env.t.app.request(`/api/admin/llm/usage?appId=${env.appId}`, {
        headers: env.owner.headers,
      });
      const row = (
        (await usage.json()) as { messages: { messageId: string; error?: string; errorReason?: string }[] }
      ).messages.find((m) => m.messageId === failed.id);
      expect(row).toMatchObject({ errorReason: reason });
      expect(row!.error).toContain(detail);
    },
  );
});

describe('a model that stalls mid-stream (issue 21: "a stall")', () => {
  it('ends with the spec sentence and, for the admin, the timeout in the chat and the usage table; the completed action stays', async () => {
    // The model gives up after 500 ms without a chunk (LLM_TIMEOUT_MS, read at each call).
    const llmConfig = env.t.deps.config.llm;
    const timeoutMs = llmConfig.timeoutMs;
    llmConfig.timeoutMs = 500;
    const before = await versionsOf(env.t, env.owner, env.appId);
    env.fake.reply({
      chunks: ['Two pages.\n', pageAction, '\n', secondAction.slice(0, 60)],
      failAfter: { chunks: 4, mode: 'hang' },
    });
    const { chunks } = await send(env.t, env.owner, env.appId, { text: 'Add contacts and deals' }).finally(
      () => {
        llmConfig.timeoutMs = timeoutMs;
      },
    );

    expect(chunks.find((c) => c.type === 'error')).toMatchObject({ errorText: CHAT_MESSAGES.failedReply });
    // What the model had completed stays, in one version; the page it was writing does not.
    const after = await expectContactsKeptDealsDropped(
      chunks,
      before.versions.length,
      CHAT_MESSAGES.notAppliedFailedReply,
    );
    const failed = (await historyOf(env.t, env.owner, env.appId)).messages.at(-1)!;
    expect(failed.annotations[0]).toMatchObject({
      status: 'failed',
      error: { reason: 'timeout' },
      versionId: after.currentVersionId,
    });

    const usage = await env.t.app.request(`/api/admin/llm/usage?appId=${env.appId}`, {
      headers: env.owner.headers,
    });
    const rows = (
      (await usage.json()) as { messages: { messageId: string; error?: string; errorReason?: string }[] }
    ).messages;
    expect(rows.find((m) => m.messageId === failed.id)).toMatchObject({
      error: 'No answer from the model within 500 ms',
      errorReason: 'timeout',
    });
  });
});
