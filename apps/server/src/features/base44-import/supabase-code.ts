import { ENTITY_NAME_PATTERN } from '@atelier/shared';
import { type TS, ts } from '../../platform/typescript.ts';
import { type FieldType, literalType } from './entities.ts';
import { parseCode } from './source-files.ts';

/**
 * Tables the code of a Supabase app uses (README.md, "Supabase tables"): `<client>.from('table')`
 * followed by a PostgREST call (`select`, `insert`, `update`, `upsert`, `delete`), with the columns
 * its `insert`/`update`/`upsert` object literals write (typed by their values) and those its
 * filters and order name. `supabase.storage.from('bucket')` is a storage bucket, not a table.
 */

const TABLE_CALLS = new Set(['select', 'insert', 'update', 'upsert', 'delete']);
const WRITES = new Set(['insert', 'update', 'upsert']);
const COLUMN_CALLS = new Set([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'is',
  'in',
  'contains',
  'order',
]);
const COLUMN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/** Columns every record has (`id`, its dates): not fields. */
const SYSTEM_COLUMNS = new Set(['id', 'created_at', 'updated_at']);

const stringArg = (node: TS.CallExpression, index = 0) => {
  const arg = node.arguments[index];
  return arg && (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) ? arg.text : undefined;
};

export function tablesUsedInCode(
  files: { path: string; content: string }[],
): Map<string, Map<string, FieldType>> {
  const used = new Map<string, Map<string, FieldType>>();
  const note = (fields: Map<string, FieldType>, key: string, type: FieldType) => {
    if (!COLUMN.test(key) || SYSTEM_COLUMNS.has(key)) return;
    if (!fields.has(key) || fields.get(key) === 'string') fields.set(key, type);
  };
  for (const file of files) {
    if (!/\.(jsx?|tsx?)$/.test(file.path) || !/\.from\(/.test(file.content)) continue;
    const visit = (node: TS.Node) => {
      const table = tableOf(node);
      if (table) {
        const fields = used.get(table) ?? new Map<string, FieldType>();
        used.set(table, fields);
        // Up the chain: `.from('t').insert({…}).eq('a', 1).order('b')`.
        let call: TS.Node = node;
        while (ts.isPropertyAccessExpression(call.parent) && ts.isCallExpression(call.parent.parent)) {
          const method = call.parent.name.text;
          call = call.parent.parent;
          const args = (call as TS.CallExpression).arguments;
          if (WRITES.has(method) && args[0]) {
            const rows = ts.isArrayLiteralExpression(args[0]) ? args[0].elements : [args[0]];
            for (const row of rows) {
              if (!ts.isObjectLiteralExpression(row)) continue;
              for (const property of row.properties) {
                if (!ts.isPropertyAssignment(property) && !ts.isShorthandPropertyAssignment(property))
                  continue;
                if (!ts.isIdentifier(property.name) && !ts.isStringLiteral(property.name)) continue;
                const value = ts.isPropertyAssignment(property) ? property.initializer : undefined;
                note(fields, property.name.text, value ? literalType(value) : 'string');
              }
            }
          }
          const column = COLUMN_CALLS.has(method) ? stringArg(call as TS.CallExpression) : undefined;
          if (column) {
            const value = method === 'order' || method === 'in' ? undefined : args[1];
            note(fields, column, value ? literalType(value) : 'string');
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(parseCode(file.path, file.content));
  }
  return used;
}

/** `x.from('table')` followed by a table call: the table's name. */
function tableOf(node: TS.Node): string | undefined {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return undefined;
  if (node.expression.name.text !== 'from' || node.arguments.length !== 1) return undefined;
  const owner = node.expression.expression;
  if (ts.isPropertyAccessExpression(owner) && owner.name.text === 'storage') return undefined;
  if (ts.isIdentifier(owner) && ['Array', 'Buffer', 'Object', 'Uint8Array'].includes(owner.text))
    return undefined;
  const next = node.parent;
  if (!ts.isPropertyAccessExpression(next) || !TABLE_CALLS.has(next.name.text)) return undefined;
  const table = stringArg(node);
  return table && ENTITY_NAME_PATTERN.test(table) ? table : undefined;
}
