import {
  ACTION_APPLY_MESSAGES,
  ACTION_PARSE_ERRORS,
  CHAT_MESSAGES,
  parseActionReply,
  SEARCH_REPLACE_MESSAGES,
  type StreamedAction,
  serializeAction,
} from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { applyAction, treeChanges } from './action-applier.ts';

const one = (text: string): StreamedAction => parseActionReply(text).actions[0]!;

describe('applying actions to the working tree', () => {
  it('writes, edits and deletes files', () => {
    const tree = new Map([['pages/Home.tsx', 'const a = 1;\nconst b = 2;']]);
    expect(
      applyAction(
        tree,
        one(serializeAction({ type: 'add_file', path: 'pages/A.tsx', title: 'A', content: 'x' })),
      ),
    ).toMatchObject({ outcome: 'applied', path: 'pages/A.tsx' });
    applyAction(
      tree,
      one(
        serializeAction({
          type: 'partial_edit',
          path: 'pages/Home.tsx',
          title: 'B',
          edits: [{ search: 'const b = 2;', replace: 'const b = 3;' }],
        }),
      ),
    );
    applyAction(tree, one(serializeAction({ type: 'delete_file', path: 'pages/A.tsx', title: 'rm' })));
    expect([...tree]).toEqual([['pages/Home.tsx', 'const a = 1;\nconst b = 3;']]);
  });

  it('refuses bad paths, missing files and malformed entity documents', () => {
    const tree = new Map<string, string>();
    expect(
      applyAction(
        tree,
        one(serializeAction({ type: 'add_file', path: '../etc/passwd', title: 'x', content: 'x' })),
      ).outcome,
    ).toBe('failed');
    expect(
      applyAction(tree, one(serializeAction({ type: 'delete_file', path: 'pages/X.tsx', title: 'x' }))),
    ).toMatchObject({
      outcome: 'failed',
      message: ACTION_APPLY_MESSAGES.fileMissing('pages/X.tsx'),
    });
    const broken = one(
      '<atelier-action type="add_entity" entity="Deal" title="Deal">{ nope</atelier-action>',
    );
    expect(applyAction(tree, broken)).toMatchObject({ outcome: 'failed' });
    expect(tree.size).toBe(0);
  });

  it('adds an npm package to package.json with add_package, keeping what it held', () => {
    const tree = new Map([['package.json', '{\n  "name": "party",\n  "dependencies": { "a": "1" }\n}\n']]);
    const text = serializeAction({
      type: 'add_package',
      package: 'canvas-confetti',
      version: '^1.9.0',
      title: 'Confetti',
    });
    expect(text).toBe(
      '<atelier-action type="add_package" package="canvas-confetti" version="^1.9.0" title="Confetti"></atelier-action>',
    );
    expect(applyAction(tree, one(text))).toMatchObject({
      outcome: 'applied',
      type: 'add_package',
      path: 'package.json',
    });
    expect(JSON.parse(tree.get('package.json')!)).toEqual({
      name: 'party',
      dependencies: { a: '1', 'canvas-confetti': '^1.9.0' },
    });
    const fresh = new Map<string, string>();
    applyAction(
      fresh,
      one('<atelier-action type="add_package" package="@scope/pkg" title="x"></atelier-action>'),
    );
    expect(JSON.parse(fresh.get('package.json')!)).toEqual({ dependencies: { '@scope/pkg': 'latest' } });

    expect(
      applyAction(
        fresh,
        one('<atelier-action type="add_package" package="Bad Name" title="x"></atelier-action>'),
      ),
    ).toMatchObject({
      outcome: 'failed',
      message: ACTION_APPLY_MESSAGES.badPackageName('Bad Name'),
    });
    expect(
      applyAction(
        fresh,
        one(
          '<atelier-action type="add_package" package="a" version="git+https://x/y" title="x"></atelier-action>',
        ),
      ),
    ).toMatchObject({
      outcome: 'failed',
      message: ACTION_APPLY_MESSAGES.badPackageVersion('git+https://x/y'),
    });
    expect(one('<atelier-action type="add_package" title="x"></atelier-action>').error).toBe(
      ACTION_PARSE_ERRORS.missingAttribute('add_package', 'package'),
    );
    const broken = new Map([['package.json', '{ nope']]);
    expect(applyAction(broken, one(text))).toMatchObject({
      outcome: 'failed',
      message: 'package.json is not valid JSON.',
    });
  });

  it('reports every partial-edit block that does not match', () => {
    const tree = new Map([['Layout.tsx', 'one\ntwo']]);
    const action = one(
      serializeAction({
        type: 'partial_edit',
        path: 'Layout.tsx',
        title: 'x',
        edits: [
          { search: 'zero', replace: '0' },
          { search: 'two', replace: '2' },
          { search: 'three', replace: '3' },
        ],
      }),
    );
    expect(applyAction(tree, action)).toMatchObject({
      outcome: 'failed',
      details: [
        SEARCH_REPLACE_MESSAGES.notFound(1, 'Layout.tsx'),
        SEARCH_REPLACE_MESSAGES.notFound(3, 'Layout.tsx'),
      ],
    });
    expect(tree.get('Layout.tsx')).toBe('one\ntwo');
  });

  it('writes entity documents under the action entity name', () => {
    const tree = new Map<string, string>();
    const action = one(
      serializeAction({
        type: 'add_entity',
        entity: 'Deal',
        title: 'Deal',
        schema: {
          name: 'Deal',
          type: 'object',
          properties: { title: { type: 'string' } },
          rls: { read: 'all', write: 'creator' },
        },
      }),
    );
    expect(applyAction(tree, action)).toMatchObject({ outcome: 'applied', path: 'entities/Deal.json' });
    expect(JSON.parse(tree.get('entities/Deal.json')!)).toMatchObject({ name: 'Deal', rls: { read: 'all' } });
  });

  it('fails actions the parser flagged, and leaves record actions unapplied without the app database', () => {
    const tree = new Map<string, string>();
    expect(applyAction(tree, one('<atelier-action type="nope" title="x">y</atelier-action>'))).toMatchObject({
      outcome: 'failed',
      message: ACTION_PARSE_ERRORS.unknownType('nope'),
    });
    const records = one(
      serializeAction({
        type: 'insert_entity_records',
        entity: 'Deal',
        title: 'x',
        records: [{ title: 'a' }],
      }),
    );
    expect(applyAction(tree, records)).toMatchObject({
      outcome: 'not_applied',
      message: CHAT_MESSAGES.notAppliedNoDatabase,
    });
    const importing = one(
      serializeAction({
        type: 'import_entities',
        entity: 'Deal',
        source: 'deals.csv',
        title: 'x',
        mappings: [{ csvHeader: 'Title', schemaField: 'title', dataType: 'string' }],
      }),
    );
    expect(applyAction(tree, importing, { available: true, insert: async () => 0 })).toMatchObject({
      outcome: 'not_applied',
      message: CHAT_MESSAGES.notAppliedImport,
    });
    const badRecords = one(
      '<atelier-action type="insert_entity_records" entity="Deal" title="x">{}</atelier-action>',
    );
    expect(applyAction(tree, badRecords)).toMatchObject({
      outcome: 'failed',
      message: ACTION_APPLY_MESSAGES.badRecords,
    });
  });

  it('lists the changes between two trees', () => {
    const before = new Map([
      ['a', '1'],
      ['b', '2'],
    ]);
    const after = new Map([
      ['a', '1'],
      ['b', '3'],
      ['c', '4'],
    ]);
    after.delete('a');
    expect(treeChanges(before, after)).toEqual([
      { op: 'upsert', path: 'b', content: '3' },
      { op: 'upsert', path: 'c', content: '4' },
      { op: 'delete', path: 'a' },
    ]);
  });
});
