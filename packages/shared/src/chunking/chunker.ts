/** Spec 1 §9: chunk size 1000, overlap 200 (characters). */
export const CHUNK_SIZE = 1000;
export const CHUNK_OVERLAP = 200;

export interface ChunkOptions {
  size?: number;
  overlap?: number;
}

export interface TextChunk {
  text: string;
  /** Offsets of the chunk in the input (before trimming of surrounding whitespace). */
  start: number;
  end: number;
}

/**
 * Splits text into chunks of at most `size` characters that overlap by about `overlap` characters.
 * A chunk ends at the last paragraph break (blank line) that keeps it at least half full, else at
 * the last line break, else at the last whitespace, else (one enormous word) at `size`. The next
 * chunk starts `overlap` characters before the end, moved forward to the next word start so no
 * chunk begins inside a word. Whitespace-only chunks are dropped.
 */
export function chunkText(text: string, options: ChunkOptions = {}): TextChunk[] {
  const size = options.size ?? CHUNK_SIZE;
  const overlap = Math.min(options.overlap ?? CHUNK_OVERLAP, Math.floor(size / 2));
  if (size <= 0) throw new RangeError('chunk size must be positive');
  const chunks: TextChunk[] = [];
  let start = skipWhitespace(text, 0);
  while (start < text.length) {
    let end = Math.min(start + size, text.length);
    if (end < text.length) end = breakPoint(text, start, end, size);
    const body = text.slice(start, end).trimEnd();
    if (body.trim().length > 0) chunks.push({ text: body, start, end: start + body.length });
    if (end >= text.length) break;
    const next = nextStart(text, Math.max(end - overlap, start + 1), end);
    start = next > start ? next : end;
  }
  return chunks;
}

/** The best place to end a chunk that starts at `start` and may not pass `limit`. */
function breakPoint(text: string, start: number, limit: number, size: number): number {
  const floor = start + Math.floor(size / 2);
  const window = text.slice(start, limit + 1);
  for (const separator of [/\n[ \t]*\n/g, /\n/g, /\s/g]) {
    let best = -1;
    for (const match of window.matchAll(separator)) {
      const at = start + match.index;
      if (at > limit) break;
      if (at >= floor) best = at;
    }
    if (best > start) return best;
  }
  return limit;
}

/** From `from`, the start of the next word at or before `end` (so an overlap never starts mid-word). */
function nextStart(text: string, from: number, end: number): number {
  if (from > 0 && /\s/.test(text[from - 1] ?? '')) return skipWhitespace(text, from);
  let i = from;
  while (i < end && !/\s/.test(text[i] ?? '')) i++;
  return i < end ? skipWhitespace(text, i) : from;
}

function skipWhitespace(text: string, from: number): number {
  let i = from;
  while (i < text.length && /\s/.test(text[i] ?? '')) i++;
  return i;
}
