import mammoth from 'mammoth';
import WordExtractor from 'word-extractor';
import { ParseError } from './parse-error.ts';
import type { ParsedDocument } from './parsed-document.ts';
import { assertSafeZip, type ZipLimits } from './zip-guard.ts';

/** DOCX through mammoth's raw-text extraction, after the zip-bomb check. */
export async function parseDocx(bytes: Uint8Array, zipLimits?: ZipLimits): Promise<ParsedDocument[]> {
  assertSafeZip(bytes, zipLimits);
  let value: string;
  try {
    ({ value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) }));
  } catch {
    throw new ParseError('corrupt_file', 'The DOCX file could not be read');
  }
  return [{ locator: null, text: value.replace(/\n{3,}/g, '\n\n').trim() }];
}

/** Legacy Word 97-2003 .doc through word-extractor. */
export async function parseDoc(bytes: Uint8Array): Promise<ParsedDocument[]> {
  try {
    const document = await new WordExtractor().extract(Buffer.from(bytes));
    return [{ locator: null, text: document.getBody().replace(/\r\n?/g, '\n').trim() }];
  } catch {
    throw new ParseError('corrupt_file', 'The DOC file could not be read');
  }
}
