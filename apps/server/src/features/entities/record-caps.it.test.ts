import { ENTITY_LIST_MAX_BYTES, ENTITY_LIST_TRUNCATED_HEADER } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/support/accounts.ts';
import { createEntityApp, entityCall } from '../../../test/support/entities.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { BASE44_LIST_MAX_BYTES } from '../base44/entities.service.ts';
import { LIST_CHUNK_BYTES } from './entities.repo.ts';

/**
 * Memory through records (issue 20 item 3): a list answer is capped in bytes (a shorter page,
 * flagged), and a record is capped in size and fields, on create, on update and after a merge.
 */

const BIG_ROWS = 40;
const BIG_TEXT = 450_000;

let t: TestApp;
let appId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ appId } = await createEntityApp(t, 'caps-owner@example.com', {
    Post: { properties: { title: { type: 'string' } }, rls: { read: 'anonymous', write: 'anonymous' } },
    Big: { properties: { n: { type: 'number' } }, rls: { read: 'anonymous', write: 'anonymous' } },
  }));
  // 40 rows of 450 KB (18 MB in all), written in the database: more than one answer may hold.
  await t.deps.database.query(
    `insert into entity_records (app_id, entity, id, data, created_at)
     select $1, 'Big', 'big-' || i, jsonb_build_object('n', i, 'body', repeat('x', ${BIG_TEXT})),
       now() - i * interval '1 second' from generate_series(1, ${BIG_ROWS}) i`,
    [appId],
  );
});
afterAll(() => t.close());

const fields = (count: number, prefix = 'f') =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i}`, i]));

describe('list answers', () => {
  it('hold at most ENTITY_LIST_MAX_BYTES: a shorter page, flagged, and the rest with skip', async () => {
    const res = await t.app.request(`/api/apps/${appId}/entities/Big?limit=10000&sort=-createdAt`);
    expect(res.status).toBe(200);
    expect(res.headers.get(ENTITY_LIST_TRUNCATED_HEADER)).toBe('true');
    const text = await res.text();
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(ENTITY_LIST_MAX_BYTES);
    const first = JSON.parse(text) as { n: number }[];
    expect(first.length).toBeGreaterThan(0);
    expect(first.length).toBeLessThan(BIG_ROWS);
    expect(first.map((row) => row.n)).toEqual(Array.from({ length: first.length }, (_, i) => i + 1));
    const rest = await t.app.request(`/api/apps/${appId}/entities/Big?limit=10000&skip=${first.length}`);
    expect(rest.headers.get(ENTITY_LIST_TRUNCATED_HEADER)).toBeNull();
    const second = (await rest.json()) as { n: number }[];
    expect(second.map((row) => row.n)).toEqual(
      Array.from({ length: BIG_ROWS - first.length }, (_, i) => first.length + i + 1),
    );
  });

  it('hold at most BASE44_LIST_MAX_BYTES on the Base44 SDK paths too: list flagged, v2/list continues', async () => {
    const sdk = { 'x-app-id': appId };
    const res = await t.app.request(`/api/apps/${appId}/entities/Big?limit=10000&sort=-created_date`, {
      headers: sdk,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get(ENTITY_LIST_TRUNCATED_HEADER)).toBe('true');
    const text = await res.text();
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(BASE44_LIST_MAX_BYTES + 100_000);
    const listed = (JSON.parse(text) as { n: number }[]).map((row) => row.n);
    expect(listed).toEqual(Array.from({ length: listed.length }, (_, i) => i + 1));
    expect(listed.length).toBeLessThan(BIG_ROWS);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const query = cursor ? `cursor=${cursor}` : 'limit=5000&sort=-created_date';
      const page = await t.app.request(`/api/apps/${appId}/entities/Big/v2/list?${query}`, { headers: sdk });
      const body = (await page.json()) as { items: { n: number }[]; next_cursor: string | null };
      seen.push(...body.items.map((row) => row.n));
      cursor = body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: BIG_ROWS }, (_, i) => i + 1));
  });

  it("refuse a Base44 bulkUpdate whose records' answer would pass BASE44_LIST_MAX_BYTES, changing nothing", async () => {
    const ids = Array.from({ length: 12 }, (_, i) => `big-${i + 1}`);
    const res = await t.app.request(
      `/api/apps/${appId}/entities/Big/bulk`,
      json(
        'PUT',
        ids.map((id) => ({ id, n: 0 })),
        { 'x-app-id': appId },
      ),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      'bulkUpdate changes at most 4 MB of records at once: update fewer records per call',
    );
    const first = await entityCall(t, appId, 'GET', 'Big/big-1');
    expect(first.body.n).toBe(1);
    const few = await t.app.request(
      `/api/apps/${appId}/entities/Big/bulk`,
      json('PUT', [{ id: 'big-40', n: 40 }], { 'x-app-id': appId }),
    );
    expect(few.status).toBe(200);
  });

  it('are built 1 MB at a time, in order, each statement holding at most 1 MB of rows (and one row)', async () => {
    const query = vi.spyOn(t.deps.database, 'query');
    try {
      const res = await t.app.request(`/api/apps/${appId}/entities/Big?limit=12&sort=-createdAt`);
      expect(res.headers.get(ENTITY_LIST_TRUNCATED_HEADER)).toBeNull();
      expect(((await res.json()) as { n: number }[]).map((row) => row.n)).toEqual(
        Array.from({ length: 12 }, (_, i) => i + 1),
      );
      const built = await Promise.all(
        query.mock.results.map(
          async (result) => (await result.value) as { rows: { view?: string | null }[] },
        ),
      );
      const viewBytes = built
        .map((answer) => answer.rows.reduce((sum, row) => sum + Buffer.byteLength(row.view ?? ''), 0))
        .filter((bytes) => bytes > 0);
      // 12 rows of 450 KB: two per statement (the second crosses 1 MB), six statements.
      expect(viewBytes).toHaveLength(6);
      for (const bytes of viewBytes) expect(bytes).toBeLessThanOrEqual(LIST_CHUNK_BYTES + BIG_TEXT + 1000);
    } finally {
      query.mockRestore();
    }
  });

  it('are not flagged when everything fits', async () => {
    const res = await t.app.request(`/api/apps/${appId}/entities/Big?limit=3`);
    expect(res.headers.get(ENTITY_LIST_TRUNCATED_HEADER)).toBeNull();
    expect(((await res.json()) as unknown[]).length).toBe(3);
  });
});

describe('record caps', () => {
  it('refuse a record with too many fields, declared or not', async () => {
    const res = await entityCall(t, appId, 'POST', 'Post', { title: 'x', ...fields(1000) });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('The record has too many fields (at most 1000)');
    const bulk = await entityCall(t, appId, 'POST', 'Post/bulk', [{ title: 'ok' }, fields(5000)]);
    expect(bulk.status).toBe(400);
    expect(bulk.body.error.message).toBe('The record has too many fields (at most 1000)');
    const ok = await entityCall(t, appId, 'POST', 'Post', { title: 'x', ...fields(999) });
    expect(ok.status).toBe(201);
  });

  it('refuse a record larger than 512 KB', async () => {
    const res = await entityCall(t, appId, 'POST', 'Post', { title: 'x', body: 'y'.repeat(600_000) });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('The record is too large (at most 512 KB of fields as JSON)');
  });

  it('hold after a change merges new fields into a record', async () => {
    const created = await entityCall(t, appId, 'POST', 'Post', { title: 'grows', ...fields(800) });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const wide = await t.app.request(
      `/api/apps/${appId}/entities/Post/${id}`,
      json('PATCH', fields(300, 'g')),
    );
    expect(wide.status).toBe(400);
    expect(((await wide.json()) as { error: { message: string } }).error.message).toBe(
      'The record has too many fields (at most 1000)',
    );
    const half = 'z'.repeat(300_000);
    expect(
      (await t.app.request(`/api/apps/${appId}/entities/Post/${id}`, json('PATCH', { a: half }))).status,
    ).toBe(200);
    const large = await t.app.request(`/api/apps/${appId}/entities/Post/${id}`, json('PATCH', { b: half }));
    expect(large.status).toBe(400);
    expect(((await large.json()) as { error: { message: string } }).error.message).toBe(
      'The record is too large (at most 512 KB of fields as JSON)',
    );
    const stored = await entityCall(t, appId, 'GET', `Post/${id}`);
    expect(Object.keys(stored.body)).toHaveLength(800 + 1 + 1 + 4);
  });
});
