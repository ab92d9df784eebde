import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routerShim, withPageLoadsUnderBase } from './own-entry.ts';

describe('routerShim', () => {
  it("gives an own-entry app's BrowserRouter the page's base path, also in place of a basename the export was deployed under (GitHub Pages' /<repository>)", async () => {
    // The shim as the compiler serves it, over the real react-router, in a page under /preview/app-1/.
    const cache = path.join(import.meta.dirname, '../../../../../node_modules/.cache');
    fs.mkdirSync(cache, { recursive: true });
    const file = path.join(cache, `atelier-router-shim-${process.pid}.mjs`);
    fs.writeFileSync(file, routerShim('react-router'));
    const globals = globalThis as { __ATELIER__?: unknown; location?: unknown };
    globals.__ATELIER__ = { basePath: '/preview/app-1/' };
    globals.location = { pathname: '/preview/app-1/events' };
    try {
      const { BrowserRouter } = await import(pathToFileURL(file).href);
      const basenameOf = (props: object) => BrowserRouter(props).props.basename;
      expect(basenameOf({})).toBe('/preview/app-1');
      expect(basenameOf({ basename: undefined })).toBe('/preview/app-1');
      expect(basenameOf({ basename: '/NeonValley' })).toBe('/preview/app-1');
      expect(basenameOf({ basename: '/' })).toBe('/preview/app-1');
      // import.meta.env.BASE_URL is the page's path: kept.
      expect(basenameOf({ basename: '/preview/app-1/' })).toBe('/preview/app-1/');
    } finally {
      fs.rmSync(file, { force: true });
      delete globals.__ATELIER__;
      delete globals.location;
    }
  });
});

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
