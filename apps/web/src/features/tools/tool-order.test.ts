import { describe, expect, it } from 'vitest';
import { moveTool } from './tool-order.ts';

describe('moveTool', () => {
  const ids = ['a', 'b', 'c', 'd'];
  it('moves a tool down and up', () => {
    expect(moveTool(ids, 'a', 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveTool(ids, 'd', 0)).toEqual(['d', 'a', 'b', 'c']);
  });
  it('clamps the target and keeps the same array when nothing moves', () => {
    expect(moveTool(ids, 'b', 99)).toEqual(['a', 'c', 'd', 'b']);
    expect(moveTool(ids, 'b', 1)).toBe(ids);
    expect(moveTool(ids, 'zz', 0)).toBe(ids);
  });
});
