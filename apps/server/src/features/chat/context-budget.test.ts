import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import {
  CONTEXT_MARGIN_TOKENS,
  fitHistory,
  fitSummary,
  HISTORY_SHARE,
  planPrompt,
  promptBudget,
  summaryLines,
} from './context-budget.ts';

/** One token per character: easy to reason about. */
const count = (text: string) => text.length;
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content });

describe('the context budget', () => {
  it("is the catalogue's context size minus the reply's room and a margin; unknown without a size", () => {
    expect(promptBudget({ contextWindow: 128_000, maxOutputTokens: 16_384 })).toBe(
      128_000 - 16_384 - CONTEXT_MARGIN_TOKENS,
    );
    // Without a known output limit the reply's room is 4,096 (at most a quarter of the window).
    expect(promptBudget({ contextWindow: 8_000, maxOutputTokens: null })).toBe(
      8_000 - 2_000 - CONTEXT_MARGIN_TOKENS,
    );
    expect(promptBudget({ contextWindow: null })).toBeNull();
  });

  it('keeps the newest whole messages that fit, starting with a user message', () => {
    const history = [user('aaaa'), assistant('bbbb'), user('cccc'), assistant('dddd')];
    expect(fitHistory(history, 12, count)).toEqual({
      kept: [user('cccc'), assistant('dddd')],
      dropped: [user('aaaa'), assistant('bbbb')],
      tokens: 8,
    });
    expect(fitHistory(history, 100, count).dropped).toEqual([]);
    expect(fitHistory(history, 3, count)).toMatchObject({ kept: [], tokens: 0 });
  });

  it('summarises a message in one line and keeps the newest lines within the limit', () => {
    expect(summaryLines([user('Add  a\ncontacts page'), assistant(''), assistant('Done.')])).toEqual([
      '- Builder: Add a contacts page',
      '- Assistant: Done.',
    ]);
    const long = summaryLines([user('x'.repeat(1000))])[0]!;
    expect(long.length).toBeLessThan(300);
    expect(fitSummary(['- one', '- two', '- three'], count, 15)).toBe(
      '- (earlier messages left out)\n- two\n- three',
    );
  });

  it('gives the conversation at most its share, summarises the rest and leaves the files what is left', () => {
    const history = [
      user('a'.repeat(40)),
      assistant('b'.repeat(40)),
      user('c'.repeat(10)),
      assistant('d'.repeat(10)),
    ];
    const plan = planPrompt({
      budget: 100,
      count,
      fixedTokens: 20,
      messages: [...history, user('new')],
      storedSummary: '- Builder: older',
      defaultFileLimit: 60_000,
    });
    expect(HISTORY_SHARE * 100).toBe(25);
    expect(plan.messages).toEqual([user('c'.repeat(10)), assistant('d'.repeat(10)), user('new')]);
    expect(plan.summary).toBe(
      `- Builder: older\n- Builder: ${'a'.repeat(40)}\n- Assistant: ${'b'.repeat(40)}`,
    );
    expect(plan.fileLimit).toBe(Math.max(0, 100 - 20 - 3 - 20 - plan.summary.length));
    // Unknown window: everything as before, the default file limit.
    const open = planPrompt({
      budget: null,
      count,
      fixedTokens: 20,
      messages: [...history, user('new')],
      storedSummary: '',
      defaultFileLimit: 60_000,
    });
    expect(open).toEqual({ messages: [...history, user('new')], summary: '', fileLimit: 60_000 });
  });
});
