import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEntityApp, endUser, entityCall } from '../../../test/support/entities.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

/**
 * The database's plan of the list statements the entity API really sends (captured from the running
 * app), on a table where every row has the same `created_at` — as rows created by one bulk create or
 * import do. Newest first, oldest first and "creator = me" must be read from an index in order,
 * page by page, not by reading and sorting every row of the entity.
 */

const ROWS = 3000;

let t: TestApp;
let appId: string;
let member: { headers: Record<string, string>; id: string };

beforeAll(async () => {
  t = await createTestApp();
  ({ appId } = await createEntityApp(t, 'plan-owner@example.com', {
    Task: { properties: { title: { type: 'string' } }, rls: { read: 'anonymous', write: 'anonymous' } },
    Note: { properties: { title: { type: 'string' } }, rls: { read: 'creator', write: 'creator' } },
  }));
  member = await endUser(t, appId, 'plan-member@example.com');
  // One statement: every row gets the same created_at, so only the id orders them.
  for (const [entity, creator] of [
    ['Task', null],
    ['Note', member.id],
  ] as const) {
    await t.deps.database.query(
      `insert into entity_records (app_id, entity, id, creator_id, data)
       select $1, $2, md5(i::text), $3, jsonb_build_object('title', 'row ' || i) from generate_series(1, ${ROWS}) i`,
      [appId, entity, creator],
    );
  }
  // Others' notes, newer than the member's: read in date order, "creator = me" would pass them all.
  await t.deps.database.query(
    `insert into entity_records (app_id, entity, id, creator_id, data, created_at)
     select $1, 'Note', 'other-' || i, 'someone-else', jsonb_build_object('title', 'other ' || i),
       now() + interval '1 day' from generate_series(1, ${ROWS * 5}) i`,
    [appId],
  );
  await t.deps.database.exec('analyze entity_records');
});
afterAll(() => t.close());

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];
/** Sort or Incremental Sort: either means rows were read beyond the page and sorted. */
const SORTS = ['Sort', 'Incremental Sort'];
const sortsIn = (nodes: PlanNode[]) => nodes.filter((node) => SORTS.includes(node['Node Type']));

/** Lists through the API, captures the statement that reads the page, and answers its plan. */
async function planOfList(path: string, headers: Record<string, string> = {}) {
  const query = vi.spyOn(t.deps.database, 'query');
  try {
    const res = await entityCall(t, appId, 'GET', path, undefined, headers);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body) && res.body.length).toBe(20);
    const call = query.mock.calls.find(([text]) => /\border by\b/i.test(text) && /\blimit\b/i.test(text));
    if (!call) throw new Error('no list statement captured');
    const [text, params] = call;
    query.mockRestore();
    const { rows } = await t.deps.database.query<{ 'QUERY PLAN': unknown }>(
      `explain (format json) ${text}`,
      params,
    );
    const raw = rows[0]?.['QUERY PLAN'];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
    return nodesOf(plan[0].Plan);
  } finally {
    query.mockRestore();
  }
}

describe('list statements read their page from an index', () => {
  it.each([
    ['newest first (the default)', 'Task?limit=20'],
    ['oldest first', 'Task?limit=20&sort=createdAt'],
    ['newest first, second page', 'Task?limit=20&skip=20&sort=-createdAt'],
  ])('%s', async (_, path) => {
    const nodes = await planOfList(path);
    expect(sortsIn(nodes)).toEqual([]);
    expect(nodes.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    expect(nodes.map((node) => node['Index Name'])).toContain('entity_records_created_idx');
  });

  it('by id, from the primary key', async () => {
    const nodes = await planOfList('Task?limit=20&sort=-id');
    expect(sortsIn(nodes)).toEqual([]);
    expect(nodes.map((node) => node['Index Name'])).toContain('entity_records_pkey');
  });

  it('"creator = me" newest first, from the creator index', async () => {
    // The rule is `creator = me or I am an app admin`: the member's admin flag is asked first, so
    // the statement says `creator = me` and the creator index gives the page, past others' rows.
    const nodes = await planOfList('Note?limit=20', member.headers);
    expect(sortsIn(nodes)).toEqual([]);
    expect(nodes.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    expect(nodes.map((node) => node['Index Name'])).toContain('entity_records_creator_idx');
  });
});

describe("a member's admin flag comes with the session", () => {
  it('lists with one statement, and a change of the flag applies to the next requests', async () => {
    const query = vi.spyOn(t.deps.database, 'query');
    let texts: string[];
    try {
      const res = await entityCall(t, appId, 'GET', 'Note?limit=20', undefined, member.headers);
      expect(res.status).toBe(200);
      expect((res.body as { creatorId: string }[]).every((row) => row.creatorId === member.id)).toBe(true);
      texts = query.mock.calls.map(([text]) => text);
    } finally {
      query.mockRestore();
    }
    // No lookup of the admin flag: the page's statement alone.
    expect(texts.filter((text) => /\busers\b/.test(text))).toEqual([]);
    expect(texts.filter((text) => /\bentity_records\b/.test(text))).toHaveLength(1);

    // Made an app admin: the signal drops the cached session, and the member reads every note.
    await t.deps.database.query('update users set is_admin = true where id = $1', [member.id]);
    try {
      await expect
        .poll(async () => {
          const res = await entityCall(t, appId, 'GET', 'Note?limit=1', undefined, member.headers);
          return (res.body as { creatorId: string }[])[0]?.creatorId;
        })
        .toBe('someone-else');
    } finally {
      await t.deps.database.query('update users set is_admin = false where id = $1', [member.id]);
    }
  });
});
