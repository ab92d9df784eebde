import { DATA_SOURCE_MESSAGES } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { makeDocx, makePdf, makeZipBomb } from '../../../../test/support/document-fixtures.ts';
import { detectFileKind } from './detect-type.ts';
import { checkCsvHeader, parseCsv } from './parse-csv.ts';
import { ParseError } from './parse-error.ts';
import { parseFile } from './parse-file.ts';
import { assertSafeZip } from './zip-guard.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('parsing', () => {
  it('reads the paragraphs of a real DOCX', async () => {
    const docx = await makeDocx(['Llamas live in the Andes.', 'They hum to each other.']);
    expect(detectFileKind('facts.docx', docx)).toBe('docx');
    const [doc] = await parseFile('docx', docx);
    expect(doc?.text).toBe('Llamas live in the Andes.\n\nThey hum to each other.');
  });

  it('reads a PDF page by page, reporting progress', async () => {
    const pdf = await makePdf([['Page one talks about otters.'], ['Page two is about', 'river beavers.']]);
    const seen: [number, number][] = [];
    const docs = await parseFile('pdf', pdf, { onPage: (done, total) => void seen.push([done, total]) });
    expect(docs).toEqual([
      { locator: 'page 1', text: 'Page one talks about otters.' },
      { locator: 'page 2', text: expect.stringMatching(/^Page two is about\s+river beavers\.$/) },
    ]);
    expect(seen).toEqual([
      [1, 2],
      [2, 2],
    ]);
  });

  it('turns each CSV row into one document keeping the header names', () => {
    const docs = parseCsv('Name,City,Notes\nAda,London,"likes, commas"\n\nGrace,,admiral\n');
    expect(docs).toEqual([
      { locator: 'row 1', text: 'Name: Ada\nCity: London\nNotes: likes, commas' },
      { locator: 'row 2', text: 'Name: Grace\nNotes: admiral' },
    ]);
  });

  it.each([
    ['an empty first row', '\nAda,London\n'],
    ['a blank column name', 'Name,,City\nAda,1,London\n'],
    ['repeated column names', 'Name,Name\nAda,Grace\n'],
    ['a numeric first row', '1,2,3\n4,5,6\n'],
  ])('refuses a CSV with %s as having no headers', (_label, csv) => {
    expect(() => checkCsvHeader(csv)).toThrow(DATA_SOURCE_MESSAGES.csvNoHeaders);
  });

  it('refuses a CSV with 10,000 columns', () => {
    const header = Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(',');
    const error = (() => {
      try {
        checkCsvHeader(`${header}\n`);
      } catch (e) {
        return e as ParseError;
      }
    })();
    expect(error?.code).toBe('csv_too_many_columns');
    expect(error?.message).toBe('The CSV file has too many columns (10000; at most 1000)');
  });

  it('refuses files whose content does not match their extension, and unknown extensions', () => {
    expect(() => detectFileKind('report.pdf', bytes('not a pdf'))).toThrow(
      DATA_SOURCE_MESSAGES.unsupportedType,
    );
    expect(() => detectFileKind('photo.png', bytes('\x89PNG'))).toThrow(ParseError);
    expect(() => detectFileKind('data.csv', new Uint8Array([1, 0, 2]))).toThrow(ParseError);
    expect(detectFileKind('notes.md', bytes('# hi'))).toBe('txt');
  });

  it('refuses a zip bomb that declares its size', () => {
    expect(() => assertSafeZip(makeZipBomb(120))).toThrow(
      'The document expands to more than 100 MB and was refused',
    );
  });

  it('refuses a zip bomb that lies about its size, before unpacking it whole', async () => {
    const bomb = makeZipBomb(50, { lie: true });
    expect(() => assertSafeZip(bomb)).toThrow(/expands to more than/);
    await expect(parseFile('docx', bomb)).rejects.toThrow(ParseError);
  });

  it('reports a damaged DOCX and an unreadable PDF as corrupt files', async () => {
    await expect(parseFile('docx', bytes('PK\x03\x04garbage'))).rejects.toMatchObject({
      code: 'corrupt_file',
    });
    await expect(parseFile('pdf', bytes('%PDF-1.7 garbage'))).rejects.toMatchObject({ code: 'corrupt_file' });
  });

  it('reports a file with no text', async () => {
    await expect(parseFile('txt', bytes('   \n'))).rejects.toThrow('No text was found in this file');
  });
});
