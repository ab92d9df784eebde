import { describe, expect, it } from 'vitest';
import {
  APP_SLUG_MAX_LENGTH,
  APP_SLUG_MESSAGES,
  appSlugProblem,
  normaliseAppSlug,
  numberedSlug,
  slugFromName,
} from './app-slug.ts';

describe('appSlugProblem', () => {
  it('accepts lower-case letters, numbers and single dashes of 3 to 40 characters', () => {
    for (const slug of ['abc', 'garden-planner', 'crm2', 'a1-b2-c3', 'x'.repeat(40)]) {
      expect(appSlugProblem(slug), slug).toBeNull();
    }
  });

  it('refuses other shapes with the invalid message', () => {
    for (const slug of [
      'ab',
      'x'.repeat(41),
      '-abc',
      'abc-',
      'Abc',
      'a_b',
      'a.b',
      'a b',
      'xn--abc',
      'a--b',
      '',
    ]) {
      expect(appSlugProblem(slug), slug).toBe(APP_SLUG_MESSAGES.invalid);
    }
  });

  it('refuses reserved names', () => {
    for (const slug of ['www', 'api', 'admin', 'preview', 'localhost']) {
      expect(appSlugProblem(slug), slug).toBe(APP_SLUG_MESSAGES.reserved);
    }
  });
});

describe('slugFromName', () => {
  it('makes a readable slug of the name', () => {
    expect(slugFromName('Garden Planner')).toBe('garden-planner');
    expect(slugFromName('  Café Crème — orders!  ')).toBe('cafe-creme-orders');
    expect(slugFromName('CRM 2.0')).toBe('crm-2-0');
  });

  it('cuts long names at a word boundary and keeps the result valid', () => {
    const slug = slugFromName('A tool that writes a short friendly cover letter from a job description');
    expect(slug).toBe('a-tool-that-writes-a-short-friendly');
    expect(slug.length).toBeLessThanOrEqual(APP_SLUG_MAX_LENGTH);
    expect(appSlugProblem(slug)).toBeNull();
    expect(appSlugProblem(slugFromName('x'.repeat(80)))).toBeNull();
  });

  it('falls back or pads when the name gives too little, and avoids reserved names', () => {
    expect(slugFromName('!!!')).toBe('my-app');
    expect(slugFromName('日本')).toBe('my-app');
    expect(slugFromName('Go')).toBe('go-app');
    expect(slugFromName('Admin')).toBe('admin-app');
    for (const name of ['!!!', 'Go', 'Admin', 'api']) expect(appSlugProblem(slugFromName(name))).toBeNull();
  });
});

describe('numberedSlug and normaliseAppSlug', () => {
  it('numbers a taken slug within the maximum length', () => {
    expect(numberedSlug('garden-planner', 2)).toBe('garden-planner-2');
    const long = numberedSlug('x'.repeat(40), 12);
    expect(long).toBe(`${'x'.repeat(37)}-12`);
    expect(appSlugProblem(long)).toBeNull();
  });

  it('lower-cases and trims what was typed', () => {
    expect(normaliseAppSlug('  My-App ')).toBe('my-app');
  });
});
