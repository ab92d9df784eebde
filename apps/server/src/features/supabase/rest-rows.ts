import type { EntityFieldSchema, EntityRecordView, EntitySchema } from '@atelier/shared';
import { isSystemField } from '@atelier/shared';
import type { FieldRef, FieldResolver } from '../entities/filter.ts';
import { fieldAt } from '../entities/schemas.ts';
import { PgrstError } from './rest-errors.ts';
import { type Condition, type FilterNode, listValues, type OrderKey } from './rest-query.ts';

/**
 * A table's rows over an entity's records (README.md, "REST"): columns are the entity's fields,
 * `id` is the record's id, and `created_at` / `updated_at` are the record's dates unless the entity
 * declares fields of those names. Filter values arrive as text and are typed by the field they
 * compare with, as PostgreSQL types them by the column.
 */

type Schema = Pick<EntitySchema, 'properties'>;

/** The record dates a row shows under PostgREST's usual names. */
const DATE_COLUMNS = { created_at: 'createdAt', updated_at: 'updatedAt' } as const;

const declares = (schema: Schema, name: string) => Object.hasOwn(schema.properties ?? {}, name);

/** The Atelier name of a column (`created_at` → `createdAt` when not a field) and a JSON path below it. */
export function fieldName(schema: Schema, column: string, path: readonly string[] = []): string {
  const mapped =
    column in DATE_COLUMNS && !declares(schema, column)
      ? DATE_COLUMNS[column as keyof typeof DATE_COLUMNS]
      : column;
  return [mapped, ...path].join('.');
}

/**
 * Resolves names as the entity's resolver does, and also columns no entity file declares and paths
 * into a JSON column (`meta->>key`), which read as missing (null) where a record lacks them.
 */
export const restFields =
  (fields: FieldResolver): FieldResolver =>
  (name) => {
    const known = fields(name);
    if (known) return known;
    const path = name.split('.');
    const plain = /^[A-Za-z_][\w]{0,99}$/;
    return path.length <= 5 &&
      path.every((part) => part.length > 0 && part.length <= 100) &&
      plain.test(path[0] ?? '')
      ? { kind: 'data', path, isArray: false }
      : undefined;
  };

type Kind = 'number' | 'integer' | 'boolean' | 'string' | 'array' | 'object' | 'time' | 'unknown';

function kindOf(schema: Schema, column: string, path: readonly string[]): Kind {
  if (path.length === 0) {
    if (column === 'id') return 'string';
    if (column in DATE_COLUMNS && !declares(schema, column)) return 'time';
  }
  const field: EntityFieldSchema | undefined = fieldAt(schema, [column, ...path]);
  const types = field?.type === undefined ? [] : Array.isArray(field.type) ? field.type : [field.type];
  const type = types.find((item) => item !== 'null');
  return (type as Kind | undefined) ?? 'unknown';
}

const NUMBER = /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

const invalid = (type: string, value: string) =>
  new PgrstError(400, '22P02', `invalid input syntax for type ${type}: "${value}"`);

/** A filter's text as the field's type. */
function typed(kind: Kind, value: string): unknown {
  switch (kind) {
    case 'number':
    case 'integer':
      if (!NUMBER.test(value)) throw invalid(kind === 'integer' ? 'integer' : 'numeric', value);
      return Number(value);
    case 'boolean': {
      const lower = value.toLowerCase();
      if (['true', 't', 'yes', 'on', '1'].includes(lower)) return true;
      if (['false', 'f', 'no', 'off', '0'].includes(lower)) return false;
      throw invalid('boolean', value);
    }
    default:
      return value;
  }
}

/** An undeclared column's text may be stored as a number or a boolean too: every reading of it. */
function readings(value: string): unknown[] {
  const out: unknown[] = [value];
  if (NUMBER.test(value)) out.push(Number(value));
  if (value === 'true' || value === 'false') out.push(value === 'true');
  return out;
}

/** `%` and `*` any text, `_` any character, the rest literal: an anchored regular expression. */
export function likePattern(pattern: string): string {
  let out = '^';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] as string;
    if (char === '%' || char === '*') out += '.*';
    else if (char === '_') out += '.';
    else if (char === '\\' && i + 1 < pattern.length) out += literal(pattern[++i] as string);
    else out += literal(char);
  }
  return `${out}$`;
}

const literal = (char: string) => (/^[!-/:-@[-`{-~]$/.test(char) ? `\\${char}` : char);

const bad = (message: string) => new PgrstError(400, 'PGRST100', message);

function conditionQuery(schema: Schema, c: Condition): Record<string, unknown> {
  const name = fieldName(schema, c.column, c.path);
  const kind = kindOf(schema, c.column, c.path);
  const one = (value: string) => (kind === 'unknown' ? readings(value) : [typed(kind, value)]);
  const ordered = (value: string) =>
    kind === 'unknown' && NUMBER.test(value) ? Number(value) : typed(kind, value);
  const at = (operand: unknown) => ({ [name]: operand });
  const like = (pattern: string, insensitive: boolean) =>
    at({ $regex: likePattern(pattern), ...(insensitive ? { $options: 'i' } : {}) });
  let query: Record<string, unknown>;
  switch (c.operator) {
    case 'eq': {
      const values = one(c.value);
      query = at(values.length === 1 ? values[0] : { $in: values });
      break;
    }
    case 'neq':
    case 'isdistinct': {
      const values = one(c.value);
      query = at(values.length === 1 ? { $ne: values[0] } : { $nin: values });
      break;
    }
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      query = at({ [`$${c.operator}`]: ordered(c.value) });
      break;
    case 'like':
    case 'ilike': {
      const insensitive = c.operator === 'ilike';
      if (c.modifier === 'any' || c.modifier === 'all') {
        const items = listValues(c.value, '{').map((pattern) => like(pattern, insensitive));
        query = { [c.modifier === 'any' ? '$or' : '$and']: items };
      } else query = like(c.value, insensitive);
      break;
    }
    case 'match':
    case 'imatch':
      query = at({ $regex: c.value, ...(c.operator === 'imatch' ? { $options: 'i' } : {}) });
      break;
    case 'is': {
      const value = c.value.toLowerCase();
      if (value === 'null' || value === 'unknown') query = at(null);
      else if (value === 'true' || value === 'false') query = at(value === 'true');
      else throw bad(`"is" takes null, true, false or unknown, not "${c.value}"`);
      break;
    }
    case 'in':
      query = at({ $in: listValues(c.value, '(').flatMap(one) });
      break;
    case 'cs':
    case 'ov': {
      const values = c.value.startsWith('[') ? jsonList(c.value) : listValues(c.value, '{');
      query =
        c.operator === 'ov'
          ? at({ $in: values })
          : { $and: values.length === 0 ? [{}] : values.map((value) => at({ $contains: value })) };
      break;
    }
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      const words = c.value.match(/[\p{L}\p{N}_]+/gu) ?? [];
      if (words.length === 0) throw bad('A text search needs a word');
      query = { $and: words.slice(0, 20).map((word) => at({ $regex: word, $options: 'i' })) };
      break;
    }
    default:
      throw bad(`Atelier does not support the filter operator "${c.operator}"`);
  }
  return c.negate ? { $nor: [query] } : query;
}

function jsonList(text: string): unknown[] {
  try {
    const value = JSON.parse(text) as unknown;
    if (Array.isArray(value)) return value;
  } catch {}
  throw bad(`"${text}" is not a list`);
}

function nodeQuery(schema: Schema, node: FilterNode): Record<string, unknown> {
  if (node.kind === 'condition') return conditionQuery(schema, node);
  const query = { [`$${node.op}`]: node.items.map((item) => nodeQuery(schema, item)) };
  return node.negate ? { $nor: [query] } : query;
}

/** The filters as one query for `entities/filter.ts` (undefined: every row). */
export function filterQuery(
  schema: Schema,
  nodes: readonly FilterNode[],
): Record<string, unknown> | undefined {
  if (nodes.length === 0) return undefined;
  return { $and: nodes.map((node) => nodeQuery(schema, node)) };
}

/** The order's keys as the filter engine's fields. */
export function orderFields(
  schema: Schema,
  keys: readonly OrderKey[],
  resolve: FieldResolver,
): { field: FieldRef; descending: boolean; nullsFirst: boolean | undefined }[] {
  return keys.map((key) => {
    const field = resolve(fieldName(schema, key.column, key.path));
    if (!field) throw bad(`Cannot order by "${key.column}"`);
    return { field, descending: key.descending, nullsFirst: key.nullsFirst };
  });
}

/** A record as a row. */
export function rowOf(schema: Schema, record: EntityRecordView): Record<string, unknown> {
  const { creatorId: _creator, createdAt, updatedAt, ...row } = record;
  if (!declares(schema, 'created_at') && !Object.hasOwn(row, 'created_at')) row.created_at = createdAt;
  if (!declares(schema, 'updated_at') && !Object.hasOwn(row, 'updated_at')) row.updated_at = updatedAt;
  return row;
}

/** What a row written by the app stores: not its id or the record dates (system columns). */
export function writeOf(schema: Schema, body: unknown, index?: number): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new PgrstError(
      400,
      'PGRST102',
      index === undefined ? 'The row must be a JSON object' : `Row ${index + 1} must be a JSON object`,
    );
  }
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === 'id' || isSystemField(key)) continue;
    if (key in DATE_COLUMNS && !declares(schema, key)) continue;
    data[key] = value;
  }
  return data;
}
