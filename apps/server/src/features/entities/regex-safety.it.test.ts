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
    Long: { properties: { t: { type: 'string', pattern: '[a-z]{900}!' } }, rls: { write: 'anonymous' } },
  }));
  const res = await entityCall(t, appId, 'POST', 'Note/bulk', [
    { title: 'plain' },
    { title: 'aaaa', code: 'aaaa' },
  ]);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
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

  it('refuses a value too long to check against a large pattern instead of holding the server for seconds', async () => {
    const long = await entityCall(t, appId, 'POST', 'Long', { t: `${'a'.repeat(100_000)}!` });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe(
      'A value is too long to check against the pattern "[a-z]{900}!": shorten the value, or send fewer records at once',
    );
    const fits = await entityCall(t, appId, 'POST', 'Long', { t: `${'a'.repeat(900)}!` });
    expect(fits.status, JSON.stringify(fits.body)).toBe(201);
  });
});

describe('entity files nested thousands of levels deep', () => {
  it("are that entity's problem: the app's other entities keep answering", async () => {
    const levels = 3000;
    const nested = '{"type":"object","properties":{"a":'.repeat(levels);
    const deep = `{"type":"object","properties":{"a":${nested}{"type":"string"}${'}}'.repeat(levels)}}}`;
    const deepApp = await createEntityApp(t, 'deep-schema@example.com', {
      Note: { properties: { title: { type: 'string' } }, rls: { read: 'anonymous', write: 'anonymous' } },
      Deep: deep,
    });
    const note = await entityCall(t, deepApp.appId, 'POST', 'Note', { title: 'still here' });
    expect(note.status).toBe(201);
    const refused = await entityCall(t, deepApp.appId, 'POST', 'Deep', { a: 'x' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(404);
  });
});
