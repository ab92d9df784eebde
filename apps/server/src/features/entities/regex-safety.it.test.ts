import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityApp, entityCall } from '../../../test/support/entities.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

/**
 * User-supplied regular expressions never hold the instance (issue 20 items 1 and 4): `$regex`
 * filters are kept to a subset PostgreSQL's engine runs cheaply, and schema patterns run in RE2.
 */

let t: TestApp;
let appId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ appId } = await createEntityApp(t, 'owner@example.com', {
    Note: {
      properties: { title: { type: 'string' }, code: { type: 'string', pattern: '^(a+)+$' } },
      rls: { read: 'anonymous', write: 'anonymous' },
    },
  }));
  const res = await entityCall(t, appId, 'POST', 'Note/bulk', [
    { title: 'plain' },
    { title: 'aaaa', code: 'aaaa' },
  ]);
  expect(res.status).toBe(201);
});
afterAll(() => t.close());

const find = (filter: unknown) =>
  entityCall(t, appId, 'GET', `Note?${new URLSearchParams({ q: JSON.stringify(filter) })}`);

describe('$regex filters (anonymous caller)', () => {
  it('refuses nested repetitions with 400 and a clear message, nested in $or too', async () => {
    for (const filter of [
      { title: { $regex: '((a{1,20}){1,20}){1,20}g' } },
      { title: { $regex: '((a{1,50}){1,50}){1,50}g' } },
      { $or: [{ title: 'x' }, { title: { $regex: '(a+)+$', $options: 'i' } }] },
    ]) {
      const res = await find(filter);
      expect(res.status, JSON.stringify(filter)).toBe(400);
      expect(res.body.error.message).toBe(
        '$regex may not nest quantifiers: a repeated group may not hold a repetition',
      );
    }
  });

  it('refuses large counted repetitions and syntax outside the subset', async () => {
    const big = await find({ title: { $regex: 'a{1,5000}' } });
    expect(big.status).toBe(400);
    expect(big.body.error.message).toBe('$regex may repeat at most 100 times in {n,m}');
    const lookahead = await find({ title: { $regex: '(?=a)' } });
    expect(lookahead.status).toBe(400);
    expect(lookahead.body.error.message).toMatch(/lookarounds/);
  });

  it('still runs everyday patterns', async () => {
    const res = await find({ title: { $regex: '^PL[a-z]{2,3}n$', $options: 'i' } });
    expect(res.status).toBe(200);
    expect(res.body.map((r: { title: string }) => r.title)).toEqual(['plain']);
  });
});

describe('schema patterns', () => {
  it('checks a catastrophic `pattern` in linear time: the record is refused', async () => {
    const res = await entityCall(t, appId, 'POST', 'Note', { title: 'x', code: `${'a'.repeat(33)}!` });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/code/);
    const ok = await entityCall(t, appId, 'POST', 'Note', { title: 'y', code: 'aaa' });
    expect(ok.status).toBe(201);
  });
});
