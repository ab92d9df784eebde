import { describe, expect, it } from 'vitest';
import { customTokenOfHash, safeNext } from './runtime/auth-paths.ts';

describe('safeNext', () => {
  it('keeps paths of the app and refuses anything that leaves it', () => {
    expect(safeNext('/orders?id=4')).toBe('/orders?id=4');
    expect(safeNext('/')).toBe('/');
    for (const next of [null, '', 'orders', '//evil.example/x', '/\\evil.example', 'https://evil.example/']) {
      expect(safeNext(next), String(next)).toBe('/');
    }
  });
});

describe('customTokenOfHash', () => {
  it('reads the single-use token an e-mailed sign-in link hands to the app', () => {
    expect(customTokenOfHash('#customToken=abc.def-1')).toBe('abc.def-1');
    expect(customTokenOfHash('#x=1&customToken=a%2Bb')).toBe('a+b');
    expect(customTokenOfHash('')).toBeNull();
    expect(customTokenOfHash('#customToken=')).toBeNull();
    expect(customTokenOfHash('#other=1')).toBeNull();
  });
});
