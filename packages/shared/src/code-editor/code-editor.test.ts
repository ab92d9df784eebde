import { describe, expect, it } from 'vitest';
import { estimateTokens } from '../constants/chat.ts';
import { diffFileTrees, findFileReferences, findInFiles, renameImports } from './index.ts';

describe('estimateTokens', () => {
  it('is the length divided by 4, rounded up', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcd')).toBe(1);
    expect(estimateTokens('abcde')).toBe(2);
  });
});

describe('findInFiles', () => {
  const files = [
    {
      path: 'pages/Home.tsx',
      content: 'import x from "y";\nexport default function Home() {\n  return <Hello />;\n}',
    },
    { path: 'components/Hello.tsx', content: 'export default function Hello() { return <p>hello</p>; }' },
  ];
  it('finds every matching line case-insensitively with 1-based line and column, in path order', () => {
    expect(findInFiles(files, 'HELLO')).toEqual([
      { path: 'components/Hello.tsx', line: 1, column: 25, text: files[1]?.content },
      { path: 'pages/Home.tsx', line: 3, column: 11, text: 'return <Hello />;' },
    ]);
  });
  it('finds nothing for a blank query', () => {
    expect(findInFiles(files, '   ')).toEqual([]);
  });
});

describe('findFileReferences', () => {
  it('finds relative and @/ imports of the file and removes those lines', () => {
    const files = [
      { path: 'components/Card.tsx', content: 'export default () => null;' },
      {
        path: 'pages/Home.tsx',
        content: "import Card from '../components/Card';\nimport A from './A';\nexport default 1;",
      },
      { path: 'Layout.tsx', content: "import Card from '@/components/Card.tsx';\nexport default 2;" },
      { path: 'pages/Other.tsx', content: "import Cards from '../components/Cards';\n" },
    ];
    expect(findFileReferences(files, 'components/Card.tsx')).toEqual([
      {
        path: 'Layout.tsx',
        content: 'export default 2;',
        removedLines: ["import Card from '@/components/Card.tsx';"],
      },
      {
        path: 'pages/Home.tsx',
        content: "import A from './A';\nexport default 1;",
        removedLines: ["import Card from '../components/Card';"],
      },
    ]);
  });
});

describe('renameImports', () => {
  const files = [
    {
      path: 'components/Card.tsx',
      content: "import { cn } from '../lib/utils';\nexport default () => null;",
    },
    {
      path: 'pages/Home.tsx',
      content:
        "import Card from '../components/Card';\nimport {\n  Cards,\n} from '../components/Cards';\nconst Lazy = import('../components/Card.tsx');",
    },
    { path: 'Layout.tsx', content: 'import Card from "@/components/Card.tsx";\nimport "./index.css";' },
    { path: 'lib/utils.ts', content: "import x from 'react';" },
  ];
  it('points every import of the moved file at its new path, in the same style', () => {
    expect(renameImports(files, 'components/Card.tsx', 'components/ui/Tile.tsx')).toEqual([
      {
        path: 'components/Card.tsx',
        content: "import { cn } from '../../lib/utils';\nexport default () => null;",
        changed: 1,
      },
      {
        path: 'Layout.tsx',
        content: 'import Card from "@/components/ui/Tile.tsx";\nimport "./index.css";',
        changed: 1,
      },
      {
        path: 'pages/Home.tsx',
        content:
          "import Card from '../components/ui/Tile';\nimport {\n  Cards,\n} from '../components/Cards';\nconst Lazy = import('../components/ui/Tile.tsx');",
        changed: 2,
      },
    ]);
  });
  it('writes ./ for a file in the same folder and changes nothing for an unreferenced file', () => {
    expect(renameImports(files, 'lib/utils.ts', 'components/utils.ts')).toEqual([
      {
        path: 'components/Card.tsx',
        content: "import { cn } from './utils';\nexport default () => null;",
        changed: 1,
      },
    ]);
    expect(renameImports(files, 'pages/Home.tsx', 'pages/Start.tsx')).toEqual([]);
  });
});

describe('diffFileTrees', () => {
  it('lists added, then modified, then deleted, hiding unchanged files', () => {
    const base = [
      { path: 'a.tsx', content: '1' },
      { path: 'b.tsx', content: '2' },
      { path: 'c.tsx', content: '3' },
    ];
    const compared = [
      { path: 'b.tsx', content: '2!' },
      { path: 'c.tsx', content: '3' },
      { path: 'z.tsx', content: 'new' },
    ];
    expect(diffFileTrees(base, compared).map((e) => [e.kind, e.path])).toEqual([
      ['added', 'z.tsx'],
      ['modified', 'b.tsx'],
      ['deleted', 'a.tsx'],
    ]);
  });
});
