import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SignedIn } from '../../../test/support/accounts.ts';
import { createEntityApp, type EndUser, endUser, entityCall } from '../../../test/support/entities.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { COMPACT_AFTER_ROWS, createRecordCounts } from './record-counts.ts';

/**
 * The database panel at scale: the true record count (`count=true` → X-Total-Count) and the CSV
 * export that streams every record, not a loaded page. 2,500 rows share one created_at (one insert
 * statement), so the export's keyset must order by id within it and lose none.
 */

const BULK = 2500;
let t: TestApp;
let appId: string;
let owner: SignedIn;
let member: EndUser;

beforeAll(async () => {
  t = await createTestApp();
  ({ appId, owner } = await createEntityApp(t, 'export-owner@example.com', {
    Task: {
      properties: { title: { type: 'string' }, n: { type: 'number' }, tags: { type: 'array' } },
      rls: { read: 'anonymous', write: 'anonymous' },
    },
    Log: { properties: { title: { type: 'string' } }, rls: { read: 'creator', write: 'creator' } },
  }));
  member = await endUser(t, appId, 'export-member@example.com');
  await t.deps.database.query(
    `insert into entity_records (app_id, entity, id, data)
     select $1, 'Task', md5(i::text), jsonb_build_object('title', 'row ' || i, 'n', i) from generate_series(1, ${BULK}) i`,
    [appId],
  );
  const tricky = await entityCall(t, appId, 'POST', 'Task/bulk', [
    { title: 'comma, "quote"\nnewline', n: -1, tags: ['a', 'b'] },
    { title: '=HYPERLINK("http://evil")', n: -2 },
  ]);
  expect(tricky.status).toBe(201);
});
afterAll(() => t.close());

const exportCsv = (headers: Record<string, string> = {}) =>
  t.app.request(`/api/apps/${appId}/entities/Task/export`, { headers });

describe('record count', () => {
  it('answers the number of matching records beside the page', async () => {
    const all = await t.app.request(`/api/apps/${appId}/entities/Task?limit=5&count=true`);
    expect(all.status).toBe(200);
    expect(all.headers.get('x-total-count')).toBe(String(BULK + 2));
    expect((await all.json()) as unknown[]).toHaveLength(5);

    const q = encodeURIComponent(JSON.stringify({ n: { $lt: 0 } }));
    const some = await t.app.request(`/api/apps/${appId}/entities/Task?limit=1&count=true&q=${q}`);
    expect(some.headers.get('x-total-count')).toBe('2');
    const plain = await t.app.request(`/api/apps/${appId}/entities/Task?limit=1`);
    expect(plain.headers.get('x-total-count')).toBeNull();
  });
});

describe('the kept count (entity_record_counts)', () => {
  const countOf = async (headers: Record<string, string>) =>
    (await t.app.request(`/api/apps/${appId}/entities/Log?limit=0&count=true`, { headers })).headers.get(
      'x-total-count',
    );
  const parts = async () =>
    Number(
      (
        await t.deps.database.query<{ n: string }>(
          `select count(*) as n from entity_record_counts where app_id = $1 and entity = 'Log'`,
          [appId],
        )
      ).rows[0]?.n,
    );

  it('follows creates, imports that overwrite, deletes and compactions, without reading the records', async () => {
    const created = await entityCall(
      t,
      appId,
      'POST',
      'Log/bulk',
      [{ title: 'a' }, { title: 'b' }],
      owner.headers,
    );
    expect(created.status).toBe(201);
    const [first] = created.body as { id: string }[];
    const mine = await entityCall(t, appId, 'POST', 'Log', { title: 'mine' }, member.headers);
    expect(mine.status).toBe(201);
    const query = vi.spyOn(t.deps.database, 'query');
    try {
      expect(await countOf(owner.headers)).toBe('3');
      expect(
        query.mock.calls
          .map(([text]) => text)
          .filter((text) => /count\(\*\) as n from entity_records\b/.test(text)),
      ).toEqual([]);
    } finally {
      query.mockRestore();
    }
    // The member's rule (creator) is counted on the records: only theirs.
    expect(await countOf(member.headers)).toBe('1');

    // An import that keeps ids overwrites one record and adds one; a delete removes one.
    const imported = await entityCall(
      t,
      appId,
      'POST',
      'Log/bulk',
      [
        { id: first?.id, title: 'a again' },
        { id: 'kept-id', title: 'c' },
      ],
      owner.headers,
    );
    expect(imported.status).toBe(201);
    expect(
      (
        await entityCall(
          t,
          appId,
          'DELETE',
          `Log/${mine.body && (mine.body as { id: string }).id}`,
          undefined,
          member.headers,
        )
      ).status,
    ).toBe(204);
    expect(await countOf(owner.headers)).toBe('3');

    // Many single writes: a count sums their rows into one, and the total holds.
    for (let i = 0; i <= COMPACT_AFTER_ROWS; i++) {
      expect((await entityCall(t, appId, 'POST', 'Log', { title: `n${i}` }, owner.headers)).status).toBe(201);
    }
    expect(await parts()).toBeGreaterThan(COMPACT_AFTER_ROWS);
    expect(await countOf(owner.headers)).toBe(String(3 + COMPACT_AFTER_ROWS + 1));
    expect(await parts()).toBe(1);
    expect(await countOf(owner.headers)).toBe(String(3 + COMPACT_AFTER_ROWS + 1));

    // The sweep does the same for entities nobody counts.
    await entityCall(t, appId, 'POST', 'Log', { title: 'one more' }, owner.headers);
    expect(await parts()).toBe(2);
    expect(await createRecordCounts(t.deps.database).sweep()).toBeGreaterThan(0);
    expect(await parts()).toBe(1);
    expect(await countOf(owner.headers)).toBe(String(3 + COMPACT_AFTER_ROWS + 2));
  });
});

describe('CSV export', () => {
  it('streams every record once, newest first, with fields and system columns', async () => {
    const res = await exportCsv(owner.headers);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="Task_export_\d{4}-\d\d-\d\d\.csv"/,
    );
    expect(res.headers.get('x-total-count')).toBe(String(BULK + 2));
    const parsed = Papa.parse<string[]>((await res.text()).trim());
    const [header, ...rows] = parsed.data;
    expect(header).toEqual(['title', 'n', 'tags', 'id', 'creatorId', 'createdAt']);
    expect(rows).toHaveLength(BULK + 2);
    const { rows: stored } = await t.deps.database.query<{ id: string }>(
      `select id from entity_records where app_id = $1 and entity = 'Task'`,
      [appId],
    );
    expect(new Set(rows.map((row) => row[3]))).toEqual(new Set(stored.map((row) => row.id)));
    // Newest first: the two created through the API come before the bulk insert.
    expect(
      rows
        .slice(0, 2)
        .map((row) => row[1])
        .sort(),
    ).toEqual(['-1', '-2']);
    const tricky = rows.find((row) => row[1] === '-1');
    expect(tricky?.[0]).toBe('comma, "quote"\nnewline');
    expect(tricky?.[2]).toBe('["a","b"]');
    expect(rows.find((row) => row[1] === '-2')?.[0]).toBe(`'=HYPERLINK("http://evil")`);
  });

  it('is the builder’s only: end users and visitors are refused', async () => {
    const asMember = await exportCsv(member.headers);
    expect(asMember.status).toBe(403);
    expect(await asMember.json()).toMatchObject({
      error: { code: 'forbidden', message: 'Only the app’s builder can export its records' },
    });
    expect((await exportCsv()).status).toBe(403);
  });
});
