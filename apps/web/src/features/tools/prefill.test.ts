import { describe, expect, it } from 'vitest';
import { prefillMemorized } from './prefill.ts';

const fields = [
  { name: 'city', memorize: true },
  { name: 'mood', memorize: false },
  { name: 'tags', memorize: true },
];

describe('prefillMemorized', () => {
  it('fills memorized fields from the remembered answers, and only those', () => {
    expect(prefillMemorized(fields, {}, { city: 'Ghent', mood: 'calm', tags: ['food', 'art'] })).toEqual({
      city: 'Ghent',
      tags: ['food', 'art'],
    });
  });

  it('never writes over a value already in the form', () => {
    expect(prefillMemorized(fields, { city: 'Lisbon' }, { city: 'Ghent' })).toEqual({ city: 'Lisbon' });
    expect(prefillMemorized(fields, { city: '' }, { city: 'Ghent' })).toEqual({ city: '' });
  });

  it('ignores remembered names that are not fields, and null answers', () => {
    expect(prefillMemorized(fields, {}, { gone: 'x', city: null })).toEqual({});
  });

  it('answers the same object when nothing changes', () => {
    const values = { city: 'Lisbon' };
    expect(prefillMemorized(fields, values, {})).toBe(values);
    expect(prefillMemorized(fields, values, { city: 'Ghent' })).toBe(values);
  });
});
