import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { compileFilter, compileQueryParam, compileSort, schemaFieldResolver } from './filter.ts';

const HOSTILE_KEY = `weird'key"); drop table users; --`;
const resolve = schemaFieldResolver({
  properties: {
    title: { type: 'string' },
    points: { type: 'number' },
    tags: { type: 'array', items: { type: 'string' } },
    meta: { type: 'object', properties: { city: { type: 'string' } } },
    [HOSTILE_KEY]: { type: 'string' },
  },
});
const dialect = new PgDialect();
const compiled = (filter: unknown) => dialect.sqlToQuery(compileFilter(filter, resolve));

const HOSTILE_VALUES = [
  `x' or '1'='1`,
  `'); delete from entity_records; --`,
  `$$; drop table apps; $$`,
  `\\'; select pg_sleep(10); --`,
  `" or ""="`,
];

describe('filter compiler', () => {
  it('binds every field name and value as a parameter: no input reaches the SQL text', () => {
    const filters: unknown[] = [
      ...HOSTILE_VALUES.map((value) => ({ title: value })),
      ...HOSTILE_VALUES.map((value) => ({ [HOSTILE_KEY]: value })),
      { title: { $in: HOSTILE_VALUES, $ne: HOSTILE_VALUES[0] } },
      { title: { $gt: HOSTILE_VALUES[1], $regex: "a'b", $options: 'i' } },
      { tags: { $contains: HOSTILE_VALUES[2] } },
      { 'meta.city': HOSTILE_VALUES[3] },
      { $or: [{ title: HOSTILE_VALUES[4] }, { [HOSTILE_KEY]: { $nin: HOSTILE_VALUES } }] },
      { id: HOSTILE_VALUES[0], creatorId: { $in: HOSTILE_VALUES } },
      { meta: { city: HOSTILE_VALUES[1] } },
    ];
    for (const filter of filters) {
      const { sql: text, params } = compiled(filter);
      for (const hostile of [...HOSTILE_VALUES, HOSTILE_KEY, 'drop table', 'pg_sleep', "a'b"]) {
        expect(text, JSON.stringify(filter)).not.toContain(hostile);
      }
      expect(text).not.toMatch(/'[^']*(weird|drop|delete|sleep)/i);
      expect(params.length).toBeGreaterThan(0);
    }
    const { params } = compiled({ [HOSTILE_KEY]: HOSTILE_VALUES[0] });
    expect(params).toContain(JSON.stringify({ [HOSTILE_KEY]: HOSTILE_VALUES[0] }));
  });

  it('refuses unknown fields and operators, including hostile ones', () => {
    for (const filter of [
      { "title') or true --": 1 },
      { 'title; drop table users': 1 },
      { $where: 'sleep(1)' },
      { title: { $where: 'x' } },
      { title: { "$gt') or true --": 1 } },
      { 'meta.nope': 1 },
      { 'meta..city': 1 },
      { __proto__: { polluted: true }, nope: 1 },
      { constructor: 1 },
      { toString: 1 },
      [1, 2],
      'title',
    ]) {
      expect(() => compileFilter(filter, resolve), JSON.stringify(filter)).toThrow();
    }
  });

  it('refuses bad operands and over-large filters', () => {
    expect(() => compileFilter({ title: { $in: 'x' } }, resolve)).toThrow('$in takes an array');
    expect(() => compileFilter({ points: { $gt: {} } }, resolve)).toThrow(
      '$gt compares with a number or a text',
    );
    expect(() => compileFilter({ title: { $regex: '(a)\\1' } }, resolve)).toThrow('back-references');
    expect(() => compileFilter({ title: { $regex: 'x'.repeat(201) } }, resolve)).toThrow('at most 200');
    expect(() => compileFilter({ title: { $regex: 'a', $options: 'gx' } }, resolve)).toThrow('$options');
    expect(() => compileFilter({ createdAt: { $gt: 'soon' } }, resolve)).toThrow('compares with a date');
    const deep = { $and: [{ $and: [{ $and: [{ $and: [{ $and: [{ $and: [{ title: 'x' }] }] }] }] }] }] };
    expect(() => compileFilter(deep, resolve)).toThrow('nest at most');
    const wide = { $or: Array.from({ length: 101 }, (_, i) => ({ points: i })) };
    expect(() => compileFilter(wide, resolve)).toThrow('at most 100 conditions');
    expect(() => compileQueryParam('{nope', resolve)).toThrow('not valid JSON');
  });

  it('sorts only by known fields, with the name bound as a parameter', () => {
    expect(() => compileSort('-nope', resolve)).toThrow('unknown field');
    expect(() => compileSort('title; drop table users', resolve)).toThrow();
    const { sql: text, params } = dialect.sqlToQuery(compileSort(`-${HOSTILE_KEY}`, resolve));
    expect(text).not.toContain('weird');
    expect(params).toEqual([HOSTILE_KEY]);
    expect(dialect.sqlToQuery(compileSort(undefined, resolve)).sql).toBe('r.created_at desc, r.id desc');
  });
});
