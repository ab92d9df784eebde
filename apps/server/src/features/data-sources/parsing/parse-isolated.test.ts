import { describe, expect, it } from 'vitest';
import { ParseError } from './parse-error.ts';
import { parseFile } from './parse-file.ts';
import { parseFileIsolated } from './parse-isolated.ts';

const SLOW = 60_000;
const csv = (rows: number, cell = 'value') =>
  new TextEncoder().encode(
    ['name,notes', ...Array.from({ length: rows }, (_, i) => `row ${i},${cell} ${i}`)].join('\n'),
  );

describe('parsing uploads in a child process', () => {
  it(
    'answers the same documents as parsing in process',
    async () => {
      const bytes = csv(500);
      expect(await parseFileIsolated('csv', bytes)).toEqual(await parseFile('csv', bytes));
    },
    SLOW,
  );

  it(
    'passes a ParseError through with its code and message',
    async () => {
      const error = await parseFileIsolated('csv', new TextEncoder().encode('1,2\n3,4')).catch((e) => e);
      expect(error).toBeInstanceOf(ParseError);
      expect(error).toMatchObject({ code: 'csv_no_headers' });
    },
    SLOW,
  );

  it(
    'stops a parse past its memory limit with a clear reason',
    async () => {
      const big = csv(200_000, 'x'.repeat(200));
      const error = await parseFileIsolated('csv', big, {}, { memoryMb: 32, timeMs: 50_000 }).catch((e) => e);
      expect(error).toBeInstanceOf(ParseError);
      expect(error.message).toBe(
        'The file needs more memory to read than is allowed (32 MB); split it into smaller files',
      );
    },
    SLOW,
  );

  it(
    'stops a parse past its time limit with a clear reason',
    async () => {
      const error = await parseFileIsolated('csv', csv(10), {}, { memoryMb: 512, timeMs: 1 }).catch((e) => e);
      expect(error).toBeInstanceOf(ParseError);
      expect(error.message).toBe(
        'The file took too long to read (more than 1 s); split it into smaller files',
      );
    },
    SLOW,
  );
});
