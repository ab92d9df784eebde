import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHAT_MESSAGES, serializeAction } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPreviewApp } from '../../src/features/preview/preview.app.ts';
import { chatReplies } from '../../src/platform/db/schema/index.ts';
import { type RunningServer, startServer } from '../../src/server.ts';
import { STRONG_PASSWORD, verifyByMail } from '../support/accounts.ts';
import { readUiStream, readUiStreamLive } from '../support/chat.ts';
import { type FakeProvider, startFakeOpenAI } from '../support/fake-openai.ts';
import { testConfig } from '../support/test-config.ts';
import {
  createPostgresDatabase,
  silentLogger,
  type TestDatabaseUrl,
  testDbKind,
} from '../support/test-db.ts';

// Issue 21 §3: the reply belongs to the server, whichever instance runs it.
describe.runIf(testDbKind === 'postgres')('a chat reply seen from a second instance', () => {
  let db: TestDatabaseUrl;
  let fake: FakeProvider;
  let a: RunningServer;
  let b: RunningServer;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-multi-chat-'));

  beforeAll(async () => {
    db = await createPostgresDatabase({ migrated: true });
    fake = await startFakeOpenAI();
    const config = testConfig(dataDir, {
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: db.url,
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: fake.baseUrl,
    });
    a = await startServer(config, silentLogger);
    b = await startServer(config, silentLogger);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await fake?.close();
    await db?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A verified builder's calls to either instance. */
  const signedIn = async (email: string) => {
    const signup = await fetch(`${a.url}/api/auth/signup`, {
      method: 'POST',
      body: JSON.stringify({ email, password: STRONG_PASSWORD }),
      headers: { 'content-type': 'application/json', origin: a.url },
    });
    expect(signup.status).toBe(201);
    await verifyByMail(a.url, email);
    const cookie = signup.headers.getSetCookie()[0]!.split(';')[0]!;
    return (server: RunningServer, route: string, body?: unknown) =>
      fetch(`${server.url}/api${route}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { cookie, origin: server.url, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
  };
  const page = serializeAction({
    type: 'add_file',
    path: 'pages/Contacts.tsx',
    title: 'Add the contacts page',
    content: 'export default function Contacts() {\n  return <h1>Contacts</h1>;\n}\n',
  });

  it('B sees the reply A runs, follows it live, refuses a second message with 409 and stops it', async () => {
    const call = await signedIn('multi-chat@example.com');
    const created = await call(a, '/apps', { name: 'Two instances', type: 'GEN_APP' });
    const appId = ((await created.json()) as { id: string }).id;

    fake.reply({
      chunks: ['Adding ', 'the page.\n', page, '\nMore to come'],
      chunkDelayMs: 100,
      failAfter: { chunks: 4, mode: 'hang' },
    });
    const streamA = readUiStreamLive(
      await call(a, `/apps/${appId}/chat`, { text: 'Add contacts', userMessageId: 'u-a' }),
    );
    const onA = streamA.done;
    await expect
      .poll(() => fake.completions().at(-1)?.chunksSent ?? 0, { timeout: 5000 })
      .toBeGreaterThanOrEqual(1);

    const history = (await (await call(b, `/apps/${appId}/chat/history`)).json()) as {
      running: { messageId: string; userMessageId: string } | null;
    };
    expect(history.running).toMatchObject({ userMessageId: 'u-a' });

    const busy = await call(b, `/apps/${appId}/chat`, { text: 'And deals' });
    expect(busy.status).toBe(409);
    expect(((await busy.json()) as { error: { message: string } }).error.message).toBe(
      CHAT_MESSAGES.replyRunning,
    );

    const followed = call(b, `/apps/${appId}/chat/stream`).then(readUiStream);
    await expect
      .poll(() => streamA.live.some((c) => c.type === 'data-action-results'), { timeout: 5000 })
      .toBe(true);
    expect(await (await call(b, `/apps/${appId}/chat/stop`, {})).json()).toEqual({ stopped: true });

    const [sent, seen] = await Promise.all([onA, followed]);
    const text = (chunks: typeof sent) =>
      chunks
        .filter((c) => c.type === 'text-delta')
        .map((c) => c.delta)
        .join('');
    expect(text(seen)).toBe(text(sent));
    expect(text(seen)).toContain('</atelier-action>');
    expect(seen.at(-1)).toMatchObject({ type: 'finish', messageMetadata: { stopped: true } });

    const files = (await (await call(b, `/apps/${appId}/files`)).json()) as { files: { path: string }[] };
    expect(files.files.map((f) => f.path)).toContain('pages/Contacts.tsx');
    const after = (await (await call(b, `/apps/${appId}/chat/history`)).json()) as { running: unknown };
    expect(after.running).toBeNull();
  });

  it('B previews the draft of the files a reply running on A has written (issue 21 §8)', async () => {
    const call = await signedIn('multi-draft@example.com');
    const created = await call(a, '/apps', { name: 'Drafts on two instances', type: 'GEN_APP' });
    const appId = ((await created.json()) as { id: string }).id;
    fake.reply({
      chunks: ['Adding ', 'the page.\n', page, '\nMore to come'],
      chunkDelayMs: 50,
      failAfter: { chunks: 4, mode: 'hang' },
    });
    const streamA = readUiStreamLive(
      await call(a, `/apps/${appId}/chat`, { text: 'Add contacts', userMessageId: 'u-draft-a' }),
    );
    await expect.poll(() => streamA.live.some((c) => c.type === 'data-draft'), { timeout: 5000 }).toBe(true);
    const { versionId: draftId } = (
      streamA.live.find((c) => c.type === 'data-draft') as unknown as {
        data: { versionId: string };
      }
    ).data;

    // B has never seen the reply: it reads the draft from the reply's row and builds it.
    const linkRes = await call(b, `/apps/${appId}/preview-token`, { versionId: draftId });
    expect(linkRes.status).toBe(200);
    const link = (await linkRes.json()) as { token: string };
    const script = await createPreviewApp(b.deps).request(
      `/preview-assets/${appId}/${encodeURIComponent(draftId)}/app.js?token=${encodeURIComponent(link.token)}`,
    );
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('Contacts');

    // The reply ends (stopped from B): its row no longer carries a draft.
    expect(await (await call(b, `/apps/${appId}/chat/stop`, {})).json()).toEqual({ stopped: true });
    await streamA.done;
    const [row] = await b.database.db.select().from(chatReplies).where(eq(chatReplies.appId, appId));
    expect(row).toMatchObject({ status: 'done', draft: null });
  });
});
