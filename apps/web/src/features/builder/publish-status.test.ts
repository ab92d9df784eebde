import { describe, expect, it } from 'vitest';
import { displayAddress, publishStateOf } from './publish-status.ts';

describe('publish state', () => {
  it('is draft before the first publish', () => {
    expect(publishStateOf({ publishedAt: null, currentVersionId: 'v1', publishedVersionId: null })).toBe(
      'draft',
    );
  });
  it('is live when the published version is the current one', () => {
    const at = '2026-01-01T00:00:00.000Z';
    expect(publishStateOf({ publishedAt: at, currentVersionId: 'v2', publishedVersionId: 'v2' })).toBe(
      'live',
    );
    // Apps without versions (tools) are live once published.
    expect(publishStateOf({ publishedAt: at, currentVersionId: null, publishedVersionId: null })).toBe(
      'live',
    );
  });
  it('has unpublished changes when the current version is newer', () => {
    const at = '2026-01-01T00:00:00.000Z';
    expect(publishStateOf({ publishedAt: at, currentVersionId: 'v3', publishedVersionId: 'v2' })).toBe(
      'live-with-changes',
    );
  });
  it('shows the address without its scheme', () => {
    expect(displayAddress('http://recipes.localhost:3000/')).toBe('recipes.localhost:3000');
    expect(displayAddress('https://example.com/app/abc')).toBe('example.com/app/abc');
  });
});
