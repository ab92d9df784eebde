import { diffWordsWithSpace, structuredPatch } from 'diff';

/** Lines of context around each change (spec 3 §5, §9). */
export const DIFF_CONTEXT_LINES = 3;
/** Word-level highlighting is off when either side is longer than this (spec 3 §5, §9). */
export const DIFF_WORD_HIGHLIGHT_MAX_CHARS = 10_000;

/** The diff view's texts (spec 2 §8, spec 3 §8). */
export const DIFF_MESSAGES = {
  noChanges: 'No changes found between versions',
  waitForChanges: 'Wait for the changes to complete before viewing the diff',
  loadFailed: 'Failed to load comparison data',
  mergeFailedWith: (serverError: string) => `Failed to merge files: ${serverError}`,
} as const;

/** A piece of a changed line: `changed` pieces are highlighted. */
export interface DiffSegment {
  text: string;
  changed: boolean;
}

export type DiffLineKind = 'context' | 'added' | 'removed';

export interface DiffLine {
  kind: DiffLineKind;
  /** 1-based line on the old side (context and removed lines). */
  oldLine?: number;
  /** 1-based line on the new side (context and added lines). */
  newLine?: number;
  text: string;
  /** Word-level pieces of a removed/added line paired with its counterpart; absent when off. */
  segments?: DiffSegment[];
}

export interface DiffHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  /** `@@ -a,b +c,d @@` */
  header: string;
  lines: DiffLine[];
}

export interface FileDiff {
  hunks: DiffHunk[];
  /** Whether word-level highlighting was computed (both sides at most DIFF_WORD_HIGHLIGHT_MAX_CHARS). */
  wordHighlighting: boolean;
  additions: number;
  deletions: number;
}

/** Whether word-level highlighting applies to a pair of sides. */
export const wordHighlightingApplies = (oldCode: string, newCode: string) =>
  oldCode.length <= DIFF_WORD_HIGHLIGHT_MAX_CHARS && newCode.length <= DIFF_WORD_HIGHLIGHT_MAX_CHARS;

/** The word-level pieces of an old line and its new counterpart. */
export function wordSegments(oldText: string, newText: string): { old: DiffSegment[]; new: DiffSegment[] } {
  const old: DiffSegment[] = [];
  const next: DiffSegment[] = [];
  for (const change of diffWordsWithSpace(oldText, newText)) {
    if (change.added) next.push({ text: change.value, changed: true });
    else if (change.removed) old.push({ text: change.value, changed: true });
    else {
      old.push({ text: change.value, changed: false });
      next.push({ text: change.value, changed: false });
    }
  }
  return { old, new: next };
}

/** Pairs the removed and added lines of each change block in order and gives them word pieces. */
function highlightWords(lines: DiffLine[]): void {
  let i = 0;
  while (i < lines.length) {
    if (lines[i]?.kind === 'context') {
      i++;
      continue;
    }
    const removed: DiffLine[] = [];
    const added: DiffLine[] = [];
    while (i < lines.length && lines[i]?.kind === 'removed') removed.push(lines[i++] as DiffLine);
    while (i < lines.length && lines[i]?.kind === 'added') added.push(lines[i++] as DiffLine);
    const pairs = Math.min(removed.length, added.length);
    for (let p = 0; p < pairs; p++) {
      const r = removed[p] as DiffLine;
      const a = added[p] as DiffLine;
      const segments = wordSegments(r.text, a.text);
      r.segments = segments.old;
      a.segments = segments.new;
    }
  }
}

/**
 * The line diff of one file with DIFF_CONTEXT_LINES of context around each change, and word-level
 * pieces for paired changed lines unless a side exceeds DIFF_WORD_HIGHLIGHT_MAX_CHARS.
 */
export function diffFile(oldCode: string, newCode: string, context = DIFF_CONTEXT_LINES): FileDiff {
  const patch = structuredPatch('a', 'b', oldCode, newCode, undefined, undefined, { context });
  const wordHighlighting = wordHighlightingApplies(oldCode, newCode);
  let additions = 0;
  let deletions = 0;
  const hunks = patch.hunks.map((h): DiffHunk => {
    let oldLine = h.oldStart;
    let newLine = h.newStart;
    const lines: DiffLine[] = [];
    for (const raw of h.lines) {
      const mark = raw[0];
      const text = raw.slice(1);
      if (mark === '+') {
        lines.push({ kind: 'added', newLine: newLine++, text });
        additions++;
      } else if (mark === '-') {
        lines.push({ kind: 'removed', oldLine: oldLine++, text });
        deletions++;
      } else if (mark === ' ') lines.push({ kind: 'context', oldLine: oldLine++, newLine: newLine++, text });
      // '\ No newline at end of file' markers are not lines of either side.
    }
    if (wordHighlighting) highlightWords(lines);
    return {
      oldStart: h.oldStart,
      oldLines: h.oldLines,
      newStart: h.newStart,
      newLines: h.newLines,
      header: `@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`,
      lines,
    };
  });
  return { hunks, wordHighlighting, additions, deletions };
}

/** One row of the side-by-side view: the old line on the left, the new one on the right. */
export interface SideBySideRow {
  left?: DiffLine;
  right?: DiffLine;
}

/** The rows of a hunk side by side: context on both sides, removed lines beside their added ones. */
export function sideBySideRows(hunk: DiffHunk): SideBySideRow[] {
  const rows: SideBySideRow[] = [];
  const lines = hunk.lines;
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as DiffLine;
    if (line.kind === 'context') {
      rows.push({ left: line, right: line });
      i++;
      continue;
    }
    const removed: DiffLine[] = [];
    const added: DiffLine[] = [];
    while (i < lines.length && lines[i]?.kind === 'removed') removed.push(lines[i++] as DiffLine);
    while (i < lines.length && lines[i]?.kind === 'added') added.push(lines[i++] as DiffLine);
    for (let p = 0; p < Math.max(removed.length, added.length); p++) {
      const row: SideBySideRow = {};
      if (removed[p]) row.left = removed[p];
      if (added[p]) row.right = added[p];
      rows.push(row);
    }
  }
  return rows;
}
