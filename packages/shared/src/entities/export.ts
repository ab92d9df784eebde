/** Exporting an entity's records as CSV (spec 2 §5, §9). */

const pad = (n: number) => String(n).padStart(2, '0');

/** `{Entity}_export_{YYYY-MM-DD}.csv`, with the local date (spec 2 §9). */
export function exportFileName(entity: string, date: Date = new Date()): string {
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${entity}_export_${day}.csv`;
}

/** Cells that a spreadsheet would run as a formula: starting with =, +, -, @ (and tab or carriage return). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell made safe against formula injection: a leading quote makes the spreadsheet show it as
 * text. Numbers and booleans are not text and stay as they are.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A record value as one CSV cell: objects and arrays as JSON; strings neutralised. */
export function exportCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return neutraliseFormula(value);
  return neutraliseFormula(JSON.stringify(value));
}

/** The header and rows of an export: one column per field, in order. */
export function exportRows(
  records: readonly Record<string, unknown>[],
  fields: readonly string[],
): string[][] {
  return [
    fields.map(neutraliseFormula),
    ...records.map((record) => fields.map((field) => exportCell(record[field]))),
  ];
}
