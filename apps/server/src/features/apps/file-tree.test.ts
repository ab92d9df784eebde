import { describe, expect, it } from 'vitest';
import { applyFileChanges, type TreeFile } from './file-tree.ts';

const base: TreeFile[] = [
  { id: 'a', path: 'pages/Home.tsx', content: 'home' },
  { id: 'b', path: 'components/Card.tsx', content: 'card' },
];
let n = 0;
const newId = () => `new-${++n}`;

describe('applyFileChanges', () => {
  it('updates by id, renames by id, upserts by path and deletes, in order, without touching the base', () => {
    const { files, written, deleted } = applyFileChanges(
      base,
      [
        { op: 'upsert', id: 'a', content: 'home 2' },
        { op: 'upsert', id: 'b', path: 'components/Tile.tsx', content: 'tile' },
        { op: 'upsert', path: 'pages/About.tsx', content: 'about' },
        { op: 'upsert', path: 'pages/About.tsx', content: 'about 2' },
        { op: 'delete', path: 'components/Tile.tsx' },
      ],
      newId,
    );
    expect(files).toEqual([
      { id: 'a', path: 'pages/Home.tsx', content: 'home 2' },
      { id: 'new-1', path: 'pages/About.tsx', content: 'about 2' },
    ]);
    expect(written.map((file) => file.content)).toEqual(['home 2', 'tile', 'about', 'about 2']);
    expect(deleted).toEqual([{ id: 'b', path: 'components/Tile.tsx', content: 'tile' }]);
    expect(base[0]?.content).toBe('home');
  });

  it('answers 404 for an unknown id and 400 for a rename onto another file or a new file without a path', () => {
    expect(() => applyFileChanges(base, [{ op: 'upsert', id: 'zz', content: '' }], newId)).toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect(() => applyFileChanges(base, [{ op: 'delete', id: 'zz' }], newId)).toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect(() =>
      applyFileChanges(base, [{ op: 'upsert', id: 'b', path: 'pages/Home.tsx', content: '' }], newId),
    ).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => applyFileChanges(base, [{ op: 'upsert', content: '' }], newId)).toThrow(
      expect.objectContaining({ status: 400 }),
    );
  });
});
