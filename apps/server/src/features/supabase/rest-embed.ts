import type { EntitySchema } from '@atelier/shared';
import type { SelectItem } from './rest-query.ts';

/**
 * `select=…` applied to rows: columns, aliases and embedded resources (`author:profiles(*)`,
 * `comments(*)`). PostgREST follows foreign keys; Atelier's entities have none, so an embedding is
 * served when a column names it — the row's `<table>_id` (or the hint's column) for one record,
 * the other table's `<this table>_id` for a list — and is otherwise null (a singular name) or `[]`
 * (a plural one), never an error. Each embedding is one read through the entity service (the
 * caller's rules apply), of at most EMBED_MAX_ROWS records.
 */

export const EMBED_MAX_ROWS = 1000;

type Row = Record<string, unknown>;
type Schema = Pick<EntitySchema, 'properties'>;

export interface EmbedSource {
  /** The other table's schema, or undefined when the app has no such entity (or not for this caller). */
  schemaOf(table: string): Promise<Schema | undefined>;
  /** Rows of the other table whose `column` is one of `values`, as the caller may read them. */
  rowsWhere(table: string, column: string, values: string[], limit: number): Promise<Row[]>;
}

const singular = (name: string) =>
  name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.endsWith('s') ? name.slice(0, -1) : name;

const has = (schema: Schema, rows: readonly Row[], column: string) =>
  Object.hasOwn(schema.properties ?? {}, column) || rows.some((row) => Object.hasOwn(row, column));

/** The column a hint names: `author_id`, or `posts_author_id_fkey` (a constraint's name). */
function hintColumn(hint: string | undefined, table: string): string | undefined {
  if (!hint || hint === 'inner' || hint === 'left') return undefined;
  const fkey = /^(.+)_fkey$/.exec(hint)?.[1];
  if (!fkey) return hint;
  return fkey.startsWith(`${table}_`) ? fkey.slice(table.length + 1) : fkey;
}

const strings = (values: unknown[]) => [
  ...new Set(values.filter((value): value is string => typeof value === 'string')),
];

function valueAt(value: unknown, path: readonly string[]): unknown {
  let node = value;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return null;
    node = (node as Row)[key];
  }
  return node ?? null;
}

/** The rows as `select` shapes them (embedded rows read through `source`). */
export async function shapeRows(
  source: EmbedSource,
  table: string,
  schema: Schema,
  rows: Row[],
  items: readonly SelectItem[],
): Promise<Row[]> {
  const embeds = new Map<SelectItem, unknown[]>();
  for (const item of items) {
    if (item.kind === 'embed') embeds.set(item, await embedded(source, table, schema, rows, item));
  }
  return rows.map((row, index) => {
    const out: Row = {};
    for (const item of items) {
      if (item.kind === 'star') Object.assign(out, row);
      else if (item.kind === 'column') out[item.alias] = valueAt(row[item.name], item.path);
      else {
        const value = embeds.get(item)?.[index] ?? null;
        if (item.spread) {
          if (value && typeof value === 'object' && !Array.isArray(value)) Object.assign(out, value);
        } else out[item.alias] = value;
      }
    }
    return out;
  });
}

/** One embedding's value for each row. */
async function embedded(
  source: EmbedSource,
  table: string,
  schema: Schema,
  rows: Row[],
  item: Extract<SelectItem, { kind: 'embed' }>,
): Promise<unknown[]> {
  const other = await source.schemaOf(item.table);
  const fallback = item.table.endsWith('s') && !item.spread ? [] : null;
  if (!other || rows.length === 0) return rows.map(() => fallback);
  const hinted = hintColumn(item.hint, table);
  // One record: a column of this row holds its id.
  const local = [
    hinted,
    `${item.table}_id`,
    `${singular(item.table)}_id`,
    item.alias === item.table ? undefined : `${item.alias}_id`,
  ]
    .filter((column): column is string => column !== undefined)
    .find((column) => has(schema, rows, column));
  if (local) {
    const ids = strings(rows.map((row) => row[local])).slice(0, EMBED_MAX_ROWS);
    const found = await source.rowsWhere(item.table, 'id', ids, EMBED_MAX_ROWS);
    const shaped = await shapeRows(source, item.table, other, found, item.items);
    const byId = new Map(found.map((row, index) => [row.id, shaped[index]]));
    return rows.map((row) => byId.get(row[local]) ?? null);
  }
  // A list: the other table's column holds this row's id.
  const foreign = [hinted, `${singular(table)}_id`, `${table}_id`]
    .filter((column): column is string => column !== undefined)
    .find((column) => Object.hasOwn(other.properties ?? {}, column));
  if (!foreign) return rows.map(() => fallback);
  const ids = strings(rows.map((row) => row.id)).slice(0, EMBED_MAX_ROWS);
  const found = await source.rowsWhere(item.table, foreign, ids, EMBED_MAX_ROWS);
  const shaped = await shapeRows(source, item.table, other, found, item.items);
  const byParent = new Map<unknown, Row[]>();
  found.forEach((row, index) => {
    const list = byParent.get(row[foreign]) ?? [];
    list.push(shaped[index] as Row);
    byParent.set(row[foreign], list);
  });
  return rows.map((row) => byParent.get(row.id) ?? []);
}
