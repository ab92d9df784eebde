import {
  type ContextItem,
  type ContextItemsResponse,
  type Passage,
  UNSETTLED_STATUSES,
} from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertApp, json, type SignedIn, signUpVerified } from '../../../test/support/accounts.ts';
import { startFakeGoogleDrive } from '../../../test/support/fake-google-drive.ts';
import { startFakeNotion } from '../../../test/support/fake-notion.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { users } from '../../platform/db/schema/index.ts';
import { startDataSourceWorkers } from './data-sources.module.ts';
import { createDataSourcesRuntime } from './data-sources.runtime.ts';

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
  notion = await startFakeNotion({ token: 'notion-secret', pages: PAGES });
  drive = await startFakeGoogleDrive({
    token: 'drive-secret',
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
    await expect(guarded.connectors.get('notion')!.listDocuments()).rejects.toThrow(
      'Could not reach Notion, try again later',
    );
    await expect(guarded.connectors.get('google_drive')!.listDocuments()).rejects.toThrow(
      'Could not reach Google Drive, try again later',
    );
  });
});
