import {
  ENTITY_NAME_PATTERN,
  type EntityFieldSchema,
  type EntitySchema,
  parseEntitySchema,
} from '@atelier/shared';
import { loadModule, parseSync, scanSync } from 'libpg-query';

/**
 * The tables of an export that moved to Supabase (README.md, "Supabase tables"): the SQL of
 * `supabase/migrations/*.sql`, `supabase/*.sql` and schema files, read by PostgreSQL's own parser
 * (libpg-query, WebAssembly), becomes entity files — CREATE TABLE (and ALTER TABLE … ADD/DROP
 * COLUMN, DROP TABLE) in the public schema, columns typed as fields. `id`, `created_at` and
 * `updated_at` are the record's own (the Supabase REST API answers them). Row-level security
 * policies are not translated: the entities get the importer's default rules.
 */

/** Loads the parser (WebAssembly) once; `tablesFromSql` needs it loaded. */
export const loadSqlParser = (() => {
  let loading: Promise<void> | undefined;
  return () => {
    loading ??= loadModule();
    return loading;
  };
})();

/** Columns every record has: the REST API answers them from the record. */
const SYSTEM_COLUMNS = new Set(['id', 'created_at', 'updated_at']);

/** SQL files read at most (the archive's own caps bound their size). */
export const SQL_FILES_MAX = 300;

/** The export's SQL files in the order they apply: migrations by name, then the others. */
export function sqlFilesOf(paths: Iterable<string>): string[] {
  const sql = [...paths].filter((file) => file.endsWith('.sql') && !file.includes('node_modules/'));
  const migration = (file: string) => /(^|\/)migrations\//.test(file);
  const rank = (file: string) => (migration(file) ? 0 : /(^|\/)seed[^/]*\.sql$/.test(file) ? 2 : 1);
  return sql.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)).slice(0, SQL_FILES_MAX);
}

// The parser's tree, as far as it is read here.
interface Named {
  String?: { sval?: string };
}
interface TypeName {
  names?: Named[];
  arrayBounds?: unknown[];
}
interface AConst {
  ival?: { ival?: number };
  fval?: { fval?: string };
  sval?: { sval?: string };
  boolval?: { boolval?: boolean };
  isnull?: boolean;
}
interface Expr {
  A_Const?: AConst;
  TypeCast?: { arg?: Expr; typeName?: TypeName };
}
interface ConstraintNode {
  Constraint?: { contype?: string; raw_expr?: Expr };
}
interface ColumnDef {
  colname?: string;
  typeName?: TypeName;
  constraints?: ConstraintNode[];
}
interface RangeVar {
  schemaname?: string;
  relname?: string;
}
interface Statement {
  CreateStmt?: { relation?: RangeVar; tableElts?: { ColumnDef?: ColumnDef }[] };
  AlterTableStmt?: {
    relation?: RangeVar;
    objtype?: string;
    cmds?: { AlterTableCmd?: { subtype?: string; name?: string; def?: { ColumnDef?: ColumnDef } } }[];
  };
  DropStmt?: { removeType?: string; objects?: { List?: { items?: Named[] } }[] };
  CreateEnumStmt?: { typeName?: Named[]; vals?: Named[] };
  CreatePolicyStmt?: unknown;
  ViewStmt?: {
    view?: RangeVar;
    query?: {
      SelectStmt?: {
        targetList?: {
          ResTarget?: { name?: string; val?: { ColumnRef?: { fields?: (Named & { A_Star?: unknown })[] } } };
        }[];
        fromClause?: { RangeVar?: RangeVar }[];
      };
    };
  };
}

interface Column {
  field: EntityFieldSchema;
  required: boolean;
}

export interface SqlTables {
  /** Entity schemas by table name, with the file that created each. */
  tables: Map<string, { schema: EntitySchema; file: string; columns: number }>;
  /** SQL files (or statements) that could not be read, and tables that cannot be entities. */
  problems: { path: string; reason: string }[];
  /** CREATE POLICY statements met (not translated). */
  policies: number;
  /** Views over one table of the public schema: their table and columns (view name → column), or `*`. */
  views: Map<string, { table: string; columns: Record<string, string> | '*'; file: string }>;
}

const lastName = (names: Named[] | undefined) => names?.at(-1)?.String?.sval ?? '';

const isPublic = (relation: RangeVar | undefined) =>
  relation?.relname !== undefined && (relation.schemaname === undefined || relation.schemaname === 'public');

/** A constant default (`default 0`, `'todo'`, `'[]'::jsonb`, `false`), else undefined. */
function constant(expr: Expr | undefined, field: EntityFieldSchema): unknown {
  const value = expr?.TypeCast ? expr.TypeCast.arg?.A_Const : expr?.A_Const;
  if (!value || value.isnull) return undefined;
  let out: unknown;
  if (value.ival) out = value.ival.ival ?? 0;
  else if (value.fval) out = Number(value.fval.fval);
  else if (value.boolval) out = value.boolval.boolval ?? false;
  else if (value.sval) out = value.sval.sval ?? '';
  const type = field.type;
  if (typeof out === 'string' && (type === 'object' || type === 'array')) {
    try {
      out = JSON.parse(out);
    } catch {
      return undefined;
    }
  }
  if (type === 'boolean' && typeof out === 'string')
    out = ['t', 'true', 'yes', 'on', '1'].includes(out.toLowerCase());
  if ((type === 'number' || type === 'integer') && typeof out === 'string') out = Number(out);
  const matches =
    (type === 'string' && typeof out === 'string') ||
    ((type === 'number' || type === 'integer') && typeof out === 'number' && Number.isFinite(out)) ||
    (type === 'boolean' && typeof out === 'boolean') ||
    (type === 'array' && Array.isArray(out)) ||
    (type === 'object' && out !== null && typeof out === 'object' && !Array.isArray(out));
  return matches && !(field.enum && !field.enum.includes(out)) ? out : undefined;
}

const STRING_TYPES = new Set([
  'text',
  'varchar',
  'bpchar',
  'char',
  'character',
  'uuid',
  'citext',
  'name',
  'inet',
  'cidr',
]);
const INTEGER_TYPES = new Set([
  'int2',
  'int4',
  'int8',
  'smallint',
  'integer',
  'int',
  'bigint',
  'serial',
  'serial4',
  'serial8',
  'bigserial',
  'smallserial',
]);
const NUMBER_TYPES = new Set(['numeric', 'decimal', 'float4', 'float8', 'real', 'double', 'money']);

/** A column's SQL type as a field (`enums`: the app's enum types). */
function fieldOf(
  type: TypeName | undefined,
  enums: Map<string, string[]>,
  defaultValue: Expr | undefined,
): EntityFieldSchema {
  const name = lastName(type?.names).toLowerCase();
  let field: EntityFieldSchema;
  if (enums.has(name)) field = { type: 'string', enum: enums.get(name) as string[] };
  else if (INTEGER_TYPES.has(name)) field = { type: 'integer' };
  else if (NUMBER_TYPES.has(name)) field = { type: 'number' };
  else if (name === 'bool' || name === 'boolean') field = { type: 'boolean' };
  else if (name === 'timestamptz' || name === 'timestamp') field = { type: 'string', format: 'date-time' };
  else if (name === 'date') field = { type: 'string', format: 'date' };
  else if (name === 'json' || name === 'jsonb') {
    // A JSON column holds an object or a list; its default tells which, when it has one.
    const initial = defaultValue?.TypeCast?.arg?.A_Const?.sval?.sval ?? defaultValue?.A_Const?.sval?.sval;
    field = { type: initial?.trim().startsWith('[') ? 'array' : 'object' };
  } else field = { type: 'string' };
  if (!STRING_TYPES.has(name) && field.type === 'string' && !field.format && !field.enum && name !== '') {
    field.description = `PostgreSQL type ${name}`;
  }
  return type?.arrayBounds?.length ? { type: 'array', items: field } : field;
}

function columnOf(def: ColumnDef, enums: Map<string, string[]>): Column {
  const constraints = (def.constraints ?? []).map((node) => node.Constraint ?? {});
  const defaultExpr = constraints.find((item) => item.contype === 'CONSTR_DEFAULT')?.raw_expr;
  const field = fieldOf(def.typeName, enums, defaultExpr);
  const initial = constant(defaultExpr, field);
  if (initial !== undefined) field.default = initial;
  const serial = /serial/.test(lastName(def.typeName?.names));
  const generated = constraints.some(
    (item) => item.contype === 'CONSTR_IDENTITY' || item.contype === 'CONSTR_GENERATED',
  );
  const notNull = constraints.some(
    (item) => item.contype === 'CONSTR_NOTNULL' || item.contype === 'CONSTR_PRIMARY',
  );
  return { field, required: notNull && !defaultExpr && !serial && !generated };
}

/** Statements of a file the parser refused as a whole, one by one (split at the scanner's `;`). */
function statementsOf(text: string): { stmts: Statement[]; failed: string[] } {
  try {
    return { stmts: (parseSync(text).stmts ?? []).map((item) => (item.stmt ?? {}) as Statement), failed: [] };
  } catch (whole) {
    const stmts: Statement[] = [];
    const failed: string[] = [];
    let tokens: { start: number; text: string }[];
    try {
      tokens = scanSync(text).tokens;
    } catch {
      return { stmts, failed: [(whole as Error).message] };
    }
    let start = 0;
    const ends = tokens.filter((token) => token.text === ';').map((token) => token.start + 1);
    for (const end of [...ends, text.length]) {
      const part = text.slice(start, end);
      start = end;
      if (part.trim() === '' || part.trim() === ';') continue;
      try {
        for (const item of parseSync(part).stmts ?? []) stmts.push((item.stmt ?? {}) as Statement);
      } catch (error) {
        failed.push((error as Error).message);
      }
    }
    return { stmts, failed };
  }
}

/** The public tables the SQL files create, as entity schemas (the parser must be loaded). */
export function tablesFromSql(files: readonly { path: string; text: string }[]): SqlTables {
  const columns = new Map<string, { file: string; columns: Map<string, Column> }>();
  const enums = new Map<string, string[]>();
  const problems: SqlTables['problems'] = [];
  let policies = 0;
  const views: SqlTables['views'] = new Map();
  for (const file of files) {
    const { stmts, failed } = statementsOf(file.text);
    if (failed.length > 0) {
      problems.push({
        path: file.path,
        reason: `${failed.length} SQL statement${failed.length === 1 ? '' : 's'} could not be read (${failed[0]}); the tables of the others were kept.`,
      });
    }
    for (const stmt of stmts) {
      if (stmt.CreateEnumStmt) {
        const values = (stmt.CreateEnumStmt.vals ?? []).map((item) => item.String?.sval ?? '');
        enums.set(lastName(stmt.CreateEnumStmt.typeName).toLowerCase(), values);
      } else if (stmt.CreatePolicyStmt) policies++;
      else if (stmt.ViewStmt && isPublic(stmt.ViewStmt.view)) {
        const view = viewOf(stmt.ViewStmt);
        if (view) views.set(stmt.ViewStmt.view?.relname as string, { ...view, file: file.path });
      } else if (stmt.CreateStmt && isPublic(stmt.CreateStmt.relation)) {
        const name = stmt.CreateStmt.relation?.relname as string;
        const table = columns.get(name) ?? { file: file.path, columns: new Map<string, Column>() };
        for (const element of stmt.CreateStmt.tableElts ?? []) {
          const def = element.ColumnDef;
          if (def?.colname && !SYSTEM_COLUMNS.has(def.colname))
            table.columns.set(def.colname, columnOf(def, enums));
        }
        columns.set(name, table);
      } else if (stmt.AlterTableStmt && isPublic(stmt.AlterTableStmt.relation)) {
        const table = columns.get(stmt.AlterTableStmt.relation?.relname as string);
        for (const { AlterTableCmd: cmd } of stmt.AlterTableStmt.cmds ?? []) {
          const def = cmd?.def?.ColumnDef;
          if (!table || !cmd) continue;
          if (cmd.subtype === 'AT_AddColumn' && def?.colname && !SYSTEM_COLUMNS.has(def.colname)) {
            table.columns.set(def.colname, columnOf(def, enums));
          } else if (cmd.subtype === 'AT_DropColumn' && cmd.name) table.columns.delete(cmd.name);
        }
      } else if (stmt.DropStmt?.removeType === 'OBJECT_TABLE') {
        for (const object of stmt.DropStmt.objects ?? []) {
          const names = object.List?.items ?? [];
          const schema = names.length > 1 ? names[0]?.String?.sval : 'public';
          if (schema === 'public') columns.delete(lastName(names));
        }
      }
    }
  }
  const tables: SqlTables['tables'] = new Map();
  for (const [name, table] of columns) {
    if (!ENTITY_NAME_PATTERN.test(name)) {
      problems.push({ path: table.file, reason: `The table "${name}" is not a usable entity name.` });
      continue;
    }
    const required = [...table.columns].filter(([, column]) => column.required).map(([key]) => key);
    const schema: EntitySchema = {
      name,
      type: 'object',
      properties: Object.fromEntries([...table.columns].map(([key, column]) => [key, column.field])),
      ...(required.length > 0 ? { required } : {}),
    };
    const parsed = parseEntitySchema(JSON.stringify(schema));
    if (!parsed.ok) {
      problems.push({ path: table.file, reason: `The table "${name}": ${parsed.message}` });
      continue;
    }
    tables.set(name, { schema: parsed.schema, file: table.file, columns: table.columns.size });
  }
  return { tables, problems, policies, views };
}

/** `CREATE VIEW v AS SELECT a, b AS c FROM t [WHERE …]` (one table, plain columns or `*`): its table and columns. */
function viewOf(stmt: NonNullable<Statement['ViewStmt']>) {
  const select = stmt.query?.SelectStmt;
  const from = select?.fromClause ?? [];
  const table = from[0]?.RangeVar;
  if (from.length !== 1 || !isPublic(table)) return undefined;
  const columns: Record<string, string> = {};
  for (const target of select?.targetList ?? []) {
    const fields = target.ResTarget?.val?.ColumnRef?.fields ?? [];
    const last = fields.at(-1);
    if (last?.A_Star) return { table: table?.relname as string, columns: '*' as const };
    const column = last?.String?.sval;
    if (column) columns[target.ResTarget?.name ?? column] = column;
  }
  return Object.keys(columns).length > 0 ? { table: table?.relname as string, columns } : undefined;
}
