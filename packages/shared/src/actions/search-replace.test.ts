import { describe, expect, it } from 'vitest';
import {
  applySearchReplace,
  parseSearchReplaceBlocks,
  replaceIgnoringWhitespace,
  SEARCH_REPLACE_MESSAGES,
} from './search-replace.ts';
import { serializeSearchReplace } from './serialize.ts';

const layout = `import { NavLink } from 'react-router';

const NAV_ITEMS = [
  { to: '/', label: 'Home' },
];

export default function Layout({ children }) {
  return (
    <div>
      <nav>{NAV_ITEMS.map((item) => <NavLink key={item.to} to={item.to}>{item.label}</NavLink>)}</nav>
      <main>{children}</main>
    </div>
  );
}`;

describe('reading search/replace blocks', () => {
  it('reads what the writer writes', () => {
    const edits = [
      { search: 'a\nb', replace: 'c' },
      { search: 'd', replace: '' },
    ];
    expect(parseSearchReplaceBlocks(serializeSearchReplace(edits))).toEqual({ blocks: edits, errors: [] });
  });

  it('accepts markers with trailing spaces or another length', () => {
    const text = '<<<<<<<  SEARCH\nx\n======= \ny\n>>>>>>>> REPLACE  ';
    expect(parseSearchReplaceBlocks(text.replace('<<<<<<<  SEARCH', '<<<<<<< SEARCH  ')).blocks).toEqual([
      { search: 'x', replace: 'y' },
    ]);
  });

  it('reports an unclosed block, an empty SEARCH, stray text and no block at all', () => {
    expect(parseSearchReplaceBlocks('<<<<<<< SEARCH\nx\n=======\ny').errors).toEqual([
      SEARCH_REPLACE_MESSAGES.unclosedBlock(1),
    ]);
    expect(parseSearchReplaceBlocks('<<<<<<< SEARCH\n=======\ny\n>>>>>>> REPLACE').errors).toEqual([
      SEARCH_REPLACE_MESSAGES.emptySearch(1),
    ]);
    expect(parseSearchReplaceBlocks('oops\n<<<<<<< SEARCH\nx\n=======\n>>>>>>> REPLACE').errors).toEqual([
      SEARCH_REPLACE_MESSAGES.textOutsideBlock(1),
    ]);
    expect(parseSearchReplaceBlocks('').errors).toEqual([SEARCH_REPLACE_MESSAGES.noBlocks]);
  });
});

describe('applying search/replace blocks', () => {
  it('replaces the first exact occurrence, block after block', () => {
    const outcome = applySearchReplace('one two one', [
      { search: 'one', replace: '1' },
      { search: 'one', replace: 'uno' },
    ]);
    expect(outcome).toMatchObject({ ok: true, content: '1 two uno', failures: [] });
    expect(outcome.results.map((r) => r.matched)).toEqual(['exact', 'exact']);
  });

  it('falls back to a whitespace-tolerant match and re-indents the replacement', () => {
    const outcome = applySearchReplace(
      layout,
      [
        {
          search: 'const NAV_ITEMS = [\n{ to: "/", label: "Home" },'.replace(/"/g, "'"),
          replace:
            "const NAV_ITEMS = [\n{ to: '/', label: 'Home' },\n{ to: '/contacts', label: 'Contacts' },",
        },
        {
          // Indented by 2 instead of 6, with a trailing space.
          search: '  <main>{children}</main> ',
          replace: '  <main className="p-4">\n    {children}\n  </main>',
        },
      ],
      'Layout.tsx',
    );
    expect(outcome.ok).toBe(true);
    expect(outcome.results.map((r) => r.matched)).toEqual(['whitespace', 'whitespace']);
    expect(outcome.content).toContain("{ to: '/contacts', label: 'Contacts' },\n];");
    expect(outcome.content).toContain(
      '      <main className="p-4">\n        {children}\n      </main>\n    </div>',
    );
  });

  it('deletes the matched lines when REPLACE is empty', () => {
    expect(replaceIgnoringWhitespace('a\n  b\nc', 'b', '')).toBe('a\nc');
  });

  it('reports each block that matches neither way and applies nothing', () => {
    const outcome = applySearchReplace(
      layout,
      [
        { search: "label: 'Home'", replace: "label: 'Start'" },
        { search: 'const MISSING = 1;', replace: 'x' },
        { search: 'also\nnot here', replace: 'y' },
      ],
      'Layout.tsx',
    );
    expect(outcome.ok).toBe(false);
    expect(outcome.content).toBe(layout);
    expect(outcome.failures).toEqual([
      SEARCH_REPLACE_MESSAGES.notFound(2, 'Layout.tsx'),
      SEARCH_REPLACE_MESSAGES.notFound(3, 'Layout.tsx'),
    ]);
    expect(outcome.results.map((r) => r.matched)).toEqual(['exact', null, null]);
    expect(outcome.results[1]!.searchStart).toBe('const MISSING = 1;');
  });
});
