import { describe, expect, it } from 'vitest';
import {
  type ActionInput,
  ActionSerializeError,
  escapeAttribute,
  serializeAction,
  serializeSearchReplace,
  unescapeAttribute,
} from './serialize.ts';
import { ProtocolError, parseCompleteActionText } from './strict-parse.ts';

const schema = {
  name: 'Contact',
  type: 'object' as const,
  properties: { name: { type: 'string' } },
  required: ['name'],
  rls: { read: 'creator' as const, write: 'creator' as const },
};

const cases: { action: ActionInput; attributes: Record<string, string>; content: string }[] = [
  {
    action: {
      type: 'add_file',
      path: 'pages/Contacts.tsx',
      title: 'Add contacts page',
      content: 'export default 1;\n',
    },
    attributes: { type: 'add_file', path: 'pages/Contacts.tsx', title: 'Add contacts page' },
    content: 'export default 1;\n',
  },
  {
    action: { type: 'edit_file', path: 'Layout.tsx', title: 'Say "hi" <b> & bye', content: 'a && b < c' },
    attributes: { type: 'edit_file', path: 'Layout.tsx', title: 'Say "hi" <b> & bye' },
    content: 'a && b < c',
  },
  {
    action: { type: 'delete_file', path: 'pages/Old.tsx', title: 'Remove the old page' },
    attributes: { type: 'delete_file', path: 'pages/Old.tsx', title: 'Remove the old page' },
    content: '',
  },
  {
    action: { type: 'add_entity', entity: 'Contact', title: 'Add contacts', schema },
    attributes: { type: 'add_entity', entity: 'Contact', title: 'Add contacts' },
    content: JSON.stringify(schema, null, 2),
  },
  {
    action: {
      type: 'insert_entity_records',
      entity: 'Contact',
      title: 'Sample contacts',
      records: [{ name: 'Ada' }],
    },
    attributes: { type: 'insert_entity_records', entity: 'Contact', title: 'Sample contacts' },
    content: JSON.stringify([{ name: 'Ada' }], null, 2),
  },
  {
    action: {
      type: 'import_entities',
      entity: 'Contact',
      source: 'uploads/contacts.csv',
      title: 'Import contacts',
      mappings: [{ csvHeader: 'E-mail', schemaField: 'email', dataType: 'text' }],
    },
    attributes: {
      type: 'import_entities',
      entity: 'Contact',
      source: 'uploads/contacts.csv',
      title: 'Import contacts',
    },
    content: JSON.stringify(
      { mappings: [{ csvHeader: 'E-mail', schemaField: 'email', dataType: 'text' }] },
      null,
      2,
    ),
  },
  {
    action: {
      type: 'request_secrets',
      title: 'Stripe keys',
      secrets: [{ secretName: 'STRIPE_KEY', description: 'Your Stripe secret key', required: true }],
    },
    attributes: { type: 'request_secrets', title: 'Stripe keys' },
    content: JSON.stringify(
      [{ secretName: 'STRIPE_KEY', description: 'Your Stripe secret key', required: true }],
      null,
      2,
    ),
  },
];

describe('serializeAction', () => {
  it.each(cases)(
    'writes $action.type so that a strict reader gets the same attributes and content back',
    (c) => {
      const text = `Intro.\n\n${serializeAction(c.action)}\n\nOutro.`;
      const parsed = parseCompleteActionText(text);
      expect(parsed.prose).toBe('Intro.\n\nOutro.');
      expect(parsed.actions).toHaveLength(1);
      expect(parsed.actions[0]!.attributes).toEqual(c.attributes);
      expect(parsed.actions[0]!.content).toBe(c.content);
    },
  );

  it('escapes attribute values so the opening tag ends at the first ">"', () => {
    const text = serializeAction({
      type: 'add_file',
      path: 'pages/A.tsx',
      title: 'a > b "c"\nd',
      content: 'x',
    });
    expect(text.split('\n')[0]).toBe(
      '<atelier-action type="add_file" path="pages/A.tsx" title="a &gt; b &quot;c&quot;&#10;d">',
    );
  });

  it('writes partial edits as SEARCH/REPLACE blocks, an empty REPLACE deleting', () => {
    const action: ActionInput = {
      type: 'partial_edit',
      path: 'Layout.tsx',
      title: 'Edit',
      edits: [
        { search: 'const A = 1;', replace: 'const A = 2;' },
        { search: 'remove me\nand me', replace: '' },
      ],
    };
    const [parsed] = parseCompleteActionText(serializeAction(action)).actions;
    expect(parsed!.content).toBe(
      '<<<<<<< SEARCH\nconst A = 1;\n=======\nconst A = 2;\n>>>>>>> REPLACE\n<<<<<<< SEARCH\nremove me\nand me\n=======\n>>>>>>> REPLACE',
    );
    expect(parsed!.edits).toEqual(action.edits);
  });

  it('refuses content holding the closing tag, empty or marker-holding search blocks', () => {
    expect(() =>
      serializeAction({ type: 'add_file', path: 'a', title: 't', content: 'x </atelier-action> y' }),
    ).toThrow(ActionSerializeError);
    expect(() => serializeSearchReplace([{ search: '', replace: 'x' }])).toThrow(ActionSerializeError);
    expect(() => serializeSearchReplace([{ search: 'a\n=======\nb', replace: 'x' }])).toThrow(
      ActionSerializeError,
    );
    expect(() => serializeSearchReplace([])).toThrow(ActionSerializeError);
  });
});

describe('parseCompleteActionText (strict, for tests)', () => {
  it.each([
    ['an unclosed action', '<atelier-action type="add_file" path="a" title="t">\nx'],
    ['an unknown type', '<atelier-action type="rename_file" path="a" title="t"></atelier-action>'],
    ['a missing required attribute', '<atelier-action type="add_file" title="t">\nx\n</atelier-action>'],
    ['an unknown attribute', '<atelier-action type="add_file" path="a" title="t" mode="x"></atelier-action>'],
    [
      'entity content that is not JSON',
      '<atelier-action type="add_entity" entity="A" title="t">\n{nope\n</atelier-action>',
    ],
    [
      'a malformed SEARCH block',
      '<atelier-action type="partial_edit" path="a" title="t">\nfoo\n</atelier-action>',
    ],
    [
      'a nested action',
      '<atelier-action type="add_file" path="a" title="t">\n<atelier-action type="add_file" path="b" title="t">\n</atelier-action>',
    ],
  ])('rejects %s', (_name, text) => {
    expect(() => parseCompleteActionText(text)).toThrow(ProtocolError);
  });
});

describe('attribute escaping', () => {
  it('unescapeAttribute reverses escapeAttribute', () => {
    const value = 'a & b "quoted" <tag>\nnext &amp; literal';
    const escaped = escapeAttribute(value);
    expect(escaped).toBe('a &amp; b &quot;quoted&quot; &lt;tag&gt;&#10;next &amp;amp; literal');
    expect(unescapeAttribute(escaped)).toBe(value);
  });

  it('leaves unknown entities as written', () => {
    expect(unescapeAttribute('&nbsp; &#11; &amp')).toBe('&nbsp; &#11; &amp');
  });
});
