import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityApp, entityCall } from '../../../test/support/entities.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

/** Hostile field names and values through the HTTP API: matched literally or refused, never run. */

const HOSTILE_KEY = `it's "odd"); drop table users; --`;
const HOSTILE_VALUES = [
  `x' or '1'='1`,
  `'); delete from entity_records; --`,
  `$$; drop table apps; $$`,
  `'; select pg_sleep(5); --`,
  `\\'); truncate users; --`,
];

let t: TestApp;
let appId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ appId } = await createEntityApp(t, 'owner@example.com', {
    Thing: {
      properties: { title: { type: 'string' }, [HOSTILE_KEY]: { type: 'string' }, n: { type: 'number' } },
      rls: { read: 'anonymous', write: 'anonymous' },
    },
  }));
  const res = await entityCall(t, appId, 'POST', 'Thing/bulk', [
    ...HOSTILE_VALUES.map((value, n) => ({ title: value, [HOSTILE_KEY]: value, n })),
    { title: 'plain', [HOSTILE_KEY]: 'plain', n: 99 },
  ]);
  expect(res.status).toBe(201);
});
afterAll(() => t.close());

const counts = async () => {
  const { rows } = await t.deps.database.query<{ users: string; records: string; apps: string }>(
    'select (select count(*) from users) as users, (select count(*) from entity_records) as records, (select count(*) from apps) as apps',
  );
  return rows[0];
};
const find = async (filter: unknown, sort?: string) => {
  const params = new URLSearchParams({ q: JSON.stringify(filter) });
  if (sort) params.set('sort', sort);
  const started = Date.now();
  const res = await entityCall(t, appId, 'GET', `Thing?${params}`);
  expect(Date.now() - started).toBeLessThan(4000);
  return res;
};

describe('hostile filters', () => {
  it('matches hostile values literally, on a hostile field name too, and changes nothing', async () => {
    const before = await counts();
    for (const [n, value] of HOSTILE_VALUES.entries()) {
      for (const filter of [
        { title: value },
        { [HOSTILE_KEY]: value },
        { title: { $in: [value] } },
        { $or: [{ [HOSTILE_KEY]: { $in: [value, 'nothing'] } }, { title: `${value}!` }] },
        { title: { $gte: value, $lte: value } },
        { [HOSTILE_KEY]: { $contains: value } },
      ]) {
        const res = await find(filter);
        expect(res.status, JSON.stringify(filter)).toBe(200);
        expect(
          res.body.map((r: { n: number }) => r.n),
          JSON.stringify(filter),
        ).toEqual([n]);
      }
    }
    const sorted = await find({ [HOSTILE_KEY]: { $ne: 'plain' } }, `-${HOSTILE_KEY}`);
    expect(sorted.body).toHaveLength(HOSTILE_VALUES.length);
    expect(await counts()).toEqual(before);
  });

  it('refuses hostile field names and operators with 400 and changes nothing', async () => {
    const before = await counts();
    for (const filter of [
      { "title') or true --": 'x' },
      { 'title; drop table users': 1 },
      { [`${HOSTILE_KEY}x`]: 1 },
      { $where: 'pg_sleep(5)' },
      { title: { "$eq'); drop table users; --": 'x' } },
      { n: { $gt: { $raw: 'now()' } } },
      { title: { $regex: "'); select pg_sleep(5); --(" } },
    ]) {
      const res = await find(filter);
      expect(res.status, JSON.stringify(filter)).toBe(400);
    }
    const badSort = await entityCall(
      t,
      appId,
      'GET',
      `Thing?sort=${encodeURIComponent('title; drop table users')}`,
    );
    expect(badSort.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('runs a hostile regular expression as a pattern only', async () => {
    const res = await find({ title: { $regex: '^\\$\\$; drop table apps; \\$\\$$' } });
    expect(res.status).toBe(200);
    expect(res.body.map((r: { n: number }) => r.n)).toEqual([2]);
  });
});
