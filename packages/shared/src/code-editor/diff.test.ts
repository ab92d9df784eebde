import { describe, expect, it } from 'vitest';
import {
  DIFF_CONTEXT_LINES,
  DIFF_MESSAGES,
  DIFF_WORD_HIGHLIGHT_MAX_CHARS,
  diffFile,
  sideBySideRows,
  wordSegments,
} from './diff.ts';
import { clampRepairIterations, REPAIR_ITERATIONS } from './validation.ts';

const lines = (n: number, prefix = 'line') => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`);

describe('diffFile', () => {
  it('keeps 3 context lines around a change', () => {
    expect(DIFF_CONTEXT_LINES).toBe(3);
    const before = lines(20);
    const after = [...before];
    after[9] = 'line 10 changed';
    const diff = diffFile(`${before.join('\n')}\n`, `${after.join('\n')}\n`);
    expect(diff.hunks).toHaveLength(1);
    const hunk = diff.hunks[0]!;
    expect(hunk.header).toBe('@@ -7,7 +7,7 @@');
    expect(hunk.lines.map((l) => l.kind)).toEqual([
      'context',
      'context',
      'context',
      'removed',
      'added',
      'context',
      'context',
      'context',
    ]);
    expect(hunk.lines[0]).toMatchObject({ oldLine: 7, newLine: 7, text: 'line 7' });
    expect(hunk.lines[3]).toMatchObject({ oldLine: 10, text: 'line 10' });
    expect(hunk.lines[4]).toMatchObject({ newLine: 10, text: 'line 10 changed' });
    expect(diff.additions).toBe(1);
    expect(diff.deletions).toBe(1);
  });

  it('splits changes more than 6 lines apart into separate hunks', () => {
    const before = lines(30);
    const after = [...before];
    after[4] = 'five';
    after[24] = 'twenty-five';
    expect(diffFile(before.join('\n'), after.join('\n')).hunks).toHaveLength(2);
  });

  it('highlights the changed words of a paired line', () => {
    const diff = diffFile('const total = price * 2;\n', 'const total = price * 3;\n');
    const [removed, added] = diff.hunks[0]!.lines;
    expect(diff.wordHighlighting).toBe(true);
    expect(removed?.segments?.filter((s) => s.changed).map((s) => s.text)).toEqual(['2']);
    expect(added?.segments?.filter((s) => s.changed).map((s) => s.text)).toEqual(['3']);
    expect(added?.segments?.map((s) => s.text).join('')).toBe('const total = price * 3;');
  });

  it('turns word highlighting off when a side exceeds 10,000 characters', () => {
    expect(DIFF_WORD_HIGHLIGHT_MAX_CHARS).toBe(10_000);
    const filler = `${'x'.repeat(9_990)}\n`;
    const atLimit = diffFile(`${filler}a b\n`.slice(0, 10_000), `${filler}a c\n`.slice(0, 10_000));
    expect(atLimit.wordHighlighting).toBe(true);
    const long = `${'y'.repeat(10_001)}\n`;
    const over = diffFile(`${long}a b\n`, `${long}a c\n`);
    expect(over.wordHighlighting).toBe(false);
    expect(over.hunks[0]!.lines.every((l) => l.segments === undefined)).toBe(true);
    // Only one side over the limit is enough.
    expect(diffFile('a b\n', `${long}a c\n`).wordHighlighting).toBe(false);
  });

  it('answers no hunks for identical code, and every line added for a new file', () => {
    expect(diffFile('same\n', 'same\n').hunks).toEqual([]);
    const added = diffFile('', 'one\ntwo\n');
    expect(added.hunks[0]!.lines.map((l) => [l.kind, l.newLine])).toEqual([
      ['added', 1],
      ['added', 2],
    ]);
  });
});

describe('sideBySideRows', () => {
  it('puts removed lines beside their added ones and context on both sides', () => {
    const diff = diffFile('a\nb\nc\n', 'a\nB\nB2\nc\n');
    const rows = sideBySideRows(diff.hunks[0]!);
    expect(rows.map((r) => [r.left?.text ?? null, r.right?.text ?? null])).toEqual([
      ['a', 'a'],
      ['b', 'B'],
      [null, 'B2'],
      ['c', 'c'],
    ]);
  });
});

describe('wordSegments', () => {
  it('keeps the unchanged text on both sides', () => {
    const s = wordSegments('hello big world', 'hello small world');
    expect(s.old.map((x) => x.text).join('')).toBe('hello big world');
    expect(s.new.map((x) => x.text).join('')).toBe('hello small world');
  });
});

describe('clampRepairIterations', () => {
  it('clamps to 1–5 with the default 2', () => {
    expect(REPAIR_ITERATIONS).toEqual({ min: 1, max: 5, default: 2 });
    expect(clampRepairIterations(0)).toBe(1);
    expect(clampRepairIterations(9)).toBe(5);
    expect(clampRepairIterations('3')).toBe(3);
    expect(clampRepairIterations(undefined)).toBe(2);
    expect(clampRepairIterations('abc')).toBe(2);
  });
});

it('has the spec texts of the diff view', () => {
  expect(DIFF_MESSAGES.noChanges).toBe('No changes found between versions');
  expect(DIFF_MESSAGES.waitForChanges).toBe('Wait for the changes to complete before viewing the diff');
  expect(DIFF_MESSAGES.loadFailed).toBe('Failed to load comparison data');
});

it('has the spec texts of the validation tester', async () => {
  const { VALIDATION_MESSAGES, DEFAULT_CUSTOM_REPAIR_MODEL } = await import('./validation.ts');
  expect(VALIDATION_MESSAGES).toMatchObject({
    revalidate: 'Re-validate',
    tryRepair: 'Try Repair',
    rerepair: 'Re-repair',
    applying: 'Applying...',
    applied: 'Test Bundle Applied',
    runValidationFirst: 'Please run validation first and ensure there are issues to repair',
    validateFailed: 'Failed to validate',
    repairFailed: 'Failed to repair',
  });
  expect(DEFAULT_CUSTOM_REPAIR_MODEL).toMatch(/gemini.*flash.*preview/);
});
