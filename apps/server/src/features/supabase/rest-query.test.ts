import { describe, expect, it } from 'vitest';
import { parseFilters, parseOrder, parseRange, parseSelect } from './rest-query.ts';
import { filterQuery, likePattern } from './rest-rows.ts';
import { entityForTable, singularOf } from './table-names.ts';

const schema = {
  properties: {
    age: { type: 'integer' as const },
    name: { type: 'string' as const },
    ok: { type: 'boolean' as const },
  },
};
const query = (text: string) => filterQuery(schema, parseFilters(new URLSearchParams(text)));

describe('PostgREST queries as postgrest-js writes them', () => {
  it('parses select lists with aliases, casts, JSON paths, embeddings and spreads', () => {
    expect(
      parseSelect('id,label:name,age::text,meta->>color,author:profiles!author_id(id,name),...teams(name)'),
    ).toEqual([
      { kind: 'column', name: 'id', path: [], alias: 'id' },
      { kind: 'column', name: 'name', path: [], alias: 'label' },
      { kind: 'column', name: 'age', path: [], alias: 'age' },
      { kind: 'column', name: 'meta', path: ['color'], alias: 'color' },
      {
        kind: 'embed',
        table: 'profiles',
        alias: 'author',
        hint: 'author_id',
        spread: false,
        items: [
          { kind: 'column', name: 'id', path: [], alias: 'id' },
          { kind: 'column', name: 'name', path: [], alias: 'name' },
        ],
      },
      {
        kind: 'embed',
        table: 'teams',
        alias: 'teams',
        hint: undefined,
        spread: true,
        items: [expect.anything()],
      },
    ]);
  });

  it('turns filters into the entity filter engine query, typed by the field', () => {
    expect(query('age=gte.18&name=ilike.*ann%25&ok=is.true&select=*&order=age')).toEqual({
      $and: [{ age: { $gte: 18 } }, { name: { $regex: '^.*ann.*$', $options: 'i' } }, { ok: true }],
    });
    expect(query('or=(age.lt.3,and(name.eq.a,ok.not.is.null))&name=not.in.("a,b",c)')).toEqual({
      $and: [
        { $or: [{ age: { $lt: 3 } }, { $and: [{ name: 'a' }, { $nor: [{ ok: null }] }] }] },
        { $nor: [{ name: { $in: ['a,b', 'c'] } }] },
      ],
    });
    // An undeclared column matches its text, number or boolean reading; created_at is the record's date.
    expect(query('rank=eq.5&created_at=gt.2024-01-01')).toEqual({
      $and: [{ rank: { $in: ['5', 5] } }, { createdAt: { $gt: '2024-01-01' } }],
    });
    expect(() => query('age=eq.old')).toThrow('invalid input syntax for type integer: "old"');
    expect(() => query('age=between.1')).toThrow('Atelier does not support the filter operator "between"');
    expect(() => query('or=(a.eq.1,or(b.eq.1,or(c.eq.1,or(d.eq.1,or(e.eq.1)))))')).toThrow('nest at most 4');
  });

  it('reads order, limit/offset and Range', () => {
    expect(parseOrder('age.desc.nullslast,name')).toEqual([
      { column: 'age', path: [], descending: true, nullsFirst: false },
      { column: 'name', path: [], descending: false, nullsFirst: undefined },
    ]);
    expect(parseRange(new URLSearchParams('offset=10&limit=5'), undefined)).toEqual({ limit: 5, offset: 10 });
    expect(parseRange(new URLSearchParams(''), '20-29')).toEqual({ limit: 10, offset: 20 });
  });

  it('escapes LIKE patterns into anchored regular expressions', () => {
    expect(likePattern('a.b%c_')).toBe('^a\\.b.*c.$');
  });

  it('finds the Base44 entity a table names', () => {
    expect(singularOf('categories')).toBe('category');
    expect(singularOf('boxes')).toBe('box');
    expect(entityForTable('app_configurations', ['AppConfiguration', 'Lead'])).toBe('AppConfiguration');
    expect(entityForTable('ai_leads', ['AILead'])).toBe('AILead');
    expect(entityForTable('nothing', ['Lead'])).toBeUndefined();
  });
});
