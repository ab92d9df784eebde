import { describe, expect, it } from 'vitest';
import { cleanRoute, previewUrlAt } from './preview-url.ts';

const link = 'http://127.0.0.1:3001/preview/app-1?version=v1&token=abc';

describe('previewUrlAt', () => {
  it('puts the route under the app’s base path and keeps the link’s token', () => {
    expect(previewUrlAt(link, '/')).toBe(link);
    expect(previewUrlAt(link, '/contacts')).toBe(
      'http://127.0.0.1:3001/preview/app-1/contacts?version=v1&token=abc',
    );
    expect(previewUrlAt(link, 'contacts?tab=2#new')).toBe(
      'http://127.0.0.1:3001/preview/app-1/contacts?version=v1&token=abc&tab=2#new',
    );
  });

  it('never lets a route replace the link’s token or version, or leave the preview origin', () => {
    expect(previewUrlAt(link, '/x?token=evil&version=v0')).toBe(
      'http://127.0.0.1:3001/preview/app-1/x?version=v1&token=abc',
    );
    expect(new URL(previewUrlAt(link, '//evil.example/path')).origin).toBe('http://127.0.0.1:3001');
  });
});

describe('cleanRoute', () => {
  it('drops the link’s parameters from a reported route', () => {
    expect(cleanRoute('/contacts?version=v1&token=abc&tab=2#new')).toBe('/contacts?tab=2#new');
    expect(cleanRoute('/?version=v1&token=abc')).toBe('/');
    expect(cleanRoute('deals')).toBe('/deals');
  });
});
