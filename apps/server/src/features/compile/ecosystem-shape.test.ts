import type { AppFile } from '@atelier/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { templateFiles } from '../apps/template/index.ts';
import { SUPABASE_ANON_KEY } from '../supabase/page-env.ts';
import { resolveAppImport } from './bundle-js.ts';
import { createCompiler } from './compiler.ts';
import { publicEnv } from './html.ts';

const compiler = createCompiler({ cacheSize: 8 });
afterAll(() => compiler.dispose());

async function compileOk(files: AppFile[]) {
  const result = await compiler.compile(files);
  if (!result.ok) throw new Error(JSON.stringify(result.diagnostics, null, 2));
  return result;
}

describe('apps in the ecosystem shape (issue 25 #1)', () => {
  it('reads import.meta.env from the page when the app runs: known names, and undefined for others', async () => {
    const { js } = await compileOk([
      {
        path: 'pages/Home.jsx',
        content:
          "const id = import.meta.env.VITE_BASE44_APP_ID;\nexport default function Home() {\n  return <p>{id} {String(import.meta.env.VITE_NOPE)} {import.meta.env.DEV ? 'dev' : 'prod'}</p>;\n}\n",
      },
    ]);
    expect(js).toContain('__atelierImportMetaEnv.VITE_BASE44_APP_ID');
    expect(js).toContain('__atelierImportMetaEnv.VITE_NOPE');
    expect(js).not.toContain('import.meta.env');
    // Run it: the banner and the reads work with and without the page's values.
    const banner = js.split('\n').slice(0, 3).join('\n');
    const read = new Function(
      `${banner}; return [__atelierImportMetaEnv.VITE_X, __atelierImportMetaEnv.MODE];`,
    );
    const page = globalThis as { __ATELIER_ENV__?: unknown; __ATELIER_ENV_UNSET__?: Set<string> };
    expect(read()).toEqual([undefined, undefined]);
    page.__ATELIER_ENV__ = { MODE: 'production' };
    delete page.__ATELIER_ENV_UNSET__;
    expect(read()).toEqual([undefined, 'production']);
    // The names read without a value are recorded for the start-up failure screen (startup-screen.ts).
    expect([...(page.__ATELIER_ENV_UNSET__ ?? [])]).toEqual(['VITE_X']);
    delete page.__ATELIER_ENV__;
    delete page.__ATELIER_ENV_UNSET__;
  });

  it("gives the page the VITE_ values of the app's .env, as Vite's build does; other names stay out", async () => {
    const result = await compileOk([
      {
        path: 'pages/Home.jsx',
        content: 'export default function Home() {\n  return <p>{import.meta.env.VITE_MAPS_KEY}</p>;\n}\n',
      },
      {
        path: '.env',
        content: "# maps\nVITE_MAPS_KEY=abc123\nVITE_GREETING='hello # world'\nDATABASE_PASSWORD=hunter2\n",
      },
    ]);
    expect(result.env).toEqual({ VITE_MAPS_KEY: 'abc123', VITE_GREETING: 'hello # world' });
    // The page's own names win over the file's (html.ts publicEnv).
    expect(
      publicEnv({
        appId: 'app-1',
        apiBase: 'http://api.test',
        env: { ...result.env, VITE_BASE44_APP_ID: 'x' },
      }),
    ).toMatchObject({ VITE_MAPS_KEY: 'abc123', VITE_BASE44_APP_ID: 'app-1' });
  });

  it("points Supabase's names at the app's Supabase-compatible API unless the app's .env sets them", () => {
    const runtime = { appId: 'app 1', apiBase: 'http://api.test/' };
    expect(publicEnv(runtime)).toMatchObject({
      VITE_SUPABASE_URL: 'http://api.test/api/apps/app%201/supabase',
      NEXT_PUBLIC_SUPABASE_URL: 'http://api.test/api/apps/app%201/supabase',
      VITE_SUPABASE_ANON_KEY: SUPABASE_ANON_KEY,
      VITE_SUPABASE_PUBLISHABLE_KEY: SUPABASE_ANON_KEY,
    });
    // A builder with a real Supabase project keeps it.
    const own = { VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_SUPABASE_ANON_KEY: 'eyJ.own' };
    expect(publicEnv({ ...runtime, env: own })).toMatchObject(own);
  });

  it('defines process.env at build: NODE_ENV, the public values, and undefined for other names', async () => {
    const { js } = await compileOk([
      {
        path: 'pages/Home.jsx',
        content:
          'const { VITE_BASE44_APP_ID } = process.env;\nexport const read = () => [process.env.NODE_ENV, process.env.REACT_APP_API_URL, VITE_BASE44_APP_ID];\nexport default function Home() {\n  return <p>{read().join()}</p>;\n}\n',
      },
    ]);
    expect(js).not.toMatch(/\bprocess\./);
    const banner = js.split('\n').slice(0, 3).join('\n');
    (globalThis as { __ATELIER_ENV__?: unknown }).__ATELIER_ENV__ = { VITE_BASE44_APP_ID: 'app-1' };
    const env = new Function(`${banner}; return __atelierProcessEnv;`)();
    delete (globalThis as { __ATELIER_ENV__?: unknown }).__ATELIER_ENV__;
    expect({ ...env }).toEqual({ VITE_BASE44_APP_ID: 'app-1', NODE_ENV: 'production' });
  });

  it("generates tailwindcss-animate's classes (shadcn's animate-in, fade-in, zoom-in-95), with its @plugin line kept harmless", async () => {
    const { css } = await compileOk([
      {
        path: 'pages/Home.jsx',
        content:
          'export default function Home() {\n  return <div className="animate-in fade-in-0 zoom-in-95 slide-in-from-top-2 duration-300">x</div>;\n}\n',
      },
      {
        path: 'globals.css',
        content: '@import "tailwindcss";\n@plugin "tailwindcss-animate";\n@import "tw-animate-css";\n',
      },
    ]);
    expect(css).toMatch(/\.animate-in \{\s*animation: enter/);
    expect(css).toMatch(/\.fade-in-0 \{\s*--tw-enter-opacity: calc\(0/);
    expect(css).toContain('.zoom-in-95');
    expect(css).toContain('.slide-in-from-top-2');
    expect(css).toContain('@keyframes enter');
  });

  it("serves react-day-picker 8 to an app whose package.json asks for it, and the set's version otherwise", async () => {
    const calendar = {
      path: 'components/ui/calendar.jsx',
      content:
        "import { DayPicker } from 'react-day-picker';\nexport function Calendar(props) {\n  return <DayPicker showOutsideDays {...props} />;\n}\n",
    };
    const home = {
      path: 'pages/Home.jsx',
      content:
        'import { Calendar } from \'@/components/ui/calendar\';\nexport default function Home() {\n  return <Calendar mode="single" />;\n}\n',
    };
    const manifest = (range: string) => ({
      path: 'package.json',
      content: JSON.stringify({ dependencies: { 'react-day-picker': range } }),
    });
    for (const range of ['^8.10.1', '8.7.1', '~8.10.0']) {
      const { js } = await compileOk([calendar, home, manifest(range)]);
      expect(js).toMatch(/from "@atelier\/react-day-picker-v8"/);
      expect(js).not.toMatch(/from "react-day-picker"/);
    }
    for (const files of [
      [calendar, home],
      [calendar, home, manifest('^9.4.0')],
      [calendar, home, manifest('*')],
    ]) {
      const { js } = await compileOk(files);
      expect(js).toMatch(/from "react-day-picker"/);
    }
  });

  it("adds a package's stylesheet to the page: the set's, from the version the app is served", async () => {
    const page = (css: string) => ({
      path: 'pages/Home.jsx',
      content: `import '${css}';\nexport default function Home() {\n  return <p>x</p>;\n}\n`,
    });
    const v8 = {
      path: 'package.json',
      content: JSON.stringify({ dependencies: { 'react-day-picker': '^8.10.1' } }),
    };
    const legacy = await compileOk([page('react-day-picker/dist/style.css'), v8]);
    expect(legacy.js).toContain('@layer atelier-packages{.rdp{--rdp-cell-size: 40px');
    expect(legacy.js).toContain('style.dataset.packageCss = "react-day-picker-v8/dist/style.css"');
    const current = await compileOk([page('react-day-picker/style.css')]);
    expect(current.js).toContain('@layer atelier-packages{.rdp-root{');
    const missing = await compiler.compile([page('react-day-picker/nope.css')]);
    expect(missing.ok ? [] : missing.diagnostics.map((d) => [d.file, d.line, d.message])).toEqual([
      [
        'pages/Home.jsx',
        1,
        expect.stringMatching(/^Cannot load the stylesheet "react-day-picker\/nope.css": Could not resolve/),
      ],
    ]);
  });

  it('resolves @/ to the app root, or to src/ in a tree kept there, with .js/.jsx and index files', async () => {
    const { js } = await compileOk([
      {
        path: 'pages/Home.jsx',
        content:
          "import { cn } from '@/lib/utils';\nimport { Button } from '@/components/ui/button';\nimport { helper } from '@/hooks';\nexport default function Home() {\n  return <Button className={cn('a', helper())}>Hi</Button>;\n}\n",
      },
      { path: 'lib/utils.js', content: 'export const cn = (...xs) => xs.join(" ");\n' },
      {
        path: 'components/ui/button.jsx',
        content: 'export function Button(props) { return <button {...props} />; }\n',
      },
      { path: 'hooks/index.js', content: "export const helper = () => 'from-hooks';\n" },
    ]);
    expect(js).toContain('from-hooks');
    expect(js).toMatch(/function Button\d*\(props\)/);
    // A tree kept under src/ (an imported Vite app): `@/x` is `src/x`.
    const tree = new Map([
      ['src/components/ui/button.jsx', ''],
      ['src/pages/Home.jsx', ''],
    ]);
    expect(resolveAppImport('@/components/ui/button', 'src/pages/Home.jsx', tree)).toEqual({
      path: 'src/components/ui/button.jsx',
      namespace: 'app',
    });
  });

  it('wraps the app in a TanStack Query client and a sonner Toaster when its code uses them', async () => {
    const { js } = await compileOk([
      {
        path: 'pages/Home.jsx',
        content:
          "import { useQuery } from '@tanstack/react-query';\nimport { toast } from 'sonner';\nexport default function Home() {\n  const q = useQuery({ queryKey: ['x'], queryFn: async () => 1 });\n  return <button onClick={() => toast('hi')}>{q.data}</button>;\n}\n",
      },
    ]);
    expect(js).toContain('new QueryClient(');
    expect(js).toMatch(/createElement\(QueryClientProvider, \{ client: queryClient \}/);
    expect(js).toMatch(/createElement\(Toaster, \{ richColors: true \}\)/);
    const plain = await compileOk([
      { path: 'pages/Home.jsx', content: 'export default function Home() {\n  return <p>plain</p>;\n}\n' },
    ]);
    expect(plain.js).not.toContain('QueryClient');
    expect(plain.js).not.toContain('Toaster');
  });

  it("mounts the template's shadcn toaster when a page calls useToast and no file mounts it, as App.jsx does", async () => {
    // The template's toast files and what they import (the whole template builds the same, slower).
    const template = templateFiles('Toasts').filter((file) =>
      /^(components\/ui\/(toast|toaster|use-toast)|hooks\/use-toast|lib\/utils)\.jsx?$|^globals\.css$/.test(
        file.path,
      ),
    );
    expect(template).toHaveLength(6);
    const page = (from: string) => ({
      path: 'pages/Home.jsx',
      content: `import { useToast } from '${from}';\nexport default function Home() {\n  const { toast } = useToast();\n  return <button onClick={() => toast({ title: 'Saved' })}>Save</button>;\n}\n`,
    });
    for (const from of ['@/hooks/use-toast', '@/components/ui/use-toast']) {
      const { js, css } = await compileOk([...template, page(from)]);
      // Its styles too (the toast viewport's z-[100]), though only the entry imports it.
      expect(css, from).toContain('z-index: 100');
      // The toaster is bundled (only it imports Radix's toast) and rendered beside the pages.
      expect(js, from).toContain('from "@radix-ui/react-toast"');
      expect(js, from).toMatch(/createElement\d*\(Toaster\d*\), children\)/);
    }
    // Mounted by the app itself (Lovable's App.tsx does): not a second time.
    const layout = {
      path: 'Layout.tsx',
      content:
        "import { Toaster } from '@/components/ui/toaster';\nexport default function Layout({ children }: { children: React.ReactNode }) {\n  return <>{children}<Toaster /></>;\n}\n",
    };
    const own = await compileOk([...template, layout, page('@/hooks/use-toast')]);
    expect(own.js).toContain('from "@radix-ui/react-toast"');
    expect(own.js).not.toMatch(/createElement\d*\(Toaster\d*\)/);
  });

  it('builds the CSS of the shadcn/ui components the app uses, not of the whole set it carries', async () => {
    const template = templateFiles('Styles');
    const fresh = await compileOk(template);
    // Nor is shadcn's toaster mounted (its files import one another, no page calls useToast).
    expect(fresh.js).not.toContain('@radix-ui/react-toast');
    expect(fresh.css).toContain('.bg-primary');
    expect(fresh.css).not.toContain('.bg-sidebar');
    const home = template.find((file) => file.path === 'pages/Home.tsx')!;
    const withSidebar = {
      ...home,
      content: `import { SidebarProvider } from '@/components/ui/sidebar';\n${home.content}`,
    };
    const used = await compileOk([...template.filter((file) => file !== home), withSidebar]);
    expect(used.css).toContain('.bg-sidebar');
  });
});
