import type { EntitySchema, TableColumn } from '@atelier/shared';

/** `text` as a regular expression that matches it literally. */
export const literalPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * The grid's search as an entity API condition: the text, case-insensitively, in any text field of
 * the entity, or the record's id (combined with the column filters by `combineFilters`).
 */
export function searchCondition(schema: Pick<EntitySchema, 'properties'>, text: string) {
  const pattern = { $regex: literalPattern(text), $options: 'i' };
  const textFields = Object.entries(schema.properties ?? {})
    .filter(
      ([, field]) => field.type === 'string' || (Array.isArray(field.type) && field.type.includes('string')),
    )
    .map(([name]) => name);
  return { $or: [...textFields.map((name) => ({ [name]: pattern })), { id: pattern }] };
}

/** What a column's filter does, by its data type (the header menu's "Filter…"). */
export function filterKind(column: Pick<TableColumn, 'dataType'>): 'contains' | 'is' {
  return column.dataType === 'number' || column.dataType === 'boolean' || column.dataType === 'multiselect'
    ? 'is'
    : 'contains';
}

/**
 * One column's filter as an entity API condition: text-like columns contain the text (any case);
 * numbers and booleans equal it; a multi-select holds the option. Empty text filters nothing; a
 * number column's text that is not a number is an error to show.
 */
export function columnFilter(
  column: Pick<TableColumn, 'id' | 'dataType'>,
  text: string,
): { condition?: Record<string, unknown>; error?: string } {
  const value = text.trim();
  if (!value) return {};
  switch (column.dataType) {
    case 'number': {
      const n = Number(value);
      return Number.isFinite(n) ? { condition: { [column.id]: n } } : { error: 'Enter a number' };
    }
    case 'boolean':
      return { condition: { [column.id]: value === 'true' } };
    case 'multiselect':
      return { condition: { [column.id]: value } };
    default:
      return { condition: { [column.id]: { $regex: literalPattern(value), $options: 'i' } } };
  }
}

/** The search and the column filters together as one `q` (all must hold), or undefined for none. */
export function combineFilters(parts: (Record<string, unknown> | undefined)[]): string | undefined {
  const present = parts.filter((part): part is Record<string, unknown> => part !== undefined);
  if (present.length === 0) return undefined;
  return JSON.stringify(present.length === 1 ? present[0] : { $and: present });
}
