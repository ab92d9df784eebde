import { CLAIM_CODE_ALPHABET, CLAIM_CODE_LENGTH } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { claimCodesMatch, newClaimCode } from './claims.service.ts';

describe('claim codes', () => {
  it('are CLAIM_CODE_LENGTH characters of the alphabet, and differ between calls', () => {
    const codes = new Set(Array.from({ length: 50 }, () => newClaimCode()));
    for (const code of codes) {
      expect(code).toHaveLength(CLAIM_CODE_LENGTH);
      for (const char of code) expect(CLAIM_CODE_ALPHABET).toContain(char);
    }
    expect(codes.size).toBe(50);
  });

  it('match ignoring case, spaces and dashes, and only the same code', () => {
    expect(claimCodesMatch('abcd-2345', 'ABCD2345')).toBe(true);
    expect(claimCodesMatch(' ABCD 2345 ', 'ABCD2345')).toBe(true);
    expect(claimCodesMatch('ABCD2346', 'ABCD2345')).toBe(false);
    expect(claimCodesMatch('ABCD234', 'ABCD2345')).toBe(false);
    expect(claimCodesMatch('', 'ABCD2345')).toBe(false);
  });
});
