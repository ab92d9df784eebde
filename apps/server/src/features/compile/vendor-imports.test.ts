import type { AppFile } from '@atelier/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { createCompiler } from './compiler.ts';
import { importedNames } from './vendor-imports.ts';

const exports = new Map<string, Set<string>>([
  ['lucide-react', new Set(['Plus', 'Trash2', 'Search', 'Sparkles'])],
  [
    'react',
    new Set([
      'default',
      'useState',
      'useEffect',
      'Component',
      'StrictMode',
      'Fragment',
      // the runtime's end-user screens (packages/app-runtime/src/auth-*.tsx)
      'createContext',
      'useCallback',
      'useContext',
      'useId',
      'useMemo',
    ]),
  ],
  ['react/jsx-runtime', new Set(['jsx', 'jsxs', 'Fragment'])],
  ['react-dom/client', new Set(['createRoot'])],
  [
    'react-router',
    new Set([
      'BrowserRouter',
      'Link',
      'Route',
      'Routes',
      'useLocation',
      'Navigate',
      'useNavigate',
      'useSearchParams',
    ]),
  ],
]);
const compiler = createCompiler({ vendor: { exportsOf: async () => exports } });
afterAll(() => compiler.dispose());

const home = (source: string): AppFile[] => [{ path: 'pages/Home.tsx', content: source }];

describe('checking named imports of vendor modules', () => {
  it('reports a name the package does not export, where it is imported, with the closest real name', async () => {
    const result = await compiler.compile(
      home(
        "import { useState } from 'react';\nimport { Plus,\n  Trash3 } from 'lucide-react';\nexport default function Home() {\n  useState(0);\n  return <><Plus /><Trash3 /></>;\n}\n",
      ),
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && result.diagnostics).toEqual([
      {
        file: 'pages/Home.tsx',
        line: 3,
        column: 3,
        message: '"Trash3" is not exported by lucide-react. Did you mean "Trash2"?',
        severity: 'error',
      },
    ]);
  });

  it('reports a default import of a package without one', async () => {
    const result = await compiler.compile(
      home(
        "import Icons from 'lucide-react';\nexport default function Home() {\n  return <Icons.Plus />;\n}\n",
      ),
    );
    expect(!result.ok && result.diagnostics).toEqual([
      {
        file: 'pages/Home.tsx',
        line: 1,
        column: 8,
        message:
          "lucide-react has no default export: import the names you need, e.g. import { … } from 'lucide-react'.",
        severity: 'error',
      },
    ]);
  });

  it('ignores type-only imports, which never reach the browser', async () => {
    const result = await compiler.compile(
      home(
        "import { type ReactNode, useState } from 'react';\nimport type { LucideProps } from 'lucide-react';\nimport { ComponentProps } from 'react';\nexport default function Home(_: { a?: ReactNode; b?: LucideProps; c?: ComponentProps<'div'> }) {\n  useState(0);\n  return null;\n}\n",
      ),
    );
    expect(result.ok).toBe(true);
  });
});

describe('importedNames', () => {
  it('reads esbuild import statements: named, aliased, default and namespace', () => {
    const js = [
      'import React, { useState, useEffect as useE } from "react";',
      'import * as Icons from "lucide-react";',
      'import { format } from "date-fns";',
      'const x = 1;',
    ].join('\n');
    expect(importedNames(js)).toEqual([
      { specifier: 'react', name: 'default' },
      { specifier: 'react', name: 'useState' },
      { specifier: 'react', name: 'useEffect' },
      { specifier: 'date-fns', name: 'format' },
    ]);
  });
});
