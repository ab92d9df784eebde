import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { WebSocket } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityApp, type EndUser, endUser } from '../../../test/support/entities.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

/**
 * The real `@supabase/supabase-js` from npm against a real Atelier server over HTTP (loopback):
 * PostgREST's calls of `supabase.from(table)` on the app's entities, as the signed-in end user
 * (the session's bearer token, from the app's sign-in) with the entities' rules applied.
 */

let t: TestApp;
let server: ServerType;
let appId: string;
let ada: EndUser;
let bob: EndUser;
const ANON_KEY = 'public-anon-key';

// biome-ignore lint/suspicious/noExplicitAny: rows are checked field by field with expect()
type Row = any;

function supabase(user?: EndUser): SupabaseClient {
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/apps/${appId}/supabase`;
  return createClient(url, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no global WebSocket; supabase-js wants one for realtime (never opened here).
    realtime: { transport: WebSocket as never },
    global: { headers: user ? { Authorization: user.headers.authorization as string } : {} },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const made = await createEntityApp(t, 'builder@example.com', {
    todos: {
      properties: {
        title: { type: 'string' },
        done: { type: 'boolean' },
        priority: { type: 'integer' },
        note: { type: 'string' },
        profile_id: { type: 'string' },
      },
      required: ['title'],
      rls: { read: 'creator', write: 'creator' },
    },
    profiles: {
      properties: { display_name: { type: 'string' } },
      rls: { read: 'anonymous', write: 'creator' },
      // A view of the export's SQL over this table, as the importer lists it.
      'x-supabase-views': { profiles_public: { name: 'display_name' } },
    },
    // An entity of the app's Base44 days, which its Supabase code names `app_settings`.
    AppSetting: { properties: { theme: { type: 'string' } }, rls: { read: 'anonymous', write: 'creator' } },
  });
  appId = made.appId;
  ada = await endUser(t, appId, 'ada@example.com');
  bob = await endUser(t, appId, 'bob@example.com');
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

describe('supabase.from() on the app entities', () => {
  it('inserts, filters, orders, pages, counts, embeds, updates, upserts and deletes as PostgREST does', async () => {
    const db = supabase(ada);
    const profile = await db.from('profiles').insert({ display_name: 'Ada' }).select().single();
    expect(profile.error).toBeNull();
    expect(profile.status).toBe(201);
    expect(profile.data).toMatchObject({ id: expect.any(String), display_name: 'Ada' });

    const inserted = await db
      .from('todos')
      .insert([
        { title: 'buy milk', done: false, priority: 1, profile_id: profile.data.id },
        { title: 'write tests', done: false, priority: 3, note: null },
        { title: 'ship it', done: true, priority: 5 },
      ])
      .select();
    expect(inserted.error).toBeNull();
    expect(inserted.status).toBe(201);
    expect(inserted.data).toHaveLength(3);
    expect(inserted.data?.[0]).toMatchObject({
      id: expect.any(String),
      title: 'buy milk',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated_at: expect.any(String),
    });
    // No `.select()`: PostgREST's `return=minimal`, no rows.
    const minimal = await db.from('todos').insert({ title: 'call bob', done: false, priority: 2 });
    expect(minimal).toMatchObject({ error: null, data: null, status: 201 });

    const open = await db
      .from('todos')
      .select('id, title, rank:priority')
      .eq('done', false)
      .gt('priority', 1)
      .order('priority', { ascending: false });
    expect(open.error).toBeNull();
    expect(open.data).toEqual([
      { id: expect.any(String), title: 'write tests', rank: 3 },
      { id: expect.any(String), title: 'call bob', rank: 2 },
    ]);
    const titles = (rows: Row[] | null) => (rows ?? []).map((row) => row.title);
    const either = await db
      .from('todos')
      .select('title')
      .or('priority.gte.5,title.ilike.*MILK*')
      .order('title');
    expect(titles(either.data)).toEqual(['buy milk', 'ship it']);
    const some = await db.from('todos').select('title').in('priority', [1, 2]).not('title', 'like', 'call%');
    expect(titles(some.data)).toEqual(['buy milk']);
    const noNote = await db.from('todos').select('title').is('note', null).lt('priority', 3).order('title');
    expect(titles(noNote.data)).toEqual(['buy milk', 'call bob']);

    const page = await db.from('todos').select('title', { count: 'exact' }).order('priority').range(1, 2);
    expect(page.error).toBeNull();
    expect(page.count).toBe(4);
    expect(titles(page.data)).toEqual(['call bob', 'write tests']);
    const head = await db.from('todos').select('*', { count: 'exact', head: true }).eq('done', false);
    expect(head).toMatchObject({ error: null, data: null, count: 3 });

    const embedded = await db.from('todos').select('title, profiles(display_name)').eq('title', 'buy milk');
    expect(embedded.data).toEqual([{ title: 'buy milk', profiles: { display_name: 'Ada' } }]);

    const one = await db.from('todos').select('title').eq('priority', 5).single();
    expect(one).toMatchObject({ error: null, data: { title: 'ship it' } });
    const none = await db.from('todos').select().eq('title', 'nothing').single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({ code: 'PGRST116' });
    const many = await db.from('todos').select().eq('done', false).single();
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 3 rows' });
    const maybe = await db.from('todos').select().eq('title', 'nothing').maybeSingle();
    expect(maybe).toMatchObject({ error: null, data: null });

    const milk = inserted.data?.[0] as Row;
    const updated = await db.from('todos').update({ done: true }).eq('id', milk.id).select();
    expect(updated.error).toBeNull();
    expect(updated.data).toEqual([expect.objectContaining({ id: milk.id, done: true, title: 'buy milk' })]);

    const merged = await db.from('todos').upsert({ id: milk.id, title: 'buy oat milk' }).select().single();
    expect(merged.data).toMatchObject({ id: milk.id, title: 'buy oat milk', priority: 1 });
    const byTitle = await db
      .from('todos')
      .upsert(
        [
          { title: 'ship it', priority: 8 },
          { title: 'celebrate', priority: 9 },
        ],
        { onConflict: 'title' },
      )
      .select('title, priority');
    expect(byTitle.error).toBeNull();
    expect(byTitle.data).toEqual([
      { title: 'ship it', priority: 8 },
      { title: 'celebrate', priority: 9 },
    ]);
    expect((await db.from('todos').select('*', { count: 'exact', head: true })).count).toBe(5);

    const deleted = await db.from('todos').delete().eq('title', 'celebrate').select('title');
    expect(deleted).toMatchObject({ error: null, data: [{ title: 'celebrate' }] });
    const gone = await db.from('todos').delete().eq('title', 'call bob');
    expect(gone).toMatchObject({ error: null, status: 204 });
    expect(titles((await db.from('todos').select('title').order('priority')).data)).toEqual([
      'buy oat milk',
      'write tests',
      'ship it',
    ]);

    // Another end user: Ada's rows are absent and untouchable.
    const other = supabase(bob);
    expect((await other.from('todos').select()).data).toEqual([]);
    const notHis = await other.from('todos').update({ title: 'hacked' }).eq('id', milk.id).select();
    expect(notHis).toMatchObject({ error: null, data: [] });
    expect(await other.from('todos').delete().eq('id', milk.id).select()).toMatchObject({
      error: null,
      data: [],
    });
    const still = await db.from('todos').select('title').eq('id', milk.id).single();
    expect(still.data).toEqual({ title: 'buy oat milk' });
    // …and the public profile is readable by anyone, writable by its creator only.
    expect((await supabase().from('profiles').select('display_name')).data).toEqual([
      { display_name: 'Ada' },
    ]);
    // A view of it: its rows with the view's columns.
    expect((await supabase().from('profiles_public').select()).data).toEqual([{ name: 'Ada' }]);
    expect(
      (await other.from('profiles').update({ display_name: 'Bob' }).eq('id', profile.data.id).select()).data,
    ).toEqual([]);
  });

  it('answers errors in PostgREST shape: rpc, unknown tables, bad filters, unfiltered writes', async () => {
    const db = supabase(ada);
    const rpc = await db.rpc('do_something', { x: 1 });
    expect(rpc.status).toBe(404);
    expect(rpc.error).toMatchObject({
      code: 'PGRST202',
      message: expect.stringContaining('Could not find the function public.do_something'),
    });
    // A table named after a Base44 entity (snake case, plural) is that entity; `users` the app's users.
    const setting = await db.from('app_settings').insert({ theme: 'dark' }).select('theme');
    expect(setting).toMatchObject({ error: null, data: [{ theme: 'dark' }] });
    expect((await supabase(bob).from('app_settings').select('theme')).data).toEqual([{ theme: 'dark' }]);
    expect((await db.from('users').select('email')).data).toEqual([{ email: 'ada@example.com' }]);
    const table = await db.from('nope').select();
    expect(table.status).toBe(404);
    expect(table.error).toMatchObject({
      code: 'PGRST205',
      message: "Could not find the table 'public.nope' in the schema cache",
      details: null,
    });
    const typed = await db.from('todos').select().eq('priority', 'high');
    expect(typed.status).toBe(400);
    expect(typed.error).toMatchObject({
      code: '22P02',
      message: 'invalid input syntax for type integer: "high"',
    });
    const unfiltered = await db.from('todos').delete();
    expect(unfiltered.status).toBe(400);
    expect(unfiltered.error).toMatchObject({ code: '21000' });
    const invalid = await db.from('todos').insert({ priority: 1 });
    expect(invalid.status).toBe(400);
    expect(invalid.error).toMatchObject({ message: expect.stringContaining('title') });
    // A signed-out caller (the anon key) may not write a creator-only table.
    const anonymous = await supabase().from('todos').insert({ title: 'anon' }).select();
    expect(anonymous.status).toBe(401);
    expect(anonymous.error).toMatchObject({ code: '42501' });
  });
});
