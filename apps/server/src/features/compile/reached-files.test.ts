import { describe, expect, it } from 'vitest';
import { reachedFiles } from './reached-files.ts';

const file = (path: string, content = '') => ({ path, content });
const paths = (files: { path: string }[]) => files.map((f) => f.path).sort();

describe('reachedFiles', () => {
  const ui = [
    file('components/ui/button.jsx', "import { cn } from '@/lib/utils';"),
    file('components/ui/alert-dialog.jsx', "import { Button } from '@/components/ui/button';"),
    file('components/ui/sidebar.jsx', "import { Sheet } from './sheet';"),
    file('components/ui/sheet.jsx'),
    file('components/ui/toaster.jsx', "import { Toast } from '@/components/ui/toast';"),
    file('components/ui/toast.jsx'),
  ];
  const lib = file('lib/utils.js');

  it('keeps every file but the shadcn/ui components the app does not reach', () => {
    const page = file('pages/Home.jsx', "import { AlertDialog } from '@/components/ui/alert-dialog.jsx';");
    expect(paths(reachedFiles([page, lib, ...ui]))).toEqual([
      'components/ui/alert-dialog.jsx',
      'components/ui/button.jsx',
      'lib/utils.js',
      'pages/Home.jsx',
    ]);
    // Through a component of the app's own, a relative path, a dynamic import or a re-export.
    const own = file('components/Shell.jsx', "const Side = lazy(() => import('./ui/sidebar'));");
    expect(paths(reachedFiles([own, ...ui]))).toEqual([
      'components/Shell.jsx',
      'components/ui/sheet.jsx',
      'components/ui/sidebar.jsx',
    ]);
    const folder = file('pages/Home.jsx', "import { Button } from '@/components/ui';");
    const index = file('components/ui/index.js', "export * from './button';");
    expect(paths(reachedFiles([folder, index, ...ui]))).toEqual([
      'components/ui/button.jsx',
      'components/ui/index.js',
      'pages/Home.jsx',
    ]);
    const barrel = file('components/index.js', "export * from './ui/toast';");
    expect(paths(reachedFiles([barrel, ...ui]))).toEqual(['components/index.js', 'components/ui/toast.jsx']);
    // A tree kept under src/, and the generated entry's own import of the toaster.
    const src = ui.map((f) => ({ ...f, path: `src/${f.path}` }));
    expect(paths(reachedFiles(src, "import { Toaster } from '@/components/ui/toaster';"))).toEqual([
      'src/components/ui/toast.jsx',
      'src/components/ui/toaster.jsx',
    ]);
  });

  it('keeps everything when a file loads modules by pattern', () => {
    const glob = file('pages/Home.jsx', "const all = import.meta.glob('../components/ui/*.jsx');");
    expect(reachedFiles([glob, ...ui])).toHaveLength(ui.length + 1);
  });
});
