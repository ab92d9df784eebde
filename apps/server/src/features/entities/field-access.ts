import type { FieldRls } from '@atelier/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type AccessActor, allows } from './access.ts';
import type { RuleRow } from './base44-access.ts';
import { type RecordSource, tableSource } from './entities.repo.ts';

/**
 * Base44's field-level rules (`properties.<field>.rls`, README.md in this folder): a field whose
 * `read` rule does not hold for the caller on a record is not part of that record for them — it is
 * left out of what they get and their queries see it as missing, as a field the record never had
 * (so a filter or sort on it tells nothing). A field whose `write` rule does not hold may not be
 * given a new value. Both are SQL on the row, like the entity's own rules; the builder passes all.
 */
export type FieldRules = Record<string, FieldRls>;

/** `fieldWriteCondition` of writes no field rule restricts (compared by identity). */
export const FIELDS_FREE: SQL = sql`true`;

/** The rows of `entity_records` as the caller sees them: the fields they may not read left out. */
export function maskedSource(
  appId: string,
  entity: string,
  fieldRules: FieldRules,
  actor: AccessActor,
): RecordSource | undefined {
  if (actor.kind === 'owner') return undefined;
  const row: RuleRow = { creator: sql`m.creator_id`, data: sql`m.data`, id: sql`m.id` };
  const hidden = Object.entries(fieldRules).flatMap(([field, rules]) => {
    if (rules.read === undefined || rules.read === true) return [];
    const readable = allows({ base44: rules.read }, actor, row, appId);
    return [sql`case when coalesce(${readable}, false) then null else ${field}::text end`];
  });
  if (hidden.length === 0) return undefined;
  return {
    // Scoped inside and out: the statements that write (update, delete) run on entity_records
    // itself with the source's scope, which must name the app and entity there too.
    from: sql`(select m.app_id, m.entity, m.id, m.creator_id,
        m.data - array_remove(array[${sql.join(hidden, sql`, `)}]::text[], null) as data,
        m.created_at, m.updated_at, m.data_size
      from entity_records m where m.app_id = ${appId} and m.entity = ${entity}) r`,
    scope: tableSource(appId, entity).scope,
  };
}

/**
 * The condition under which the caller may make a write to `row`: for each field with a `write`
 * rule that the write touches (`changed(field)`: SQL that holds when the write gives the field
 * another value, undefined when it leaves the field alone), the rule holds or the value stays what
 * it was (an app that saves a whole record it read sends such fields back as they are).
 */
export function fieldWriteCondition(
  appId: string,
  fieldRules: FieldRules,
  actor: AccessActor,
  row: RuleRow,
  changed: (field: string) => SQL | undefined,
): SQL {
  if (actor.kind === 'owner') return FIELDS_FREE;
  const parts = Object.entries(fieldRules).flatMap(([field, rules]) => {
    if (rules.write === undefined || rules.write === true) return [];
    let change = changed(field);
    if (!change) return [];
    // A field the caller may not read counts as changed whatever its value: "unchanged" would
    // otherwise tell them the stored value.
    if (rules.read !== undefined && rules.read !== true) {
      change = sql`(${change} or not coalesce(${allows({ base44: rules.read }, actor, row, appId)}, false))`;
    }
    const writable = allows({ base44: rules.write }, actor, row, appId);
    return [sql`(not coalesce(${change}, true) or coalesce(${writable}, false))`];
  });
  return parts.length === 0 ? FIELDS_FREE : sql`(${sql.join(parts, sql` and `)})`;
}
