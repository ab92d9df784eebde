import {
  ENTITY_API_MESSAGES,
  ENTITY_RECORD_MAX_BYTES,
  ENTITY_RECORD_MAX_FIELDS,
  type EntityRecordView,
  isSystemField,
} from '@atelier/shared';
import { AppError } from '../../platform/errors.ts';
import type { RecordRow } from './entities.repo.ts';
import type { RecordValidators } from './validation.ts';

/** How a stored row is answered: its fields, then id, creatorId, createdAt and updatedAt (which always win). */
export function toRecordView(row: RecordRow): EntityRecordView {
  return {
    ...row.data,
    id: row.id,
    creatorId: row.creator_id,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export const invalidRecord = (field: string, message: string, extra: Record<string, unknown> = {}) =>
  new AppError('validation_error', ENTITY_API_MESSAGES.invalidRecord(field, message), { field, ...extra });

/** Deepest nesting of objects and arrays a field may hold (deeper values could not be stored). */
export const MAX_FIELD_DEPTH = 64;

/** True when the value nests objects/arrays deeper than `max` (iterative: any depth is safe to check). */
function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

export const RECORD_LIMIT_MESSAGES = {
  tooLarge: `The record is too large (at most ${ENTITY_RECORD_MAX_BYTES / 1024} KB of fields as JSON)`,
  tooManyFields: `The record has too many fields (at most ${ENTITY_RECORD_MAX_FIELDS})`,
} as const;

/** The database's checks on `entity_records` (size and field count of `data`, after a merge too). */
const LIMIT_CONSTRAINTS: Record<string, string> = {
  entity_records_data_size: RECORD_LIMIT_MESSAGES.tooLarge,
  entity_records_data_fields: RECORD_LIMIT_MESSAGES.tooManyFields,
};

/** Runs a write; the database's refusal for passing a record limit becomes the API's 400. */
export async function withinRecordLimits<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    const message = code === '23514' && constraint ? LIMIT_CONSTRAINTS[constraint] : undefined;
    throw message ? new AppError('validation_error', message) : error;
  }
}

/**
 * The fields of a write without the platform's; `id` and `creatorId` are kept aside. A field nested
 * deeper than MAX_FIELD_DEPTH is refused (400 naming it), as is a body with more than
 * ENTITY_RECORD_MAX_FIELDS fields or more than ENTITY_RECORD_MAX_BYTES of JSON.
 */
export function splitSystemFields(body: Record<string, unknown>): {
  data: Record<string, unknown>;
  id: unknown;
  creatorId: unknown;
} {
  if (Buffer.byteLength(JSON.stringify(body)) > ENTITY_RECORD_MAX_BYTES) {
    throw new AppError('validation_error', RECORD_LIMIT_MESSAGES.tooLarge);
  }
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (nestedDeeperThan(value, MAX_FIELD_DEPTH)) {
      throw invalidRecord(key, `is nested too deeply (at most ${MAX_FIELD_DEPTH} levels)`);
    }
    if (!isSystemField(key)) data[key] = value;
  }
  if (Object.keys(data).length > ENTITY_RECORD_MAX_FIELDS) {
    throw new AppError('validation_error', RECORD_LIMIT_MESSAGES.tooManyFields);
  }
  return { data, id: body.id, creatorId: body.creatorId };
}

/**
 * A new record's data: null fields that the schema does not allow null for are left out, then the
 * JSON Schema (with defaults) is checked. Throws 400 naming the failing field.
 */
export function prepareCreate(
  body: Record<string, unknown>,
  validators: RecordValidators,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value === null && !validators.nullable.has(key)) continue;
    data[key] = value;
  }
  const problem = validators.create(data);
  if (problem) throw invalidRecord(problem.field, problem.message, extra);
  return data;
}

/**
 * A change: fields set to null (and not nullable) are removed from the record, unless required;
 * the rest is checked against the schema without `required`.
 */
export function preparePatch(
  body: Record<string, unknown>,
  validators: RecordValidators,
): { patch: Record<string, unknown>; remove: string[] } {
  const patch: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (value === null && !validators.nullable.has(key)) {
      if (validators.required.has(key)) throw invalidRecord(key, 'is required');
      remove.push(key);
      continue;
    }
    patch[key] = value;
  }
  const problem = validators.patch(patch);
  if (problem) throw invalidRecord(problem.field, problem.message);
  return { patch, remove };
}
