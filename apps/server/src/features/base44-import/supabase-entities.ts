import { isValidAppPath } from '@atelier/shared';
import { entityForTable, SUPABASE_VIEWS_KEY } from '../supabase/table-names.ts';
import type { ExportTree } from './archive.ts';
import { type ImportedEntity, inferredEntitySchema } from './entities.ts';
import { tablesUsedInCode } from './supabase-code.ts';
import { type SqlTables, sqlFilesOf, tablesFromSql } from './supabase-tables.ts';

/**
 * The tables of an export that moved to Supabase as the app's entities (README.md, "Supabase
 * tables"): those its SQL creates (declared), then those only its code uses (guessed, like Base44
 * entities the code uses without declaring them). An entity of the same name the export declares
 * for Base44 wins. Their rules are the importer's default for an entity without an `rls` block;
 * the SQL's row-level security policies are not translated, which the report says.
 */
export function addSupabaseTables(
  tree: ExportTree,
  code: { path: string; content: string }[],
  files: Map<string, string>,
  entities: ImportedEntity[],
  entityErrors: { path: string; reason: string }[],
  translated: string[],
  warnings: string[],
): void {
  const path = (name: string) => `entities/${name}.json`;
  const free = (name: string) => !files.has(path(name)) && isValidAppPath(path(name));
  const declared: string[] = [];
  let views: SqlTables['views'] = new Map();
  const sqlFiles = sqlFilesOf(tree.keys());
  if (sqlFiles.length > 0) {
    const sql = tablesFromSql(
      sqlFiles.map((file) => ({ path: file, text: tree.get(file)?.toString('utf8') ?? '' })),
    );
    entityErrors.push(...sql.problems);
    for (const [name, table] of sql.tables) {
      if (!free(name)) continue;
      files.set(path(name), `${JSON.stringify(table.schema, null, 2)}\n`);
      entities.push({ name, fields: table.columns, rules: 'default', inferred: false });
      declared.push(name);
    }
    if (declared.length > 0) {
      translated.push(
        `Supabase tables became entities (${declared.join(', ')}), from the export's SQL (${sqlFiles.length} file${sqlFiles.length === 1 ? '' : 's'}); supabase.from(…) reads and writes them through the app's Supabase-compatible API.`,
      );
    }
    views = sql.views;
    if (sql.policies > 0) {
      warnings.push(
        `The Supabase SQL's ${sql.policies} row-level security ${sql.policies === 1 ? 'policy was' : 'policies were'} not translated: its tables have the default rules (a record's creator and the app's admins read and change it). Set each entity's rules in the database panel.`,
      );
    }
  }
  const guessed: string[] = [];
  const named: string[] = [];
  const entityNames = () =>
    [...files.keys()]
      .map((file) => /^entities\/([^/]+)\.json$/.exec(file)?.[1])
      .filter((name): name is string => name !== undefined);
  for (const [name, fields] of tablesUsedInCode(code)) {
    if (!free(name) || views.has(name)) continue;
    // A table named after an entity of the export (`tasks` → Task) is that entity (the REST API's
    // entityForTable): no second, empty entity beside the one holding its data.
    const entity = entityForTable(name, entityNames());
    if (entity) {
      named.push(`${name} → ${entity}`);
      continue;
    }
    files.set(path(name), `${JSON.stringify(inferredEntitySchema(name, fields), null, 2)}\n`);
    entities.push({ name, fields: fields.size, rules: 'default', inferred: true });
    guessed.push(name);
  }
  if (guessed.length > 0) {
    translated.push(
      `Supabase tables the code uses without SQL in the export became entities guessed from supabase.from(…) calls: ${guessed.join(', ')}.`,
    );
  }
  if (named.length > 0) {
    translated.push(
      `Supabase tables the code uses that are entities of the export under their Base44 name: ${named.join(', ')}.`,
    );
  }
  addViews(views, files, translated);
}

/**
 * Views over one table: listed in the entity file of the table's entity (SUPABASE_VIEWS_KEY), which
 * the REST API answers the view's name with — that entity's records, as its rules let the caller
 * read them, with the view's columns. A view's WHERE is not applied (the entity's rules are).
 */
function addViews(views: SqlTables['views'], files: Map<string, string>, translated: string[]): void {
  const entities = [...files.keys()]
    .map((file) => /^entities\/([^/]+)\.json$/.exec(file)?.[1])
    .filter((name): name is string => name !== undefined);
  const read: string[] = [];
  for (const [view, { table, columns }] of views) {
    const entity = entities.includes(table) ? table : entityForTable(table, entities);
    const file = entity && `entities/${entity}.json`;
    if (!file || files.has(`entities/${view}.json`)) continue;
    try {
      const schema = JSON.parse(files.get(file) ?? '') as Record<string, unknown>;
      schema[SUPABASE_VIEWS_KEY] = { ...(schema[SUPABASE_VIEWS_KEY] as object | undefined), [view]: columns };
      files.set(file, `${JSON.stringify(schema, null, 2)}\n`);
      read.push(`${view} (${entity})`);
    } catch {
      // An entity file that is not JSON was reported as such.
    }
  }
  if (read.length > 0) {
    translated.push(
      `Supabase views read their table's entity with the view's columns: ${read.join(', ')}. A view's WHERE is not applied; the entity's rules are.`,
    );
  }
}
