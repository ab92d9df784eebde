import { describe, expect, it } from 'vitest';
import {
  APP_FILE_LIMIT_MESSAGES,
  type AppFile,
  appFilesProblems,
  appPathProblem,
  LARGE_FILE_LINE_THRESHOLD,
  MAX_APP_FILE_BYTES,
  MAX_APP_FILES,
  MAX_APP_TOTAL_BYTES,
  utf8Bytes,
  utf8Length,
} from './app-file.ts';
import { canonicalFilesText, contentHash } from './content-hash.ts';
import {
  DEFAULT_ENTITY_RLS,
  ENTITY_SCHEMA_MAX_DEPTH,
  parseEntitySchema,
  resolveRls,
} from './entity-schema.ts';
import {
  entityNameFromPath,
  fileKind,
  fileLanguage,
  groupAppFiles,
  isReadOnlyFile,
  kebabCase,
  pageNameFromPath,
  pageRoutePath,
} from './file-kind.ts';

describe('app file paths', () => {
  it.each([
    'Layout.tsx',
    'globals.css',
    'pages/Home.tsx',
    'pages/admin/Users.tsx',
    'components/ui/Card.jsx',
    'services/format-money.ts',
    'entities/Contact.json',
    'functions/sendDigest.ts',
    'agents/sales_helper.jsonc',
    '.env',
  ])('accepts %s', (path) => {
    expect(appPathProblem(path)).toBeNull();
  });

  it.each([
    ['', 'empty'],
    ['/pages/Home.tsx', 'absolute'],
    ['C:/pages/Home.tsx', 'absolute'],
    ['pages/../Layout.tsx', '".."'],
    ['pages/./Home.tsx', '".."'],
    ['pages\\Home.tsx', 'forward slashes'],
    ['pages/Home page.tsx', 'letters, digits'],
    ['pages/.hidden.tsx', 'letters, digits'],
    ['README.md', 'top-level files may only be'],
    ['.env.local', 'letters, digits'],
    ['pages/.env', 'letters, digits'],
    ['src/App.tsx', 'top-level folders may only be'],
    ['pages/Home.css', 'must end with'],
    ['entities/Contact.ts', 'must end with'],
    ['entities/crm/Contact.json', 'sub-folders'],
    ['agents/sales.json', 'must end with .jsonc'],
    ['agents/crm/sales.jsonc', 'sub-folders'],
    ['components/a/b/c/d/e/F.tsx', 'nest at most'],
    [`pages/${'x'.repeat(200)}.tsx`, 'longer than'],
  ])('refuses %j (%s)', (path, reason) => {
    expect(appPathProblem(path)).toContain(reason);
  });
});

describe('file kinds and editor groups', () => {
  it('names the kind of every allowed file and null for others', () => {
    expect(fileKind('Layout.tsx')).toBe('layout');
    expect(fileKind('pages/Home.tsx')).toBe('page');
    expect(fileKind('components/Card.tsx')).toBe('component');
    expect(fileKind('entities/Item.json')).toBe('entity');
    expect(fileKind('functions/notify.ts')).toBe('function');
    expect(fileKind('agents/sales.jsonc')).toBe('agent');
    expect(fileKind('.env')).toBe('env');
    expect(fileLanguage('.env')).toBe('text');
    expect(fileKind('services/api.ts')).toBe('service');
    expect(fileKind('lib/utils.js')).toBe('service');
    expect(fileKind('hooks/use-mobile.jsx')).toBe('service');
    expect(fileKind('utils/index.ts')).toBe('service');
    expect(fileKind('globals.css')).toBe('style');
    expect(fileKind('package.json')).toBe('manifest');
    expect(fileKind('../etc/passwd')).toBeNull();
  });

  it('groups files as Layout, Pages, Components, Entities, Services, Functions, Agents, Styles, Packages', () => {
    const groups = groupAppFiles([
      { path: 'globals.css' },
      { path: 'pages/Zoo.tsx' },
      { path: 'pages/Home.tsx' },
      { path: 'Layout.tsx' },
      { path: 'entities/Item.json' },
    ]);
    expect(groups.map((group) => group.label)).toEqual([
      'Layout',
      'Pages',
      'Components',
      'Entities',
      'Services',
      'Functions',
      'Agents',
      'Styles',
      'Packages',
      'Environment',
    ]);
    expect(groups[1]!.files.map((file) => file.path)).toEqual(['pages/Home.tsx', 'pages/Zoo.tsx']);
    expect(groups[2]!.files).toEqual([]);
  });

  it('gives languages, read-only entities and names', () => {
    expect(fileLanguage('pages/Home.tsx')).toBe('typescript');
    expect(fileLanguage('pages/Home.jsx')).toBe('javascript');
    expect(fileLanguage('entities/Item.json')).toBe('json');
    expect(fileLanguage('globals.css')).toBe('css');
    expect(isReadOnlyFile('entities/Item.json')).toBe(true);
    expect(isReadOnlyFile('pages/Home.tsx')).toBe(false);
    expect(entityNameFromPath('entities/Contact.json')).toBe('Contact');
    expect(pageNameFromPath('pages/admin/Users.tsx')).toBe('admin/Users');
    expect(LARGE_FILE_LINE_THRESHOLD).toBe(500);
  });

  it('maps page names to routes', () => {
    expect(pageRoutePath('Home')).toBe('/');
    expect(pageRoutePath('Contacts')).toBe('/contacts');
    expect(pageRoutePath('ContactDetails')).toBe('/contact-details');
    expect(pageRoutePath('admin/UserList')).toBe('/admin/user-list');
    expect(kebabCase('HTMLReport')).toBe('html-report');
    expect(kebabCase('my_page2Go')).toBe('my-page2-go');
  });
});

describe('limits', () => {
  const file = (path: string, content = 'x'): AppFile => ({ path, content });

  it('accepts a tree within the limits', () => {
    expect(appFilesProblems([file('Layout.tsx'), file('pages/Home.tsx')])).toEqual([]);
  });

  it('refuses more files than the limit with a message naming the limit', () => {
    const files = Array.from({ length: MAX_APP_FILES + 1 }, (_, i) => file(`components/C${i}.tsx`));
    expect(appFilesProblems(files)).toEqual([
      { path: undefined, message: `The app has ${MAX_APP_FILES + 1} files; the limit is 1000 files.` },
    ]);
  });

  it('refuses a file over the per-file size and a tree over the total size', () => {
    const big = 'a'.repeat(MAX_APP_FILE_BYTES + 1);
    expect(appFilesProblems([file('pages/Big.tsx', big)])).toEqual([
      { path: 'pages/Big.tsx', message: 'pages/Big.tsx is 512 KB; the limit for one file is 512 KB.' },
    ]);
    const chunk = 'a'.repeat(MAX_APP_FILE_BYTES - 10);
    const files = Array.from({ length: 17 }, (_, i) => file(`components/C${i}.tsx`, chunk));
    const problems = appFilesProblems(files);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toBe("The app's files add up to 8.5 MB; the limit is 8 MB.");
    expect(17 * chunk.length).toBeGreaterThan(MAX_APP_TOTAL_BYTES);
  });

  it('reports duplicates and bad paths per file', () => {
    expect(
      appFilesProblems([file('pages/A.tsx'), file('pages/A.tsx'), file('x.ts')]).map((p) => p.message),
    ).toEqual([
      APP_FILE_LIMIT_MESSAGES.duplicate('pages/A.tsx'),
      expect.stringContaining('top-level files may only be'),
    ]);
  });

  it('encodes UTF-8 like the platform encoder, lone surrogates as U+FFFD', () => {
    const { TextEncoder } = globalThis as unknown as {
      TextEncoder: new () => { encode(text: string): Uint8Array };
    };
    const encoder = new TextEncoder();
    for (const text of ['plain', 'é', '€ and 😀', 'lone \ud800 surrogate', 'end \udc00']) {
      expect(utf8Length(text)).toBe(encoder.encode(text).length);
      expect(Array.from(utf8Bytes(text))).toEqual(Array.from(encoder.encode(text)));
    }
  });
});

describe('contentHash', () => {
  const files: AppFile[] = [
    { path: 'pages/Home.tsx', content: 'export default () => null; // ☃' },
    { path: 'Layout.tsx', content: 'export default ({ children }) => children;' },
  ];

  it('is the SHA-256 of the path-sorted canonical text and ignores input order', async () => {
    // sha256sum of the canonical text below, computed once with coreutils.
    const expected = 'e7e10a45175fd8bf0638c7a07b47886664a6d18667b9b5c95f3f12f763e3134b';
    expect(canonicalFilesText(files)).toBe(
      '[["Layout.tsx","export default ({ children }) => children;"],["pages/Home.tsx","export default () => null; // ☃"]]',
    );
    expect(await contentHash(files)).toBe(expected);
    expect(await contentHash([...files].reverse())).toBe(expected);
  });

  it('changes when a path or a content changes', async () => {
    const base = await contentHash(files);
    expect(await contentHash([{ ...files[0]!, content: 'x' }, files[1]!])).not.toBe(base);
    expect(await contentHash([{ ...files[0]!, path: 'pages/Other.tsx' }, files[1]!])).not.toBe(base);
  });
});

describe('entity schemas', () => {
  it('defaults access rules to creator/creator', () => {
    expect(resolveRls({})).toEqual(DEFAULT_ENTITY_RLS);
    expect(DEFAULT_ENTITY_RLS).toEqual({ read: 'creator', write: 'creator' });
    expect(resolveRls({ rls: { read: 'anonymous' } })).toEqual({ read: 'anonymous', write: 'creator' });
  });

  it('parses a valid schema and keeps unknown keywords', () => {
    const parsed = parseEntitySchema(
      JSON.stringify({
        name: 'Item',
        type: 'object',
        properties: { status: { type: 'string', enum: ['todo', 'done'], 'x-ui': 'select' } },
        rls: { read: 'all', write: 'admin' },
      }),
    );
    expect(parsed.ok && parsed.schema.properties.status?.['x-ui']).toBe('select');
  });

  it('names the line and column of invalid JSON', () => {
    const parsed = parseEntitySchema('{\n  "type": "object",\n  "properties": {,}\n}');
    expect(parsed).toMatchObject({ ok: false, line: 3, column: 18 });
  });

  it('refuses a file nested deeper than ENTITY_SCHEMA_MAX_DEPTH before anything recurses over it', () => {
    const nest = (levels: number) =>
      `{"type":"object","properties":{"a":${'{"type":"object","properties":{"a":'.repeat(levels)}{"type":"string"}${'}}'.repeat(levels)}}}`;
    expect(parseEntitySchema(nest(60)).ok).toBe(true);
    expect(parseEntitySchema(nest(5000))).toEqual({
      ok: false,
      message: `Invalid entity schema: nested deeper than ${ENTITY_SCHEMA_MAX_DEPTH} levels`,
    });
  });

  it('refuses an unknown permission role', () => {
    const parsed = parseEntitySchema('{"type":"object","properties":{},"rls":{"read":"everyone"}}');
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.message).toContain('rls.read');
  });
});
