import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { AuthApiError, createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { lastMailTo, OTHER_STRONG_PASSWORD, STRONG_PASSWORD } from '../../../test/support/accounts.ts';
import { createEntityApp } from '../../../test/support/entities.ts';
import { markPublished } from '../../../test/support/functions.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { SUPABASE_ANON_KEY, supabaseApiUrl } from './page-env.ts';

/**
 * The real `@supabase/supabase-js` from npm against a real Atelier server over HTTP (loopback
 * only), configured as an imported app's page is (page-env.ts): auth, storage and functions.
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
