import type { AddressInfo } from 'node:net';
import { Base44Error, type EntityHandler } from '@base44/sdk';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, lastMailTo, type SignedIn, STRONG_PASSWORD } from '../../../test/support/accounts.ts';
import { failure, sdkClients } from '../../../test/support/base44.ts';
import { createEntityApp } from '../../../test/support/entities.ts';
import { markPublished, writeFile } from '../../../test/support/functions.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

/**
 * The hermetic suite of `@base44/sdk`'s repository (base44/javascript-sdk `tests/unit` at commit
 * b0c509f, where each case meets a mock platform) re-expressed against the real Atelier server:
 * the same calls, with the outcome asserted on what the server answers and stores. Cases about the
 * client alone (URL building, localStorage, header plumbing, argument checks) are not here; the list
 * of what is and is not covered is in docs/base44.md ("The SDK's hermetic cases").
 */

let t: TestApp;
let server: ServerType;
let serverUrl: string;
let appId: string;
let owner: SignedIn;
const { client, cleanup } = sdkClients(() => ({ serverUrl, appId }));

// biome-ignore lint/suspicious/noExplicitAny: records are checked field by field with expect()
type Row = any;

/** One Deno-style function for every functions case (the name has `-` and `_`, as in the suite). */
const FUNCTION = [
  "import { createClientFromRequest } from 'npm:@base44/sdk@0.8.6';",
  'Deno.serve(async (req: Request) => {',
  "  const type = req.headers.get('content-type') ?? '';",
  "  const got = type.includes('json') ? await req.json() : { type: type.split(';')[0], text: await req.text() };",
  "  if (got?.mode === 'fail') return Response.json({ error: 'Internal server error' }, { status: 500 });",
  "  if (got?.mode === 'whoami') return Response.json({ email: (await createClientFromRequest(req).auth.me()).email });",
  '  return Response.json({ processed: true, got });',
  '});',
].join('\n');

beforeAll(async () => {
  t = await createTestApp({ env: { FUNCTION_RUNNERS: '1' } });
  ({ appId, owner } = await createEntityApp(t, 'builder@example.com', {
    Todo: {
      properties: { title: { type: 'string' }, completed: { type: 'boolean' }, rank: { type: 'number' } },
      required: ['title'],
      rls: { read: 'creator', write: 'creator' },
    },
    Notice: { properties: { text: { type: 'string' } }, rls: { read: 'anonymous', write: 'admin' } },
  }));
  await writeFile(t, owner, appId, 'functions/process-data_v2.ts', FUNCTION);
  await markPublished(t, appId);
  const deployed = await t.app.request(
    `/api/apps/${appId}/functions/process-data_v2/deploy`,
    json('POST', {}, owner.headers),
  );
  expect(deployed.status).toBe(200);
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  cleanup();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/** A registered, signed-in end user (register → mailed code → verifyOtp). */
async function signedIn(email: string) {
  const sdk = client();
  await sdk.auth.register({ email, password: STRONG_PASSWORD } as never);
  const { otp } = await lastMailTo(t, email);
  const { access_token: token } = (await sdk.auth.verifyOtp({ email, otpCode: otp ?? '' })) as {
    access_token: string;
  };
  sdk.setToken(token);
  return { sdk, token };
}

describe('the SDK hermetic suite, against Atelier', () => {
  it('Entities Module: list, filter, get, create, update, delete', async () => {
    const { sdk } = await signedIn('todo@example.com');
    const Todo = sdk.entities.Todo as EntityHandler<Row>;
    const first = await Todo.create({ title: 'Task 1', completed: false, rank: 1 });
    expect(first).toMatchObject({ id: expect.any(String), title: 'Task 1', completed: false });
    await Todo.create({ title: 'Task 2', completed: true, rank: 2 });
    await Todo.create({ title: 'Task 3', completed: false, rank: 3 });

    // list(sort, limit, skip, fields)
    const page = await Todo.list('title', 2, 1, ['id', 'title']);
    expect(page.map((row: Row) => row.title)).toEqual(['Task 2', 'Task 3']);
    expect(Object.keys(page[0] ?? {}).sort()).toEqual(['id', 'title']);
    // filter(query)
    expect((await Todo.filter({ completed: true })).map((row: Row) => row.title)).toEqual(['Task 2']);
    // get(id), update(id, data), delete(id)
    expect(await Todo.get(first.id)).toMatchObject({ id: first.id, title: 'Task 1' });
    expect(await Todo.update(first.id, { completed: true })).toMatchObject({
      id: first.id,
      title: 'Task 1',
      completed: true,
    });
    await Todo.delete(first.id);
    expect(await failure(Todo.get(first.id))).toMatchObject({ status: 404 });
  });

  it('Auth Module: me, updateMe, loginViaEmailPassword (with a turnstile token), isAuthenticated, setToken', async () => {
    const { sdk, token } = await signedIn('auth@example.com');
    expect(await sdk.auth.me()).toMatchObject({ email: 'auth@example.com', role: 'user' });
    expect(await sdk.auth.updateMe({ full_name: 'Updated Name' })).toMatchObject({
      email: 'auth@example.com',
      full_name: 'Updated Name',
    });
    // Validation errors reject (a read-only field of the user).
    expect(await failure(sdk.auth.updateMe({ email: 'invalid-email' }))).toMatchObject({ status: 400 });
    expect(await sdk.auth.isAuthenticated()).toBe(true);

    // Signed out: me() is 401 and isAuthenticated() false; an unknown token the same.
    expect(await failure(client().auth.me())).toMatchObject({ status: 401 });
    expect(await client('not-a-token').auth.isAuthenticated()).toBe(false);

    const login = client();
    const answer = await login.auth.loginViaEmailPassword(
      'auth@example.com',
      STRONG_PASSWORD,
      'turnstile-token',
    );
    expect(answer).toMatchObject({ access_token: expect.any(String), user: { email: 'auth@example.com' } });
    expect(await login.auth.me()).toMatchObject({ full_name: 'Updated Name' });
    const wrong = await failure(client().auth.loginViaEmailPassword('auth@example.com', 'wrong-password'));
    expect(wrong).toBeInstanceOf(Base44Error);
    expect(wrong).toMatchObject({ status: 401 });

    // setToken: later calls carry it.
    const later = client();
    later.auth.setToken(token);
    expect(await later.auth.me()).toMatchObject({ email: 'auth@example.com' });
  });

  it('Client: no token reaches what is public, and nothing else', async () => {
    const anonymous = client();
    expect(await (anonymous.entities.Notice as EntityHandler<Row>).list()).toEqual([]);
    expect(
      await failure((anonymous.entities.Notice as EntityHandler<Row>).create({ text: 'x' })),
    ).toMatchObject({
      status: 401,
    });
  });

  it('Functions Module: JSON, empty, nested, null and array data, a file, the caller, errors', async () => {
    const { sdk } = await signedIn('fn@example.com');
    const invoke = (data: object) => sdk.functions.invoke('process-data_v2', data as Record<string, unknown>);
    expect((await invoke({ input: 'test data' })).data).toEqual({
      processed: true,
      got: { input: 'test data' },
    });
    expect((await invoke({})).data.got).toEqual({});
    const nested = { user: { name: 'Ada', tags: ['a', 'b'], prefs: { theme: 'dark' } }, items: [{ id: 1 }] };
    expect((await invoke(nested)).data.got).toEqual(nested);
    // undefined is dropped by JSON, null and '' are kept.
    expect(
      (await invoke({ stringValue: 'test', nullValue: null, undefinedValue: undefined, emptyString: '' }))
        .data.got,
    ).toEqual({ stringValue: 'test', nullValue: null, emptyString: '' });
    expect((await invoke({ numbers: [1, 2, 3], strings: ['a'] })).data.got).toEqual({
      numbers: [1, 2, 3],
      strings: ['a'],
    });

    // Files: multipart/form-data with the file and the other fields.
    const file = new File(['file content'], 'test.txt', { type: 'text/plain' });
    const mixed = (await invoke({ file, description: 'A file' })).data.got;
    expect(mixed.type).toBe('multipart/form-data');
    expect(mixed.text).toMatch(/filename="test.txt"\r\nContent-Type: text\/plain\r\n\r\nfile content\r\n/);
    expect(mixed.text).toMatch(/name="description"\r\n\r\nA file\r\n/);
    // The user's token reaches the function (createClientFromRequest).
    expect((await invoke({ mode: 'whoami' })).data).toEqual({ email: 'fn@example.com' });
    // Errors: the function's own 500, and 404 for a function that does not exist.
    expect(await failure(invoke({ mode: 'fail' }))).toMatchObject({ status: 500 });
    expect(await failure(sdk.functions.invoke('nonExistentFunction', { param: 'value' }))).toMatchObject({
      status: 404,
    });
  });

  it('Integrations Module: a Core endpoint, a file upload, unknown packages and custom integrations', async () => {
    const { sdk } = await signedIn('files@example.com');
    const upload = await sdk.integrations.Core.UploadFile({
      file: new File(['file content'], 'test.txt', { type: 'text/plain' }),
    });
    const fileUrl = (upload as { file_url: string }).file_url;
    const { pathname, search } = new URL(fileUrl, serverUrl);
    const served = await fetch(`${serverUrl}${pathname}${search}`);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe('file content');
    // An installable package and a custom integration Atelier does not have.
    const custom = sdk.integrations as unknown as Record<
      string,
      Record<string, (p: object) => Promise<unknown>>
    >;
    expect(
      await failure(custom.CustomPackage?.CustomEndpoint?.({ param1: 'value1' }) as Promise<unknown>),
    ).toMatchObject({ status: 501 });
    expect(await failure(sdk.integrations.custom.call('github', 'listIssues', {}))).toMatchObject({
      status: 404,
    });
  });
});
