import type { AppFile } from '@atelier/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveAppImport } from './bundle-js.ts';
import { createCompiler } from './compiler.ts';

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
    expect(js).toContain('const __atelierImportMetaEnv = globalThis.__ATELIER_ENV__ ?? {};');
    expect(js).toContain('__atelierImportMetaEnv.VITE_BASE44_APP_ID');
    expect(js).toContain('__atelierImportMetaEnv.VITE_NOPE');
    expect(js).not.toContain('import.meta.env');
    // Run it: the banner and the reads work with and without the page's values.
    const banner = js.split('\n')[0]!;
    const read = new Function(
      `${banner}; return [__atelierImportMetaEnv.VITE_X, __atelierImportMetaEnv.MODE];`,
    );
    expect(read()).toEqual([undefined, undefined]);
    (globalThis as { __ATELIER_ENV__?: unknown }).__ATELIER_ENV__ = { MODE: 'production' };
    expect(read()).toEqual([undefined, 'production']);
    delete (globalThis as { __ATELIER_ENV__?: unknown }).__ATELIER_ENV__;
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
});
