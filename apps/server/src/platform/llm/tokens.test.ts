import { describe, expect, it } from 'vitest';
import { estimateTokenCount, tokenCounter, tokenizerEncoding } from './tokens.ts';

describe('token counts', () => {
  it('picks the tokenizer of the model family, none for other providers', () => {
    expect(tokenizerEncoding({ id: 'gpt-4o-mini', provider: 'openai' })).toBe('o200k_base');
    expect(tokenizerEncoding({ id: 'openai/gpt-4.1', provider: 'openai' })).toBe('o200k_base');
    expect(tokenizerEncoding({ id: 'gpt-4-turbo', provider: 'openai' })).toBe('cl100k_base');
    expect(tokenizerEncoding({ id: 'claude-sonnet-4-5', provider: 'anthropic' })).toBeNull();
    expect(tokenizerEncoding({ id: 'llama3.1', provider: 'openai' })).toBeNull();
  });

  it("counts with the model's tokenizer, and estimates (marked) where none fits", async () => {
    const gpt = await tokenCounter({ id: 'gpt-4o-mini', provider: 'openai' });
    expect(gpt.estimated).toBe(false);
    expect(gpt.count('hello world')).toBe(2);
    // Text that looks like a special token does not throw.
    expect(gpt.count('a <|endoftext|> b')).toBeGreaterThan(0);
    const other = await tokenCounter({ id: 'llama3.1', provider: 'openai' });
    expect(other.estimated).toBe(true);
    expect(other.count('x'.repeat(35))).toBe(10);
    expect(estimateTokenCount('')).toBe(0);
  });
});
