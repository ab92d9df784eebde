import {
  type ContextItem,
  type ContextItemsResponse,
  DATA_SOURCE_MESSAGES,
  type Passage,
  UNSETTLED_STATUSES,
} from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertApp, json, type SignedIn, signUpVerified } from '../../../test/support/accounts.ts';
import { makeDocx, makePdf, makeZipBomb } from '../../../test/support/document-fixtures.ts';
import { SSE_CONNECTED } from '../../../test/support/sse.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { startTestSite } from '../../../test/support/test-site.ts';
import { contextItems, users } from '../../platform/db/schema/index.ts';
import { dataSourcesRuntime } from './data-sources.runtime.ts';
import { MAX_ATTEMPTS, reapStaleItems, WORKER_DIED_MESSAGE } from './pipeline/reaper.ts';
import { Bm25Index } from './retrieval/bm25.ts';

let t: TestApp;
let site: Awaited<ReturnType<typeof startTestSite>>;
let ada: SignedIn;
let bob: SignedIn;
let paidApp: string;
let liteApp: string;
let bobApp: string;

beforeAll(async () => {
  t = await createTestApp({ env: { NET_ALLOW_LOOPBACK: 'true' } });
  // The server's background work (the job queue, the ingestion worker); t.close() stops it.
  await t.services.start({ dataSources: { pollingIntervalSeconds: 0.5, reapIntervalMs: 3_600_000 } });
  site = await startTestSite();
  ada = await signUpVerified(t, 'ada@example.com');
  bob = await signUpVerified(t, 'bob@example.com');
  paidApp = await insertApp(t, ada.user.id, { name: 'Paid app' });
  await t.deps.database.db.update(users).set({ plan: 'moon' }).where(eq(users.id, ada.user.id));
  bobApp = await insertApp(t, bob.user.id, { name: 'Lite app' });
  liteApp = bobApp;
});
afterAll(async () => {
  await site?.close();
  await t?.close();
});

const request = (who: SignedIn, path: string, init: RequestInit = {}) =>
  t.app.request(path, { ...init, headers: { ...who.headers, ...(init.headers as Record<string, string>) } });

function upload(
  who: SignedIn,
  appId: string,
  files: { name: string; bytes: Uint8Array; type?: string }[],
  replaces?: string,
) {
  const form = new FormData();
  for (const file of files) form.append('file', new Blob([file.bytes], { type: file.type ?? '' }), file.name);
  const query = replaces ? `appId=${appId}&replaces=${replaces}` : `appId=${appId}`;
  return request(who, `/api/context/ingest/file?${query}`, { method: 'POST', body: form });
}

async function listItems(who: SignedIn, appId: string): Promise<ContextItemsResponse> {
  const res = await request(who, `/api/context/items?appId=${appId}`);
  expect(res.status).toBe(200);
  return (await res.json()) as ContextItemsResponse;
}

/** Waits until every given item has left pending/running. */
async function settled(
  who: SignedIn,
  appId: string,
  ids: string[],
  timeoutMs = 20_000,
): Promise<ContextItem[]> {
  return vi.waitFor(
    async () => {
      const items = (await listItems(who, appId)).contextItems.filter((item) => ids.includes(item.id));
      expect(items).toHaveLength(ids.length);
      for (const item of items) expect(UNSETTLED_STATUSES, `item ${item.id}`).not.toContain(item.status);
      return items;
    },
    { timeout: timeoutMs, interval: 100 },
  );
}

async function search(who: SignedIn, appId: string, q: string): Promise<Passage[]> {
  const res = await request(who, `/api/context/search?appId=${appId}&q=${encodeURIComponent(q)}&k=5`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { passages: Passage[] }).passages;
}

const encode = (text: string) => new TextEncoder().encode(text);

describe('ingestion of files', () => {
  let ids: Record<string, string> = {};

  it('indexes a 2,000-row CSV with batched multi-row writes, not statements per row', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => `Item ${i},${i} EUR`);
    const appId = await insertApp(t, ada.user.id, { name: 'Many rows' });
    const query = vi.spyOn(t.deps.database, 'query');
    try {
      const res = await upload(ada, appId, [
        { name: 'many.csv', bytes: encode(`Name,Price\n${rows.join('\n')}\n`) },
      ]);
      expect(res.status).toBe(201);
      const [item] = ((await res.json()) as { contextItems: ContextItem[] }).contextItems;
      const [done] = await settled(ada, appId, [item!.id], 60_000);
      expect(done).toMatchObject({ status: 'synced', itemCount: 2000, chunkCount: 2000 });
      const chunkInserts = query.mock.calls.filter(([text]) => /insert into context_chunks/i.test(text));
      expect(chunkInserts.length).toBe(4);
    } finally {
      query.mockRestore();
    }
  });

  it('ingests a real DOCX, PDF and CSV uploaded together, each synced with its counts', async () => {
    const docx = await makeDocx([
      'Refund policy: customers may return unworn alpaca socks within 30 days for a full refund.',
      'Refunds are paid to the original card within five working days.',
    ]);
    const pdf = await makePdf([
      ['Shearing season starts in May.'],
      ['Each alpaca gives about three kilos of fleece.'],
    ]);
    const csv = encode(
      'Product,Price,Colour\nAlpaca socks,18 EUR,grey\nWool hat,35 EUR,cream\nScarf,49 EUR,brown\n',
    );
    const res = await upload(ada, paidApp, [
      { name: 'policy.docx', bytes: docx },
      { name: 'season.pdf', bytes: pdf, type: 'application/pdf' },
      { name: 'products.csv', bytes: csv, type: 'text/csv' },
    ]);
    expect(res.status).toBe(201);
    const created = ((await res.json()) as { contextItems: ContextItem[] }).contextItems;
    expect(created.map((item) => [item.name, item.type, item.status])).toEqual([
      ['policy.docx', 'doc', 'pending'],
      ['season.pdf', 'pdf', 'pending'],
      ['products.csv', 'csv', 'pending'],
    ]);
    const items = await settled(
      ada,
      paidApp,
      created.map((item) => item.id),
    );
    const byName = Object.fromEntries(items.map((item) => [item.name, item]));
    expect(byName['policy.docx']).toMatchObject({
      status: 'synced',
      itemCount: 1,
      chunkCount: 1,
      size: docx.byteLength,
    });
    expect(byName['season.pdf']).toMatchObject({ status: 'synced', itemCount: 2, chunkCount: 2 });
    expect(byName['products.csv']).toMatchObject({ status: 'synced', itemCount: 3, chunkCount: 3 });
    expect(byName['products.csv']?.lastSyncedAt).not.toBeNull();
    ids = Object.fromEntries(items.map((item) => [item.name, item.id]));
  });

  it('answers a search with passages naming item, chunk, method and score, best first', async () => {
    const refund = await search(ada, paidApp, 'refund for socks');
    expect(refund[0]).toMatchObject({ itemId: ids['policy.docx'], itemName: 'policy.docx', method: 'bm25' });
    expect(refund[0]?.text).toContain('return unworn alpaca socks within 30 days');
    expect(refund[0]?.score).toBeGreaterThan(0);
    expect(refund[0]?.chunkId).toEqual(expect.any(String));
    const hat = await search(ada, paidApp, 'wool hat price');
    expect(hat[0]).toMatchObject({
      itemId: ids['products.csv'],
      text: 'Product: Wool hat\nPrice: 35 EUR\nColour: cream',
    });
    const fleece = await search(ada, paidApp, 'kilos of fleece');
    expect(fleece[0]).toMatchObject({
      itemId: ids['season.pdf'],
      text: 'Each alpaca gives about three kilos of fleece.',
    });
    expect(await search(ada, paidApp, 'zeppelin')).toEqual([]);
  });

  it('scores exactly like the in-memory BM25 reference over the same passages', async () => {
    const rows = await t.deps.database.query<{ id: string; text: string }>(
      'select id, text from context_chunks where app_id = $1',
      [paidApp],
    );
    const reference = new Bm25Index();
    for (const row of rows.rows) reference.add(row.id, row.text);
    for (const query of ['alpaca socks', 'refund card days', 'price of a scarf']) {
      const expected = reference.search(query, 5);
      const actual = await search(ada, paidApp, query);
      expect(actual.map((p) => p.score)).toEqual(expected.map((e) => expect.closeTo(e.score, 5)));
      expect(new Set(actual.map((p) => p.chunkId))).toEqual(new Set(expected.map((e) => e.id)));
    }
  });

  it('renames and deletes an item, and its passages leave the search', async () => {
    const renamed = await request(
      ada,
      `/api/context/${ids['season.pdf']}`,
      json('PATCH', { name: 'Shearing' }),
    );
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as ContextItem).name).toBe('Shearing');
    const deleted = await request(ada, `/api/context/${ids['season.pdf']}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(await search(ada, paidApp, 'kilos of fleece')).toEqual([]);
    const left = (await listItems(ada, paidApp)).contextItems.map((item) => item.name);
    expect(left).not.toContain('Shearing');
  });

  it('replaces an item by a new upload: the old one and its passages are gone', async () => {
    const res = await upload(ada, paidApp, [
      { name: 'products-2025.csv', bytes: encode('Product,Price\nLlama blanket,120 EUR\n') },
    ]);
    const [fresh] = ((await res.json()) as { contextItems: ContextItem[] }).contextItems;
    await settled(ada, paidApp, [fresh!.id]);
    const replaced = await request(
      ada,
      `/api/tools/${paidApp}/replaceDataItem`,
      json('POST', { oldItemId: ids['products.csv'], newItemId: fresh!.id }),
    );
    expect(replaced.status).toBe(200);
    expect(((await replaced.json()) as ContextItem).id).toBe(fresh!.id);
    expect(await search(ada, paidApp, 'wool hat')).toEqual([]);
    expect((await search(ada, paidApp, 'llama blanket'))[0]?.itemId).toBe(fresh!.id);
  });
});

describe('web pages', () => {
  it('scrapes a multi-page site from a local server and finds its pages', async () => {
    const res = await request(
      ada,
      `/api/context/ingest/web?appId=${paidApp}`,
      json('POST', { url: `${site.url}/`, depth: 2 }),
    );
    expect(res.status).toBe(201);
    const [item] = ((await res.json()) as { contextItems: ContextItem[] }).contextItems;
    expect(item).toMatchObject({ type: 'web_page', source: 'web_scraper', externalFileUrl: `${site.url}/` });
    const [done] = await settled(ada, paidApp, [item!.id]);
    expect(done).toMatchObject({ status: 'synced', itemCount: 4 });
    expect(done?.progress).toMatchObject({ stage: 'done', pagesDone: 4 });
    const passages = await search(ada, paidApp, 'shearing team May');
    expect(passages[0]?.text).toContain('The shearing team works every May.');
    expect(await search(ada, paidApp, 'forbids')).toEqual([]);
  });

  it('ends in a clear error when the page redirects to 169.254.169.254', async () => {
    const res = await request(
      ada,
      `/api/context/ingest/web?appId=${paidApp}`,
      json('POST', { url: `${site.url}/metadata` }),
    );
    const [item] = ((await res.json()) as { contextItems: ContextItem[] }).contextItems;
    const [done] = await settled(ada, paidApp, [item!.id]);
    expect(done).toMatchObject({
      status: 'error',
      // Nothing about the address or why (issue 20 #14).
      statusReason: 'This address is not allowed',
    });
  });
});

describe('hostile and invalid input', () => {
  it('answers 400 file_too_large naming the max size for a 50 MB PDF on lite', async () => {
    const big = new Uint8Array(50 * 1024 * 1024);
    big.set(encode('%PDF-1.7\n'));
    const res = await upload(bob, liteApp, [{ name: 'huge.pdf', bytes: big }]);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: 'file_too_large', message: 'File is too big. The maximum size is 10 MB' },
    });
  });

  it('answers 400 with a code for a CSV without headers, a 10k-column CSV and an unsupported type', async () => {
    const noHeader = await upload(bob, liteApp, [{ name: 'n.csv', bytes: encode('1,2,3\n4,5,6\n') }]);
    expect(noHeader.status).toBe(400);
    expect(await noHeader.json()).toEqual({
      error: {
        code: 'csv_no_headers',
        message: DATA_SOURCE_MESSAGES.csvNoHeaders,
        details: { fileName: 'n.csv' },
      },
    });
    const wide = Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(',');
    const tooWide = await upload(bob, liteApp, [{ name: 'wide.csv', bytes: encode(`${wide}\n${wide}\n`) }]);
    expect(tooWide.status).toBe(400);
    expect(((await tooWide.json()) as { error: { code: string } }).error.code).toBe('csv_too_many_columns');
    const image = await upload(bob, liteApp, [
      { name: 'photo.png', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) },
    ]);
    expect(image.status).toBe(400);
    expect(await image.json()).toMatchObject({
      error: { code: 'unsupported_file_type', message: DATA_SOURCE_MESSAGES.unsupportedType },
    });
    const none = await request(bob, `/api/context/ingest/file?appId=${liteApp}`, {
      method: 'POST',
      body: new FormData(),
    });
    expect(await none.json()).toMatchObject({
      error: { code: 'file_required', message: 'Please upload a file' },
    });
    expect((await listItems(bob, liteApp)).contextItems).toEqual([]);
  });

  it('answers "Please enter some text" for empty text', async () => {
    const res = await request(
      bob,
      `/api/context/ingest/text?appId=${liteApp}`,
      json('POST', { context: '  \n' }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { message: 'Please enter some text' } });
  });

  it('ends a zip-bomb DOCX in error with the reason, nothing left running', async () => {
    const res = await upload(ada, paidApp, [{ name: 'bomb.docx', bytes: makeZipBomb(120) }]);
    expect(res.status).toBe(201);
    const [item] = ((await res.json()) as { contextItems: ContextItem[] }).contextItems;
    const [done] = await settled(ada, paidApp, [item!.id]);
    expect(done).toMatchObject({
      status: 'error',
      statusReason: 'The document expands to more than 100 MB and was refused',
      chunkCount: 0,
    });
  });
});

describe('plan limits', () => {
  it('lets lite hold one data item: "Max 1 data item" after it, and hasReachedDataLimit', async () => {
    const first = await request(
      bob,
      `/api/context/ingest/text?appId=${liteApp}`,
      json('POST', { context: 'Opening hours: 9 to 5.' }),
    );
    expect(first.status).toBe(201);
    const [item] = ((await first.json()) as { contextItems: ContextItem[] }).contextItems;
    expect(item?.name).toBe('Opening hours: 9 to 5.');
    await settled(bob, liteApp, [item!.id]);
    const list = await listItems(bob, liteApp);
    expect(list.hasReachedDataLimit).toBe(true);
    expect(list.limits).toEqual({
      dataItems: 1,
      filesPerUpload: 1,
      uploadBytes: 10 * 1024 * 1024,
      scraperDepth: 2,
      scraperPages: 20,
    });
    const second = await request(
      bob,
      `/api/context/ingest/text?appId=${liteApp}`,
      json('POST', { context: 'More' }),
    );
    expect(second.status).toBe(403);
    expect(await second.json()).toMatchObject({
      error: { code: 'plan_limit_reached', message: 'Max 1 data item' },
    });
  });

  it('lets lite "Replace file" its only item: the upload that replaces it does not count against the limit', async () => {
    const carol = await signUpVerified(t, 'carol-replace@example.com');
    const appId = await insertApp(t, carol.user.id, { name: 'Lite replace' });
    const first = await upload(carol, appId, [
      { name: 'menu.csv', bytes: encode('Dish,Price\nSoup,5 EUR\n') },
    ]);
    const [old] = ((await first.json()) as { contextItems: ContextItem[] }).contextItems;
    await settled(carol, appId, [old!.id]);
    const plain = await upload(carol, appId, [{ name: 'x.csv', bytes: encode('Dish,Price\nPie,7 EUR\n') }]);
    expect(plain.status).toBe(403); // still one item, as long as nothing is replaced
    const res = await upload(
      carol,
      appId,
      [{ name: 'menu-2.csv', bytes: encode('Dish,Price\nGoulash,9 EUR\n') }],
      old!.id,
    );
    expect(res.status).toBe(201);
    const [fresh] = ((await res.json()) as { contextItems: ContextItem[] }).contextItems;
    const [done] = await settled(carol, appId, [fresh!.id]);
    expect(done?.status).toBe('synced');
    const replaced = await request(
      carol,
      `/api/tools/${appId}/replaceDataItem`,
      json('POST', { oldItemId: old!.id, newItemId: fresh!.id }),
    );
    expect(replaced.status).toBe(200);
    expect((await listItems(carol, appId)).contextItems.map((item) => item.id)).toEqual([fresh!.id]);
    expect((await search(carol, appId, 'goulash'))[0]?.itemId).toBe(fresh!.id);
  });

  it("does not let a failed web scrape hold the lite plan's only data slot", async () => {
    const dave = await signUpVerified(t, 'dave-scrape@example.com');
    const appId = await insertApp(t, dave.user.id, { name: 'Lite scrape' });
    const res = await request(
      dave,
      `/api/context/ingest/web?appId=${appId}`,
      json('POST', { url: `${site.url}/metadata` }),
    );
    const [failed] = ((await res.json()) as { contextItems: ContextItem[] }).contextItems;
    expect((await settled(dave, appId, [failed!.id]))[0]?.status).toBe('error');
    expect((await listItems(dave, appId)).hasReachedDataLimit).toBe(false);
    const text = await request(
      dave,
      `/api/context/ingest/text?appId=${appId}`,
      json('POST', { context: 'Opening hours: 8 to 4.' }),
    );
    expect(text.status).toBe(201);
    const [item] = ((await text.json()) as { contextItems: ContextItem[] }).contextItems;
    expect((await settled(dave, appId, [item!.id]))[0]?.status).toBe('synced');
    expect((await listItems(dave, appId)).hasReachedDataLimit).toBe(true);
  });

  it('counts the lite limit per account: an item in one app fills the slot for every app of the builder', async () => {
    const erin = await signUpVerified(t, 'erin-account@example.com');
    const first = await insertApp(t, erin.user.id, { name: 'First' });
    const second = await insertApp(t, erin.user.id, { name: 'Second' });
    const res = await request(
      erin,
      `/api/context/ingest/text?appId=${first}`,
      json('POST', { context: 'Hours' }),
    );
    const [item] = ((await res.json()) as { contextItems: ContextItem[] }).contextItems;
    await settled(erin, first, [item!.id]);
    expect((await listItems(erin, second)).hasReachedDataLimit).toBe(true);
    const other = await request(
      erin,
      `/api/context/ingest/text?appId=${second}`,
      json('POST', { context: 'More' }),
    );
    expect(other.status).toBe(403);
    expect(await other.json()).toMatchObject({
      error: { code: 'plan_limit_reached', message: 'Max 1 data item' },
    });
    // Another account's items never count.
    const frank = await signUpVerified(t, 'frank-account@example.com');
    const franks = await insertApp(t, frank.user.id, { name: 'Frank' });
    expect((await listItems(frank, franks)).hasReachedDataLimit).toBe(false);
  });

  it('marks an item beyond the limit usage_limit_reached when the plan shrank before it ran', async () => {
    const [row] = await t.deps.database.db
      .insert(contextItems)
      .values({
        id: 'over-limit-item',
        appId: liteApp,
        name: 'late.txt',
        type: 'txt',
        source: 'local_files',
        status: 'pending',
        options: { kind: 'upload', fileKind: 'txt' },
      })
      .returning();
    await dataSourcesRuntime(t.deps).queue.send('data-sources.ingest', { itemId: row!.id });
    const [done] = await settled(bob, liteApp, [row!.id]);
    expect(done).toMatchObject({ status: 'usage_limit_reached', statusReason: 'Max 1 data item' });
  });
});

describe('access', () => {
  it('answers 401 when signed out', async () => {
    expect((await t.app.request(`/api/context/items?appId=${paidApp}`)).status).toBe(401);
  });

  it('answers 404 when another builder asks for the app or one of its items', async () => {
    expect((await request(bob, `/api/context/items?appId=${paidApp}`)).status).toBe(404);
    expect((await request(bob, `/api/context/search?appId=${paidApp}&q=socks`)).status).toBe(404);
    const [item] = (await listItems(ada, paidApp)).contextItems;
    expect((await request(bob, `/api/context/${item!.id}`, json('PATCH', { name: 'x' }))).status).toBe(404);
    expect((await request(bob, `/api/context/${item!.id}`, { method: 'DELETE' })).status).toBe(404);
    const replace = await request(
      bob,
      `/api/tools/${paidApp}/replaceDataItem`,
      json('POST', { oldItemId: item!.id, newItemId: item!.id }),
    );
    expect(replace.status).toBe(404);
    expect((await listItems(ada, paidApp)).contextItems.map((i) => i.id)).toContain(item!.id);
  });
});

describe('workers that die', () => {
  async function claimedByDeadWorker(name: string, attempts: number) {
    const { repo } = dataSourcesRuntime(t.deps);
    const row = await repo.insertItem(
      {
        appId: paidApp,
        name,
        type: 'txt',
        source: 'local_files',
        status: 'pending',
        attempts: attempts - 1,
        options: { kind: 'upload', fileKind: 'txt' },
      },
      encode(`Notes about ${name}: the barn door sticks in winter.`),
    );
    // A worker claimed it (pending → running) and then its process was killed: no more heartbeats.
    expect(await repo.claim(row.id, 'dead-run')).toMatchObject({ status: 'running', attempts });
    await t.deps.database.db
      .update(contextItems)
      .set({ heartbeatAt: new Date(Date.now() - 60_000) })
      .where(eq(contextItems.id, row.id));
    return row.id;
  }

  it('retries an item whose worker died mid-job, and the retry syncs it', async () => {
    const id = await claimedByDeadWorker('retry-me.txt', 1);
    const reaped = await reapStaleItems(dataSourcesRuntime(t.deps).reaperDeps);
    expect(reaped.retried).toContain(id);
    const [done] = await settled(ada, paidApp, [id]);
    expect(done).toMatchObject({ status: 'synced', chunkCount: 1 });
    // The dead run can no longer settle the item it lost.
    expect(await dataSourcesRuntime(t.deps).repo.settle(id, 'dead-run', { status: 'error' })).toBeUndefined();
  });

  it(`marks the item error after ${MAX_ATTEMPTS} attempts instead of leaving it running`, async () => {
    const id = await claimedByDeadWorker('give-up.txt', MAX_ATTEMPTS);
    const reaped = await reapStaleItems(dataSourcesRuntime(t.deps).reaperDeps);
    expect(reaped.failed).toContain(id);
    const item = (await listItems(ada, paidApp)).contextItems.find((i) => i.id === id);
    expect(item).toMatchObject({ status: 'error', statusReason: WORKER_DIED_MESSAGE });
  });

  it('leaves alone a running item whose heartbeat is fresh', async () => {
    const { repo } = dataSourcesRuntime(t.deps);
    const row = await repo.insertItem({
      appId: paidApp,
      name: 'busy.txt',
      type: 'txt',
      source: 'local_files',
      status: 'pending',
      options: { kind: 'upload', fileKind: 'txt' },
    });
    await repo.claim(row.id, 'live-run');
    const reaped = await reapStaleItems(dataSourcesRuntime(t.deps).reaperDeps);
    expect([...reaped.retried, ...reaped.failed]).not.toContain(row.id);
    await repo.deleteItem(row.id);
  });
});

describe('live progress', () => {
  it('streams running and synced events of the app over SSE', async () => {
    const res = await request(ada, `/api/context/events?appId=${paidApp}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = res.body!.getReader();
    let text = '';
    const read = (async () => {
      const decoder = new TextDecoder();
      while (!text.includes('"status":"synced"')) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
    })();
    await vi.waitFor(() => expect(text).toContain(SSE_CONNECTED), { timeout: 10_000 });
    const created = await request(
      ada,
      `/api/context/ingest/text?appId=${paidApp}`,
      json('POST', { context: 'Live text' }),
    );
    const [item] = ((await created.json()) as { contextItems: ContextItem[] }).contextItems;
    await vi.waitFor(() => expect(text).toContain('"status":"synced"'), { timeout: 10_000 });
    await reader.cancel();
    await read;
    expect(text).toContain('event: item');
    expect(text).toContain(`"itemId":"${item!.id}","status":"running"`);
    expect(text).toContain(`"itemId":"${item!.id}","status":"synced"`);
  });

  it("refuses the stream of another builder's app", async () => {
    expect((await request(bob, `/api/context/events?appId=${paidApp}`)).status).toBe(404);
  });
});

describe('connectors', () => {
  it('issues a short-lived connector token and lists only what this server offers', async () => {
    const res = await request(ada, '/api/integrations/fetchCarbonTokens');
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      accessToken: string;
      expiresAt: string;
      connectors: { id: string }[];
    };
    expect(body.accessToken.split('.')).toHaveLength(4);
    const ttl = Date.parse(body.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
    expect(body.connectors.map((c) => c.id)).toEqual(['local_files', 'web_scraper']);
    expect((await t.app.request('/api/integrations/fetchCarbonTokens')).status).toBe(401);
  });

  it('refuses items of an unconfigured connector', async () => {
    const res = await request(
      ada,
      `/api/context/ingest/metadata?appId=${paidApp}`,
      json('POST', { contextItems: [{ provider: 'notion', providerItemId: 'p1', name: 'Roadmap' }] }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: 'connector_not_configured', message: DATA_SOURCE_MESSAGES.connectorNotConfigured },
    });
  });
});
