import { afterEach, describe, expect, it } from 'vitest';
import { onAtelier } from './atelier-page.ts';

const page = globalThis as { __ATELIER__?: { apiBase?: string } };

describe('onAtelier', () => {
  afterEach(() => {
    delete page.__ATELIER__;
  });

  it("puts the export's own-origin API paths on the Atelier server, also after a server URL it lacks", () => {
    page.__ATELIER__ = { apiBase: 'http://localhost:4000/' };
    expect(onAtelier('/api/apps/public')).toBe('http://localhost:4000/api/apps/public');
    // Base44's template: `${appParams.serverUrl}/api/apps/public` without VITE_BASE44_BACKEND_URL.
    expect(onAtelier('null/api/apps/public')).toBe('http://localhost:4000/api/apps/public');
    expect(onAtelier('undefined/api/apps/public')).toBe('http://localhost:4000/api/apps/public');
    expect(onAtelier('https://example.com/api')).toBe('https://example.com/api');
    expect(onAtelier('nullable/x')).toBe('http://localhost:4000/nullable/x');
  });
});
