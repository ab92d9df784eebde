import { DATA_SOURCE_MESSAGES } from '@atelier/shared';
import Papa from 'papaparse';
import { ParseError } from './parse-error.ts';
import type { ParsedDocument } from './parsed-document.ts';

export const MAX_CSV_COLUMNS = 1_000;
export const MAX_CSV_ROWS = 200_000;

/**
 * Checks the header row of a CSV. A CSV "without headers" has an empty first row, an empty or
 * repeated column name, or a first row that is all numbers (data, not names).
 */
export function checkCsvHeader(text: string): string[] {
  const firstLine = Papa.parse<string[]>(text, { preview: 1, skipEmptyLines: false });
  const header = (firstLine.data[0] ?? []).map((cell) => cell.trim());
  if (header.length > MAX_CSV_COLUMNS) {
    throw new ParseError(
      'csv_too_many_columns',
      `${DATA_SOURCE_MESSAGES.csvTooManyColumns} (${header.length}; at most ${MAX_CSV_COLUMNS})`,
    );
  }
  const named = header.filter((cell) => cell.length > 0);
  const allNumeric = named.length > 0 && named.every((cell) => /^[-+]?[\d.,]+%?$/.test(cell));
  if (
    named.length === 0 ||
    named.length !== header.length ||
    new Set(named).size !== named.length ||
    allNumeric
  ) {
    throw new ParseError('csv_no_headers', DATA_SOURCE_MESSAGES.csvNoHeaders);
  }
  return header;
}

/** One document per row, `Header: value` per line, keeping the header names (spec: one record per row). */
export function parseCsv(text: string): ParsedDocument[] {
  const header = checkCsvHeader(text);
  const result = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  const rows = result.data.slice(1);
  if (rows.length > MAX_CSV_ROWS) {
    throw new ParseError('archive_too_large', `The CSV file has more than ${MAX_CSV_ROWS} rows`);
  }
  const documents: ParsedDocument[] = [];
  rows.forEach((row, index) => {
    const lines = header
      .map((name, column) => [name, (row[column] ?? '').trim()] as const)
      .filter(([, value]) => value.length > 0)
      .map(([name, value]) => `${name}: ${value}`);
    if (lines.length > 0) documents.push({ locator: `row ${index + 1}`, text: lines.join('\n') });
  });
  return documents;
}
