import { describe, expect, it } from 'vitest';
import { appEntrySource, declaresRequireSignIn, pageRoutes } from './app-entry.ts';

const file = (path: string) => ({ path, content: '' });

describe('pageRoutes', () => {
  it('maps page files to routes, with the page name as an alias', () => {
    expect(
      pageRoutes([file('pages/Home.tsx'), file('pages/ContactDetails.tsx'), file('pages/admin/Users.jsx')]),
    ).toEqual([
      {
        name: 'admin/Users',
        file: 'pages/admin/Users.jsx',
        paths: ['/admin/users', '/admin/Users'],
        requireSignIn: false,
      },
      {
        name: 'ContactDetails',
        file: 'pages/ContactDetails.tsx',
        paths: ['/contact-details', '/ContactDetails'],
        requireSignIn: false,
      },
      { name: 'Home', file: 'pages/Home.tsx', paths: ['/', '/Home'], requireSignIn: false },
    ]);
  });

  it('serves the first page at / when there is no Home, and skips non-component files', () => {
    expect(pageRoutes([file('pages/Tasks.tsx'), file('pages/about.tsx'), file('pages/helpers.ts')])).toEqual([
      { name: 'about', file: 'pages/about.tsx', paths: ['/', '/about'], requireSignIn: false },
      { name: 'Tasks', file: 'pages/Tasks.tsx', paths: ['/tasks', '/Tasks'], requireSignIn: false },
    ]);
  });
});

describe('appEntrySource', () => {
  it('imports the runtime first, then the layout and pages, and mounts them', () => {
    const source = appEntrySource([file('Layout.tsx'), file('pages/Home.tsx')]);
    expect(source).toBe(
      [
        'import { mountApp } from "atelier:runtime";',
        'import Layout from "@/Layout.tsx";',
        'import Page0 from "@/pages/Home.tsx";',
        'mountApp({',
        '  Layout: Layout,',
        '  pages: [',
        '    { name: "Home", paths: ["/","/Home"], Component: Page0 },',
        '  ],',
        '});',
        '',
      ].join('\n'),
    );
    expect(appEntrySource([file('pages/Home.tsx')])).toContain('Layout: null,');
  });

  it('marks pages that export requireSignIn = true', () => {
    const source = appEntrySource([
      {
        path: 'pages/Orders.tsx',
        content: 'export const requireSignIn = true;\nexport default function Orders() {}',
      },
      file('pages/Home.tsx'),
    ]);
    expect(source).toContain(
      '{ name: "Orders", paths: ["/orders","/Orders"], Component: Page1, requireSignIn: true },',
    );
    expect(source).toContain('{ name: "Home", paths: ["/","/Home"], Component: Page0 },');
  });
});

describe('declaresRequireSignIn', () => {
  it('reads the page export, not mentions or false values', () => {
    expect(declaresRequireSignIn('export const requireSignIn = true;')).toBe(true);
    expect(declaresRequireSignIn('  export const requireSignIn: boolean = true')).toBe(true);
    expect(declaresRequireSignIn('export const requireSignIn = false;')).toBe(false);
    expect(declaresRequireSignIn('// export const requireSignIn = true')).toBe(false);
    expect(declaresRequireSignIn("const text = 'requireSignIn = true';")).toBe(false);
  });
});
