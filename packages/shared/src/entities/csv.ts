import type { EntityFieldSchema, EntitySchema } from '../app-files/entity-schema.ts';

/**
 * The CSV import rules of spec 2 §5: how a CSV cell becomes a value of a record, how columns are
 * matched to fields, and when the builder must confirm.
 */

/** How a CSV column's text is converted (the `dataType` of a mapping). */
export const CSV_DATA_TYPES = ['string', 'number', 'boolean', 'date', 'array', 'json'] as const;
export type CsvDataType = (typeof CSV_DATA_TYPES)[number];

/** Characters that split one cell into an array of strings (spec 2 §5), in order of preference on a tie. */
export const SPLIT_CHARACTERS = [',', ';', '|', '\n', '\t'] as const;
export type SplitCharacter = (typeof SPLIT_CHARACTERS)[number];

/** A CSV column mapped to a schema field (spec 2 §3 "CSV mapping"). An empty schemaField ignores the column. */
export interface CsvMapping {
  csvHeader: string;
  schemaField: string;
  dataType: CsvDataType;
  splitCharacter?: SplitCharacter | undefined;
}

/** Fields a mapping may target: the schema's properties (nested objects as dotted paths), then id and creatorId. */
export function mappableFields(
  schema: Pick<EntitySchema, 'properties'>,
): { path: string; field: EntityFieldSchema }[] {
  const fields: { path: string; field: EntityFieldSchema }[] = [];
  const walk = (properties: Record<string, EntityFieldSchema>, prefix: string) => {
    for (const [name, field] of Object.entries(properties)) {
      const path = `${prefix}${name}`;
      const types = Array.isArray(field.type) ? field.type : [field.type];
      if (types.includes('object') && field.properties && Object.keys(field.properties).length > 0) {
        walk(field.properties, `${path}.`);
      } else {
        fields.push({ path, field });
      }
    }
  };
  walk(schema.properties ?? {}, '');
  fields.push({ path: 'id', field: { type: 'string' } }, { path: 'creatorId', field: { type: 'string' } });
  return fields;
}

/** The conversion of a field: dates, numbers, booleans, arrays of strings (split) and JSON (other arrays, objects). */
export function csvDataTypeOf(field: EntityFieldSchema): CsvDataType {
  const types = field.type === undefined ? [] : Array.isArray(field.type) ? field.type : [field.type];
  if (types.includes('boolean')) return 'boolean';
  if (types.includes('number') || types.includes('integer')) return 'number';
  if (types.includes('string')) {
    return field.format === 'date-time' || field.format === 'date' ? 'date' : 'string';
  }
  if (types.includes('array')) {
    const items = field.items?.type;
    const itemTypes = items === undefined ? [] : Array.isArray(items) ? items : [items];
    return itemTypes.includes('string') ? 'array' : 'json';
  }
  return 'json';
}

/** The split character of a column: the candidate found most often in its values (',' when none). */
export function detectSplitCharacter(values: readonly string[]): SplitCharacter {
  let best: SplitCharacter = ',';
  let bestCount = 0;
  for (const candidate of SPLIT_CHARACTERS) {
    let count = 0;
    for (const value of values) count += value.split(candidate).length - 1;
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

/**
 * One CSV cell as a record value (spec 2 §5): numbers as floats, boolean true only for 'true', dates as
 * ISO strings, arrays of strings split by the split character, JSON parsed with the raw text as
 * fallback. An empty cell (or a number that does not parse) gives undefined: the field is left out.
 */
export function convertCsvValue(
  raw: string | undefined | null,
  dataType: CsvDataType,
  splitCharacter: SplitCharacter = ',',
): unknown {
  if (raw === undefined || raw === null) return undefined;
  const text = String(raw);
  if (text.trim() === '') return undefined;
  switch (dataType) {
    case 'number': {
      const value = Number.parseFloat(text);
      return Number.isNaN(value) ? undefined : value;
    }
    case 'boolean':
      return text.trim() === 'true';
    case 'date': {
      const date = new Date(text.trim());
      return Number.isNaN(date.getTime()) ? text : date.toISOString();
    }
    case 'array':
      return text
        .split(splitCharacter)
        .map((part) => part.trim())
        .filter((part) => part !== '');
    case 'json':
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    case 'string':
      return text;
  }
}

/** Sets `value` at a dotted path, making the nested objects on the way (spec 2 §5). */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys.at(-1)!] = value;
}

/** One CSV row as a record, through the mappings; unmapped columns are ignored. Undefined when it has no value. */
export function csvRowToRecord(
  row: Readonly<Record<string, string | undefined>>,
  mappings: readonly CsvMapping[],
): Record<string, unknown> | undefined {
  const record: Record<string, unknown> = {};
  let filled = false;
  for (const mapping of mappings) {
    if (!mapping.schemaField) continue;
    const value = convertCsvValue(row[mapping.csvHeader], mapping.dataType, mapping.splitCharacter);
    if (value === undefined) continue;
    setPath(record, mapping.schemaField, value);
    filled = true;
  }
  return filled ? record : undefined;
}

/** Mapping id or creatorId needs the builder's confirmation (spec 2 §5). */
export const mappingNeedsConfirmation = (mappings: readonly CsvMapping[]) =>
  mappings.some((mapping) => mapping.schemaField === 'id' || mapping.schemaField === 'creatorId');

/**
 * The fallback mapping: each column to the field of the same name ignoring case (spec 2 §8), with
 * the field's conversion and, for arrays of strings, the split character detected in `rows`.
 */
export function basicMapping(
  headers: readonly string[],
  schema: Pick<EntitySchema, 'properties'>,
  rows: readonly Readonly<Record<string, string | undefined>>[] = [],
): CsvMapping[] {
  const fields = mappableFields(schema);
  return headers.map((header) => {
    const match = fields.find((field) => field.path.toLowerCase() === header.trim().toLowerCase());
    if (!match) return { csvHeader: header, schemaField: '', dataType: 'string' };
    return withSplitCharacter(
      { csvHeader: header, schemaField: match.path, dataType: csvDataTypeOf(match.field) },
      rows,
    );
  });
}

/** Adds the detected split character to a mapping that targets an array of strings. */
export function withSplitCharacter(
  mapping: CsvMapping,
  rows: readonly Readonly<Record<string, string | undefined>>[],
): CsvMapping {
  if (mapping.dataType !== 'array') return { ...mapping, splitCharacter: undefined };
  const values = rows.map((row) => row[mapping.csvHeader] ?? '').filter((value) => value !== '');
  return { ...mapping, splitCharacter: mapping.splitCharacter ?? detectSplitCharacter(values) };
}

/** Splits items into batches of `size` (the import sends batches of 10 rows, spec 2 §9). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}
