import type { EntityFieldSchema, EntitySchema } from '@atelier/shared';
import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { unsafeRegexReason } from './safe-regex.ts';
import { fieldAt } from './schemas.ts';

/**
 * Compiles the filters and sorts of the entity API to SQL (README.md in this folder). Field names
 * are checked against the entity's schema and operators against a fixed list; every name and value
 * reaches the database as a bound parameter, never as SQL text. Rows are aliased `r`.
 */

export type SystemColumn = 'id' | 'creatorId' | 'createdAt' | 'updatedAt';

export type FieldRef =
  | { kind: 'system'; name: SystemColumn }
  | { kind: 'data'; path: string[]; isArray: boolean };

/** Limits that keep one filter cheap to compile and to run. */
export const FILTER_LIMITS = {
  depth: 5,
  conditions: 100,
  inValues: 1000,
  regexLength: 200,
  pathDepth: 5,
} as const;

const COMPARISONS = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;
const FIELD_OPERATORS = new Set([
  '$eq',
  '$ne',
  '$in',
  '$nin',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$regex',
  '$options',
  '$contains',
]);

const SYSTEM_SQL: Record<SystemColumn, SQL> = {
  id: sql`r.id`,
  creatorId: sql`r.creator_id`,
  createdAt: sql`r.created_at`,
  updatedAt: sql`r.updated_at`,
};

const bad = (message: string) => new AppError('bad_request', message);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Resolves field names of one entity: its schema's properties (dotted for nested objects) and the system fields. */
export function schemaFieldResolver(
  schema: Pick<EntitySchema, 'properties'>,
  extra: Record<string, EntityFieldSchema> = {},
) {
  return (name: string): FieldRef | undefined => {
    if (name === 'id' || name === 'creatorId' || name === 'createdAt' || name === 'updatedAt') {
      return { kind: 'system', name };
    }
    const path = name.split('.');
    if (path.length > FILTER_LIMITS.pathDepth || path.some((part) => part === '')) return undefined;
    const field = path.length === 1 && Object.hasOwn(extra, name) ? extra[name] : fieldAt(schema, path);
    if (!field) return undefined;
    const types = field.type === undefined ? [] : Array.isArray(field.type) ? field.type : [field.type];
    return { kind: 'data', path, isArray: types.includes('array') };
  };
}

export type FieldResolver = (name: string) => FieldRef | undefined;

/** `r.data -> 'a' -> 'b'` with each key bound as a parameter. */
function jsonAt(path: readonly string[]): SQL {
  return sql.join([sql`r.data`, ...path.map((key) => sql`${key}::text`)], sql` -> `);
}

/** `r.data -> 'a' ->> 'b'`: the text of the value at a path. */
function textAt(path: readonly string[]): SQL {
  const head = path.slice(0, -1);
  return sql`${jsonAt(head)} ->> ${path.at(-1)}::text`;
}

/** `{"a": {"b": value}}` for containment (`@>`) on the GIN index. */
function nested(path: readonly string[], value: unknown): string {
  let node: unknown = value;
  for (const key of [...path].reverse()) node = { [key]: node };
  return JSON.stringify(node);
}

const jsonParam = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

interface Budget {
  conditions: number;
}

/** Compiles a filter (the SDK's `q`) to a condition; an empty filter is `true`. Throws 400 for anything unknown. */
export function compileFilter(filter: unknown, resolve: FieldResolver): SQL {
  if (filter === undefined || filter === null) return sql`true`;
  if (!isPlainObject(filter)) throw bad('The filter must be a JSON object');
  return compileObject(filter, resolve, 0, { conditions: 0 });
}

/** Parses `?q=` (JSON) and compiles it. */
export function compileQueryParam(q: string | undefined, resolve: FieldResolver): SQL {
  if (q === undefined || q.trim() === '') return sql`true`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(q);
  } catch {
    throw bad('The filter (q) is not valid JSON');
  }
  return compileFilter(parsed, resolve);
}

function compileObject(
  filter: Record<string, unknown>,
  resolve: FieldResolver,
  depth: number,
  budget: Budget,
): SQL {
  if (depth > FILTER_LIMITS.depth) throw bad(`Filters may nest at most ${FILTER_LIMITS.depth} levels`);
  const parts: SQL[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' || key === '$or' || key === '$nor') {
      if (!Array.isArray(value) || value.length === 0 || !value.every(isPlainObject)) {
        throw bad(`${key} takes a non-empty array of filters`);
      }
      const inner = value.map((item) => compileObject(item, resolve, depth + 1, budget));
      const joined = sql`(${sql.join(inner, key === '$and' ? sql` and ` : sql` or `)})`;
      // `$nor`: none matches (a condition on a missing field counts as not matching).
      parts.push(key === '$nor' ? sql`(not coalesce(${joined}, false))` : joined);
      continue;
    }
    if (key.startsWith('$')) throw bad(`Unknown operator ${JSON.stringify(key)}`);
    const field = resolve(key);
    if (!field) throw bad(`Unknown field ${JSON.stringify(key)}`);
    if (isPlainObject(value) && Object.keys(value).some((k) => k.startsWith('$'))) {
      parts.push(...compileOperators(key, field, value, budget));
    } else {
      parts.push(condition(field, '$eq', value, budget));
    }
  }
  return parts.length === 0
    ? sql`true`
    : parts.length === 1
      ? (parts[0] as SQL)
      : sql`(${sql.join(parts, sql` and `)})`;
}

function compileOperators(
  name: string,
  field: FieldRef,
  operators: Record<string, unknown>,
  budget: Budget,
): SQL[] {
  const parts: SQL[] = [];
  for (const [operator, operand] of Object.entries(operators)) {
    if (!FIELD_OPERATORS.has(operator))
      throw bad(`Unknown operator ${JSON.stringify(operator)} on ${JSON.stringify(name)}`);
    if (operator === '$options') continue;
    if (operator === '$regex') {
      parts.push(regex(field, operand, operators.$options, budget));
      continue;
    }
    parts.push(condition(field, operator, operand, budget));
  }
  return parts;
}

function count(budget: Budget) {
  budget.conditions += 1;
  if (budget.conditions > FILTER_LIMITS.conditions) {
    throw bad(`A filter may hold at most ${FILTER_LIMITS.conditions} conditions`);
  }
}

function condition(field: FieldRef, operator: string, value: unknown, budget: Budget): SQL {
  count(budget);
  return field.kind === 'system'
    ? systemCondition(field.name, operator, value)
    : dataCondition(field, operator, value);
}

function dataCondition(field: Extract<FieldRef, { kind: 'data' }>, operator: string, value: unknown): SQL {
  const at = jsonAt(field.path);
  switch (operator) {
    case '$eq':
      if (value === null) return sql`(${at} is null or ${at} = 'null'::jsonb)`;
      if (typeof value === 'object') return sql`(${at} = ${jsonParam(value)})`;
      // Containment uses the GIN index; on an array field, a scalar matches when the array holds it.
      return sql`(r.data @> ${nested(field.path, field.isArray ? [value] : value)}::jsonb)`;
    case '$ne':
      if (value === null) return sql`(${at} is not null and ${at} <> 'null'::jsonb)`;
      if (field.isArray && typeof value !== 'object') {
        return sql`(not (r.data @> ${nested(field.path, [value])}::jsonb))`;
      }
      return sql`(${at} is distinct from ${jsonParam(value)})`;
    case '$in':
    case '$nin': {
      const values = inValues(value, operator);
      const hit = field.isArray
        ? sql`exists (select 1 from jsonb_array_elements(case when jsonb_typeof(${at}) = 'array' then ${at} else '[]'::jsonb end) as e(v) where e.v in (select jsonb_array_elements(${jsonParam(values)})))`
        : sql`(${at} in (select jsonb_array_elements(${jsonParam(values)})))`;
      return operator === '$in' ? sql`coalesce(${hit}, false)` : sql`(not coalesce(${hit}, false))`;
    }
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte': {
      if (typeof value !== 'number' && typeof value !== 'string') {
        throw bad(`${operator} compares with a number or a text`);
      }
      const kind = typeof value === 'number' ? 'number' : 'string';
      const op = sql.raw(COMPARISONS[operator]);
      return sql`(jsonb_typeof(${at}) = ${kind} and ${at} ${op} ${jsonParam(value)})`;
    }
    case '$contains':
      if (field.isArray) return sql`(r.data @> ${nested(field.path, [value])}::jsonb)`;
      if (typeof value !== 'string') throw bad('$contains on a text field takes a text');
      return sql`(strpos(${textAt(field.path)}, ${value}::text) > 0)`;
    default:
      throw bad(`Unknown operator ${JSON.stringify(operator)}`);
  }
}

const SYSTEM_TYPE: Record<SystemColumn, 'text' | 'time'> = {
  id: 'text',
  creatorId: 'text',
  createdAt: 'time',
  updatedAt: 'time',
};

function systemValue(column: SystemColumn, value: unknown): SQL {
  if (SYSTEM_TYPE[column] === 'text') {
    if (typeof value !== 'string') throw bad(`${column} compares with a text`);
    return sql`${value}::text`;
  }
  const time = typeof value === 'string' || typeof value === 'number' ? new Date(value) : undefined;
  if (!time || Number.isNaN(time.getTime())) throw bad(`${column} compares with a date`);
  return sql`${time.toISOString()}::timestamptz`;
}

function systemCondition(column: SystemColumn, operator: string, value: unknown): SQL {
  const col = SYSTEM_SQL[column];
  switch (operator) {
    case '$eq':
      return value === null ? sql`(${col} is null)` : sql`(${col} = ${systemValue(column, value)})`;
    case '$ne':
      return value === null
        ? sql`(${col} is not null)`
        : sql`(${col} is distinct from ${systemValue(column, value)})`;
    case '$in':
    case '$nin': {
      const values = inValues(value, operator).map((item) => systemValue(column, item));
      if (values.length === 0) return operator === '$in' ? sql`false` : sql`true`;
      const list = sql`(${sql.join(values, sql`, `)})`;
      return operator === '$in'
        ? sql`coalesce(${col} in ${list}, false)`
        : sql`(not coalesce(${col} in ${list}, false))`;
    }
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte':
      return sql`(${col} ${sql.raw(COMPARISONS[operator])} ${systemValue(column, value)})`;
    case '$contains':
      if (SYSTEM_TYPE[column] !== 'text' || typeof value !== 'string')
        throw bad(`$contains on ${column} takes a text`);
      return sql`(strpos(${col}, ${value}::text) > 0)`;
    default:
      throw bad(`Unknown operator ${JSON.stringify(operator)}`);
  }
}

function inValues(value: unknown, operator: string): unknown[] {
  if (!Array.isArray(value)) throw bad(`${operator} takes an array`);
  if (value.length > FILTER_LIMITS.inValues)
    throw bad(`${operator} takes at most ${FILTER_LIMITS.inValues} values`);
  return value;
}

/**
 * `$regex` (with `$options: 'i'`): bounded in length and kept to a safe subset (`safe-regex.ts`:
 * no nested or large repetitions, no back-references), so PostgreSQL's engine (`~` / `~*`) runs it
 * in bounded time.
 */
function regex(field: FieldRef, pattern: unknown, options: unknown, budget: Budget): SQL {
  count(budget);
  if (typeof pattern !== 'string' || pattern.length === 0) throw bad('$regex takes a non-empty text');
  if (pattern.length > FILTER_LIMITS.regexLength) {
    throw bad(`$regex may be at most ${FILTER_LIMITS.regexLength} characters`);
  }
  if (options !== undefined && options !== '' && options !== 'i') throw bad('$options may only be "i"');
  const unsafe = unsafeRegexReason(pattern);
  if (unsafe) throw bad(unsafe);
  try {
    new RegExp(pattern, 'u');
  } catch {
    throw bad('$regex is not a valid regular expression');
  }
  if (field.kind === 'system' && SYSTEM_TYPE[field.name] !== 'text')
    throw bad(`$regex does not apply to ${field.name}`);
  const target = field.kind === 'system' ? SYSTEM_SQL[field.name] : textAt(field.path);
  const op = options === 'i' ? sql.raw('~*') : sql.raw('~');
  return sql`(${target} ${op} ${pattern}::text)`;
}

/**
 * `field` ascending or `-field` descending (default: `-createdAt`, spec 2 §7); ties are broken by
 * creation time and id so pages are stable.
 */
/** A list's order: one field and its direction (then newest first, then id, as tie-breakers). */
export interface SortKey {
  field: FieldRef;
  descending: boolean;
}

/** The order a `sort` parameter asks for: `field` or `-field`; newest first by default. */
export function parseSort(sort: string | undefined, resolve: FieldResolver): SortKey {
  const text = sort?.trim() || '-createdAt';
  const descending = text.startsWith('-');
  const name = descending || text.startsWith('+') ? text.slice(1) : text;
  const field = resolve(name);
  if (!field) throw bad(`Cannot sort by unknown field ${JSON.stringify(name)}`);
  return { field, descending };
}

export function compileSort(sort: string | undefined, resolve: FieldResolver): SQL {
  return sortSql(parseSort(sort, resolve));
}

/**
 * `ORDER BY` terms of a sort key (an index on the same terms serves it: sort-indexes.ts). A missing
 * value (SQL null) sorts as the smallest, first ascending and last descending, as in MongoDB (the
 * Base44 SDK's store) and next to JSON `null`, which jsonb orders below every other value: the two
 * directions are exact mirrors, so one index read forwards or backwards serves both.
 */
/**
 * `ORDER BY` of several keys, each with its own placement of missing values (PostgREST's
 * `order=a.desc.nullslast,b`; PostgreSQL's default when not given: last ascending, first
 * descending), then oldest first and id as tie-breakers.
 */
export function sortKeysSql(keys: readonly (SortKey & { nullsFirst?: boolean | undefined })[]): SQL {
  const terms = keys.map(({ field, descending, nullsFirst }) => {
    const key = field.kind === 'system' ? SYSTEM_SQL[field.name] : jsonAt(field.path);
    const nulls = (nullsFirst ?? descending) ? 'nulls first' : 'nulls last';
    return sql`${key} ${sql.raw(descending ? 'desc' : 'asc')} ${sql.raw(nulls)}`;
  });
  return sql.join([...terms, sql.raw('r.created_at asc, r.id asc')], sql`, `);
}

export function sortSql({ field, descending }: SortKey): SQL {
  const direction = descending ? sql.raw('desc nulls last') : sql.raw('asc nulls first');
  const key = field.kind === 'system' ? SYSTEM_SQL[field.name] : jsonAt(field.path);
  const tie = descending ? sql.raw('r.created_at desc, r.id desc') : sql.raw('r.created_at asc, r.id asc');
  if (field.kind === 'system' && (field.name === 'createdAt' || field.name === 'id')) {
    // Never null: no NULLS clause, so the primary key (scanned either way) serves the order.
    return field.name === 'id' ? sql`r.id ${sql.raw(descending ? 'desc' : 'asc')}` : tie;
  }
  return sql`${key} ${direction}, ${tie}`;
}
