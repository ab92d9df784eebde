import { describe, expect, it } from 'vitest';
import { TOAST_COPIED_MS, TOAST_SUCCESS_MS, toastDuration } from './constants.ts';

describe('toastDuration', () => {
  it('lets successes and notices go, keeps errors and warnings until closed', () => {
    expect(toastDuration('success')).toBe(TOAST_SUCCESS_MS);
    expect(toastDuration('info')).toBe(TOAST_SUCCESS_MS);
    expect(TOAST_SUCCESS_MS).toBeLessThanOrEqual(5000);
    expect(toastDuration('error')).toBe(Number.POSITIVE_INFINITY);
    expect(toastDuration('warning')).toBe(Number.POSITIVE_INFINITY);
  });

  it('shows copy confirmations for 2 s', () => {
    expect(toastDuration('copied')).toBe(2000);
    expect(TOAST_COPIED_MS).toBe(2000);
  });
});
