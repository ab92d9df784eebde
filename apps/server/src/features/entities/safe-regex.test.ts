import { describe, expect, it } from 'vitest';
import { SAFE_REGEX_LIMITS, unsafeRegexReason } from './safe-regex.ts';

describe('the $regex safe subset', () => {
  it('accepts everyday patterns', () => {
    for (const pattern of [
      'hello',
      '^Hello, world$',
      'a.c',
      '^[A-Z][a-z]+$',
      '[^,]+',
      '\\d{3}-\\d{4}',
      '^\\w+@example\\.com$',
      '(red|green|blue)',
      '(?:foo|bar)baz',
      '(ab)?c',
      'x{2}y{2,}z{0,100}',
      '\\(\\)\\[\\]\\{\\}\\.\\*\\+\\?\\|\\^\\$\\\\',
      '[a-z0-9_\\-\\]]',
      '\\s\\S\\D\\W\\t\\n\\r',
      'é+ü*',
    ]) {
      expect(unsafeRegexReason(pattern), pattern).toBeUndefined();
      expect(() => new RegExp(pattern, 'u'), pattern).not.toThrow();
    }
  });

  it('refuses nested quantifiers, the class of the freezing filter', () => {
    for (const pattern of [
      '((a{1,50}){1,50}){1,50}g',
      '(a+)+$',
      '(a*)*b',
      '(?:a|b+)*',
      '((ab)?c)+',
      '(x(y{2}))?',
    ]) {
      expect(unsafeRegexReason(pattern), pattern).toMatch(/nest quantifiers/);
    }
  });

  it('refuses large counted repetitions and over-large expansions', () => {
    expect(unsafeRegexReason(`a{${SAFE_REGEX_LIMITS.repeat + 1}}`)).toMatch(/at most 100 times/);
    expect(unsafeRegexReason('a{1,5000}')).toMatch(/at most 100 times/);
    expect(unsafeRegexReason('a{2,1}')).toMatch(/m below n/);
    expect(unsafeRegexReason('(abcdefghijk){100}')).toMatch(/too complex/);
    expect(unsafeRegexReason('a{0,100}'.repeat(11))).toMatch(/too complex/);
    expect(unsafeRegexReason('a{0,100}'.repeat(10))).toBeUndefined();
  });

  it('refuses syntax outside the subset, naming what is wrong', () => {
    const cases: [string, RegExp][] = [
      ['(a)\\1', /back-references/],
      ['(?=a)b', /lookarounds/],
      ['(?<=a)b', /lookarounds/],
      ['(?i)a', /inline options/],
      ['\\bword\\b', /may not use "\\b"/],
      ['\\x41', /may not use "\\x"/],
      ['[[:alpha:]]', /escape "\[" inside a class/],
      ['[]a]', /escape "\]"/],
      ['a*?', /lazy/],
      ['a+*', /repeat a repetition/],
      ['^*', /repeat an anchor/],
      ['*a', /nothing to repeat/],
      ['a{', /not a repetition/],
      ['a{1,2', /not a repetition/],
      ['(a', /unclosed "\("/],
      ['a)', /unmatched "\)"/],
      ['[a', /unclosed "\["/],
      ['a\\', /lone/],
      ['[\\D]', /inside a class/],
      ['[]', /escape "\]"/],
      ['}', /escape "\}"/],
      [`${'('.repeat(11)}a${')'.repeat(11)}`, /at most 10 levels/],
    ];
    for (const [pattern, message] of cases) expect(unsafeRegexReason(pattern), pattern).toMatch(message);
  });
});
