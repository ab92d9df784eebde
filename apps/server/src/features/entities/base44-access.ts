import { BASE44_TEMPLATE, type Base44Rule, HIDDEN_ENTITY_NAME, tenantForApp } from '@atelier/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type AccessActor, isAppAdmin } from './access.ts';

/** The columns of the row a rule is evaluated on (stored, about to be inserted, or deleted). */
export interface RuleRow {
  creator: SQL;
  /** The record's fields (jsonb). */
  data: SQL;
  id: SQL;
}

type Member = Extract<AccessActor, { kind: 'member' }>;

const ALLOW = sql`true`;
const DENY = sql`false`;
const NULL_JSON = sql`null::jsonb`;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const pathOf = (dotted: string): string[] => dotted.split('.');
const jsonPath = (path: string[]) => sql`${`{${path.join(',')}}`}::text[]`;
const literal = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/**
 * Compiles a rule in Base44's format (checked by `base44RuleProblem` when the entity file was
 * read) into SQL on `row`: everything is compared as jsonb, every value and name is a bound
 * parameter. Placeholders of a signed-out caller are SQL null, so conditions on them never hold.
 */
export function base44Condition(rule: Base44Rule, actor: AccessActor, row: RuleRow, appId: string): SQL {
  if (rule === true) return ALLOW;
  if (rule === false) return DENY;
  const member: Member | undefined = actor.kind === 'member' ? actor : undefined;

  function condition(given: Record<string, unknown>): SQL {
    const parts = Object.entries(given).map(([key, value]) => part(key, value));
    return parts.length === 1 ? (parts[0] as SQL) : sql`(${sql.join(parts, sql` and `)})`;
  }

  function part(key: string, value: unknown): SQL {
    if (key === '$or' || key === '$and') {
      const parts = (value as Record<string, unknown>[]).map((item) => condition(item));
      return sql`(${sql.join(parts, key === '$or' ? sql` or ` : sql` and `)})`;
    }
    if (key === 'user_condition') {
      if (!member) return DENY;
      const parts = Object.entries(value as Record<string, unknown>).map(([field, expected]) =>
        compare(userField(member, field), expected),
      );
      return sql`(${sql.join(parts, sql` and `)})`;
    }
    if (key === 'created_by' && value === '{{user.email}}') {
      // The creator is the caller: by id, so a builder's or another tenant's account with the same
      // e-mail never counts as the caller.
      return member ? sql`(${row.creator} = ${member.userId})` : DENY;
    }
    return compare(recordField(key), value);
  }

  /** A field of the record (jsonb): created_by (the creator's e-mail), created_by_id, id, data.<field>. */
  function recordField(key: string): SQL {
    if (key === 'created_by') {
      return sql`(select to_jsonb(cu.email) from users cu
        where cu.id = ${row.creator} and cu.tenant_id = ${tenantForApp(appId)})`;
    }
    if (key === 'created_by_id') return sql`to_jsonb(${row.creator})`;
    if (key === 'id') return sql`to_jsonb(${row.id})`;
    const path = pathOf(key.startsWith('data.') ? key.slice('data.'.length) : key);
    return sql`(${row.data} #> ${jsonPath(path)})`;
  }

  /**
   * A field of the signed-in member (jsonb): id, email (once verified), role, full_name, or a field of
   * their User record.
   */
  function userField(signedIn: Member, field: string): SQL {
    switch (field) {
      case 'id':
        return sql`to_jsonb(${signedIn.userId}::text)`;
      case 'email':
        // Only a proven address is the caller's (issue 20 #7): whoever signs up with someone else's
        // address never meets the rules that share records with it until its owner verifies it.
        return sql`(select to_jsonb(uu.email) from users uu where uu.id = ${signedIn.userId}
          and uu.tenant_id = ${signedIn.tenantId} and uu.email_verified_at is not null)`;
      case 'full_name':
        return sql`(select to_jsonb(uu.name) from users uu where uu.id = ${signedIn.userId} and uu.tenant_id = ${signedIn.tenantId})`;
      case 'role':
        return sql`to_jsonb(case when ${isAppAdmin(signedIn)} then 'admin' else 'user' end)`;
      default: {
        const path = pathOf(field.startsWith('data.') ? field.slice('data.'.length) : field);
        return sql`(select ud.data #> ${jsonPath(path)} from entity_records ud
          where ud.app_id = ${appId} and ud.entity = ${HIDDEN_ENTITY_NAME} and ud.id = ${signedIn.userId})`;
      }
    }
  }

  /** A rule's value (jsonb): a literal, or a `{{user.…}}` placeholder (null when signed out). */
  function ruleValue(given: unknown): SQL {
    if (typeof given === 'string') {
      const placeholder = BASE44_TEMPLATE.exec(given)?.[1];
      if (placeholder !== undefined) return member ? userField(member, placeholder) : NULL_JSON;
    }
    return literal(given);
  }

  /** A list of values (jsonb array): a literal list, or a placeholder holding a list (or one value). */
  function ruleValues(given: unknown): SQL {
    if (Array.isArray(given)) {
      if (given.length === 0) return sql`'[]'::jsonb`;
      return sql`jsonb_build_array(${sql.join(
        given.map((item) => ruleValue(item)),
        sql`, `,
      )})`;
    }
    const value = ruleValue(given);
    return sql`(case when jsonb_typeof(${value}) = 'array' then ${value}
      when ${value} is null then '[]'::jsonb else jsonb_build_array(${value}) end)`;
  }

  /** `field` compared with a rule's value: equality (an array field contains it), or $eq/$ne/$in/$nin. */
  function compare(field: SQL, expected: unknown): SQL {
    if (!isObject(expected)) return equals(field, ruleValue(expected));
    const parts = Object.entries(expected).map(([operator, operand]) => {
      switch (operator) {
        case '$eq':
          return equals(field, ruleValue(operand));
        case '$ne':
          return sql`not coalesce(${equals(field, ruleValue(operand))}, false)`;
        case '$in':
          return sql`exists (select 1 from jsonb_array_elements(${ruleValues(operand)}) as rv(v) where ${equals(field, sql`rv.v`)})`;
        default:
          return sql`not exists (select 1 from jsonb_array_elements(${ruleValues(operand)}) as rv(v) where ${equals(field, sql`rv.v`)})`;
      }
    });
    return sql`(${sql.join(parts, sql` and `)})`;
  }

  return condition(rule);
}

function equals(field: SQL, value: SQL): SQL {
  return sql`(${field} = ${value} or (jsonb_typeof(${field}) = 'array' and ${field} @> jsonb_build_array(${value})))`;
}
