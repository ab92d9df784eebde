import type { EntityFieldSchema, EntitySchema } from '../app-files/entity-schema.ts';
import { optionColors } from './palette.ts';

/** Column data types of the data table (spec 2 §3, spec 3 §3). */
export const COLUMN_DATA_TYPES = [
  'text',
  'number',
  'boolean',
  'datetime',
  'select',
  'multiselect',
  'image',
  'json',
] as const;
export type ColumnDataType = (typeof COLUMN_DATA_TYPES)[number];

/** Fields every record has besides its own (spec 2 §3: id, creatorId, createdAt; plus updatedAt). */
export const SYSTEM_FIELDS = ['id', 'creatorId', 'createdAt', 'updatedAt'] as const;
export type SystemField = (typeof SYSTEM_FIELDS)[number];
export const isSystemField = (name: string): name is SystemField =>
  (SYSTEM_FIELDS as readonly string[]).includes(name);

/** One option of a select column with its colour (spec 3 §3 "Table column": options with label, backgroundColor). */
export interface ColumnOption {
  label: string;
  backgroundColor: string;
  color: string;
}

/** A column of the data table (spec 3 §3 "Table column"). */
export interface TableColumn {
  id: string;
  label: string;
  dataType: ColumnDataType;
  options: ColumnOption[];
  readonly: boolean;
  /** System columns (id, createdAt …) are made by the platform, not by the entity's schema. */
  created: boolean;
}

const typesOf = (field: EntityFieldSchema): string[] =>
  field.type === undefined ? [] : Array.isArray(field.type) ? field.type : [field.type];

/**
 * The data type of a property: a property whose name contains 'image' is an image (spec 2 §3), as is
 * one declaring an image media type; then by its JSON Schema type, format and enum.
 */
export function columnDataType(name: string, field: EntityFieldSchema): ColumnDataType {
  const types = typesOf(field);
  if (
    /image/i.test(name) ||
    (typeof field.contentMediaType === 'string' && field.contentMediaType.startsWith('image/'))
  ) {
    if (types.length === 0 || types.includes('string')) return 'image';
  }
  if (types.includes('boolean')) return 'boolean';
  if (types.includes('number') || types.includes('integer')) return 'number';
  if (types.includes('string')) {
    if (field.format === 'date-time' || field.format === 'date') return 'datetime';
    if (Array.isArray(field.enum) && field.enum.length > 0) return 'select';
    return 'text';
  }
  if (types.includes('array') && Array.isArray(field.items?.enum) && field.items.enum.length > 0) {
    return 'multiselect';
  }
  return 'json';
}

/** The options of a select / multiselect property, each with a colour from the palette. */
export function columnOptions(field: EntityFieldSchema): ColumnOption[] {
  const values = Array.isArray(field.enum)
    ? field.enum
    : Array.isArray(field.items?.enum)
      ? field.items.enum
      : [];
  return values.map((value, index) => ({ label: String(value), ...colorOf(index) }));
}

const colorOf = (index: number) => {
  const { backgroundColor, color } = optionColors(index);
  return { backgroundColor, color };
};

/** The columns of an entity's table: its properties (in schema order), then id, creator and creation time. */
export function tableColumns(schema: Pick<EntitySchema, 'properties'>): TableColumn[] {
  const own = Object.entries(schema.properties ?? {})
    .filter(([name]) => !isSystemField(name))
    .map(
      ([name, field]): TableColumn => ({
        id: name,
        label: field.title ?? name,
        dataType: columnDataType(name, field),
        options: columnOptions(field),
        readonly: field.readOnly === true,
        created: false,
      }),
    );
  const system = (id: SystemField, label: string, dataType: ColumnDataType): TableColumn => ({
    id,
    label,
    dataType,
    options: [],
    readonly: true,
    created: true,
  });
  return [
    ...own,
    system('id', 'ID', 'text'),
    system('creatorId', 'Created by', 'text'),
    system('createdAt', 'Created', 'datetime'),
  ];
}

/** The JSON Schema of a new column of a given type (the add-column dialog). */
export function propertyForDataType(
  dataType: ColumnDataType,
  options: readonly string[] = [],
): EntityFieldSchema {
  const labels = [...new Set(options.map((option) => option.trim()).filter(Boolean))];
  switch (dataType) {
    case 'text':
      return { type: 'string' };
    case 'number':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'datetime':
      return { type: 'string', format: 'date-time' };
    case 'select':
      return { type: 'string', enum: labels };
    case 'multiselect':
      return { type: 'array', items: { type: 'string', enum: labels } };
    case 'image':
      return { type: 'string', contentMediaType: 'image/*', description: 'Image URL' };
    case 'json':
      return {};
  }
}

/** Texts longer than this, or with a line break, open the multi-line editor (spec 3 §5, §9). */
export const TEXT_CELL_LONG_THRESHOLD = 50;
export const isLongText = (value: string) => value.length > TEXT_CELL_LONG_THRESHOLD || value.includes('\n');

/** Boolean cells read true, 1, 'true' and '1' as true (spec 3 §5). */
export const readBooleanCell = (value: unknown): boolean =>
  value === true || value === 1 || value === 'true' || value === '1';

/** A number cell's text as a number; undefined when it is not one; null when empty. */
export function parseNumberCell(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

export type JsonCellParse = { ok: true; value: unknown } | { ok: false; message: string };

/** A JSON cell's text: empty saves null; otherwise it must parse, else 'Invalid JSON: …' (spec 3 §5). */
export function parseJsonCell(text: string): JsonCellParse {
  if (text.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: `Invalid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** Image uploads must be under 10,000,000 bytes (spec 3 §5, §9). */
export const IMAGE_UPLOAD_MAX_BYTES = 10_000_000;

/** Why an image file cannot be uploaded, or undefined when it can (spec 3 §5, §8). */
export function imageUploadProblem(
  file: { size: number; type: string } | undefined | null,
): string | undefined {
  if (!file) return DATABASE_MESSAGES.fileNotFound;
  if (!file.type.startsWith('image/')) return DATABASE_MESSAGES.imageOnly;
  if (file.size >= IMAGE_UPLOAD_MAX_BYTES) return DATABASE_MESSAGES.fileTooLarge;
  return undefined;
}

/** The options a multiselect cell shows, and the "+N" of the rest (spec 3 §9). */
export function multiselectOverflow<T>(
  values: readonly T[],
  visible: number,
): { shown: T[]; more: string | null } {
  const shown = values.slice(0, Math.max(0, visible));
  const hidden = values.length - shown.length;
  return { shown, more: hidden > 0 ? `+${hidden}` : null };
}

/** Layout of the data table (spec 2 §2). */
export const DATA_TABLE = { height: 480, rowHeight: 40, selectionColumnWidth: 50 } as const;

/** Bulk delete: chunks of 5, 200 ms between chunks, 500 ms before the refresh (spec 2 §9). */
export const BULK_DELETE = { chunkSize: 5, pauseMs: 200, refreshDelayMs: 500 } as const;

/** CSV import: batches of 10 rows, 3 in parallel; the mapping sees the first 5 rows (spec 2 §9). */
export const CSV_IMPORT = { batchSize: 10, parallelBatches: 3, previewRows: 5 } as const;

/** Messages of the database panel (spec 2 §2, §5, §8; spec 3 §5, §8). */
export const DATABASE_MESSAGES = {
  noEntities: 'No entities yet, use the chat to create one',
  createRowFailed: 'Failed to create row',
  updateRowFailed: 'Failed to update row',
  deleteRowFailed: 'Failed to delete row',
  emptyRow: 'Fill in at least one cell before saving the row',
  noDataToExport: 'No data to export',
  csvParseFailed: 'Failed to parse CSV file. Please check the format.',
  csvEmpty: 'CSV file appears to be empty',
  csvNoValidRows: 'No valid data rows found in CSV',
  csvIdConfirm:
    'You mapped id or creatorId: records with existing IDs will be overwritten, and records will be assigned to users by creator ID. Continue?',
  mappingFallback: "Couldn't generate AI mapping suggestions. Using basic mapping instead.",
  importAllSucceeded: (n: number) => `Successfully imported all ${n} rows.`,
  importSomeFailed: (failed: number, total: number) =>
    `Import completed with ${failed} failed rows out of ${total} total.`,
  importFailed: 'Failed to import data. Please try again.',
  fileTooLarge: 'File size to large',
  fileNotFound: 'File not found',
  imageOnly: 'Please choose an image file',
  uploadFailed: 'Failed to upload image. Please try again.',
  uploadSucceeded: 'Image uploaded successfully!',
} as const;
