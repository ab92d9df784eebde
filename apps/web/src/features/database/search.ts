import type { EntitySchema } from '@atelier/shared';

/** `text` as a regular expression that matches it literally. */
export const literalPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * The grid's search as an entity API filter (`q`): the text, case-insensitively, in any text field
 * of the entity, or the record's id.
 */
export function searchFilter(schema: Pick<EntitySchema, 'properties'>, text: string): string {
  const pattern = { $regex: literalPattern(text), $options: 'i' };
  const textFields = Object.entries(schema.properties ?? {})
    .filter(
      ([, field]) => field.type === 'string' || (Array.isArray(field.type) && field.type.includes('string')),
    )
    .map(([name]) => name);
  return JSON.stringify({ $or: [...textFields.map((name) => ({ [name]: pattern })), { id: pattern }] });
}
