import { isValidAppPath } from '@atelier/shared';
import type { ExportTree } from './archive.ts';
import { type ImportedEntity, inferredEntitySchema } from './entities.ts';
import { tablesUsedInCode } from './supabase-code.ts';
import { sqlFilesOf, tablesFromSql } from './supabase-tables.ts';

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
    if (sql.policies > 0) {
      warnings.push(
        `The Supabase SQL's ${sql.policies} row-level security ${sql.policies === 1 ? 'policy was' : 'policies were'} not translated: its tables have the default rules (a record's creator and the app's admins read and change it). Set each entity's rules in the database panel.`,
      );
    }
  }
  const guessed: string[] = [];
  for (const [name, fields] of tablesUsedInCode(code)) {
    if (!free(name)) continue;
    files.set(path(name), `${JSON.stringify(inferredEntitySchema(name, fields), null, 2)}\n`);
    entities.push({ name, fields: fields.size, rules: 'default', inferred: true });
    guessed.push(name);
  }
  if (guessed.length > 0) {
    translated.push(
      `Supabase tables the code uses without SQL in the export became entities guessed from supabase.from(…) calls: ${guessed.join(', ')}.`,
    );
  }
}
