import type { FileKind } from './detect-type.ts';
import { checkCsvHeader, parseCsv } from './parse-csv.ts';
import { ParseError } from './parse-error.ts';
import { parsePdf } from './parse-pdf.ts';
import { decodeText } from './parse-text.ts';
import { parseDoc, parseDocx } from './parse-word.ts';
import type { ParsedDocument } from './parsed-document.ts';

export interface ParseProgress {
  onPage?: (pagesDone: number, pagesTotal: number) => void | Promise<void>;
}

/** Turns an uploaded file into documents. Throws ParseError with a message for the builder. */
export async function parseFile(
  kind: FileKind,
  bytes: Uint8Array,
  progress: ParseProgress = {},
): Promise<ParsedDocument[]> {
  const documents = await parseByKind(kind, bytes, progress);
  const nonEmpty = documents.filter((doc) => doc.text.trim().length > 0);
  if (nonEmpty.length === 0) throw new ParseError('empty_document', 'No text was found in this file');
  return nonEmpty;
}

async function parseByKind(kind: FileKind, bytes: Uint8Array, progress: ParseProgress) {
  switch (kind) {
    case 'csv':
      return parseCsv(decodeText(bytes));
    case 'txt':
      return [{ locator: null, text: decodeText(bytes) }];
    case 'docx':
      return parseDocx(bytes);
    case 'doc':
      return parseDoc(bytes);
    case 'pdf':
      return parsePdf(bytes, progress.onPage);
  }
}

/**
 * The checks that can answer at upload time (400) instead of failing later in the job. Answers the
 * header row of a CSV (kept for its "Copy template").
 */
export function precheckFile(kind: FileKind, bytes: Uint8Array): string[] | undefined {
  if (kind === 'csv') return checkCsvHeader(decodeText(bytes.subarray(0, 1024 * 1024)));
  return undefined;
}
