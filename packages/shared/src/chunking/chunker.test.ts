import { describe, expect, it } from 'vitest';
import { CHUNK_OVERLAP, CHUNK_SIZE, chunkText } from './chunker.ts';

const words = (n: number, prefix = 'w') => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(' ');

describe('chunkText', () => {
  it('uses the spec sizes: 1000 characters with 200 overlap', () => {
    expect(CHUNK_SIZE).toBe(1000);
    expect(CHUNK_OVERLAP).toBe(200);
  });

  it('returns nothing for empty or blank text and one chunk for short text', () => {
    expect(chunkText('')).toEqual([]);
    expect(chunkText('  \n\n ')).toEqual([]);
    expect(chunkText('  Hello world.\n')).toEqual([{ text: 'Hello world.', start: 2, end: 14 }]);
  });

  it('keeps every chunk within 1000 characters and overlaps neighbours by at most 200', () => {
    const text = words(2000);
    const chunks = chunkText(text);
    expect(chunks.length).toBeGreaterThan(10);
    for (const [i, chunk] of chunks.entries()) {
      expect(chunk.text.length).toBeLessThanOrEqual(1000);
      expect(text.slice(chunk.start, chunk.end)).toBe(chunk.text);
      const previous = chunks[i - 1];
      if (previous) {
        const shared = previous.end - chunk.start;
        expect(shared).toBeGreaterThan(100);
        expect(shared).toBeLessThanOrEqual(200);
      }
    }
    expect(chunks.at(-1)?.end).toBe(text.length);
  });

  it('never cuts a word in two when the text has spaces', () => {
    const text = words(3000, 'token');
    const all = new Set(text.split(' '));
    for (const chunk of chunkText(text)) {
      for (const word of chunk.text.split(' ')) expect(all.has(word)).toBe(true);
    }
  });

  it('ends chunks at paragraph breaks before line breaks before spaces', () => {
    const paragraph = (n: number) => `${words(60, `p${n}x`)}.`;
    const text = [paragraph(1), paragraph(2), paragraph(3), paragraph(4)].join('\n\n');
    const chunks = chunkText(text);
    expect(chunks[0]?.text.endsWith('.')).toBe(true);
    expect(text.slice(chunks[0]!.end, chunks[0]!.end + 2)).toBe('\n\n');
    const lines = Array.from({ length: 40 }, (_, i) => `line ${i} ${'abc '.repeat(8).trim()}`).join('\n');
    const lineChunks = chunkText(lines);
    expect(lines[lineChunks[0]!.end]).toBe('\n');
  });

  it('cuts a single enormous word at the size and still covers all of it', () => {
    const text = 'x'.repeat(2500);
    const chunks = chunkText(text);
    expect(chunks.map((c) => c.text.length)).toEqual([1000, 1000, 900]);
    expect(chunks.map((c) => c.start)).toEqual([0, 800, 1600]);
  });

  it('covers every character of the input in some chunk', () => {
    const text = `${words(500)}\n\n${words(300, 'q')}\n${'y'.repeat(1500)} ${words(100, 'z')}`;
    const covered = new Array<boolean>(text.length).fill(false);
    for (const chunk of chunkText(text)) for (let i = chunk.start; i < chunk.end; i++) covered[i] = true;
    const missed = [...text].filter((ch, i) => !covered[i] && !/\s/.test(ch));
    expect(missed).toEqual([]);
  });

  it('honours custom sizes', () => {
    const chunks = chunkText(words(200), { size: 100, overlap: 20 });
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(100);
    expect(chunks.length).toBeGreaterThan(5);
  });
});
