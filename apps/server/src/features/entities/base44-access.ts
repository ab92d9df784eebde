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
  return new Base44Compiler(actor, row, appId).condition(rule);
}

class Base44Compiler {
  constructor(
    private readonly actor: AccessActor,
    private readonly row: RuleRow,
    private readonly appId: string,
  ) {}

  private get member(): Member | undefined {
    return this.actor.kind === 'member' ? this.actor : undefined;
  }

  condition(rule: Record<string, unknown>): SQL {
    const parts = Object.entries(rule).map(([key, value]) => this.part(key, value));
    return parts.length === 1 ? (parts[0] as SQL) : sql`(${sql.join(parts, sql` and `)})`;
  }

  private part(key: string, value: unknown): SQL {
    if (key === '$or' || key === '$and') {
      const parts = (value as Record<string, unknown>[]).map((item) => this.condition(item));
      return sql`(${sql.join(parts, key === '$or' ? sql` or ` : sql` and `)})`;
    }
    if (key === 'user_condition') {
      const member = this.member;
      if (!member) return DENY;
      const parts = Object.entries(value as Record<string, unknown>).map(([field, expected]) =>
        this.compare(this.userField(member, field), expected),
      );
      return sql`(${sql.join(parts, sql` and `)})`;
    }
    if (key === 'created_by' && value === '{{user.email}}') {
      // The creator is the caller: by id, so a builder's or another tenant's account with the same
      // e-mail never counts as the caller.
      const member = this.member;
      return member ? sql`(${this.row.creator} = ${member.userId})` : DENY;
    }
    return this.compare(this.recordField(key), value);
  }

  /** A field of the record (jsonb): created_by (the creator's e-mail), created_by_id, id, data.<field>. */
  private recordField(key: string): SQL {
    if (key === 'created_by') {
      return sql`(select to_jsonb(cu.email) from users cu
        where cu.id = ${this.row.creator} and cu.tenant_id = ${tenantForApp(this.appId)})`;
    }
    if (key === 'created_by_id') return sql`to_jsonb(${this.row.creator})`;
    if (key === 'id') return sql`to_jsonb(${this.row.id})`;
    const path = pathOf(key.startsWith('data.') ? key.slice('data.'.length) : key);
    return sql`(${this.row.data} #> ${jsonPath(path)})`;
  }

  /** A field of the signed-in member (jsonb): id, email, role, full_name, or a field of their User record. */
  private userField(member: Member, field: string): SQL {
    switch (field) {
      case 'id':
        return sql`to_jsonb(${member.userId}::text)`;
      case 'email':
        return sql`(select to_jsonb(uu.email) from users uu where uu.id = ${member.userId} and uu.tenant_id = ${member.tenantId})`;
      case 'full_name':
        return sql`(select to_jsonb(uu.name) from users uu where uu.id = ${member.userId} and uu.tenant_id = ${member.tenantId})`;
      case 'role':
        return sql`to_jsonb(case when ${isAppAdmin(member)} then 'admin' else 'user' end)`;
      default: {
        const path = pathOf(field.startsWith('data.') ? field.slice('data.'.length) : field);
        return sql`(select ud.data #> ${jsonPath(path)} from entity_records ud
          where ud.app_id = ${this.appId} and ud.entity = ${HIDDEN_ENTITY_NAME} and ud.id = ${member.userId})`;
      }
    }
  }

  /** A rule's value (jsonb): a literal, or a `{{user.…}}` placeholder (null when signed out). */
  private value(given: unknown): SQL {
    if (typeof given === 'string') {
      const placeholder = BASE44_TEMPLATE.exec(given)?.[1];
      if (placeholder !== undefined) {
        const member = this.member;
        return member ? this.userField(member, placeholder) : NULL_JSON;
      }
    }
    return literal(given);
  }

  /** A list of values (jsonb array): a literal list, or a placeholder holding a list (or one value). */
  private values(given: unknown): SQL {
    if (Array.isArray(given)) {
      if (given.length === 0) return sql`'[]'::jsonb`;
      return sql`jsonb_build_array(${sql.join(
        given.map((item) => this.value(item)),
        sql`, `,
      )})`;
    }
    const value = this.value(given);
    return sql`(case when jsonb_typeof(${value}) = 'array' then ${value}
      when ${value} is null then '[]'::jsonb else jsonb_build_array(${value}) end)`;
  }

  /** `field` compared with a rule's value: equality (an array field contains it), or $eq/$ne/$in/$nin. */
  private compare(field: SQL, expected: unknown): SQL {
    if (!isObject(expected)) return this.equals(field, this.value(expected));
    const parts = Object.entries(expected).map(([operator, operand]) => {
      switch (operator) {
        case '$eq':
          return this.equals(field, this.value(operand));
        case '$ne':
          return sql`not coalesce(${this.equals(field, this.value(operand))}, false)`;
        case '$in':
          return sql`exists (select 1 from jsonb_array_elements(${this.values(operand)}) as rv(v) where ${this.equals(field, sql`rv.v`)})`;
        default:
          return sql`not exists (select 1 from jsonb_array_elements(${this.values(operand)}) as rv(v) where ${this.equals(field, sql`rv.v`)})`;
      }
    });
    return sql`(${sql.join(parts, sql` and `)})`;
  }

  private equals(field: SQL, value: SQL): SQL {
    return sql`(${field} = ${value} or (jsonb_typeof(${field}) = 'array' and ${field} @> jsonb_build_array(${value})))`;
  }
}
