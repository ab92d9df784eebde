import type { PublicToolField, ToolFieldValue } from '@atelier/shared';

/**
 * The form's values with the end user's remembered answers filled in: memorized fields only, and
 * never over a value already there (typed, or filled before). The same object when nothing changes.
 */
export function prefillMemorized(
  fields: readonly Pick<PublicToolField, 'name' | 'memorize'>[],
  values: Record<string, ToolFieldValue>,
  remembered: Record<string, ToolFieldValue>,
): Record<string, ToolFieldValue> {
  let next = values;
  for (const field of fields) {
    const value = remembered[field.name];
    if (!field.memorize || value === undefined || value === null || values[field.name] !== undefined)
      continue;
    if (next === values) next = { ...values };
    next[field.name] = value;
  }
  return next;
}
