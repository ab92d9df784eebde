import { describe, expect, it } from 'vitest';
import { Bm25Index, bm25Idf, bm25TermScore, queryTerms } from './bm25.ts';
import { tokenize } from './tokenize.ts';

describe('tokenize', () => {
  it('lower-cases, folds accents, drops stopwords and stems plurals', () => {
    expect(tokenize('The Café policies of boxes and Llamas, in 2024!')).toEqual([
      'cafe',
      'policy',
      'box',
      'llama',
      '2024',
    ]);
  });

  it('keeps words like "status" and "analysis" whole', () => {
    expect(tokenize('status analysis class')).toEqual(['status', 'analysis', 'class']);
  });
});

describe('BM25', () => {
  it('computes the Okapi formula with Lucene idf', () => {
    expect(bm25Idf(10, 1)).toBeCloseTo(Math.log(1 + 9.5 / 1.5), 10);
    // tf 2 in an average-length document: idf * 2 * 2.2 / (2 + 1.2)
    expect(bm25TermScore(2, 50, 50, 1)).toBeCloseTo(4.4 / 3.2, 10);
    expect(queryTerms('llama llama farm')).toEqual(
      new Map([
        ['llama', 2],
        ['farm', 1],
      ]),
    );
  });

  it('ranks rare-term matches above common-term matches and shorter documents first', () => {
    const index = new Bm25Index();
    index.add('a', 'The refund policy allows returns within 30 days of purchase.');
    index.add('b', 'Shipping is free for orders over 50 dollars. Shipping takes 3 days.');
    index.add('c', 'Our store opens at 9. Returns are accepted at the store desk.');
    index.add('d', 'Days of the week: the store is closed on Sundays and public holidays, days off.');
    const results = index.search('refund days', 4);
    expect(results[0]?.id).toBe('a');
    expect(results.map((r) => r.id)).toEqual(expect.arrayContaining(['a', 'b', 'd']));
    expect(results.find((r) => r.id === 'c')).toBeUndefined();
  });

  it('saturates term frequency instead of growing without bound', () => {
    const index = new Bm25Index();
    index.add('once', 'llama farm');
    index.add('many', 'llama llama llama llama llama llama llama llama farm');
    index.add('other', 'goat farm');
    const [first, second] = index.search('llama', 2);
    expect(first?.id).toBe('many');
    expect((first?.score ?? 0) / (second?.score ?? 1)).toBeLessThan(2.2);
  });
});
