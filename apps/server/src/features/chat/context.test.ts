import { CONTEXT_RERANK_TOKEN_LIMIT, CONTEXT_SCORE_THRESHOLD } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { queryTerms, scoreFile, selectContext, withRelevantFiles } from './context.ts';

const files = [
  { path: 'Layout.tsx', content: 'navigation' },
  { path: 'pages/Contacts.tsx', content: 'contact list with email' },
  { path: 'pages/Deals.tsx', content: 'x'.repeat(400) },
];

describe('context selection', () => {
  it('reads the request as keywords', () => {
    expect(queryTerms('Add an email field to the Contacts page')).toEqual(['email', 'field', 'contact']);
  });

  it('scores a path hit above a content hit', () => {
    const terms = queryTerms('contacts email');
    expect(scoreFile(files[1]!, terms)).toBeGreaterThan(
      scoreFile({ path: 'x.tsx', content: 'email contact' }, terms),
    );
  });

  it('sends the whole app while it fits the token limit, with length/4 token estimates', () => {
    const selection = selectContext(files, 'contacts', []);
    expect(selection.files).toHaveLength(3);
    expect(selection.metadata.retrievedFiles.find((f) => f.filePath === 'pages/Deals.tsx')).toMatchObject({
      retrievalMethods: ['full_context'],
      tokenEstimation: 100,
    });
    expect(selection.metadata.rerankTokenLimit).toBe(CONTEXT_RERANK_TOKEN_LIMIT);
  });

  it('stops sending the whole app once it passes CONTEXT_RERANK_TOKEN_LIMIT estimated tokens', () => {
    const big = { path: 'pages/Big.tsx', content: 'y'.repeat(CONTEXT_RERANK_TOKEN_LIMIT * 4) };
    const fits = selectContext(
      [...files.slice(0, 2), { ...big, content: big.content.slice(0, -400) }],
      'contacts',
      [],
    );
    expect(fits.files).toHaveLength(3);
    const over = selectContext([...files.slice(0, 2), big], 'contacts', []);
    expect(over.files.map((f) => f.path)).toEqual(['Layout.tsx', 'pages/Contacts.tsx']);
    expect(over.metadata.belowThresholdFiles.map((f) => f.filename)).toEqual(['pages/Big.tsx']);
  });

  it('keeps root files and the best-scoring files of a larger app, and lists the rest below the threshold', () => {
    const selection = selectContext(files, 'contacts email', [], { limit: 50 });
    expect(selection.files.map((f) => f.path)).toEqual(['Layout.tsx', 'pages/Contacts.tsx']);
    expect(selection.metadata.belowThresholdFiles).toEqual([{ filename: 'pages/Deals.tsx', score: 0 }]);
    expect(selection.metadata).toMatchObject({
      scoreThreshold: CONTEXT_SCORE_THRESHOLD,
      rerankTokenLimit: 50,
    });
    const evaluated = withRelevantFiles(selection.metadata, ['pages/Deals.tsx', 'pages/Contacts.tsx']);
    expect(evaluated.evals?.named).toEqual({ recall: 0.5, tokenEstimation: 6 });
  });

  it('when not all fits: the named files, then the recently changed ones and their imports, then keywords', () => {
    const app = [
      { path: 'Layout.tsx', content: 'layout' },
      { path: 'pages/Deals.tsx', content: "import { money } from '@/lib/money';\ndeals" },
      { path: 'lib/money.js', content: 'export const money = 1;' },
      { path: 'pages/Invoices.tsx', content: 'invoices' },
      { path: 'pages/Notes.tsx', content: 'email notes about invoices' },
      { path: 'pages/Huge.tsx', content: 'email '.repeat(50) },
    ];
    const selection = selectContext(app, 'Show the email on the invoice page', [], {
      limit: 80,
      count: (text) => text.length / 2,
      recent: ['pages/Deals.tsx'],
    });
    expect(selection.metadata.retrievedFiles.map((f) => [f.filePath, f.retrievalMethods[0]])).toEqual([
      ['Layout.tsx', 'full_context'],
      ['pages/Invoices.tsx', 'named'],
      ['pages/Deals.tsx', 'recent'],
      ['lib/money.js', 'import'],
      ['pages/Notes.tsx', 'keyword'],
    ]);
    expect(selection.metadata.belowThresholdFiles.map((f) => f.filename)).toEqual(['pages/Huge.tsx']);
    expect(selection.metadata.retrievedFiles[0]!.tokenEstimation).toBe(3);
  });
});
