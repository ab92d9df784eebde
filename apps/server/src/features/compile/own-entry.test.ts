import { describe, expect, it } from 'vitest';
import { withPageLoadsUnderBase } from './own-entry.ts';

describe('withPageLoadsUnderBase', () => {
  it("sends an own-entry app's window.location writes through the runtime, and leaves reads alone", () => {
    const source = [
      "if (!profile) { window.location.href = createPageUrl('NewUserSetup'); }",
      "onClick={() => window.location.href='/'}",
      "window.location = '/login';",
      'window.location.replace(`/Orders?id=` + id);',
      "window.location.assign ('/');",
      "if (window.location.href == target || window.location.pathname === '/x') back(window.location.href);",
      "const location = useLocation(); location.href = 'x';",
    ].join('\n');
    expect(withPageLoadsUnderBase(source).split('\n')).toEqual([
      "if (!profile) { globalThis.__atelierLocation.href = createPageUrl('NewUserSetup'); }",
      "onClick={() => globalThis.__atelierLocation.href='/'}",
      "globalThis.__atelierLocation.href = '/login';",
      'globalThis.__atelierLocation.replace(`/Orders?id=` + id);',
      "globalThis.__atelierLocation.assign ('/');",
      "if (window.location.href == target || window.location.pathname === '/x') back(window.location.href);",
      "const location = useLocation(); location.href = 'x';",
    ]);
  });
});
