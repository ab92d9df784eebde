import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect.ts';

describe('safeRedirectPath', () => {
  it.each([
    ['/home', '/home'],
    ['/build/app/1?x=2#y', '/build/app/1?x=2#y'],
    ['  /settings ', '/settings'],
  ])('keeps the local path %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example',
    'javascript:alert(1)',
    'home',
    '',
    null,
    undefined,
    '/a\nb',
  ])('refuses %s', (input) => {
    expect(safeRedirectPath(input)).toBeNull();
  });
});
