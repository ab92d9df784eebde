import { convertCsvValue, csvDataTypeOf, type EntitySchema, mappableFields } from '@atelier/shared';
import Papa from 'papaparse';
import type { ExportData } from './translate.ts';

/** Most rows one data file may bring in. */
export const MAX_IMPORT_ROWS = 5000;
/** Base44's system columns: Atelier sets its own (the importing builder is the creator). */
const SYSTEM_COLUMNS = new Set([
  'id',
  'created_date',
  'updated_date',
  'created_by',
  'created_by_id',
  'is_sample',
]);

/**
 * The records of a Base44 table export, as the database panel's CSV importer makes them: each
 * column named like a field of the entity converted by the field's type (`convertCsvValue`), other
 * columns and Base44's system columns left out. JSON exports are arrays of records.
 */
export function recordsOf(
  data: ExportData,
  schema: EntitySchema,
): { records: Record<string, unknown>[]; errors: string[] } {
  const errors: string[] = [];
  let rows: Record<string, unknown>[];
  if (data.format === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.text);
    } catch {
      return { records: [], errors: [`${data.file} is not valid JSON.`] };
    }
    rows = Array.isArray(parsed) ? parsed.filter((row) => row && typeof row === 'object') : [];
    if (!Array.isArray(parsed)) errors.push(`${data.file} is not a JSON array of records.`);
  } else {
    const parsed = Papa.parse<Record<string, string>>(data.text, { header: true, skipEmptyLines: true });
    rows = parsed.data;
    for (const error of parsed.errors.slice(0, 3))
      errors.push(`${data.file} row ${(error.row ?? 0) + 2}: ${error.message}`);
  }
  if (rows.length > MAX_IMPORT_ROWS) {
    errors.push(`${data.file} has ${rows.length} rows; the first ${MAX_IMPORT_ROWS} were imported.`);
    rows = rows.slice(0, MAX_IMPORT_ROWS);
  }
  const fields = new Map(
    mappableFields(schema)
      .filter((field) => field.path !== 'creatorId')
      .map((field) => [field.path, field]),
  );
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const [column, value] of Object.entries(row)) {
      if (SYSTEM_COLUMNS.has(column)) continue;
      const field = fields.get(column);
      if (!field) continue;
      if (data.format === 'json' || typeof value !== 'string') record[column] = value;
      else if (value !== '') {
        // Base44 writes lists and objects as JSON in its CSV.
        const type = csvDataTypeOf(field.field);
        record[column] = convertCsvValue(
          value,
          type === 'array' && value.startsWith('[') ? 'json' : type,
          ',',
        );
      }
    }
    return record;
  });
  return { records, errors };
}
