import {
  type ContextItem,
  type ContextItemsResponse,
  type Passage,
  UNSETTLED_STATUSES,
} from '@atelier/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertApp, json, type SignedIn, signUpVerified } from '../../../test/support/accounts.ts';
import { startFakeGoogleDrive } from '../../../test/support/fake-google-drive.ts';
import { startFakeNotion } from '../../../test/support/fake-notion.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createSecretBox } from '../../platform/crypto/secret-box.ts';
import { connectorConnections, connectorOAuthStates, users } from '../../platform/db/schema/index.ts';
import { startDataSourceWorkers } from './data-sources.module.ts';
import { createDataSourcesRuntime } from './data-sources.runtime.ts';
import { runIngestJob } from './pipeline/ingest-worker.ts';

let t: TestApp;
let workers: Awaited<ReturnType<typeof startDataSourceWorkers>>;
let notion: Awaited<ReturnType<typeof startFakeNotion>>;
let drive: Awaited<ReturnType<typeof startFakeGoogleDrive>>;
let ada: SignedIn;
let bob: SignedIn;
let appId: string;

const PAGES = [
  {
    id: 'page-refunds',
    title: 'Refund policy',
    blocks: [
      { type: 'heading_1', text: 'Refunds' },
      { type: 'paragraph', text: 'Refunds are granted within thirty days of purchase.' },
    ],
  },
  { id: 'page-team', title: 'Team', blocks: [{ type: 'paragraph', text: 'Five bakers work here.' }] },
];

beforeAll(async () => {
  notion = await startFakeNotion({
    token: 'notion-secret',
    pages: PAGES,
    oauth: { clientId: 'notion-client', clientSecret: 'notion-client-secret' },
  });
  drive = await startFakeGoogleDrive({
    token: 'drive-secret',
    oauth: { clientId: 'google-client', clientSecret: 'google-client-secret' },
    files: [
      {
        id: 'sheet-prices',
        name: 'Prices',
        mimeType: 'application/vnd.google-apps.spreadsheet',
        content: 'item,price\nbaguette,3\nwedding cake,120\n',
      },
    ],
  });
  t = await createTestApp({
    env: {
      // The fakes listen on 127.0.0.1: the connectors' calls go through the SSRF guard.
      NET_ALLOW_LOOPBACK: 'true',
      NOTION_TOKEN: 'notion-secret',
      NOTION_API_BASE: notion.url,
      GOOGLE_DRIVE_TOKEN: 'drive-secret',
      GOOGLE_DRIVE_API_BASE: drive.url,
      // Builders may connect their own workspace / drive too (OAuth against the fakes).
      NOTION_OAUTH_CLIENT_ID: 'notion-client',
      NOTION_OAUTH_CLIENT_SECRET: 'notion-client-secret',
      GOOGLE_OAUTH_CLIENT_ID: 'google-client',
      GOOGLE_OAUTH_CLIENT_SECRET: 'google-client-secret',
      GOOGLE_OAUTH_AUTHORIZE_URL: `${drive.url}/oauth/authorize`,
      GOOGLE_OAUTH_TOKEN_URL: `${drive.url}/oauth/token`,
    },
  });
  await t.deps.queue.start();
  workers = await startDataSourceWorkers(t.deps, { pollingIntervalSeconds: 0.5, reapIntervalMs: 3_600_000 });
  ada = await signUpVerified(t, 'ada@example.com');
  bob = await signUpVerified(t, 'bob@example.com');
  appId = await insertApp(t, ada.user.id, { name: 'Bakery' });
  await t.deps.database.db.update(users).set({ plan: 'moon' }).where(eq(users.id, ada.user.id));
});
afterAll(async () => {
  workers?.stop();
  await notion?.close();
  await drive?.close();
  await t?.close();
});

const request = (who: SignedIn, path: string, init: RequestInit = {}) =>
  t.app.request(path, { ...init, headers: { ...who.headers, ...(init.headers as Record<string, string>) } });

async function settledItem(id: string, timeoutMs = 20_000): Promise<ContextItem> {
  return vi.waitFor(
    async () => {
      const res = await request(ada, `/api/context/items?appId=${appId}`);
      const item = ((await res.json()) as ContextItemsResponse).contextItems.find((i) => i.id === id);
      expect(item, `item ${id}`).toBeDefined();
      expect(UNSETTLED_STATUSES).not.toContain(item?.status);
      return item as ContextItem;
    },
    { timeout: timeoutMs, interval: 100 },
  );
}

async function search(q: string): Promise<Passage[]> {
  const res = await request(ada, `/api/context/search?appId=${appId}&q=${encodeURIComponent(q)}&k=5`);
  return ((await res.json()) as { passages: Passage[] }).passages;
}

describe('Notion connector', () => {
  it('is offered by the token endpoint once configured', async () => {
    const res = await request(ada, '/api/integrations/fetchCarbonTokens');
    const body = (await res.json()) as { connectors: { id: string; name: string; configured: boolean }[] };
    expect(body.connectors).toContainEqual({ id: 'notion', name: 'Notion', configured: true });
  });

  it('lists the workspace pages for the app owner only', async () => {
    const res = await request(ada, `/api/context/connectors/notion/documents?appId=${appId}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      documents: [
        {
          providerItemId: 'page-refunds',
          name: 'Refund policy',
          type: 'notion_page',
          externalFileUrl: 'https://www.notion.so/page-refunds',
        },
        {
          providerItemId: 'page-team',
          name: 'Team',
          type: 'notion_page',
          externalFileUrl: 'https://www.notion.so/page-team',
        },
      ],
    });
    expect((await request(bob, `/api/context/connectors/notion/documents?appId=${appId}`)).status).toBe(404);
    const other = await request(ada, `/api/context/connectors/dropbox/documents?appId=${appId}`);
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ error: { code: 'connector_not_configured' } });
  });

  it('imports a picked page through the pipeline, searchable, then re-syncs its new text', async () => {
    const res = await request(
      ada,
      `/api/context/ingest/metadata?appId=${appId}`,
      json('POST', {
        contextItems: [
          {
            provider: 'notion',
            providerItemId: 'page-refunds',
            name: 'Refund policy',
            type: 'notion_page',
            externalFileUrl: 'https://www.notion.so/page-refunds',
          },
        ],
      }),
    );
    expect(res.status).toBe(201);
    const [created] = ((await res.json()) as { contextItems: ContextItem[] }).contextItems;
    if (!created) throw new Error('no item');
    const synced = await settledItem(created.id);
    expect(synced).toMatchObject({
      status: 'synced',
      type: 'notion_page',
      provider: 'notion',
      providerItemId: 'page-refunds',
      externalFileUrl: 'https://www.notion.so/page-refunds',
      itemCount: 1,
    });
    const before = await search('thirty days');
    expect(before[0]).toMatchObject({ itemId: created.id, itemName: 'Refund policy', method: 'bm25' });
    expect(before[0]?.text).toContain('Refunds are granted within thirty days of purchase.');

    notion.setPages([
      {
        id: 'page-refunds',
        title: 'Refund policy',
        blocks: [{ type: 'paragraph', text: 'Refunds are granted within fourteen days, receipts required.' }],
      },
    ]);
    const again = await request(ada, `/api/context/${created.id}/resync`, { method: 'POST' });
    expect(again.status).toBe(200);
    expect(((await again.json()) as ContextItem).status).toBe('pending');
    const resynced = await settledItem(created.id);
    expect(resynced.status).toBe('synced');
    expect((await search('fourteen receipts'))[0]?.text).toContain('within fourteen days');
    expect(await search('thirty')).toEqual([]);
  });

  it('ends a page the integration can no longer see in error with the reason', async () => {
    const res = await request(
      ada,
      `/api/context/ingest/metadata?appId=${appId}`,
      json('POST', { contextItems: [{ provider: 'notion', providerItemId: 'page-gone', name: 'Gone' }] }),
    );
    const [created] = ((await res.json()) as { contextItems: ContextItem[] }).contextItems;
    if (!created) throw new Error('no item');
    expect(await settledItem(created.id)).toMatchObject({
      status: 'error',
      statusReason: 'This Notion page was not found or is not shared',
    });
  });

  it('refuses to re-sync an item that did not come from a connector', async () => {
    const res = await request(
      ada,
      `/api/context/ingest/text?appId=${appId}`,
      json('POST', { context: 'Plain' }),
    );
    const [item] = ((await res.json()) as { contextItems: ContextItem[] }).contextItems;
    const again = await request(ada, `/api/context/${item?.id}/resync`, { method: 'POST' });
    expect(again.status).toBe(400);
    expect((await request(bob, `/api/context/${item?.id}/resync`, { method: 'POST' })).status).toBe(404);
  });
});

describe('Google Drive connector', () => {
  it('lists the Sheet and imports it as one passage source per row', async () => {
    const list = await request(ada, `/api/context/connectors/google_drive/documents?appId=${appId}`);
    expect(((await list.json()) as { documents: unknown[] }).documents).toEqual([
      {
        providerItemId: 'sheet-prices',
        name: 'Prices',
        type: 'google_sheet',
        externalFileUrl: 'https://docs.google.com/d/sheet-prices/edit',
      },
    ]);
    const res = await request(
      ada,
      `/api/context/ingest/metadata?appId=${appId}`,
      json('POST', {
        contextItems: [
          { provider: 'google_drive', providerItemId: 'sheet-prices', name: 'Prices', type: 'google_sheet' },
        ],
      }),
    );
    const [created] = ((await res.json()) as { contextItems: ContextItem[] }).contextItems;
    if (!created) throw new Error('no item');
    expect(await settledItem(created.id)).toMatchObject({
      status: 'synced',
      type: 'google_sheet',
      provider: 'google_drive',
      itemCount: 2,
      // "Copy template" opens Google's "Make a copy" page of the Sheet (issue 23 #21).
      templateFileUrl: 'https://docs.google.com/spreadsheets/d/sheet-prices/copy',
    });
    const [best] = await search('wedding cake');
    expect(best).toMatchObject({ itemId: created.id, itemName: 'Prices' });
    expect(best?.text).toContain('120');
  });
});

describe('CSV template', () => {
  it('serves the header row kept at upload as a CSV file, and nothing for other items', async () => {
    const form = new FormData();
    const csv = 'item,"price, euros",notes\nbread,3,fresh\n';
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'Prices.csv');
    const res = await request(ada, `/api/context/ingest/file?appId=${appId}`, { method: 'POST', body: form });
    expect(res.status).toBe(201);
    const [item] = ((await res.json()) as { contextItems: ContextItem[] }).contextItems;
    if (!item) throw new Error('no item');
    expect(item.templateFileUrl).toBe(`/api/context/${item.id}/template`);
    await settledItem(item.id);
    const template = await request(ada, `/api/context/${item.id}/template`);
    expect(template.status).toBe(200);
    expect(template.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(template.headers.get('content-disposition')).toBe('attachment; filename="Prices template.csv"');
    expect(await template.text()).toBe('item,"price, euros",notes\r\n');
    expect((await request(bob, `/api/context/${item.id}/template`)).status).toBe(404);

    const text = await request(
      ada,
      `/api/context/ingest/text?appId=${appId}`,
      json('POST', { context: 'Hi' }),
    );
    const [plain] = ((await text.json()) as { contextItems: ContextItem[] }).contextItems;
    expect(plain?.templateFileUrl).toBeNull();
    expect((await request(ada, `/api/context/${plain?.id}/template`)).status).toBe(404);
  });
});

describe('SSRF guard', () => {
  it('refuses a connector API base on a private address (the guard sees every connector call)', async () => {
    const { config } = t.deps;
    const guarded = createDataSourcesRuntime({
      ...t.deps,
      config: { ...config, dataSources: { ...config.dataSources, netAllowLoopback: false } },
    });
    await expect((await guarded.connectors.forOwner('notion', ada.user.id)).listDocuments()).rejects.toThrow(
      'Could not reach Notion, try again later',
    );
    await expect(
      (await guarded.connectors.forOwner('google_drive', ada.user.id)).listDocuments(),
    ).rejects.toThrow('Could not reach Google Drive, try again later');
  });
});

describe('Own connections (OAuth)', () => {
  const box = () => createSecretBox({ config: t.deps.config });
  const row = async (who: SignedIn, provider: string) =>
    (
      await t.deps.database.db
        .select()
        .from(connectorConnections)
        .where(and(eq(connectorConnections.userId, who.user.id), eq(connectorConnections.provider, provider)))
    )[0];
  const accessOf = async (who: SignedIn, provider: string) => {
    const found = await row(who, provider);
    return found ? box().decrypt(found.accessTokenEncrypted) : undefined;
  };
  const expire = (who: SignedIn, provider: string) =>
    t.deps.database.db
      .update(connectorConnections)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(connectorConnections.userId, who.user.id), eq(connectorConnections.provider, provider)));

  /** Start (POST, same-site), follow the fake provider's auto-approval: the callback path and query. */
  async function authorize(who: SignedIn, provider: string, app = appId) {
    const res = await request(who, `/api/context/oauth/${provider}/start`, json('POST', { appId: app }));
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    const approved = await fetch(url, { redirect: 'manual' });
    const back = new URL(approved.headers.get('location') ?? '');
    return { authorizeUrl: new URL(url), callback: back.pathname + back.search };
  }
  const callback = async (who: SignedIn, path: string) => {
    const res = await request(who, path);
    expect(res.status).toBe(302);
    return res.headers.get('location');
  };
  const connect = async (who: SignedIn, provider: string, app = appId) =>
    callback(who, (await authorize(who, provider, app)).callback);

  it('connects Notion: the code is exchanged, the tokens stored sealed, and no token is ever answered', async () => {
    const refused = await request(ada, '/api/context/oauth/notion/start', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ appId }),
    });
    expect(refused.status).toBe(403);
    expect((await request(bob, '/api/context/oauth/notion/start', json('POST', { appId }))).status).toBe(404);

    const { authorizeUrl, callback: path } = await authorize(ada, 'notion');
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${notion.url}/v1/oauth/authorize`);
    expect(authorizeUrl.searchParams.get('owner')).toBe('user');
    const state = authorizeUrl.searchParams.get('state') ?? '';
    const [pending] = await t.deps.database.db
      .select()
      .from(connectorOAuthStates)
      .where(eq(connectorOAuthStates.userId, ada.user.id));
    expect(pending?.stateHash).not.toContain(state);
    expect((pending?.expiresAt.getTime() ?? 0) - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);

    expect(await callback(ada, path)).toBe(`/apps/${appId}/data?connect=notion&result=connected`);
    const stored = await row(ada, 'notion');
    const token = box().decrypt(stored?.accessTokenEncrypted ?? '');
    expect(notion.oauth?.accepts(token)).toBe(true);
    expect(stored?.accessTokenEncrypted).not.toContain(token);
    expect(stored?.refreshTokenEncrypted).toMatch(/^v1:/);

    const res = await request(ada, '/api/context/connections');
    const text = await res.text();
    expect(text).not.toContain(token);
    expect(JSON.parse(text)).toMatchObject({
      connections: [
        {
          provider: 'notion',
          oauth: true,
          serverToken: true,
          connected: true,
          accountName: 'ada@bakery.example (Bakery HQ)',
        },
        { provider: 'google_drive', oauth: true, serverToken: true, connected: false, accountName: null },
      ],
    });
  });

  it('refuses a state replayed, of another builder, expired, or denied; a bad code fails', async () => {
    const { callback: path } = await authorize(ada, 'notion');
    expect(await callback(bob, path)).toBe('/home?connect=notion&result=expired');
    expect(await callback(ada, path)).toBe(`/apps/${appId}/data?connect=notion&result=connected`);
    expect(await callback(ada, path)).toBe('/home?connect=notion&result=expired');

    const late = await authorize(ada, 'notion');
    await t.deps.database.db.update(connectorOAuthStates).set({ expiresAt: new Date(Date.now() - 1) });
    expect(await callback(ada, late.callback)).toBe(`/apps/${appId}/data?connect=notion&result=expired`);

    notion.oauth?.deny();
    const denied = await authorize(ada, 'notion');
    notion.oauth?.deny(false);
    expect(await callback(ada, denied.callback)).toBe(`/apps/${appId}/data?connect=notion&result=denied`);

    const forged = await authorize(ada, 'notion');
    const badCode = forged.callback.replace(/code=[^&]+/, 'code=forged');
    expect(await callback(ada, badCode)).toBe(`/apps/${appId}/data?connect=notion&result=failed`);
    expect(notion.oauth?.grants.at(-1)).toMatchObject({ grantType: 'authorization_code', ok: false });
  });

  it("imports with the owner's own token, refreshed on expiry and after a 401, never another builder's", async () => {
    const bobApp = await insertApp(t, bob.user.id, { name: 'Bob shop' });
    await connect(bob, 'notion', bobApp);
    const bobToken = await accessOf(bob, 'notion');
    const mark = notion.requests.length;
    const res = await request(
      ada,
      `/api/context/ingest/metadata?appId=${appId}`,
      json('POST', {
        contextItems: [{ provider: 'notion', providerItemId: 'page-refunds', name: 'Refunds' }],
      }),
    );
    const [created] = ((await res.json()) as { contextItems: ContextItem[] }).contextItems;
    if (!created) throw new Error('no item');
    const used = () =>
      new Set(
        notion.requests
          .slice(mark)
          .filter((r) => r.path.startsWith('/v1/blocks/page-refunds'))
          .map((r) => r.bearer),
      );
    expect(await settledItem(created.id)).toMatchObject({ status: 'synced' });
    expect(used()).toEqual(new Set([await accessOf(ada, 'notion')]));

    const before = await row(ada, 'notion');
    await expire(ada, 'notion');
    await request(ada, `/api/context/${created.id}/resync`, { method: 'POST' });
    expect(await settledItem(created.id)).toMatchObject({ status: 'synced' });
    const after = await row(ada, 'notion');
    expect(after?.version).toBe((before?.version ?? 0) + 1);
    expect(box().decrypt(after?.refreshTokenEncrypted ?? '')).not.toBe(
      box().decrypt(before?.refreshTokenEncrypted ?? ''),
    );

    notion.oauth?.revokeAccessTokens();
    await request(ada, `/api/context/${created.id}/resync`, { method: 'POST' });
    expect(await settledItem(created.id)).toMatchObject({ status: 'synced' });
    expect((await row(ada, 'notion'))?.version).toBe((after?.version ?? 0) + 1);
    expect(used().has(bobToken)).toBe(false);
    expect(used().has('notion-secret')).toBe(false);
  });

  it('spends a rotating refresh token once when two instances refresh at the same time', async () => {
    await expire(ada, 'notion');
    const refreshes = () => notion.oauth?.grants.filter((g) => g.grantType === 'refresh_token').length ?? 0;
    const before = refreshes();
    const instances = [createDataSourcesRuntime(t.deps), createDataSourcesRuntime(t.deps)];
    const lists = await Promise.all(
      instances.map(async (runtime) =>
        (await runtime.connectors.forOwner('notion', ada.user.id)).listDocuments(),
      ),
    );
    expect(lists[0]).toEqual(lists[1]);
    expect(refreshes()).toBe(before + 1);
    expect(notion.oauth?.grants.at(-1)).toMatchObject({ ok: true });
    // The refresh token stored is the live one: the next refresh works too.
    await expire(ada, 'notion');
    await expect(
      instances[0]?.connectors.forOwner('notion', ada.user.id).then((c) => c.listDocuments()),
    ).resolves.toHaveLength(1);
  });

  it('connects Google Drive with PKCE and lists the drive with that token', async () => {
    const { authorizeUrl, callback: path } = await authorize(ada, 'google_drive');
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('access_type')).toBe('offline');
    expect(await callback(ada, path)).toBe(`/apps/${appId}/data?connect=google_drive&result=connected`);
    expect((await row(ada, 'google_drive'))?.accountName).toBe('ada@drive.example');
    const list = await request(ada, `/api/context/connectors/google_drive/documents?appId=${appId}`);
    expect(((await list.json()) as { documents: unknown[] }).documents).toHaveLength(1);
    expect(drive.requests.at(-1)).toMatch(/^\/drive\/v3\/files\?/);
  });

  it('disconnects: the row is deleted and the server token is used again; without one, says what to do', async () => {
    const res = await request(ada, '/api/context/connections/notion', json('DELETE'));
    expect(res.status).toBe(200);
    expect(await row(ada, 'notion')).toBeUndefined();
    const list = await request(ada, `/api/context/connectors/notion/documents?appId=${appId}`);
    expect(list.status).toBe(200);
    expect(notion.requests.at(-1)?.bearer).toBe('notion-secret');

    const { config } = t.deps;
    const noServerToken = createDataSourcesRuntime({
      ...t.deps,
      config: {
        ...config,
        dataSources: { ...config.dataSources, notion: { ...config.dataSources.notion, token: undefined } },
      },
    });
    await expect(noServerToken.connectors.forOwner('notion', ada.user.id)).rejects.toThrow(
      'Notion is not connected: use "Connect Notion" in the Data Sources dialog of this app',
    );
  });
});

describe('Ingestion of an item deleted while it runs', () => {
  it('stops quietly: no error logged, nothing written for the gone item', async () => {
    const { repo, ingestDeps } = workers.runtime;
    const row = await repo.insertItem(
      {
        appId,
        name: 'Replaced soon',
        type: 'txt',
        source: 'local_files',
        status: 'pending',
        size: 11,
        mimeType: 'text/plain',
        options: { kind: 'upload', fileKind: 'txt' },
      },
      new TextEncoder().encode('Hello there'),
    );
    const error = vi.fn();
    const logger = Object.assign(Object.create(ingestDeps.logger), { error });
    // "Replace file" deletes the old item just as its passages are about to be written.
    const index = {
      ...ingestDeps.index,
      insertChunks: async (...args: Parameters<typeof ingestDeps.index.insertChunks>) => {
        await repo.deleteItem(row.id);
        return ingestDeps.index.insertChunks(...args);
      },
    };
    await runIngestJob({ ...ingestDeps, index, logger }, row.id, 'run-replaced');
    expect(error).not.toHaveBeenCalled();
    expect(await repo.unscopedFindItem(row.id)).toBeUndefined();
  });
});
