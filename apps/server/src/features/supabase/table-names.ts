/**
 * Which entity a Supabase table is (README.md, "REST"): the entity of the table's name, else the one
 * it names in Base44's style. Shared by the REST API and the importer (views of a table).
 */
/** `app_configurations`, `categories`, `boxes` → the singular, as Base44 names an entity. */
export function singularOf(table: string): string {
  if (/ies$/.test(table)) return `${table.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/.test(table)) return table.slice(0, -2);
  if (/[^s]s$/.test(table)) return table.slice(0, -1);
  return table;
}

const squashed = (name: string) => name.toLowerCase().replace(/_/g, '');

/**
 * The entity a table names when no entity has the table's own name: the one whose name is the
 * table's, or its singular's, without case and underscores (`app_configurations` → AppConfiguration,
 * `ai_leads` → AILead, `users` → User). An app that moved from Base44 to Supabase kept the
 * entities and named its tables after them.
 */
export function entityForTable(table: string, entities: readonly string[]): string | undefined {
  const wanted = [squashed(table), squashed(singularOf(table))];
  for (const key of wanted) {
    const found = entities.filter((name) => squashed(name) === key).sort()[0];
    if (found) return found;
  }
  return undefined;
}

/**
 * The key of an entity file that lists the Supabase views reading its records (the importer writes
 * it from `CREATE VIEW v AS SELECT cols FROM table`): view name → its columns (`column` of the
 * table by the view's name for it), or `*`.
 */
export const SUPABASE_VIEWS_KEY = 'x-supabase-views';

export type SupabaseViews = Record<string, Record<string, string> | '*'>;
