import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Base44Client, Base44Error, type EntityHandler } from '@base44/sdk';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  json,
  lastMailTo,
  OTHER_STRONG_PASSWORD,
  type SignedIn,
  STRONG_PASSWORD,
} from '../../../test/support/accounts.ts';
import { failure, sdkClients } from '../../../test/support/base44.ts';
import { createEntityApp } from '../../../test/support/entities.ts';
import { writeFile } from '../../../test/support/functions.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { agentConversationTopic } from './agents.ts';
import { INTEGRATION_MESSAGES } from './integrations.routes.ts';
import { attachBase44Realtime } from './realtime.ts';

/**
 * The real `@base44/sdk` from npm against a real Atelier server over HTTP (loopback only): every
 * call Atelier supports, as an exported Base44 app makes it.
 */

let t: TestApp;
let server: ServerType;
let serverUrl: string;
let appId: string;
let builder: SignedIn;
const { client, cleanup: cleanupClients } = sdkClients(() => ({ serverUrl, appId }));

// biome-ignore lint/suspicious/noExplicitAny: records are checked field by field with expect()
type Row = any;
/** `sdk.entities.Name` (the SDK's proxy makes one for any name). */
const entity = (sdk: Base44Client, name: string) => sdk.entities[name] as EntityHandler<Row>;

beforeAll(async () => {
  t = await createTestApp();
  const made = await createEntityApp(t, 'builder@example.com', {
    Task: {
      properties: {
        title: { type: 'string' },
        done: { type: 'boolean' },
        priority: { type: 'number' },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['title'],
      rls: { read: 'creator', write: 'creator' },
    },
    Note: {
      properties: {
        text: { type: 'string' },
        // Base44's field-level rules: only the note's creator reads and writes its secret.
        secret: {
          type: 'string',
          rls: { read: { created_by: '{{user.email}}' }, write: { created_by: '{{user.email}}' } },
        },
        // …and only the app's admins set `approved`.
        approved: { type: 'boolean', rls: { write: { user_condition: { role: 'admin' } } } },
      },
      rls: { read: 'anonymous', write: 'all' },
    },
    User: { properties: { nickname: { type: 'string' } } },
  });
  appId = made.appId;
  builder = made.owner;
  // An agent, as the importer keeps base44/agents/qa_expert.jsonc.
  await writeFile(t, made.owner, appId, 'agents/qa_expert.jsonc', '{ "instructions": "Watch the app." }');
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  attachBase44Realtime(server as HttpServer, t.deps);
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  cleanupClients();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/** register → the code from the mail → verifyOtp: a signed-in client. */
async function registered(email: string, fullName?: string) {
  const sdk = client();
  await sdk.auth.register({
    email,
    password: STRONG_PASSWORD,
    ...(fullName ? { full_name: fullName } : {}),
  } as never);
  const { otp } = await lastMailTo(t, email);
  const verified = (await sdk.auth.verifyOtp({ email, otpCode: otp ?? '' })) as {
    access_token: string;
    user: { id: string };
  };
  expect(verified.access_token).toEqual(expect.any(String));
  sdk.setToken(verified.access_token); // the client's: its socket uses the token too
  return { sdk, token: verified.access_token, userId: verified.user.id };
}

describe('@base44/sdk against Atelier', () => {
  it('signs up with a code, answers auth.me with Base44 fields, updates the user and logs in', async () => {
    const { sdk, userId } = await registered('ada@example.com', 'Ada Lovelace');
    const me = await sdk.auth.me();
    expect(me).toMatchObject({
      id: userId,
      email: 'ada@example.com',
      full_name: 'Ada Lovelace',
      role: 'user',
      app_id: appId,
      created_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(await sdk.auth.isAuthenticated()).toBe(true);
    const updated = await sdk.auth.updateMe({ nickname: 'ada', full_name: 'Ada King' });
    expect(updated).toMatchObject({ id: userId, nickname: 'ada', full_name: 'Ada King' });

    const again = client();
    const login = await again.auth.loginViaEmailPassword('ada@example.com', STRONG_PASSWORD);
    expect(login.user).toMatchObject({ id: userId, email: 'ada@example.com', nickname: 'ada' });
    expect(await again.auth.me()).toMatchObject({ id: userId });

    const wrong = await failure(client().auth.loginViaEmailPassword('ada@example.com', 'not-the-password'));
    expect(wrong).toBeInstanceOf(Base44Error);
    expect(wrong).toMatchObject({ status: 401, code: 'invalid_credentials' });
  });

  it('answers signed-out callers 401 in the shape the SDK reads, and unknown entities 404', async () => {
    const anonymous = client();
    expect(await anonymous.auth.isAuthenticated()).toBe(false);
    const me = await failure(anonymous.auth.me());
    expect(me).toBeInstanceOf(Base44Error);
    expect(me).toMatchObject({ status: 401, message: 'Sign in first' });
    const unknown = await failure(entity(anonymous, 'Nope').list());
    expect(unknown).toMatchObject({ status: 404, code: 'not_found' });
    expect(await failure(client('not-a-token').auth.me())).toMatchObject({ status: 401 });
  });

  it("answers the agents API for the app's agents: conversations, messages and their room; no model, it says so", async () => {
    expect(await failure(client().agents.listConversations({}))).toMatchObject({ status: 401 });
    const { sdk } = await registered('agents@example.com');
    expect(await sdk.agents.getConversations()).toEqual([]);
    const created = await failure(sdk.agents.createConversation({ agent_name: 'nope', metadata: {} }));
    expect(created).toBeInstanceOf(Base44Error);
    expect(created).toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'Agent "nope" not found: the app has no agents/nope.jsonc',
    });
    expect(await failure(sdk.agents.getConversation('c1'))).toMatchObject({ status: 404, code: 'not_found' });
    const conversation = await sdk.agents.createConversation({
      agent_name: 'qa_expert',
      metadata: { name: 'Brain chat' },
    });
    expect(conversation).toMatchObject({
      id: expect.any(String),
      app_id: appId,
      agent_name: 'qa_expert',
      metadata: { name: 'Brain chat' },
      messages: [],
      created_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(await sdk.agents.listConversations({ q: { agent_name: 'qa_expert' } })).toMatchObject([
      { id: conversation.id },
    ]);
    expect(await sdk.agents.listConversations({ agent_name: 'other' } as never)).toEqual([]);
    // The answer reaches subscribeToConversation's callback (socket room /agent-conversations/{id}).
    const updates: { role: string; content?: unknown }[][] = [];
    const listens = vi.spyOn(t.deps.bus, 'subscribe');
    const unsubscribe = sdk.agents.subscribeToConversation(conversation.id, (current) => {
      updates.push(current.messages.map(({ role, content }) => ({ role, content })));
    });
    // Joining the room is asynchronous: the server listens for the conversation's changes once in it.
    await vi.waitFor(() =>
      expect(listens).toHaveBeenCalledWith(agentConversationTopic(conversation.id), expect.any(Function)),
    );
    listens.mockRestore();
    await sdk.agents.addMessage(conversation, { role: 'user', content: 'Is the app healthy?' });
    // No model connected here (the offline assistant): the agent says so, it makes up no answer.
    await vi.waitFor(() =>
      expect(updates.at(-1)).toEqual([
        { role: 'user', content: 'Is the app healthy?' },
        {
          role: 'assistant',
          content:
            'No AI model is connected to this Atelier server, so this agent cannot answer. Ask an administrator to connect one (Admin → AI models).',
        },
      ]),
    );
    unsubscribe();
    // Another user of the app: neither the conversation nor its room.
    const { sdk: other } = await registered('agents-other@example.com');
    expect(await failure(other.agents.getConversation(conversation.id))).toMatchObject({ status: 404 });
    expect(await other.agents.getConversations()).toEqual([]);
    // What a page of another origin meets on a path Atelier does not serve: its preflight is
    // answered, then a JSON 404 the page may read (the SDK's Base44Error), not a CORS failure.
    const preflight = await fetch(`${serverUrl}/api/apps/${appId}/connectors/slack/call`, {
      method: 'OPTIONS',
      headers: {
        origin: 'null',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, x-app-id',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-app-id');
    const unknown = await fetch(`${serverUrl}/api/apps/${appId}/connectors/slack/call`, {
      method: 'POST',
      headers: { origin: 'null', 'content-type': 'application/json', 'x-app-id': appId },
      body: JSON.stringify({ role: 'user', content: 'hi' }),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('access-control-allow-origin')).toBe('*');
    expect(await unknown.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('lists, filters, sorts, pages, projects, counts, updates and deletes records', async () => {
    const { sdk, userId } = await registered('bea@example.com');
    const tasks = entity(sdk, 'Task');
    const first = await tasks.create({ title: 'Write', priority: 2, tags: ['home'] });
    expect(first).toMatchObject({
      title: 'Write',
      created_by: 'bea@example.com',
      created_by_id: userId,
      creatorId: userId,
      created_date: first.createdAt,
      updated_date: first.updatedAt,
    });
    const more = await tasks.bulkCreate([
      { title: 'Read', priority: 5, done: true },
      { title: 'Run', priority: 1, tags: ['sport', 'home'] },
    ]);
    expect(more.map((task: Row) => task.title)).toEqual(['Read', 'Run']);
    const titles = (records: Row[]) => records.map((record) => record.title);

    expect(titles(await tasks.list())).toEqual(['Run', 'Read', 'Write']);
    expect(titles(await tasks.list('created_date'))).toEqual(['Write', 'Read', 'Run']);
    // A field the entity does not declare sorts by nothing, as on Base44 (exports do: list('-date')).
    expect(titles(await tasks.list('-date'))).toEqual(['Run', 'Read', 'Write']);
    expect(titles(await tasks.filter({ done: true }, 'due_on'))).toEqual(['Read']);
    // So does a filter on it: no record has the field (a function's filter({ custom_domain })).
    expect(await tasks.filter({ custom_domain: 'coach.example' })).toEqual([]);
    expect(titles(await tasks.filter({ custom_domain: { $ne: 'coach.example' } }, 'title'))).toEqual([
      'Read',
      'Run',
      'Write',
    ]);
    expect(titles(await tasks.list('-priority', 2))).toEqual(['Read', 'Write']);
    expect(titles(await tasks.list('priority', 1, 1))).toEqual(['Write']);
    expect(await tasks.list('priority', 1, 0, ['title'])).toEqual([{ id: more[1].id, title: 'Run' }]);
    expect(titles(await tasks.filter({ priority: { $gte: 2 } }, 'priority'))).toEqual(['Write', 'Read']);
    expect(titles(await tasks.filter({ $or: [{ done: true }, { tags: 'sport' }] }, 'title'))).toEqual([
      'Read',
      'Run',
    ]);
    expect(titles(await tasks.filter({ title: { $in: ['Run', 'Walk'] } }))).toEqual(['Run']);
    expect(titles(await tasks.filter({ title: { $nin: ['Run'] }, priority: { $lt: 5 } }))).toEqual(['Write']);
    expect(titles(await tasks.filter({ title: { $regex: '^r', $options: 'i' } }, 'title'))).toEqual([
      'Read',
      'Run',
    ]);
    expect(
      titles(await tasks.filter({ created_by: 'bea@example.com', done: { $ne: true } }, 'title')),
    ).toEqual(['Run', 'Write']);
    expect(await tasks.filter({ created_by: 'nobody@example.com' })).toEqual([]);
    expect(await tasks.count()).toBe(3);
    expect(await tasks.count({ tags: 'home' })).toBe(2);

    const page1 = await tasks.list({ sort: 'priority', limit: 2 });
    expect(titles(page1.items)).toEqual(['Run', 'Write']);
    expect(page1).toMatchObject({ has_more: true, next_cursor: expect.any(String) });
    const page2 = await tasks.list({ cursor: page1.next_cursor, limit: 2 });
    expect(titles(page2.items)).toEqual(['Read']);
    expect(page2).toMatchObject({ has_more: false, next_cursor: null });
    const filtered = await tasks.filter({ done: true }, { fields: ['title'] });
    expect(filtered.items).toEqual([{ id: more[0].id, title: 'Read' }]);

    expect(await tasks.get(first.id)).toMatchObject({
      id: first.id,
      title: 'Write',
      created_by: 'bea@example.com',
    });
    const updated = await tasks.update(first.id, { ...first, done: true });
    expect(updated).toMatchObject({ id: first.id, title: 'Write', priority: 2, done: true });
    const bulk = await tasks.bulkUpdate([
      { id: first.id, priority: 3 },
      { id: more[1].id, title: 'Run far' },
    ]);
    expect(bulk).toMatchObject([
      { priority: 3, title: 'Write' },
      { title: 'Run far', priority: 1 },
    ]);
    expect(
      await tasks.updateMany({ done: true }, { $inc: { priority: 10 }, $set: { tags: ['done'] } }),
    ).toEqual({
      success: true,
      updated: 2,
      has_more: false,
    });
    expect((await tasks.filter({ tags: 'done' }, 'priority')).map((task: Row) => task.priority)).toEqual([
      13, 15,
    ]);
    expect(await tasks.delete(more[1].id)).toEqual({ success: true });
    expect(await failure(tasks.get(more[1].id))).toMatchObject({ status: 404 });
    expect(await tasks.deleteMany({ priority: { $gt: 14 } })).toEqual({ success: true, deleted: 1 });
    expect(titles(await tasks.list())).toEqual(['Write']);
    const invalid = await failure(tasks.create({ priority: 1 }));
    expect(invalid).toMatchObject({ status: 400, code: 'validation_error', message: 'title: is required' });
  });

  it('shows a second user nothing of the first one’s private records', async () => {
    const { sdk: cy } = await registered('cy@example.com');
    const mine = await entity(cy, 'Task').create({ title: 'Secret', priority: 1 });
    const { sdk: dan } = await registered('dan@example.com');
    const tasks = entity(dan, 'Task');
    expect(await tasks.list()).toEqual([]);
    expect(await tasks.filter({ title: 'Secret' })).toEqual([]);
    expect(await tasks.filter({ created_by: 'cy@example.com' })).toEqual([]);
    expect(await tasks.count()).toBe(0);
    expect((await tasks.list({ limit: 10 })).items).toEqual([]);
    expect(await failure(tasks.get(mine.id))).toMatchObject({ status: 404 });
    expect(await failure(tasks.update(mine.id, { title: 'Mine now' }))).toMatchObject({ status: 404 });
    expect(await failure(tasks.delete(mine.id))).toMatchObject({ status: 404 });
    expect(await failure(tasks.bulkUpdate([{ id: mine.id, title: 'x' }]))).toMatchObject({ status: 404 });
    expect(await tasks.deleteMany({})).toEqual({ success: true, deleted: 0 });
    expect(await tasks.updateMany({}, { $set: { title: 'x' } })).toMatchObject({ updated: 0 });
    expect(await failure(entity(dan, 'User').get((await cy.auth.me()).id))).toMatchObject({ status: 404 });
    expect(await entity(cy, 'Task').get(mine.id)).toMatchObject({ title: 'Secret', priority: 1 });

    const anonymous = client();
    expect(await entity(anonymous, 'Task').list()).toEqual([]);
    expect(await failure(entity(anonymous, 'Note').create({ text: 'hi' }))).toMatchObject({ status: 401 });
    const note = await entity(dan, 'Note').create({ text: 'public' });
    expect(await entity(anonymous, 'Note').get(note.id)).toMatchObject({
      text: 'public',
      created_by: 'dan@example.com',
    });
  });

  it('keeps a field its field-level rules hide out of what others get, query, count and change', async () => {
    const { sdk: gus } = await registered('fls-gus@example.com');
    const { sdk: hal } = await registered('fls-hal@example.com');
    const mine = entity(gus, 'Note');
    const theirs = entity(hal, 'Note');
    const note = await mine.create({ text: 'pay', secret: 'gus-42' });
    expect(note).toMatchObject({ text: 'pay', secret: 'gus-42' });
    const seen = await theirs.get(note.id);
    expect(seen).toMatchObject({ text: 'pay', created_by: 'fls-gus@example.com' });
    expect(seen).not.toHaveProperty('secret');
    expect((await theirs.filter({ text: 'pay' }))[0]).not.toHaveProperty('secret');
    expect((await entity(client(), 'Note').get(note.id)) as Row).not.toHaveProperty('secret');
    // A hidden field is one the record does not have: queries on it tell nothing.
    expect(await theirs.filter({ secret: 'gus-42' })).toEqual([]);
    expect(await theirs.filter({ secret: { $regex: '^gus' } })).toEqual([]);
    expect(await theirs.count({ secret: 'gus-42' })).toBe(0);
    expect(await theirs.deleteMany({ secret: 'gus-42' })).toEqual({ success: true, deleted: 0 });
    expect(await theirs.updateMany({ secret: 'gus-42' }, { $set: { text: 'x' } })).toMatchObject({
      updated: 0,
    });
    // The note's other fields are everybody's to change (write: all), its secret only its creator's
    // — not even to the value it has, which would tell it.
    const changed = await theirs.update(note.id, { text: 'paid' });
    expect(changed).toMatchObject({ text: 'paid' });
    expect(changed).not.toHaveProperty('secret');
    for (const secret of ['gus-42', 'guess', null]) {
      expect(await failure(theirs.update(note.id, { secret }))).toMatchObject({ status: 403 });
    }
    expect(await failure(theirs.bulkUpdate([{ id: note.id, secret: 'x' }]))).toMatchObject({ status: 403 });
    // A create may not set a field its rule keeps from the caller; a batch is refused whole.
    expect(await failure(theirs.create({ text: 'self-approved', approved: true }))).toMatchObject({
      status: 403,
    });
    expect(
      await failure(theirs.bulkCreate([{ text: 'batch-fine' }, { text: 'batch-approved', approved: true }])),
    ).toMatchObject({ status: 403 });
    expect(await theirs.filter({ text: { $in: ['self-approved', 'batch-fine', 'batch-approved'] } })).toEqual(
      [],
    );
    expect(await theirs.create({ text: 'unapproved' })).toMatchObject({ text: 'unapproved' });
    // The creator reads it, and may save the record back whole or change it.
    const read = await mine.get(note.id);
    expect(read).toMatchObject({ text: 'paid', secret: 'gus-42' });
    expect(await mine.update(note.id, { text: read.text, secret: read.secret })).toMatchObject({
      secret: 'gus-42',
    });
    expect(await mine.update(note.id, { secret: 'gus-43' })).toMatchObject({ secret: 'gus-43' });
    expect(await mine.filter({ secret: 'gus-43' })).toMatchObject([{ id: note.id }]);
  });

  it('keeps the password only for the code its own sign-up mailed; a later code claims the account', async () => {
    const attacker = client();
    await attacker.auth.register({ email: 'fay@example.com', password: STRONG_PASSWORD } as never);
    // The account was made a while ago; the owner of the inbox now asks for a code and enters it.
    await t.deps.database.query(
      `update users set created_at = created_at - interval '10 minutes' where email = 'fay@example.com'`,
    );
    const owner = client();
    await owner.auth.resendOtp('fay@example.com');
    const { otp } = await lastMailTo(t, 'fay@example.com');
    const verified = (await owner.auth.verifyOtp({ email: 'fay@example.com', otpCode: otp ?? '' })) as {
      access_token: string;
    };
    owner.auth.setToken(verified.access_token);
    expect(await owner.auth.me()).toMatchObject({ email: 'fay@example.com' });
    const stale = await failure(client().auth.loginViaEmailPassword('fay@example.com', STRONG_PASSWORD));
    expect(stale).toMatchObject({ status: 401 });
  });

  it('changes and resets passwords', async () => {
    const { sdk, userId } = await registered('eve@example.com');
    await sdk.auth.changePassword({
      userId,
      currentPassword: STRONG_PASSWORD,
      newPassword: OTHER_STRONG_PASSWORD,
    });
    await client().auth.loginViaEmailPassword('eve@example.com', OTHER_STRONG_PASSWORD);
    await client().auth.resetPasswordRequest('eve@example.com');
    const { oobCode } = await lastMailTo(t, 'eve@example.com');
    await client().auth.resetPassword({ resetToken: oobCode ?? '', newPassword: STRONG_PASSWORD });
    const login = await client().auth.loginViaEmailPassword('eve@example.com', STRONG_PASSWORD);
    expect(login.user).toMatchObject({ id: userId });
  });

  it('answers InvokeLLM with a readable 503 while no model is connected, with or without a schema', async () => {
    const { sdk } = await registered('llm@example.com');
    for (const call of [
      { prompt: 'Recommend three products', response_json_schema: { type: 'object', properties: {} } },
      { prompt: 'Say hello' },
    ]) {
      const refused = await failure(sdk.integrations.Core.InvokeLLM(call));
      expect(refused).toMatchObject({ status: 503, code: 'service_unavailable' });
      expect(refused.message).toBe(INTEGRATION_MESSAGES.noModel);
    }
  });

  it('tells a signed-out visitor to sign in while the app requires login; its end users open it', async () => {
    const requireLogin = async (on: boolean) => {
      const res = await t.app.request(
        `/api/apps/${appId}`,
        json('PATCH', { settings: { requireLogin: on } }, builder.headers),
      );
      expect(res.status).toBe(200);
    };
    const { sdk: member } = await registered('private@example.com');
    await requireLogin(true);
    try {
      // What Base44's AuthContext reads: 403 with `extra_data.reason`, then it opens the login page.
      const refused = await failure(client().app.getPublicSettings());
      expect(refused).toMatchObject({ status: 403, data: { extra_data: { reason: 'auth_required' } } });
      expect(refused.message).toBe('Sign in to open this app');
      expect(await member.app.getPublicSettings()).toMatchObject({
        id: appId,
        public_settings: { requires_auth: true },
      });
      // Its data too, though Note's rules let anyone read: a signed-out caller is told to sign in.
      const hidden = await failure(entity(client(), 'Note').list());
      expect(hidden).toMatchObject({ status: 401, message: 'Sign in to open this app' });
      expect(Array.isArray(await entity(member, 'Note').list())).toBe(true);
    } finally {
      await requireLogin(false);
    }
    expect(await client().app.getPublicSettings()).toMatchObject({
      public_settings: { requires_auth: false },
    });
    // Switched off, the app's rules decide again (the cached app row follows the settings' change).
    expect(Array.isArray(await entity(client(), 'Note').list())).toBe(true);
  });

  it('answers the start-up settings and telemetry calls; Atelier’s own entity API keeps its shape', async () => {
    const sdk = client();
    expect(await sdk.app.getPublicSettings()).toMatchObject({ id: appId });
    await sdk.appLogs.logUserInApp('Home');
    const { sdk: member, userId } = await registered('pages@example.com');
    await member.appLogs.logUserInApp('Settings');
    const batch = await fetch(`${serverUrl}/api/apps/${appId}/analytics/track/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ events: [{ event_name: 'clicked_buy', page_url: '/shop' }, { nope: 1 }] }),
    });
    expect(batch.status).toBe(200);
    // Stored as the app's telemetry: page views (with the member when signed in) and events.
    const { rows } = await t.deps.database.query<{ kind: string; name: string; user_id: string | null }>(
      'select kind, name, user_id from app_telemetry where app_id = $1 order by id',
      [appId],
    );
    expect(rows).toEqual([
      { kind: 'page_view', name: 'Home', user_id: null },
      { kind: 'page_view', name: 'Settings', user_id: userId },
      { kind: 'event', name: 'clicked_buy', user_id: null },
    ]);
    const logout = (fromUrl: string, referer?: string) =>
      fetch(`${serverUrl}/api/apps/auth/logout?from_url=${encodeURIComponent(fromUrl)}`, {
        redirect: 'manual',
        headers: referer ? { referer } : {},
      });
    const back = await logout('http://app.example.com/home?x=1', 'http://app.example.com/home');
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('http://app.example.com/home?x=1');
    for (const refused of [
      await logout('https://evil.example.org/', 'http://app.example.com/home'),
      await logout('https://evil.example.org/'),
      await logout('javascript:alert(1)', 'http://app.example.com/'),
    ]) {
      expect(refused.status).toBe(200);
      expect(await refused.text()).toContain('You are signed out');
    }
    const own = await fetch(`${serverUrl}/api/apps/${appId}/entities/Note`);
    expect(own.status).toBe(200);
    const [record] = (await own.json()) as Record<string, unknown>[];
    expect(record).toHaveProperty('createdAt');
    expect(record).not.toHaveProperty('created_date');
  });

  it('delivers entities.X.subscribe() events over socket.io, only of records the subscriber may read', async () => {
    const { sdk: eve } = await registered('live-eve@example.com');
    const { sdk: fay } = await registered('live-fay@example.com');
    const anonymous = client();
    type Event = { type: string; id: string; data?: Row };
    const got: Record<'eve' | 'fay' | 'anonymous', Event[]> = { eve: [], fay: [], anonymous: [] };
    const stops = [
      entity(eve, 'Task').subscribe((event) => got.eve.push(event as Event)),
      entity(fay, 'Task').subscribe((event) => got.fay.push(event as Event)),
      entity(anonymous, 'Note').subscribe((event) => got.anonymous.push(event as Event)),
    ];
    // Joining a room is asynchronous: a change made after it is heard tells it is in place (the
    // probes are left out of what is checked below).
    const probes = new Set<string>();
    const joined = async (events: Event[], change: () => Promise<{ id: string }>) => {
      await vi.waitFor(
        async () => {
          probes.add((await change()).id);
          expect(events.length).toBeGreaterThan(0);
        },
        { timeout: 10_000, interval: 100 },
      );
    };
    await joined(got.eve, () => entity(eve, 'Task').create({ title: 'probe' }));
    await joined(got.fay, () => entity(fay, 'Task').create({ title: 'probe' }));
    await joined(got.anonymous, () => entity(eve, 'Note').create({ text: 'probe' }));

    const task = await entity(eve, 'Task').create({ title: 'Live', priority: 2 });
    await entity(eve, 'Task').update(task.id, { done: true });
    // An update's event carries the record as read when the signal is handled: deleted first, it has
    // nothing left to show. Wait for it before deleting, so the test does not race the server.
    await vi.waitFor(() => expect(got.eve.some((event) => event.type === 'update')).toBe(true));
    await entity(eve, 'Task').delete(task.id);
    const own = await entity(fay, 'Task').create({ title: 'Fay’s' });
    const note = await entity(eve, 'Note').create({ text: 'hello', secret: 'eve’s' });
    await vi.waitFor(() => {
      for (const events of Object.values(got)) {
        const kept = events.filter((event) => !probes.has(event.id));
        events.splice(0, events.length, ...kept);
      }
      expect(got.eve.map((event) => `${event.type} ${event.id}`)).toEqual([
        `create ${task.id}`,
        `update ${task.id}`,
        `delete ${task.id}`,
      ]);
      expect(got.fay.map((event) => `${event.type} ${event.id}`)).toEqual([`create ${own.id}`]);
      expect(got.anonymous.map((event) => `${event.type} ${event.id}`)).toEqual([`create ${note.id}`]);
    });
    // Records arrive as Base44 answers them; the other user's changes (made first, on the same
    // room) never reached fay.
    expect(got.eve[0]?.data).toMatchObject({
      title: 'Live',
      priority: 2,
      created_by: 'live-eve@example.com',
    });
    expect(got.eve[1]?.data).toMatchObject({ done: true, created_date: expect.any(String) });
    expect(got.eve[2]?.data).toBeUndefined();
    expect(got.anonymous[0]?.data).toMatchObject({ text: 'hello', created_by: 'live-eve@example.com' });
    expect(got.anonymous[0]?.data).not.toHaveProperty('secret'); // its field-level read rule
    for (const stop of stops) stop();
  });
});
