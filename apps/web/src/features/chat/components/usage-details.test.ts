import { USAGE_TEXT } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { costText, tokensText } from './usage-details.tsx';

describe('usage figures (issue 21 §11)', () => {
  it('marks counted tokens as estimated and an unpriced model as "price unknown", never $0', () => {
    expect(tokensText(1234, {})).toBe((1234).toLocaleString());
    expect(tokensText(1234, { estimated: true })).toBe(
      `${USAGE_TEXT.estimatedMark} ${(1234).toLocaleString()}`,
    );
    expect(costText(0, { priceUnknown: true })).toBe(USAGE_TEXT.priceUnknown);
    expect(costText(0.5, {})).toContain('0.5');
  });
});
