import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
// The SDK's entities and auth over its transport (its index also holds browser-only parts).
import { authClient } from '../../../../../packages/app-sdk/src/auth.ts';
import { type EntityChange, entitiesProxy } from '../../../../../packages/app-sdk/src/entities.ts';
import { AtelierError } from '../../../../../packages/app-sdk/src/errors.ts';
import { Transport } from '../../../../../packages/app-sdk/src/transport.ts';
import { type SignedIn, STRONG_PASSWORD } from '../../../test/support/accounts.ts';
import { createEntityApp, writeEntities } from '../../../test/support/entities.ts';
import { fetchWatchingConnected } from '../../../test/support/sse.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { apps } from '../../platform/db/schema/index.ts';
import { appsRuntime } from '../apps/apps.runtime.ts';

/** The app SDK against the real server over HTTP: the calls it makes are the ones the server answers. */

let t: TestApp;
let server: ServerType;
let baseUrl: string;
let appId: string;
let owner: SignedIn;

/** What `createClient` builds, for the parts this test uses. */
function createClient(options: {
  appId: string;
  baseUrl: string;
  previewToken?: string;
  fetch?: typeof fetch;
}) {
  const transport = new Transport(options);
  return { entities: entitiesProxy(() => transport), auth: authClient(() => transport) };
}

beforeAll(async () => {
  t = await createTestApp();
  ({ appId, owner } = await createEntityApp(t, 'owner@example.com', {
    Deal: {
      properties: {
        name: { type: 'string' },
        amount: { type: 'number' },
        stage: { type: 'string', enum: ['lead', 'won', 'lost'] },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['name'],
      rls: { read: 'creator', write: 'creator' },
    },
    Post: { properties: { text: { type: 'string' } }, rls: { read: 'anonymous', write: 'all' } },
    User: { properties: { nickname: { type: 'string' } } },
  }));
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  t.deps.sse.closeAll();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const signedUpClient = async (email: string) => {
  const sdk = createClient({ appId, baseUrl });
  const user = await sdk.auth.signup({ email, password: STRONG_PASSWORD });
  return { sdk, user };
};

describe('app SDK ↔ entity API', () => {
  it('creates, lists, filters, sorts, pages, gets, updates, bulk-creates and deletes', async () => {
    const { sdk, user } = await signedUpClient('ada@example.com');
    const deals = sdk.entities.Deal!;
    const first = await deals.create({ name: 'Acme', amount: 100, stage: 'lead', tags: ['b2b'] });
    expect(first).toMatchObject({ name: 'Acme', amount: 100, creatorId: user.id });
    const more = await deals.bulkCreate([
      { name: 'Globex', amount: 250, stage: 'won' },
      { name: 'Initech', amount: 50, stage: 'lost', tags: ['b2b', 'smb'] },
    ]);
    expect(more.map((d) => d.name)).toEqual(['Globex', 'Initech']);
    expect((await deals.list()).map((d) => d.name)).toEqual(['Initech', 'Globex', 'Acme']);
    expect((await deals.list('amount', 2)).map((d) => d.name)).toEqual(['Initech', 'Acme']);
    expect((await deals.list('-amount', 1, 1)).map((d) => d.name)).toEqual(['Acme']);
    expect((await deals.filter({ amount: { $gt: 60 } }, 'amount')).map((d) => d.name)).toEqual([
      'Acme',
      'Globex',
    ]);
    expect((await deals.filter({ stage: { $in: ['won', 'lost'] } }, 'name')).map((d) => d.name)).toEqual([
      'Globex',
      'Initech',
    ]);
    expect((await deals.filter({ tags: { $contains: 'smb' } })).map((d) => d.name)).toEqual(['Initech']);
    expect(
      (await deals.filter({ stage: { $ne: 'lead' }, amount: { $lte: 100 } })).map((d) => d.name),
    ).toEqual(['Initech']);
    expect((await deals.filter({ tags: { $nin: ['b2b'] } })).map((d) => d.name)).toEqual(['Globex']);
    expect(await deals.get(first.id)).toEqual(first);
    const updated = await deals.update(first.id, { stage: 'won' });
    expect(updated).toMatchObject({ id: first.id, stage: 'won', amount: 100 });
    await deals.delete(first.id);
    const missing = await deals.get(first.id).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(AtelierError);
    expect(missing).toMatchObject({ code: 'not_found', status: 404, message: 'Record not found' });
  });

  it('keeps each user’s records to themselves and answers the server’s validation errors', async () => {
    const { sdk: bob } = await signedUpClient('bob@example.com');
    expect(await bob.entities.Deal!.list()).toEqual([]);
    const invalid = await bob.entities.Deal!.create({ amount: 5 }).catch((error: unknown) => error);
    expect(invalid).toMatchObject({ code: 'validation_error', status: 400, message: 'name: is required' });
    const anonymous = createClient({ appId, baseUrl });
    expect(await anonymous.entities.Post!.list()).toEqual([]);
    const refused = await anonymous.entities.Post!.create({ text: 'hi' }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 401 });
  });

  it('updates the signed-in user with auth.updateMe', async () => {
    const { sdk, user } = await signedUpClient('cy@example.com');
    const me = await sdk.auth.updateMe({ nickname: 'cy', name: 'Cy' });
    expect(me).toMatchObject({ id: user.id, nickname: 'cy', name: 'Cy', email: 'cy@example.com' });
    expect(await sdk.entities.User!.get(user.id)).toMatchObject({ nickname: 'cy' });
  });

  it('delivers the changes a subscriber may read, with the record', async () => {
    const { sdk: writer } = await signedUpClient('dee@example.com');
    const stream = fetchWatchingConnected();
    const reader = createClient({ appId, baseUrl, fetch: stream.fetch });
    const changes: EntityChange[] = [];
    const stop = reader.entities.Post!.subscribe((change) => changes.push(change));
    await stream.connected;
    const until = (count: number) =>
      vi.waitFor(() => expect(changes).toHaveLength(count), { timeout: 10_000 });
    // Signals carry ids; the subscriber reads the record when the signal arrives (so one change at a time).
    const post = await writer.entities.Post!.create({ text: 'hello' });
    await until(1);
    await writer.entities.Post!.update(post.id, { text: 'hello again' });
    await until(2);
    await writer.entities.Post!.delete(post.id);
    await until(3);
    stop();
    expect(changes).toEqual([
      { type: 'create', id: post.id, data: expect.objectContaining({ text: 'hello' }) },
      { type: 'update', id: post.id, data: expect.objectContaining({ text: 'hello again' }) },
      { type: 'delete', id: post.id },
    ]);
  });

  it('serves the published version’s entities, and the previewed version’s with the preview token', async () => {
    const published = await writeEntities(t, owner, appId, {
      Draftless: { properties: { a: { type: 'string' } } },
    });
    await t.deps.database.db
      .update(apps)
      .set({ publishedVersionId: published.version.id })
      .where(eq(apps.id, appId));
    const draft = await writeEntities(t, owner, appId, {
      Fresh: { properties: { a: { type: 'string' } }, rls: { read: 'anonymous', write: 'anonymous' } },
    });
    const visitor = createClient({ appId, baseUrl });
    expect(await visitor.entities.Fresh!.list().catch((error: unknown) => error)).toMatchObject({
      status: 404,
    });
    const links = appsRuntime(t.deps).previewTokens;
    const { token } = await links.sign({
      appId,
      versionId: draft.version.id,
      userId: owner.user.id,
      parentOrigin: 'http://localhost',
      viewAs: 'visitor',
    });
    const credential = await links.signCredential((await links.verify(token))!);
    const preview = createClient({ appId, baseUrl, previewToken: credential });
    expect(await preview.entities.Fresh!.create({ a: 'x' })).toMatchObject({ a: 'x' });
    const forged = createClient({ appId, baseUrl, previewToken: `${token}x` });
    expect(await forged.entities.Fresh!.list().catch((error: unknown) => error)).toMatchObject({
      status: 404,
    });
  });
});
