import { randomUUID } from 'node:crypto';
import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_HISTORY_PAGE_SIZE,
  CHAT_MAX_ATTACHMENTS,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MESSAGES,
  type ChatMessage,
  RATING_COMMENT_MAX_LENGTH,
  RATING_MAX_SCORE,
  RATING_MIN_SCORE,
  type RestoreResponse,
  serializeAction,
  type UndoRestoreResponse,
} from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { json, type SignedIn } from '../../../test/support/accounts.ts';
import {
  createGenApp,
  filesOf,
  finishMetadata,
  historyOf,
  send,
  setUpChatSuite,
  versionsOf,
} from '../../../test/support/chat.ts';
import { createDataSourcesRuntime } from '../data-sources/data-sources.runtime.ts';
import { chatRuntime } from './chat.module.ts';
import { formatVersionDate } from './restore.service.ts';

const env = setUpChatSuite();

const page = (name: string) =>
  serializeAction({
    type: 'add_file',
    path: `pages/${name}.tsx`,
    title: `Add ${name}`,
    content: `export default function ${name}() {\n  return <h1>${name}</h1>;\n}\n`,
  });

async function post<T>(who: SignedIn, path: string, body: unknown): Promise<{ status: number; body: T }> {
  const res = await env.t.app.request(path, json('POST', body, who.headers));
  return { status: res.status, body: (await res.json()) as T };
}

describe('chat history', () => {
  it('answers pages of 50, oldest first, with hasMore until the start of the conversation', async () => {
    const repo = chatRuntime(env.t.deps).repo;
    for (let i = 0; i < 120; i++) {
      await repo.insertMessage({
        id: `m-${i}`,
        appId: env.appId,
        role: i % 2 === 0 ? 'user' : 'assistant',
        content: `message ${i}`,
        parts: [{ type: 'text', text: `message ${i}` }],
        annotations: {},
      });
    }
    const first = await historyOf(env.t, env.owner, env.appId);
    expect(first.messages).toHaveLength(CHAT_HISTORY_PAGE_SIZE);
    expect(first.messages[0]!.id).toBe('m-70');
    expect(first.messages.at(-1)!.id).toBe('m-119');
    expect(first.hasMore).toBe(true);
    const second = await historyOf(env.t, env.owner, env.appId, `?fromMessageId=m-70&limit=50`);
    expect(second.messages.map((m) => m.id)).toEqual(Array.from({ length: 50 }, (_, i) => `m-${20 + i}`));
    const third = await historyOf(env.t, env.owner, env.appId, `?fromMessageId=m-20`);
    expect(third.messages).toHaveLength(20);
    expect(third.hasMore).toBe(false);

    const missing = await env.t.app.request(`/api/apps/${env.appId}/chat/history?fromMessageId=nope`, {
      headers: env.owner.headers,
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { message: CHAT_MESSAGES.messageNotFound('nope') } });
  });

  it('answers the spec shape of a message', async () => {
    env.fake.reply({ chunks: ['Hello!'] });
    await send(env.t, env.owner, env.appId, { text: 'Hi', userMessageId: 'shape-1' });
    const [user] = (await historyOf(env.t, env.owner, env.appId)).messages as [ChatMessage, ChatMessage];
    expect(user).toMatchObject({
      id: 'shape-1',
      role: 'user',
      content: 'Hi',
      parts: [{ type: 'text', text: 'Hi' }],
      experimental_attachments: [],
    });
    expect(user.annotations).toHaveLength(1);
    expect(Date.parse(user.createdAt)).not.toBeNaN();
  });

  it('answers stored rows of every part kind in the spec shapes: source, reasoning, file, tool-invocation (issue 23 #18)', async () => {
    const repo = chatRuntime(env.t.deps).repo;
    const result = { index: 0, type: 'add_file', title: 'Page', path: 'pages/A.tsx', outcome: 'applied' };
    await repo.insertMessage({
      id: 'old-shapes',
      appId: env.appId,
      role: 'assistant',
      content: 'Done',
      parts: [
        { type: 'reasoning', text: 'Plan' },
        { type: 'text', text: 'Done' },
        { type: 'source-url', sourceId: 'c1', url: 'https://shop.example/faq', title: 'FAQ' },
        { type: 'file', mediaType: 'text/csv', url: '/api/x.csv', filename: 'x.csv' },
        { type: 'data-action-results', id: 'actions', data: { results: [result] } },
      ],
      annotations: {},
    });
    const { messages } = await historyOf(env.t, env.owner, env.appId);
    const stored = messages.find((m) => m.id === 'old-shapes')!;
    expect(stored.parts).toEqual([
      { type: 'reasoning', reasoning: 'Plan' },
      { type: 'text', text: 'Done' },
      {
        type: 'source',
        source: { sourceType: 'url', id: 'c1', url: 'https://shop.example/faq', title: 'FAQ' },
      },
      { type: 'file', mimeType: 'text/csv', data: '/api/x.csv', filename: 'x.csv' },
      {
        type: 'tool-invocation',
        toolInvocation: {
          state: 'result',
          toolCallId: 'action-0',
          toolName: 'add_file',
          args: { title: 'Page', path: 'pages/A.tsx' },
          result,
        },
      },
    ]);
    expect(stored.toolInvocations).toEqual([(stored.parts[4] as { toolInvocation: unknown }).toolInvocation]);
  });

  it('cites the scraped web page a reply drew on as a source part, live and stored', async () => {
    const dataSources = createDataSourcesRuntime(env.t.deps);
    const item = await dataSources.repo.insertItem({
      appId: env.appId,
      name: 'Shop FAQ',
      type: 'web_page',
      source: 'web_scraper',
      status: 'synced',
    });
    await dataSources.index.insertChunks(env.appId, item.id, 0, [
      { locator: 'https://shop.example/faq', text: 'Refunds are granted within thirty days.' },
    ]);
    env.fake.reply({ chunks: ['Thirty days.'] });
    const { chunks } = await send(env.t, env.owner, env.appId, {
      text: 'How long do refunds take?',
      userMessageId: 'src-1',
    });
    const source = { sourceId: expect.any(String), url: 'https://shop.example/faq', title: 'Shop FAQ' };
    expect(chunks).toContainEqual({ type: 'source-url', ...source });
    const reply = (await historyOf(env.t, env.owner, env.appId)).messages.at(-1)!;
    expect(reply.parts).toContainEqual({
      type: 'source',
      source: {
        sourceType: 'url',
        id: expect.any(String),
        url: 'https://shop.example/faq',
        title: 'Shop FAQ',
      },
    });
    await dataSources.repo.deleteItem(item.id);
  });
});

describe('owner scoping', () => {
  it('answers 404 to another builder and 401 when signed out, on every chat call', async () => {
    env.fake.reply({ chunks: ['Hello'] });
    await send(env.t, env.owner, env.appId, { text: 'Hi', userMessageId: 'own-1' });
    const { versions } = await versionsOf(env.t, env.owner, env.appId);
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/apps/${env.appId}/chat/history`],
      ['POST', `/api/apps/${env.appId}/chat`, { text: 'Hi' }],
      ['POST', `/api/apps/${env.appId}/rating`, { messageId: 'own-1', score: 5, feedback: [], comment: '' }],
      ['POST', `/api/apps/${env.appId}/versions/${versions[0]!.id}/restore`, { messageId: 'own-1' }],
      ['POST', `/api/apps/${env.appId}/versions/${versions[0]!.id}/undo-restore`, { messageId: 'own-1' }],
    ];
    for (const [method, path, body] of calls) {
      const res = await env.t.app.request(path, json(method, body, env.stranger.headers));
      expect([method, path, res.status]).toEqual([method, path, 404]);
      const anonymous = await env.t.app.request(path, json(method, body));
      expect(anonymous.status).toBe(401);
    }
    expect((await historyOf(env.t, env.owner, env.appId)).messages).toHaveLength(2);
  });
});

describe('restore and undo restore', () => {
  it('restores a version as a new one, removes later messages and can be undone', async () => {
    env.fake.reply({ chunks: [page('Contacts')] }, { chunks: [page('Deals')] }, { chunks: ['Looks good.'] });
    await send(env.t, env.owner, env.appId, { text: 'Add contacts', userMessageId: 'u-1' });
    await send(env.t, env.owner, env.appId, { text: 'Add deals', userMessageId: 'u-2' });
    await send(env.t, env.owner, env.appId, { text: 'Thanks', userMessageId: 'u-3' });
    const before = await versionsOf(env.t, env.owner, env.appId);
    const v1 = before.versions.find((v) => v.messageId === 'u-1')!;
    const v2 = before.versions.find((v) => v.messageId === 'u-2')!;
    expect(before.currentVersionId).toBe(v2.id);

    const restored = await post<RestoreResponse>(
      env.owner,
      `/api/apps/${env.appId}/versions/${v1.id}/restore`,
      {
        messageId: 'u-1',
      },
    );
    expect(restored.status).toBe(200);
    const after = await versionsOf(env.t, env.owner, env.appId);
    // History is not rewritten: a new version with v1's files.
    expect(after.versions).toHaveLength(before.versions.length + 1);
    expect(after.versions.map((v) => v.id)).toEqual(expect.arrayContaining([v1.id, v2.id]));
    expect(restored.body.versionId).toBe(after.currentVersionId);
    const files = await filesOf(env.t, env.owner, env.appId);
    expect(files.has('pages/Contacts.tsx')).toBe(true);
    expect(files.has('pages/Deals.tsx')).toBe(false);

    const messages = restored.body.messages;
    expect(messages.map((m) => m.id).slice(0, 2)).toEqual(['u-1', messages[1]!.id]);
    expect(messages).toHaveLength(3);
    const restoreMessage = messages[2]!;
    expect(restoreMessage).toMatchObject({
      role: 'user',
      content: CHAT_MESSAGES.restoredVersion(`${v1.timestamp.slice(0, 16).replace('T', ' ')} UTC`),
    });
    expect(restoreMessage.annotations[0]).toMatchObject({
      versionId: restored.body.versionId,
      systemActionInfo: { type: 'restore', restoredVersionDate: v1.timestamp, revertedFromMessageId: 'u-1' },
    });

    const undone = await post<UndoRestoreResponse>(
      env.owner,
      `/api/apps/${env.appId}/versions/${restored.body.versionId}/undo-restore`,
      { messageId: restoreMessage.id },
    );
    expect(undone.body.error).toBeNull();
    const filesAfterUndo = await filesOf(env.t, env.owner, env.appId);
    expect(filesAfterUndo.has('pages/Deals.tsx')).toBe(true);
    expect((await versionsOf(env.t, env.owner, env.appId)).versions).toHaveLength(before.versions.length + 2);
    const last = undone.body.messages.at(-1)!;
    expect(last.content).toBe(CHAT_MESSAGES.undidRestore(formatVersionDate(v2.timestamp)));
    expect(last.annotations[0]!.systemActionInfo).toMatchObject({ type: 'undo_restore' });
    // The undone restore no longer offers "Undo restore".
    const undoneRestore = undone.body.messages.find((m) => m.id === restoreMessage.id)!;
    expect(undoneRestore.annotations[0]!.systemActionInfo!.revertedFromMessageId).toBeUndefined();

    const again = await post<UndoRestoreResponse>(
      env.owner,
      `/api/apps/${env.appId}/versions/${restored.body.versionId}/undo-restore`,
      { messageId: restoreMessage.id },
    );
    expect(again.status).toBe(200);
    expect(again.body.error).toBe(CHAT_MESSAGES.restoreNotFound);
  });

  it('restores by version id a version whose message is gone (issue 21 §10), and answers 404 for an unknown version', async () => {
    const { versions } = await versionsOf(env.t, env.owner, env.appId);
    const first = versions[0]!;
    env.fake.reply({ chunks: ['Hi'] });
    await send(env.t, env.owner, env.appId, { text: 'Hi', userMessageId: 'x-1' });
    const restored = await post(env.owner, `/api/apps/${env.appId}/versions/${first.id}/restore`, {
      messageId: 'removed-by-a-revert',
    });
    expect(restored.status).toBe(200);
    const body = restored.body as { messages: ChatMessage[]; versionId: string };
    // Nothing of the conversation is removed; the restore message comes last, with no Undo reference.
    expect(body.messages.map((m) => m.id).slice(0, 2)).toEqual(['x-1', expect.any(String)]);
    expect(body.messages.at(-1)!.annotations[0]!.systemActionInfo).toMatchObject({ type: 'restore' });
    expect(body.messages.at(-1)!.annotations[0]!.systemActionInfo!.revertedFromMessageId).toBeUndefined();
    const after = await versionsOf(env.t, env.owner, env.appId);
    expect(after.currentVersionId).toBe(body.versionId);
    expect(await filesOf(env.t, env.owner, env.appId)).toEqual(
      await filesOf(env.t, env.owner, env.appId, first.id),
    );

    const unknownVersion = await post(env.owner, `/api/apps/${env.appId}/versions/${randomUUID()}/restore`, {
      messageId: 'x-1',
    });
    expect(unknownVersion.status).toBe(404);
  });
});

describe('rating', () => {
  it('stores a score with reasons and a trimmed comment on the message', async () => {
    env.fake.reply({ chunks: ['Done.'] });
    await send(env.t, env.owner, env.appId, { text: 'Hi' });
    const assistant = (await historyOf(env.t, env.owner, env.appId)).messages[1]!;
    const res = await post<{ ok: boolean }>(env.owner, `/api/apps/${env.appId}/rating`, {
      messageId: assistant.id,
      score: 4,
      feedback: ['Did what I asked'],
      comment: '  Great work  ',
    });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    const rated = (await historyOf(env.t, env.owner, env.appId)).messages[1]!;
    expect(rated.annotations[0]!.rating).toEqual({
      score: 4,
      feedback: ['Did what I asked'],
      comment: 'Great work',
    });
  });

  it('refuses a score outside 1 to 5 and a user message', async () => {
    env.fake.reply({ chunks: ['Done.'] });
    await send(env.t, env.owner, env.appId, { text: 'Hi', userMessageId: 'rate-user' });
    const assistant = (await historyOf(env.t, env.owner, env.appId)).messages[1]!;
    for (const score of [RATING_MIN_SCORE - 1, RATING_MAX_SCORE + 1, 2.5]) {
      const res = await post(env.owner, `/api/apps/${env.appId}/rating`, { messageId: assistant.id, score });
      expect(res.status).toBe(400);
    }
    const longComment = await post(env.owner, `/api/apps/${env.appId}/rating`, {
      messageId: assistant.id,
      score: RATING_MAX_SCORE,
      comment: 'x'.repeat(RATING_COMMENT_MAX_LENGTH + 1),
    });
    expect(longComment.status).toBe(400);
    expect(
      (await historyOf(env.t, env.owner, env.appId)).messages[1]!.annotations[0]!.rating,
    ).toBeUndefined();
    const onUser = await post(env.owner, `/api/apps/${env.appId}/rating`, {
      messageId: 'rate-user',
      score: 3,
    });
    expect(onUser.status).toBe(404);
  });
});

describe('attachments', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );

  async function upload(who: SignedIn, file: File) {
    const form = new FormData();
    form.append('file', file);
    return env.t.app.request(`/api/apps/${env.appId}/chat/attachments`, {
      method: 'POST',
      headers: who.headers,
      body: form,
    });
  }

  it('uploads an image, shows it in the message and sends it to the model; retry resends it', async () => {
    const res = await upload(env.owner, new File([png], 'shot.png', { type: 'image/png' }));
    expect(res.status).toBe(201);
    const attachment = (await res.json()) as { url: string; name: string; contentType: string };
    expect(attachment).toMatchObject({ name: 'shot.png', contentType: 'image/png' });

    const served = await env.t.app.request(attachment.url, { headers: env.owner.headers });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
    expect((await env.t.app.request(attachment.url, { headers: env.stranger.headers })).status).toBe(404);

    env.fake.reply({ chunks: ['Nice screenshot'], status: 500 }, { status: 500 });
    const attachments = [{ name: attachment.name, url: attachment.url, contentType: attachment.contentType }];
    await send(env.t, env.owner, env.appId, {
      text: 'Make it look like this',
      attachments,
      userMessageId: 'img-1',
    });
    const [user] = (await historyOf(env.t, env.owner, env.appId)).messages;
    expect(user!.experimental_attachments).toEqual(attachments);
    // The spec's file part: mimeType and data (where the bytes are), issue 23 #18.
    expect(user!.parts).toContainEqual({
      type: 'file',
      mimeType: 'image/png',
      data: attachment.url,
      filename: 'shot.png',
    });
    const sent = JSON.stringify(env.fake.completions().at(-1)!.body);
    expect(sent).toContain('image_url');
    expect(sent).toContain(png.toString('base64'));

    env.fake.reply({ chunks: ['Got it'] });
    await send(env.t, env.owner, env.appId, { text: '', retry: true, messageId: 'img-1' });
    const retried = (await historyOf(env.t, env.owner, env.appId)).messages;
    expect(retried.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(retried[0]!.experimental_attachments).toEqual(attachments);
    expect(JSON.stringify(env.fake.completions().at(-1)!.body)).toContain(png.toString('base64'));
  });

  it('refuses files of 10 MB or more and types that cannot be attached', async () => {
    const big = await upload(
      env.owner,
      new File([new Uint8Array(CHAT_ATTACHMENT_MAX_BYTES)], 'big.png', { type: 'image/png' }),
    );
    expect(big.status).toBe(400);
    expect(await big.json()).toMatchObject({
      error: { code: 'file_too_large', message: CHAT_MESSAGES.attachmentTooLarge },
    });
    const html = await upload(env.owner, new File(['<script>'], 'x.html', { type: 'text/html' }));
    expect(html.status).toBe(400);
    expect(await html.json()).toMatchObject({
      error: { code: 'unsupported_file_type', message: CHAT_MESSAGES.attachmentUnsupported },
    });
  });

  it('answers "File not found" without a file and for an unknown attachment', async () => {
    const empty = await env.t.app.request(`/api/apps/${env.appId}/chat/attachments`, {
      method: 'POST',
      headers: env.owner.headers,
      body: new FormData(),
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: { message: CHAT_MESSAGES.attachmentNotFound } });
    const unknown = await env.t.app.request(`/api/apps/${env.appId}/chat/attachments/${randomUUID()}`, {
      headers: env.owner.headers,
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { message: CHAT_MESSAGES.attachmentNotFound } });
  });

  it('refuses a message without text or files, more than the attachment limit, or too long', async () => {
    const empty = await post(env.owner, `/api/apps/${env.appId}/chat`, { text: '  ' });
    expect(empty).toMatchObject({ status: 400, body: { error: { message: CHAT_MESSAGES.messageRequired } } });
    const attachments = Array.from({ length: CHAT_MAX_ATTACHMENTS + 1 }, (_, i) => ({
      name: `f${i}.png`,
      url: `/api/apps/${env.appId}/chat/attachments/${randomUUID()}`,
      contentType: 'image/png',
    }));
    expect((await post(env.owner, `/api/apps/${env.appId}/chat`, { text: 'Look', attachments })).status).toBe(
      400,
    );
    const long = await post(env.owner, `/api/apps/${env.appId}/chat`, {
      text: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1),
    });
    expect(long.status).toBe(400);
    expect((await historyOf(env.t, env.owner, env.appId)).messages).toHaveLength(0);
    expect(env.fake.completions()).toHaveLength(0);
  });
});

describe('tokens and cost (issue 21 §10)', () => {
  it('answers usage and token counts to an admin only, in the history and in the reply stream', async () => {
    const reply = {
      chunks: [`Added a page.\n${page('Deals')}`],
      usage: { prompt_tokens: 1200, completion_tokens: 80 },
    };
    env.fake.reply(reply);
    const admin = await send(env.t, env.owner, env.appId, { text: 'Add deals' });
    expect(finishMetadata(admin.chunks)?.usage?.totalTokens).toBe(1280);
    const adminReply = (await historyOf(env.t, env.owner, env.appId)).messages.at(-1)!.annotations[0]!;
    expect(adminReply.usage).toMatchObject({ promptTokens: 1200, completionTokens: 80, totalTokens: 1280 });
    expect(adminReply.contextFiles?.[0]?.tokenEstimation).toBeGreaterThan(0);
    expect(adminReply.contextMetadata?.rerankTokenLimit).toBeGreaterThan(0);

    const builderAppId = await createGenApp(env.t, env.stranger);
    env.fake.reply(reply);
    const sent = await send(env.t, env.stranger, builderAppId, { text: 'Add deals' });
    const streamed = JSON.stringify(sent.chunks.filter((c) => 'messageMetadata' in c));
    expect(streamed).toContain('versionId');
    expect(streamed).not.toMatch(/usage|tokenEstimation|Cost|rerankTokenLimit|evals/);
    const [, own] = (await historyOf(env.t, env.stranger, builderAppId)).messages as [
      ChatMessage,
      ChatMessage,
    ];
    const annotation = own.annotations[0]!;
    expect(annotation.versionId).toBeTruthy();
    expect(annotation.contextFiles?.length).toBeGreaterThan(0);
    expect(annotation.contextMetadata?.retrievedFiles.length).toBeGreaterThan(0);
    expect(JSON.stringify(own)).not.toMatch(/usage|tokenEstimation|Cost|rerankTokenLimit|evals/);
  });
});

describe('admin enhance context query', () => {
  it('answers the enhanced query for an admin and 403 for other builders', async () => {
    env.fake.reply({ chunks: ['contacts page Layout.tsx navigation'] });
    const res = await post<{ enhancedQuery: string; tokenEstimation: number }>(
      env.owner,
      '/api/admin/enhanceContextQuery',
      { latestUserRequest: 'Add contacts', appId: env.appId, messageId: 'm', currentRoute: '/' },
    );
    expect(res).toMatchObject({
      status: 200,
      body: { enhancedQuery: 'contacts page Layout.tsx navigation', tokenEstimation: 9 },
    });
    const other = await post(env.stranger, '/api/admin/enhanceContextQuery', {
      latestUserRequest: 'x',
      appId: env.appId,
    });
    expect(other.status).toBe(403);
  });
});

describe("read-only chat view: a platform admin on another builder's app (spec 3 §6)", () => {
  it('lets the admin find and read the chat, and refuses every chat action with 403', async () => {
    expect(env.owner.user.isAdmin).toBe(true);
    const appId = await createGenApp(env.t, env.stranger, 'Habits');
    env.fake.reply({ chunks: [`Added a page.\n${page('Habits')}`] });
    await send(env.t, env.stranger, appId, { text: 'Add habits', userMessageId: 'ro-user' });
    const [user, reply] = (await historyOf(env.t, env.stranger, appId)).messages as [
      ChatMessage,
      ChatMessage,
    ];
    const versionId = reply.annotations[0]!.versionId!;

    const get = (who: SignedIn, path: string) => env.t.app.request(path, { headers: who.headers });
    const listed = await get(env.owner, `/api/admin/users/${env.stranger.user.id}/apps`);
    const { apps } = (await listed.json()) as { apps: { id: string; ownerEmail: string }[] };
    expect(apps[0]).toMatchObject({ id: appId, name: 'Habits', ownerEmail: env.stranger.user.email });
    expect(apps.every((app) => app.ownerEmail === env.stranger.user.email)).toBe(true);
    const one = await get(env.owner, `/api/admin/apps/${appId}`);
    expect(await one.json()).toMatchObject({ id: appId, ownerId: env.stranger.user.id });
    expect((await get(env.stranger, `/api/admin/apps/${env.appId}`)).status).toBe(403);
    expect((await get(env.stranger, `/api/admin/users/${env.owner.user.id}/apps`)).status).toBe(403);

    const read = await historyOf(env.t, env.owner, appId);
    expect(read.messages.map((m) => m.id)).toEqual([user.id, reply.id]);
    const followed = await get(env.owner, `/api/apps/${appId}/chat/stream`);
    expect(followed.status).toBe(200);
    expect(await followed.text()).toContain('Added a page.');

    const refused = { error: { message: CHAT_MESSAGES.readOnly } };
    const acts: [string, unknown][] = [
      [`/api/apps/${appId}/chat`, { text: 'Add streaks' }],
      [`/api/apps/${appId}/chat`, { text: 'Add habits', retry: true, messageId: user.id }],
      [`/api/apps/${appId}/chat/stop`, {}],
      [`/api/apps/${appId}/rating`, { messageId: reply.id, score: 5, feedback: [], comment: '' }],
      [`/api/apps/${appId}/versions/${versionId}/restore`, { messageId: user.id }],
      [`/api/apps/${appId}/versions/${versionId}/undo-restore`, { messageId: user.id }],
    ];
    for (const [path, body] of acts) {
      const res = await post(env.owner, path, body);
      expect([path, res.status]).toEqual([path, 403]);
      expect(res.body).toMatchObject(refused);
    }
    const form = new FormData();
    form.set('file', new File(['hi'], 'note.txt', { type: 'text/plain' }));
    const upload = await env.t.app.request(`/api/apps/${appId}/chat/attachments`, {
      method: 'POST',
      body: form,
      headers: env.owner.headers,
    });
    expect(upload.status).toBe(403);
    // Nothing changed: no message, no rating, no version.
    const after = await historyOf(env.t, env.stranger, appId);
    expect(after.messages.map((m) => m.id)).toEqual([user.id, reply.id]);
    expect(after.messages[1]!.annotations[0]!.rating).toBeUndefined();
    expect(env.fake.completions()).toHaveLength(1);

    // A builder who is not an admin still reads nothing of another builder's chat.
    const hidden = await get(env.stranger, `/api/apps/${env.appId}/chat/history`);
    expect(hidden.status).toBe(404);
  });
});
