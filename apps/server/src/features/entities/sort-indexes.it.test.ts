import { ENTITY_API_MESSAGES, type SortIndexesResponse } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, signUpVerified } from '../../../test/support/accounts.ts';
import { createEntityApp, type EndUser, type EntityApp, endUser } from '../../../test/support/entities.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { entitiesModuleOf } from './entities.module.ts';
import { SORT_INDEX_LIMITS, sortIndexName } from './sort-indexes.ts';

/**
 * Lists sorted on a data field (issue 22 #1): a slow one gets an index on exactly its ORDER BY,
 * partial to the app's entity, built in the background on PostgreSQL, and on PGlite only while the
 * entity is small (the build holds the server's thread); the next list reads its page from it. The
 * index goes with the app.
 */

const ROWS = 3000;
let t: TestApp;
let app: EntityApp;
let member: EndUser;
const limits = { ...SORT_INDEX_LIMITS };

beforeAll(async () => {
  t = await createTestApp();
  app = await createEntityApp(t, 'sort-owner@example.com', {
    Task: {
      properties: { title: { type: 'string' }, priority: { type: 'number' } },
      rls: { read: 'anonymous', write: 'anonymous' },
    },
    Note: { properties: { priority: { type: 'number' } }, rls: { read: 'creator', write: 'creator' } },
  });
  member = await endUser(t, app.appId, 'sort-member@example.com');
  // A few of the member's notes among many of others'.
  await t.deps.database.query(
    `insert into entity_records (app_id, entity, id, creator_id, data)
     select $1, 'Note', 'note-' || i, case when i % 100 = 0 then $2 else 'someone-else' end,
       jsonb_build_object('priority', i % 1000) from generate_series(1, ${ROWS}) i`,
    [app.appId, member.id],
  );
  await t.deps.database.query(
    `insert into entity_records (app_id, entity, id, data, created_at)
     select $1, 'Task', 'task-' || i, jsonb_build_object('title', 'task ' || i, 'priority', (i * 7919) % 1000),
       now() - i * interval '1 second' from generate_series(1, ${ROWS}) i`,
    [app.appId],
  );
  await t.deps.database.query('analyze entity_records');
  // Every data-field sort counts as slow here: the test's table is small.
  SORT_INDEX_LIMITS.slowListMs = 0;
  SORT_INDEX_LIMITS.embeddedSlowListMs = 0;
});
afterAll(async () => {
  Object.assign(SORT_INDEX_LIMITS, limits);
  await t.close();
});

const name = (field = 'priority') => sortIndexName(app.appId, 'Task', [field]);

/** The plan of the list statement of a request (the one that reads the page). */
async function planOf(path: string, headers?: Record<string, string>): Promise<string> {
  const query = vi.spyOn(t.deps.database, 'query');
  const res = await t.app.request(path, headers ? { headers } : undefined);
  expect(res.status).toBe(200);
  const list = query.mock.calls.find(([text]) => text.includes('page_rows'));
  query.mockRestore();
  const [text, params] = list ?? ['', []];
  const plan = await t.deps.database.query<{ 'QUERY PLAN': string }>(`explain ${text}`, params);
  return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
}

async function indexState(index = name()): Promise<{ valid: boolean } | undefined> {
  const { rows } = await t.deps.database.query<{ valid: boolean }>(
    'select i.indisvalid as valid from pg_class c join pg_index i on i.indexrelid = c.oid where c.relname = $1',
    [index],
  );
  return rows[0];
}

describe('a list sorted on a data field', () => {
  it('answers in order, and the next list reads its page from the index built for it', async () => {
    const query = vi.spyOn(t.deps.database, 'query');
    const res = await t.app.request(`/api/apps/${app.appId}/entities/Task?sort=-priority&limit=5`);
    expect(res.status).toBe(200);
    const rows = (await res.json()) as { id: string; priority: number }[];
    expect(rows.map((row) => row.priority)).toEqual([999, 999, 999, 998, 998]);
    // Ties newest first: task-i is i seconds old.
    const ids = rows.slice(0, 3).map((row) => Number(row.id.slice(5)));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const list = query.mock.calls.find(([text]) => text.includes('page_rows'));
    query.mockRestore();
    await entitiesModuleOf(t.deps).sortIndexes.settled();

    expect(await indexState()).toEqual({ valid: true });
    const [text, params] = list ?? ['', []];
    const plan = await t.deps.database.query<{ 'QUERY PLAN': string }>(`explain ${text}`, params);
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain(name());
  });

  it('sorted the other way reads the same index backwards; a missing value is the smallest', async () => {
    await t.deps.database.query(
      `insert into entity_records (app_id, entity, id, data) values ($1, 'Task', 'no-priority', '{"title":"none"}')`,
      [app.appId],
    );
    const ascending = await t.app.request(`/api/apps/${app.appId}/entities/Task?sort=priority&limit=3`);
    const up = (await ascending.json()) as { id: string; priority?: number }[];
    expect(up.map((row) => row.priority ?? null)).toEqual([null, 0, 0]);
    const descending = await t.app.request(
      `/api/apps/${app.appId}/entities/Task?sort=-priority&skip=${ROWS}`,
    );
    expect(((await descending.json()) as { id: string }[]).map((row) => row.id)).toEqual(['no-priority']);
    const plan = await planOf(`/api/apps/${app.appId}/entities/Task?sort=priority&limit=5`);
    expect(plan).toContain(`Index Scan using ${name()}`);
    expect(await planOf(`/api/apps/${app.appId}/entities/Task?sort=-priority&limit=5`)).toContain(
      `Index Scan Backward using ${name()}`,
    );
    await t.deps.database.query(`delete from entity_records where app_id = $1 and id = 'no-priority'`, [
      app.appId,
    ]);
  });

  it("of an end user's own rows (rule creator) is indexed creator first: the page reads only theirs", async () => {
    const query = vi.spyOn(t.deps.database, 'query');
    const res = await t.app.request(`/api/apps/${app.appId}/entities/Note?sort=-priority&limit=5`, {
      headers: member.headers,
    });
    expect(res.status).toBe(200);
    const rows = (await res.json()) as { creatorId: string; priority: number }[];
    // Their notes only (every 100th: priorities 900, 800, ...), highest first.
    expect(rows.map((row) => row.priority)).toEqual([900, 900, 900, 800, 800]);
    expect(rows.every((row) => row.creatorId === member.id)).toBe(true);
    const list = query.mock.calls.find(([text]) => text.includes('page_rows'));
    query.mockRestore();
    await entitiesModuleOf(t.deps).sortIndexes.settled();
    const index = sortIndexName(app.appId, 'Note', ['priority'], 'creator');
    expect(await indexState(index)).toEqual({ valid: true });
    const [text, params] = list ?? ['', []];
    const plan = await t.deps.database.query<{ 'QUERY PLAN': string }>(`explain ${text}`, params);
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain(index);
  });

  it('on PGlite, is not indexed when the entity is past the bound of a build in the thread', async () => {
    SORT_INDEX_LIMITS.embeddedMaxRows = ROWS - 1;
    try {
      const res = await t.app.request(`/api/apps/${app.appId}/entities/Task?sort=title&limit=5`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { title: string }[]).map((row) => row.title)).toEqual([
        'task 1',
        'task 10',
        'task 100',
        'task 1000',
        'task 1001',
      ]);
      await entitiesModuleOf(t.deps).sortIndexes.settled();
      // PostgreSQL builds concurrently whatever the size.
      expect(await indexState(name('title'))).toEqual(
        t.deps.database.kind === 'postgres' ? { valid: true } : undefined,
      );
    } finally {
      SORT_INDEX_LIMITS.embeddedMaxRows = limits.embeddedMaxRows;
    }
  });

  it('the builder lists the indexes, asks for one whatever the size, and drops it (the panel)', async () => {
    const base = `/api/apps/${app.appId}/entities/Task/sort-indexes`;
    const call = (method: string, path = base, body?: unknown, headers = app.owner.headers) =>
      t.app.request(path, json(method, body, headers));
    const list = async () => (await (await call('GET')).json()) as SortIndexesResponse;
    // Past PGlite's bound for a build by itself: the builder's choice builds it all the same.
    SORT_INDEX_LIMITS.embeddedMaxRows = 10;
    try {
      const before = await list();
      expect(before.records).toBe(ROWS);
      expect(before.suggestFrom).toBe(20_000);
      expect(before.pauseMs).toBe(
        t.deps.database.kind === 'postgres' ? null : Math.ceil(ROWS * limits.embeddedBuildMsPerRow),
      );
      expect(before.indexes).toContainEqual({
        field: 'priority',
        scope: 'all',
        state: 'ready',
        progress: null,
      });

      const asked = await call('POST', base, { field: 'title' });
      expect(asked.status).toBe(202);
      await entitiesModuleOf(t.deps).sortIndexes.settled();
      expect((await list()).indexes).toContainEqual({
        field: 'title',
        scope: 'all',
        state: 'ready',
        progress: null,
      });
      expect(await planOf(`/api/apps/${app.appId}/entities/Task?sort=-title&limit=5`)).toContain(
        `Index Scan Backward using ${name('title')}`,
      );

      for (const field of ['nope', 'createdAt']) {
        const wrong = await call('POST', base, { field });
        expect(wrong.status).toBe(400);
        expect(((await wrong.json()) as { error: { message: string } }).error.message).toBe(
          ENTITY_API_MESSAGES.sortIndexDataField,
        );
      }
      expect((await call('GET', base, undefined, member.headers)).status).toBe(403);
      const stranger = await signUpVerified(t, 'sort-stranger@example.com');
      // The entity API is open to the app's end users; its sort indexes are the builder's (like its export).
      const foreign = await call('POST', base, { field: 'title' }, stranger.headers);
      expect(foreign.status).toBe(403);
      expect(((await foreign.json()) as { error: { message: string } }).error.message).toBe(
        ENTITY_API_MESSAGES.sortIndexBuilderOnly,
      );

      const dropped = await call('DELETE', `${base}/title`);
      expect(dropped.status).toBe(204);
      expect(await indexState(name('title'))).toBeUndefined();
      expect((await list()).indexes.map((index) => index.field)).not.toContain('title');

      SORT_INDEX_LIMITS.perApp = 2;
      const full = await call('POST', base, { field: 'title' });
      expect(full.status).toBe(409);
      expect(((await full.json()) as { error: { message: string } }).error.message).toBe(
        ENTITY_API_MESSAGES.sortIndexLimit(2),
      );
    } finally {
      Object.assign(SORT_INDEX_LIMITS, limits, { slowListMs: 0, embeddedSlowListMs: 0 });
    }
  });

  it('keeps to one index per field and order, and drops them with the app', async () => {
    await t.app.request(`/api/apps/${app.appId}/entities/Task?sort=-priority&limit=5`);
    await entitiesModuleOf(t.deps).sortIndexes.settled();
    const { rows } = await t.deps.database.query<{ n: string }>(
      `select count(*) as n from pg_indexes where tablename = 'entity_records' and indexname like 'er\\_sort\\_%'`,
    );
    // One for priority, one for the member's notes (title's was dropped by the builder).
    expect(Number(rows[0]?.n)).toBe(2);
    const deleted = await t.app.request(
      `/api/apps/${app.appId}`,
      json('DELETE', undefined, app.owner.headers),
    );
    expect(deleted.status).toBe(204);
    await expect.poll(indexState, { timeout: 10_000 }).toBeUndefined();
  });
});
