import { describe, expect, it } from 'vitest';
import { columnFilter, combineFilters, filterKind, searchCondition } from './search.ts';

describe('column filters of the data table header menu', () => {
  it('text-like columns contain the text, literally and in any case', () => {
    expect(columnFilter({ id: 'title', dataType: 'text' }, ' a.b ')).toEqual({
      condition: { title: { $regex: 'a\\.b', $options: 'i' } },
    });
    expect(filterKind({ dataType: 'select' })).toBe('contains');
  });

  it('numbers and booleans equal the value; a multi-select holds the option', () => {
    expect(columnFilter({ id: 'price', dataType: 'number' }, '12.5')).toEqual({ condition: { price: 12.5 } });
    expect(columnFilter({ id: 'price', dataType: 'number' }, 'twelve')).toEqual({ error: 'Enter a number' });
    expect(columnFilter({ id: 'done', dataType: 'boolean' }, 'false')).toEqual({
      condition: { done: false },
    });
    expect(columnFilter({ id: 'tags', dataType: 'multiselect' }, 'red')).toEqual({
      condition: { tags: 'red' },
    });
    expect(filterKind({ dataType: 'number' })).toBe('is');
  });

  it('an empty filter filters nothing; several conditions must all hold', () => {
    expect(columnFilter({ id: 'title', dataType: 'text' }, '  ')).toEqual({});
    expect(combineFilters([undefined])).toBeUndefined();
    expect(combineFilters([{ price: 3 }])).toBe('{"price":3}');
    const search = searchCondition({ properties: { title: { type: 'string' } } }, 'x');
    expect(JSON.parse(combineFilters([search, { price: 3 }]) ?? '')).toEqual({
      $and: [search, { price: 3 }],
    });
  });
});
