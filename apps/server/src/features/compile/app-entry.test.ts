import { describe, expect, it } from 'vitest';
import { appEntrySource, pageRoutes } from './app-entry.ts';

const file = (path: string) => ({ path, content: '' });

describe('pageRoutes', () => {
  it('maps page files to routes, with the page name as an alias', () => {
    expect(
      pageRoutes([file('pages/Home.tsx'), file('pages/ContactDetails.tsx'), file('pages/admin/Users.jsx')]),
    ).toEqual([
      { name: 'admin/Users', file: 'pages/admin/Users.jsx', paths: ['/admin/users', '/admin/Users'] },
      {
        name: 'ContactDetails',
        file: 'pages/ContactDetails.tsx',
        paths: ['/contact-details', '/ContactDetails'],
      },
      { name: 'Home', file: 'pages/Home.tsx', paths: ['/', '/Home'] },
    ]);
  });

  it('serves the first page at / when there is no Home, and skips non-component files', () => {
    expect(pageRoutes([file('pages/Tasks.tsx'), file('pages/about.tsx'), file('pages/helpers.ts')])).toEqual([
      { name: 'about', file: 'pages/about.tsx', paths: ['/', '/about'] },
      { name: 'Tasks', file: 'pages/Tasks.tsx', paths: ['/tasks', '/Tasks'] },
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
});
