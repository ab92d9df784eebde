import type { SearchReplace } from './serialize.ts';

/**
 * Reading and applying the search/replace blocks of a `partial_edit` action (protocol.md
 * "partial_edit blocks"). Reading is lenient about the markers' length and trailing spaces;
 * applying tries an exact match first, then a match that ignores differences in whitespace. A block
 * that matches neither way is reported, never dropped.
 */

export const SEARCH_REPLACE_MESSAGES = {
  noBlocks: 'The edit has no SEARCH/REPLACE block',
  textOutsideBlock: (line: number) => `Line ${line} is outside a SEARCH/REPLACE block`,
  unclosedBlock: (block: number) => `Block ${block} is not closed with >>>>>>> REPLACE`,
  emptySearch: (block: number) => `Block ${block} has an empty SEARCH part`,
  notFound: (block: number, path: string) => `Block ${block}: the SEARCH text was not found in ${path}`,
} as const;

const SEARCH_LINE = /^<{5,9} ?SEARCH\s*$/;
const DIVIDER_LINE = /^={5,9}\s*$/;
const REPLACE_LINE = /^>{5,9} ?REPLACE\s*$/;

export interface SearchReplaceParse {
  blocks: SearchReplace[];
  /** Problems of the text (each makes the action fail: a half-read edit is not applied). */
  errors: string[];
}

/** Splits a partial_edit content into its blocks. */
export function parseSearchReplaceBlocks(content: string): SearchReplaceParse {
  const lines = content.split('\n');
  const blocks: SearchReplace[] = [];
  const errors: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!SEARCH_LINE.test(line)) {
      if (line.trim() !== '') errors.push(SEARCH_REPLACE_MESSAGES.textOutsideBlock(i + 1));
      i++;
      continue;
    }
    const number = blocks.length + 1;
    let divider = -1;
    let end = -1;
    for (let j = i + 1; j < lines.length; j++) {
      if (divider < 0 && DIVIDER_LINE.test(lines[j]!)) divider = j;
      else if (divider >= 0 && REPLACE_LINE.test(lines[j]!)) {
        end = j;
        break;
      } else if (SEARCH_LINE.test(lines[j]!)) break;
    }
    if (divider < 0 || end < 0) {
      errors.push(SEARCH_REPLACE_MESSAGES.unclosedBlock(number));
      break;
    }
    const search = lines.slice(i + 1, divider).join('\n');
    if (search.trim() === '') errors.push(SEARCH_REPLACE_MESSAGES.emptySearch(number));
    blocks.push({ search, replace: lines.slice(divider + 1, end).join('\n') });
    i = end + 1;
  }
  if (blocks.length === 0 && errors.length === 0) errors.push(SEARCH_REPLACE_MESSAGES.noBlocks);
  return { blocks, errors };
}

export type BlockMatch = 'exact' | 'whitespace';

export interface BlockResult {
  /** 1-based, as reported to the builder. */
  block: number;
  matched: BlockMatch | null;
  /** The first line of the SEARCH text (for the report). */
  searchStart: string;
}

export interface SearchReplaceOutcome {
  /** The new content when every block matched; the original otherwise. */
  content: string;
  /** True when every block matched (then `content` has all replacements). */
  ok: boolean;
  results: BlockResult[];
  /** One message per block that did not match. */
  failures: string[];
}

const normalise = (line: string) => line.trim().replace(/\s+/g, ' ');
const indentOf = (line: string) => /^\s*/.exec(line)![0];
const isBlank = (line: string) => line.trim() === '';

/** Trims blank lines at both ends of a block of lines. */
function trimBlankLines(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && isBlank(lines[start]!)) start++;
  while (end > start && isBlank(lines[end - 1]!)) end--;
  return lines.slice(start, end);
}

/**
 * The first place where the lines of `search` equal lines of `source` up to whitespace (indentation,
 * trailing spaces, runs of spaces). Returns the new source with `replace` re-indented by the
 * difference in indentation between the search text and the file, or undefined.
 */
export function replaceIgnoringWhitespace(
  source: string,
  search: string,
  replace: string,
): string | undefined {
  const wanted = trimBlankLines(search.split('\n'));
  if (wanted.length === 0) return undefined;
  const target = wanted.map(normalise);
  const lines = source.split('\n');
  for (let start = 0; start + wanted.length <= lines.length; start++) {
    let same = true;
    for (let j = 0; j < wanted.length; j++) {
      if (normalise(lines[start + j]!) !== target[j]) {
        same = false;
        break;
      }
    }
    if (!same) continue;
    const first = wanted.findIndex((line) => !isBlank(line));
    const fromIndent = indentOf(wanted[first]!);
    const toIndent = indentOf(lines[start + first]!);
    const replacement = replace === '' ? [] : replace.split('\n');
    const reindented =
      fromIndent === toIndent
        ? replacement
        : replacement.map((line) => {
            if (isBlank(line)) return line;
            if (line.startsWith(fromIndent)) return toIndent + line.slice(fromIndent.length);
            return line;
          });
    return [...lines.slice(0, start), ...reindented, ...lines.slice(start + wanted.length)].join('\n');
  }
  return undefined;
}

/**
 * Applies the blocks in order to `source`: each block replaces the first occurrence of its SEARCH
 * text (exact), or else the first whitespace-tolerant match. When any block does not match, nothing
 * is applied and each failing block is reported.
 */
export function applySearchReplace(
  source: string,
  blocks: readonly SearchReplace[],
  path = 'the file',
): SearchReplaceOutcome {
  let content = source;
  const results: BlockResult[] = [];
  const failures: string[] = [];
  blocks.forEach((block, index) => {
    const number = index + 1;
    const searchStart = block.search.split('\n').find((line) => !isBlank(line)) ?? '';
    const at = block.search === '' ? -1 : content.indexOf(block.search);
    if (at >= 0) {
      content = content.slice(0, at) + block.replace + content.slice(at + block.search.length);
      results.push({ block: number, matched: 'exact', searchStart });
      return;
    }
    const tolerant = replaceIgnoringWhitespace(content, block.search, block.replace);
    if (tolerant !== undefined) {
      content = tolerant;
      results.push({ block: number, matched: 'whitespace', searchStart });
      return;
    }
    results.push({ block: number, matched: null, searchStart });
    failures.push(SEARCH_REPLACE_MESSAGES.notFound(number, path));
  });
  const ok = failures.length === 0 && blocks.length > 0;
  return { content: ok ? content : source, ok, results, failures };
}
