import { USAGE_TEXT } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { costText, formatContext, formatPrice, formatTokens, formatUsd, tokensText } from './format.ts';

describe('AI usage formatting', () => {
  it.each([
    [0, '$0'],
    [0.000345, '$0.000345'],
    [0.0000004, '< $0.000001'],
    [0.000001, '$0.000001'],
    [0.5, '$0.50'],
    [12.345, '$12.35'],
  ])('shows %s dollars as %s', (value, text) => {
    expect(formatUsd(value)).toBe(text);
  });

  it('shows prices per 1M tokens, token counts with K and M, and context sizes', () => {
    expect(formatPrice(0.15)).toBe('$0.15');
    expect(formatPrice(2)).toBe('$2');
    expect(formatTokens(950)).toBe('950');
    expect(formatTokens(1500)).toBe('1.5K');
    expect(formatTokens(1_047_576)).toBe('1M');
    expect(formatContext(128_000)).toBe('128K tokens');
    expect(formatContext(null)).toBe('—');
  });

  it('marks counted tokens as estimated and an unpriced model as "price unknown", never $0 (issue 21 §11)', () => {
    expect(tokensText(1234, {})).toBe((1234).toLocaleString());
    expect(tokensText(1234, { estimated: true })).toBe(
      `${USAGE_TEXT.estimatedMark} ${(1234).toLocaleString()}`,
    );
    expect(costText(0, { priceUnknown: true })).toBe(USAGE_TEXT.priceUnknown);
    expect(costText(0.5, { priceUnknown: true })).toBe(`$0.50 + ${USAGE_TEXT.priceUnknown}`);
    expect(costText(0.5, {})).toBe('$0.50');
  });
});
