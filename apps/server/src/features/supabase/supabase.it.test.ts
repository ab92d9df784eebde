import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { AuthApiError, createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { lastMailTo, OTHER_STRONG_PASSWORD, STRONG_PASSWORD } from '../../../test/support/accounts.ts';
import { createEntityApp, type EndUser, endUser } from '../../../test/support/entities.ts';
import { markPublished } from '../../../test/support/functions.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { SUPABASE_ANON_KEY, supabaseApiUrl } from './page-env.ts';

/**
 * The real `@supabase/supabase-js` from npm against a real Atelier server over HTTP (loopback
 * only), configured as an imported app's page is (page-env.ts): auth, storage, functions and REST.
 */

let t: TestApp;
let server: ServerType;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  const made = await createEntityApp(t, 'supa-builder@example.com', {
    User: { properties: { nickname: { type: 'string' } } },
  });
  await markPublished(t, made.appId, 'marina-desk');
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  url = supabaseApiUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, made.appId);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const client = (): SupabaseClient =>
  createClient(url, SUPABASE_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no WebSocket of its own (the client makes its realtime client at once).
    realtime: { transport: WebSocket as never },
  });

describe('@supabase/supabase-js auth against Atelier', () => {
  it('signs up (confirmed by the e-mailed code), signs in, reads and updates the user, refreshes and signs out', async () => {
    const supabase = client();
    const email = 'sb-ada@example.com';
    const signedUp = await supabase.auth.signUp({
      email,
      password: STRONG_PASSWORD,
      options: { data: { full_name: 'Ada Lovelace' } },
    });
    expect(signedUp.error).toBeNull();
    // Confirmation required: the user, no session.
    expect(signedUp.data.session).toBeNull();
    expect(signedUp.data.user).toMatchObject({ email, aud: 'authenticated', role: 'authenticated' });
    expect(signedUp.data.user?.email_confirmed_at).toBeUndefined();

    const { otp } = await lastMailTo(t, email);
    const verified = await supabase.auth.verifyOtp({ email, token: otp ?? '', type: 'signup' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.access_token).toEqual(expect.any(String));
    expect(verified.data.user?.email_confirmed_at).toEqual(expect.any(String));

    const fresh = client();
    const signedIn = await fresh.auth.signInWithPassword({ email, password: STRONG_PASSWORD });
    expect(signedIn.error).toBeNull();
    const session = signedIn.data.session;
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session?.user.user_metadata).toMatchObject({ full_name: 'Ada Lovelace' });

    const { data: got } = await fresh.auth.getUser();
    expect(got.user).toMatchObject({ id: signedUp.data.user?.id, email, phone: '' });

    const updated = await fresh.auth.updateUser({ data: { nickname: 'ada', full_name: 'Ada King' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ nickname: 'ada', full_name: 'Ada King' });
    // A new password needs the current one (GoTrue's "secure password change").
    const noCurrent = await fresh.auth.updateUser({ password: OTHER_STRONG_PASSWORD });
    expect(noCurrent.error).toMatchObject({ status: 400, code: 'current_password_mismatch' });
    const changed = await fresh.auth.updateUser({
      password: OTHER_STRONG_PASSWORD,
      current_password: STRONG_PASSWORD,
    });
    expect(changed.error).toBeNull();

    // signInWithOAuth: the app's hosted login, back to the app with GoTrue's fragment.
    const authorize = await fetch(
      `${url}/auth/v1/authorize?provider=github&redirect_to=https://evil.example/`,
      {
        redirect: 'manual',
      },
    );
    expect(authorize.status).toBe(302);
    const login = new URL(authorize.headers.get('location') ?? '');
    expect(login.pathname).toMatch(/\/login$/);
    expect(login.searchParams.get('provider')).toBe('github');
    const fromUrl = login.searchParams.get('from_url') ?? '';
    // Another site is no way back: the app's home is.
    expect(fromUrl).toBe(`${login.origin}${login.pathname.replace(/login$/, '')}#atelier-supabase-session`);
    const hosted = await fetch(url.replace(/supabase$/, 'auth/hosted-login'), {
      method: 'POST',
      headers: { authorization: `Bearer ${session?.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from_url: fromUrl }),
    });
    const back = new URL(((await hosted.json()) as { redirect_url: string }).redirect_url);
    const fragment = new URLSearchParams(back.hash.slice(1));
    expect(fragment.get('token_type')).toBe('bearer');
    const fromFragment = await client().auth.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    });
    expect(fromFragment.data.user?.email).toBe(email);

    const refreshed = await fresh.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).toBe(session?.refresh_token);
    expect((await fresh.auth.getUser()).data.user?.email).toBe(email);

    const token = refreshed.data.session?.access_token ?? '';
    expect((await fresh.auth.signOut()).error).toBeNull();
    const afterSignOut = await client().auth.getUser(token);
    expect(afterSignOut.error).toBeInstanceOf(AuthApiError);
    expect(afterSignOut.error?.status).toBe(403);
    const oldPassword = await client().auth.signInWithPassword({ email, password: STRONG_PASSWORD });
    expect(oldPassword.error?.code).toBe('invalid_credentials');
    expect(
      (await client().auth.signInWithPassword({ email, password: OTHER_STRONG_PASSWORD })).error,
    ).toBeNull();
  });

  it("answers errors as GoTrue does: supabase-js returns them as AuthApiError, it doesn't throw", async () => {
    const supabase = client();
    const wrong = await supabase.auth.signInWithPassword({
      email: 'nobody@example.com',
      password: 'nope-nope-1',
    });
    expect(wrong.data.session).toBeNull();
    expect(wrong.error).toBeInstanceOf(AuthApiError);
    expect(wrong.error).toMatchObject({
      status: 400,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
    const refresh = await supabase.auth.refreshSession({ refresh_token: 'not-a-session' });
    expect(refresh.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    const badCode = await supabase.auth.verifyOtp({
      email: 'nobody@example.com',
      token: '000000',
      type: 'email',
    });
    expect(badCode.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const weak = await supabase.auth.signUp({ email: 'sb-weak@example.com', password: 'abc' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });
    const { data: signedOut } = await supabase.auth.getUser();
    expect(signedOut.user).toBeNull();
  });
});

describe('@supabase/supabase-js storage against Atelier', () => {
  /** A client signed in as a new end user (sign-up, the e-mailed code). */
  const member = async (email: string) => {
    const supabase = client();
    await supabase.auth.signUp({ email, password: STRONG_PASSWORD });
    const { otp } = await lastMailTo(t, email);
    const { error } = await supabase.auth.verifyOtp({ email, token: otp ?? '', type: 'signup' });
    expect(error).toBeNull();
    return supabase;
  };

  it('uploads, serves the public URL, downloads, signs, lists and removes objects of the app', async () => {
    const supabase = await member('sb-files@example.com');
    const avatars = supabase.storage.from('avatars');
    const uploaded = await avatars.upload('u1/note.txt', new Blob(['hello storage'], { type: 'text/plain' }));
    expect(uploaded.error).toBeNull();
    expect(uploaded.data).toMatchObject({ path: 'u1/note.txt', fullPath: 'avatars/u1/note.txt' });
    // Again without upsert: it exists.
    const again = await avatars.upload('u1/note.txt', new Blob(['other']));
    expect(again.error).toMatchObject({ status: 409 });
    expect(
      (await avatars.upload('u1/note.txt', new Blob(['hello again']), { upsert: true })).error,
    ).toBeNull();

    const { publicUrl } = avatars.getPublicUrl('u1/note.txt').data;
    expect(publicUrl).toBe(`${url}/storage/v1/object/public/avatars/u1/note.txt`);
    const served = await fetch(publicUrl);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe('hello again');
    // Its kind is judged by its bytes, and it is never run as a page.
    expect(served.headers.get('content-type')).toBe('text/plain; charset=utf-8');

    const downloaded = await avatars.download('u1/note.txt');
    expect(await downloaded.data?.text()).toBe('hello again');
    const signed = await avatars.createSignedUrl('u1/note.txt', 60);
    expect(await (await fetch(signed.data?.signedUrl ?? '')).text()).toBe('hello again');
    const forged = (signed.data?.signedUrl ?? '').replace(/token=[^&]+/, 'token=1.forged');
    expect((await fetch(forged)).status).toBe(400);

    expect((await avatars.upload('u1/deeper/b.txt', new Blob(['b']))).error).toBeNull();
    const listed = await avatars.list('u1');
    expect(listed.data?.map((entry) => [entry.name, entry.id === null])).toEqual([
      ['deeper', true],
      ['note.txt', false],
    ]);

    // Another end user neither replaces nor removes it; an anonymous caller uploads nothing.
    const other = await member('sb-files-other@example.com');
    const replaced = await other.storage
      .from('avatars')
      .upload('u1/note.txt', new Blob(['mine']), { upsert: true });
    expect(replaced.error).toMatchObject({ status: 409 });
    expect((await other.storage.from('avatars').remove(['u1/note.txt'])).data).toEqual([]);
    const anonymous = await client()
      .storage.from('avatars')
      .upload('x.txt', new Blob(['x']));
    expect(anonymous.error).toMatchObject({ status: 403 });

    const removed = await avatars.remove(['u1/note.txt']);
    expect(removed.data?.map((object) => object.name)).toEqual(['u1/note.txt']);
    expect((await fetch(publicUrl)).status).toBe(404);
    const missing = await avatars.download('u1/note.txt');
    expect(missing.error).toMatchObject({ status: 404 });
  });
});

/**
 * PostgREST's calls of `supabase.from(table)` on an app's entities, as its signed-in end users
 * (their session's bearer token, from the app's sign-in) and signed out, with the rules applied.
 */
describe('@supabase/supabase-js REST (supabase.from) against Atelier', () => {
  // biome-ignore lint/suspicious/noExplicitAny: rows are checked field by field with expect()
  type Row = any;
  let restAppId: string;
  let ada: EndUser;
  let bob: EndUser;
  const supabase = (user?: EndUser): SupabaseClient =>
    createClient(
      supabaseApiUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, restAppId),
      SUPABASE_ANON_KEY,
      {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: WebSocket as never },
        global: { headers: user ? { Authorization: user.headers.authorization as string } : {} },
      },
    );

  beforeAll(async () => {
    const made = await createEntityApp(t, 'rest-builder@example.com', {
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
    restAppId = made.appId;
    ada = await endUser(t, restAppId, 'ada@example.com');
    bob = await endUser(t, restAppId, 'bob@example.com');
  });

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
