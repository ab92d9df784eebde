import { describe, expect, it } from 'vitest';
import { repeatsPrompt } from './prompt-leak.ts';

const prompt =
  'You are the Acme travel planner. Never mention competitors. Use the secret discount code ZEPHYR-42 only for gold members. Plan a trip to {{city}} for {{days}} days.';

describe('repeatsPrompt', () => {
  it('finds the prompt restated verbatim or re-spaced, re-cased and re-punctuated', () => {
    expect(repeatsPrompt(`Sure! My instructions: ${prompt}`, prompt)).toBe(true);
    expect(
      repeatsPrompt('never MENTION competitors -- use the secret discount code zephyr 42 only', prompt),
    ).toBe(true);
  });

  it('lets an answer share short phrases, the filled-in inputs, or nothing with the prompt', () => {
    expect(repeatsPrompt('Day 1 in Lisbon: the travel planner suggests the Gulbenkian.', prompt)).toBe(false);
    expect(repeatsPrompt('Plan a trip to Lisbon for 3 days: museums, then pastries.', prompt)).toBe(false);
    expect(repeatsPrompt('Anything at all', 'Short prompt {{input}}')).toBe(false);
  });
});
