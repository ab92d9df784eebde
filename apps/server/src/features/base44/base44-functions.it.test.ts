import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { createClient, FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { json, outbox, type SignedIn, signUpEndUser } from '../../../test/support/accounts.ts';
import { failure, sdkClients } from '../../../test/support/base44.ts';
import { createEntityApp } from '../../../test/support/entities.ts';
import { type FakeProvider, type FakeRequest, startFakeOpenAI } from '../../../test/support/fake-openai.ts';
import { markPublished, writeFile } from '../../../test/support/functions.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { JwtKeys } from '../../platform/auth/jwt.ts';
import { SUPABASE_ANON_KEY, supabaseApiUrl } from '../supabase/page-env.ts';
import { agentAnswers } from './agent-answers.ts';
import { AGENT_MESSAGES } from './agents.ts';
import { signedFileUrl } from './files.ts';

/** `@base44/sdk`'s functions and Core integrations against a real Atelier server (loopback only). */

let t: TestApp;
let fake: FakeProvider;
let server: ServerType;
let serverUrl: string;
let appId: string;
let owner: SignedIn;
const { client, cleanup: cleanupClients } = sdkClients(() => ({ serverUrl, appId }));

const ECHO = [
  'export default async (req: Request) => {',
  "  const type = req.headers.get('content-type') ?? '';",
  "  const got = type.includes('json') ? await req.json() : { type: type.split(';')[0], text: await req.text() };",
  "  return Response.json({ got, method: req.method }, { status: 201, headers: { 'x-echo': 'yes' } });",
  '};',
].join('\n');

/** Base44's agent file: reads tasks (read only) and calls the echo function. */
const HELPER_AGENT = `{
  // kept by the importer as agents/helper.jsonc
  "description": "Helps with tasks.",
  "instructions": "Answer from the user's tasks.",
  "tool_configs": [
    { "entity_name": "Task", "allowed_operations": ["read"] },
    { "function_name": "echo", "description": "Echoes its input." },
  ],
}`;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  t = await createTestApp({
    env: { FUNCTION_RUNNERS: '1', OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.baseUrl },
  });
  ({ appId, owner } = await createEntityApp(t, 'builder@example.com', {
    Note: { properties: { text: { type: 'string' } }, rls: { read: 'anonymous', write: 'all' } },
    Task: { properties: { title: { type: 'string' } }, rls: { read: 'creator', write: 'creator' } },
  }));
  await writeFile(t, owner, appId, 'functions/echo.ts', ECHO);
  await writeFile(t, owner, appId, 'agents/helper.jsonc', HELPER_AGENT);
  await markPublished(t, appId);
  const deployed = await t.app.request(
    `/api/apps/${appId}/functions/echo/deploy`,
    json('POST', {}, owner.headers),
  );
  expect(deployed.status).toBe(200);
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  cleanupClients();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
  await fake.close();
});

describe('@base44/sdk functions and integrations against Atelier', () => {
  it('invokes a function with JSON and multipart bodies and hands back its raw answer', async () => {
    const sdk = client();
    const answer = await sdk.functions.invoke('echo', { name: 'Ada', n: 2 });
    expect(answer.status).toBe(201);
    expect(answer.headers['x-echo']).toBe('yes');
    expect(answer.data).toEqual({ got: { name: 'Ada', n: 2 }, method: 'POST' });
    // An object with a File: the SDK sends multipart/form-data.
    const file = new File(['hello file'], 'a.txt', { type: 'text/plain' });
    const multipart = await sdk.functions.invoke('echo', { kind: 'note', file });
    expect(multipart.data.got.type).toBe('multipart/form-data');
    expect(multipart.data.got.text).toMatch(/name="kind"\r\n\r\nnote\r\n/);
    expect(multipart.data.got.text).toMatch(
      /filename="a.txt"\r\nContent-Type: text\/plain\r\n\r\nhello file\r\n/,
    );
    expect(await failure(sdk.functions.invoke('missing', {}))).toMatchObject({ status: 404 });
  });

  it("runs the same function for @supabase/supabase-js's functions.invoke (features/supabase)", async () => {
    const supabase = createClient(supabaseApiUrl(serverUrl, appId), SUPABASE_ANON_KEY, {
      auth: { persistSession: false },
      realtime: { transport: WebSocket as never },
    });
    const answer = await supabase.functions.invoke('echo', {
      body: { name: 'Ada' },
      headers: { 'x-trace': '1' },
    });
    expect(answer.error).toBeNull();
    expect(answer.data).toEqual({ got: { name: 'Ada' }, method: 'POST' });
    const missing = await supabase.functions.invoke('missing', { body: {} });
    expect(missing.error).toBeInstanceOf(FunctionsHttpError);
    expect((missing.error as FunctionsHttpError).context.status).toBe(404);
  });

  it('answers InvokeLLM through the AI layer for the app’s users, with usage recorded', async () => {
    expect(await failure(client().integrations.Core.InvokeLLM({ prompt: 'Hi' }))).toMatchObject({
      status: 401,
    });
    const user = await signUpEndUser(t, appId, 'ada@example.com');
    const sdk = client(user.refreshToken);
    fake.reply({ chunks: ['Bonjour'] });
    expect(await sdk.integrations.Core.InvokeLLM({ prompt: 'Say hello in French' })).toBe('Bonjour');
    fake.reply({ chunks: ['```json\n{"city":"Paris","population":2100000}\n```'] });
    const object = await sdk.integrations.Core.InvokeLLM({
      prompt: 'The capital of France',
      response_json_schema: { type: 'object', properties: { city: { type: 'string' } } },
    });
    expect(object).toEqual({ city: 'Paris', population: 2100000 });
    const [, second] = fake.completions();
    expect(JSON.stringify(second?.body)).toContain('JSON Schema');
    const usage = await t.deps.database.query<{ purpose: string; app_id: string; user_id: string }>(
      `select purpose, app_id, user_id from llm_usage where purpose = 'app_integration'`,
    );
    expect(usage.rows).toEqual([
      { purpose: 'app_integration', app_id: appId, user_id: user.user.id },
      { purpose: 'app_integration', app_id: appId, user_id: user.user.id },
    ]);
    expect(
      await failure(sdk.integrations.Core.InvokeLLM({ prompt: 'News', add_context_from_internet: true })),
    ).toMatchObject({ status: 501, code: 'not_implemented' });
  });

  it("answers an agent's conversation through the AI layer, its tools acting as the caller", async () => {
    const other = client((await signUpEndUser(t, appId, 'agent-other@example.com')).refreshToken);
    await other.entities.Task!.create({ title: 'Not yours' });
    const user = await signUpEndUser(t, appId, 'agent-user@example.com');
    const sdk = client(user.refreshToken);
    await sdk.entities.Task!.create({ title: 'Water the plants' });
    const conversation = await sdk.agents.createConversation({
      agent_name: 'helper',
      metadata: { name: 'Chat' },
    });
    fake.reply(
      {
        chunks: ['Let me look.'],
        toolCalls: [
          { id: 'call_read', name: 'read_Task', arguments: '{"sort":"-created_date"}' },
          { id: 'call_echo', name: 'echo', arguments: '{"hello":"agent"}' },
        ],
      },
      { chunks: ['You have one task: ', 'Water the plants.'] },
    );
    const sent = await sdk.agents.addMessage(conversation, { role: 'user', content: 'What are my tasks?' });
    expect(sent).toMatchObject({ role: 'user', content: 'What are my tasks?' });
    const answered = await vi.waitFor(
      async () => {
        const current = await sdk.agents.getConversation(conversation.id);
        const answer = current?.messages.at(-1);
        if (answer?.role !== 'assistant' || !answer.usage) throw new Error('not answered yet');
        return current!;
      },
      { timeout: 10_000, interval: 50 },
    );
    const [question, answer] = answered.messages;
    expect(question).toMatchObject({ role: 'user', content: 'What are my tasks?' });
    expect(answer).toMatchObject({
      role: 'assistant',
      content: 'Let me look.You have one task: Water the plants.',
    });
    // The read ran under the Task rules as this user: the other user's task is not in it.
    const [read, echo] = answer!.tool_calls!;
    expect(read).toMatchObject({ name: 'read_Task', status: 'success' });
    expect(read!.results).toContain('Water the plants');
    expect(read!.results).not.toContain('Not yours');
    expect(echo).toMatchObject({ name: 'echo', status: 'success' });
    expect(JSON.parse(echo!.results!)).toEqual({ got: { hello: 'agent' }, method: 'POST' });
    // The model got the agent's instructions, its tools (read only: no create_Task), then the results.
    const [first, second] = fake.completions().slice(-2) as [FakeRequest, FakeRequest];
    expect(JSON.stringify(first?.body?.messages)).toContain("Answer from the user's tasks.");
    const tools = ((first.body?.tools ?? []) as { function: { name: string } }[]).map(
      (item) => item.function.name,
    );
    expect(tools.sort()).toEqual(['echo', 'read_Task']);
    expect(JSON.stringify(second?.body?.messages)).toContain('Water the plants');
    // Usage is counted for the app and the caller, like InvokeLLM's.
    const usage = await t.deps.database.query<{ n: number }>(
      `select count(*)::int as n from llm_usage where purpose = 'app_integration' and user_id = $1`,
      [user.user.id],
    );
    expect(usage.rows[0]?.n).toBe(2);
    // A model that keeps calling tools is stopped after 5 steps, and the answer says so.
    const loop = { toolCalls: [{ id: 'again', name: 'read_Task', arguments: '{}' }] };
    fake.reply(loop, loop, loop, loop, loop);
    const before = fake.completions().length;
    await sdk.agents.addMessage(conversation, { role: 'user', content: 'Keep looking' });
    const stopped = await vi.waitFor(
      async () => {
        const answer = (await sdk.agents.getConversation(conversation.id))?.messages.at(-1);
        if (answer?.role !== 'assistant' || !answer.usage) throw new Error('not answered yet');
        return answer;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(stopped.content).toBe('The agent stopped after 5 steps of tool calls without an answer.');
    expect(stopped.tool_calls).toHaveLength(5);
    expect(fake.completions().length - before).toBe(5);
    // Another user sees neither the conversation nor may add to it.
    expect(await failure(other.agents.getConversation(conversation.id))).toMatchObject({ status: 404 });
    expect(await other.agents.listConversations({ agent_name: 'helper' } as never)).toEqual([]);
    expect(
      await failure(other.agents.addMessage(conversation, { role: 'user', content: 'Hi' })),
    ).toMatchObject({ status: 404 });
  });

  it('a graceful shutdown waits for an answer under way, then stops it and stores why', async () => {
    const user = await signUpEndUser(t, appId, 'agent-shutdown@example.com');
    const sdk = client(user.refreshToken);
    const conversation = await sdk.agents.createConversation({ agent_name: 'helper' });
    fake.reply({ delayMs: 30_000, chunks: ['Too late'] }); // a model that does not answer in time
    await sdk.agents.addMessage(conversation, { role: 'user', content: 'Still there?' });
    // What services.stop does for the agents' answers (besides the chat's replies and the jobs).
    await agentAnswers(t.deps).stop(100);
    const answer = (await sdk.agents.getConversation(conversation.id))?.messages.at(-1);
    expect(answer).toMatchObject({ role: 'assistant', content: AGENT_MESSAGES.stopped });
  });

  it('sends e-mail to the app’s users only, and answers 501 for integrations not done', async () => {
    const sender = await signUpEndUser(t, appId, 'bea@example.com');
    await signUpEndUser(t, appId, 'cy@example.com');
    const sdk = client(sender.refreshToken);
    expect(
      await sdk.integrations.Core.SendEmail({
        to: 'cy@example.com',
        subject: 'Hi <Cy>',
        body: 'Line <b>1</b>',
      }),
    ).toEqual({ success: true });
    const mail = (await outbox(t)).find(
      (message) => message.to === 'cy@example.com' && message.subject === 'Hi <Cy>',
    );
    expect(mail?.html).toContain('Line &#60;b&#62;1&#60;/b&#62;');
    const stranger = await failure(
      sdk.integrations.Core.SendEmail({ to: 'someone@example.org', subject: 'Hi', body: 'x' }),
    );
    expect(stranger).toMatchObject({ status: 400, message: 'SendEmail sends only to users of this app' });
    // Rate-limited per recipient (5 mails a window, the sign-up's own mail counted): then 429.
    const sends: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      sends.push(
        await sdk.integrations.Core.SendEmail({ to: 'cy@example.com', subject: 'Again', body: 'x' }).then(
          () => 200,
          (error: { status?: number }) => error.status ?? 0,
        ),
      );
    }
    expect(sends.at(-1)).toBe(429);
    expect(sends.filter((status) => status === 200).length).toBeLessThanOrEqual(4);
    expect(
      await failure(client().integrations.Core.SendEmail({ to: 'cy@example.com', subject: 'x', body: 'x' })),
    ).toMatchObject({
      status: 401,
    });
    expect(await failure(sdk.integrations.Core.GenerateImage({ prompt: 'a cat' }))).toMatchObject({
      status: 501,
      code: 'not_implemented',
    });
  });

  it('stores public and private files, signs private ones, and extracts data from them', async () => {
    const user = await signUpEndUser(t, appId, 'files@example.com');
    const sdk = client(user.refreshToken);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const image = await sdk.integrations.Core.UploadFile({ file: new File([png], 'dot.png') });
    const served = await t.app.request(new URL(image.file_url).pathname);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    const csv = 'name,city\nAda,London\nBea,Paris\n';
    const sheet = await sdk.integrations.Core.UploadFile({ file: new File([csv], 'people.csv') });
    const csvServed = await t.app.request(new URL(sheet.file_url).pathname);
    expect(csvServed.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csvServed.headers.get('content-disposition')).toBe('attachment');
    expect(await csvServed.text()).toBe(csv);
    expect(
      await failure(client().integrations.Core.UploadFile({ file: new File([png], 'dot.png') })),
    ).toMatchObject({ status: 401 });

    // Private: no public address; a signed one that expires, tied to its app and file.
    const { file_uri } = await sdk.integrations.Core.UploadPrivateFile({
      file: new File([csv], 'private.csv'),
    });
    expect((await t.app.request(`/api/uploads/${file_uri}`)).status).not.toBe(200);
    const { signed_url } = await sdk.integrations.Core.CreateFileSignedUrl({ file_uri, expires_in: 60 });
    const signed = new URL(signed_url);
    const fetched = await t.app.request(`${signed.pathname}${signed.search}`);
    expect(fetched.status).toBe(200);
    expect(await fetched.text()).toBe(csv);
    const tampered = `${signed.pathname}?expires=${Number(signed.searchParams.get('expires')) + 60}&signature=${signed.searchParams.get('signature')}`;
    expect((await t.app.request(tampered)).status).toBe(404);
    const secret = await new JwtKeys(t.deps.database, t.deps.config.auth.jwtSecret).secret();
    const name = signed.pathname.split('/').pop() ?? '';
    const expired = new URL(
      signedFileUrl({ publicUrl: signed.origin, appId, name, expiresIn: 60, secret }, Date.now() - 3_600_000),
    );
    expect((await t.app.request(`${expired.pathname}${expired.search}`)).status).toBe(404);
    expect(
      await failure(
        sdk.integrations.Core.CreateFileSignedUrl({ file_uri: file_uri.replace(appId, 'another-app') }),
      ),
    ).toMatchObject({ status: 404 });

    // Extraction reads the app's own files only, through the ingestion parsers and the model.
    fake.reply({ chunks: ['{"people":[{"name":"Ada","city":"London"},{"name":"Bea","city":"Paris"}]}'] });
    const extracted = await sdk.integrations.Core.ExtractDataFromUploadedFile({
      file_url: signed_url,
      json_schema: { type: 'object', properties: { people: { type: 'array' } } },
    });
    expect(extracted).toEqual({
      status: 'success',
      details: null,
      output: {
        people: [
          { name: 'Ada', city: 'London' },
          { name: 'Bea', city: 'Paris' },
        ],
      },
    });
    const prompt = JSON.stringify(fake.completions().at(-1)?.body);
    expect(prompt).toContain('name: Ada');
    expect(prompt).toContain('JSON Schema');
    // InvokeLLM's file_urls: the app's files reach the model, a document as its text, an image as one.
    fake.reply({ chunks: ['Two people and a dot'] });
    expect(
      await sdk.integrations.Core.InvokeLLM({
        prompt: 'What do these show?',
        file_urls: [sheet.file_url, image.file_url],
      }),
    ).toBe('Two people and a dot');
    const withFiles = JSON.stringify(fake.completions().at(-1)?.body);
    expect(withFiles).toContain('What do these show?');
    expect(withFiles).toContain('The file people.csv');
    expect(withFiles).toContain('name: Bea');
    expect(withFiles).toContain(`data:image/png;base64,${png.toString('base64')}`);
    const foreign = await failure(
      sdk.integrations.Core.InvokeLLM({
        prompt: 'x',
        file_urls: ['http://169.254.169.254/latest/meta-data'],
      }),
    );
    expect(foreign).toMatchObject({ status: 400 });
    expect(foreign.message).toContain('file_url must be a file uploaded to this app');
    const elsewhere = await failure(
      sdk.integrations.Core.ExtractDataFromUploadedFile({
        file_url: 'http://169.254.169.254/latest/meta-data',
        json_schema: { type: 'object' },
      }),
    );
    expect(elsewhere).toMatchObject({ status: 400 });
    expect(elsewhere.message).toContain('file_url must be a file uploaded to this app');
  });
});
