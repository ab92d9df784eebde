import { DEFAULT_PERMISSIONS, type PermissionRole } from '../actions/tags.ts';

/**
 * Access rules in Base44's format (the `rls` block of an exported app's entity file): per
 * operation `true` (everybody, signed out included), `false` (nobody) or a condition, e.g.
 * `{ "created_by": "{{user.email}}" }`, `{ "user_condition": { "role": "admin" } }`,
 * `{ "data.department": "{{user.data.department}}" }`, `{ "$or": [ … ] }`. `write` is the older
 * key for create, update and delete together. Both formats run on the same engine (server
 * `features/entities/access.ts`).
 */
export type Base44Rule = boolean | Base44Condition;
export interface Base44Condition {
  [key: string]: unknown;
}

export const BASE44_OPERATIONS = ['create', 'read', 'update', 'delete'] as const;
export type EntityOperation = (typeof BASE44_OPERATIONS)[number];

export type Base44Rls = Partial<Record<EntityOperation | 'write', Base44Rule>>;

/** One operation's rule as the engine runs it: one of Atelier's roles, or a Base44 rule. */
export type AccessRule = { role: PermissionRole } | { base44: Base44Rule };

/** The rule of every operation of an entity. */
export type EntityRules = Record<EntityOperation, AccessRule>;

/** Limits of a Base44 rule, like the entity filters': nesting depth, conditions, `$in` values. */
export const BASE44_RULE_LIMITS = { depth: 5, conditions: 100, values: 1000 } as const;

/** The record fields a condition may compare besides `data.<field>` (and bare field names). */
export const BASE44_RECORD_FIELDS = ['created_by', 'created_by_id', 'id'] as const;

/** `{{user.…}}` placeholders: id, email, role, full_name, data.<field> or a custom field. */
export const BASE44_TEMPLATE = /^\{\{\s*user\.([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)\s*\}\}$/;

const VALUE_OPERATORS = new Set(['$eq', '$ne', '$in', '$nin']);
const FIELD_PATH = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isScalar = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/**
 * Why a Base44 rule cannot be used (the message names where), or undefined when it can. Checked
 * when an entity file is read, so the engine only ever compiles well-formed, bounded rules.
 */
export function base44RuleProblem(rule: unknown): string | undefined {
  if (typeof rule === 'boolean') return undefined;
  let conditions = 0;
  const value = (where: string, given: unknown): string | undefined => {
    if (typeof given === 'string' && given.includes('{{') && !BASE44_TEMPLATE.test(given)) {
      return `${where}: ${given} is not a {{user.…}} placeholder`;
    }
    return isScalar(given) ? undefined : `${where}: must be a text, number, boolean or null`;
  };
  const compared = (where: string, given: unknown): string | undefined => {
    if (!isObject(given)) return value(where, given);
    const keys = Object.keys(given);
    if (keys.length === 0) return `${where}: an empty operator object`;
    for (const operator of keys) {
      if (!VALUE_OPERATORS.has(operator)) return `${where}: unknown operator ${operator}`;
      const operand = given[operator];
      if (operator === '$in' || operator === '$nin') {
        if (typeof operand === 'string') {
          if (!BASE44_TEMPLATE.test(operand))
            return `${where}.${operator}: must be a list or a {{user.…}} field`;
          continue;
        }
        if (!Array.isArray(operand)) return `${where}.${operator}: must be a list`;
        if (operand.length > BASE44_RULE_LIMITS.values) {
          return `${where}.${operator}: at most ${BASE44_RULE_LIMITS.values} values`;
        }
        for (const [index, item] of operand.entries()) {
          const problem = value(`${where}.${operator}[${index}]`, item);
          if (problem) return problem;
        }
      } else {
        const problem = value(`${where}.${operator}`, operand);
        if (problem) return problem;
      }
    }
    return undefined;
  };
  const condition = (where: string, given: unknown, depth: number): string | undefined => {
    if (depth > BASE44_RULE_LIMITS.depth)
      return `${where}: nested more than ${BASE44_RULE_LIMITS.depth} levels`;
    if (!isObject(given)) return `${where}: must be true, false or a condition object`;
    const keys = Object.keys(given);
    if (keys.length === 0) return `${where}: an empty condition`;
    for (const key of keys) {
      const at = `${where}.${key}`;
      const item = given[key];
      conditions += 1;
      if (conditions > BASE44_RULE_LIMITS.conditions) {
        return `${where}: more than ${BASE44_RULE_LIMITS.conditions} conditions`;
      }
      if (key === '$or' || key === '$and') {
        if (!Array.isArray(item) || item.length === 0) return `${at}: must be a non-empty list of conditions`;
        for (const [index, part] of item.entries()) {
          const problem = condition(`${at}[${index}]`, part, depth + 1);
          if (problem) return problem;
        }
      } else if (key === 'user_condition') {
        if (!isObject(item) || Object.keys(item).length === 0)
          return `${at}: must be an object of user fields`;
        for (const [field, expected] of Object.entries(item)) {
          if (!FIELD_PATH.test(field)) return `${at}: ${field} is not a field name`;
          const problem = compared(`${at}.${field}`, expected);
          if (problem) return problem;
        }
      } else if (key.startsWith('$')) {
        return `${at}: unknown operator (use $or, $and, user_condition or a field)`;
      } else {
        if (!FIELD_PATH.test(key)) return `${at}: not a field name`;
        const problem = compared(at, item);
        if (problem) return problem;
      }
    }
    return undefined;
  };
  return condition('rule', rule, 1);
}

/** Whether an `rls` block is in Base44's format (operations, or rules that are not Atelier's roles). */
export function isBase44Rls(rls: unknown): rls is Base44Rls {
  if (!isObject(rls)) return false;
  return Object.entries(rls).some(
    ([key, rule]) => key === 'create' || key === 'update' || key === 'delete' || typeof rule !== 'string',
  );
}

/**
 * The rule of every operation of an entity's `rls` block, in either format:
 * - Atelier's `{ read, write }` roles: read → `read`, create/update/delete → `write` (default
 *   `creator` for both).
 * - Base44's: each operation's own rule, else `write`'s; an operation named by neither keeps
 *   Atelier's default for it (the creator and the app's admins), never "everybody".
 */
export function resolveRules(rls: unknown): EntityRules {
  if (isBase44Rls(rls)) {
    const of = (operation: EntityOperation): AccessRule => {
      const rule = rls[operation] ?? (operation === 'read' ? undefined : rls.write);
      if (rule !== undefined) return { base44: rule };
      return { role: operation === 'read' ? DEFAULT_PERMISSIONS.read : DEFAULT_PERMISSIONS.write };
    };
    return { create: of('create'), read: of('read'), update: of('update'), delete: of('delete') };
  }
  const roles = (isObject(rls) ? rls : {}) as { read?: PermissionRole; write?: PermissionRole };
  const read: AccessRule = { role: roles.read ?? DEFAULT_PERMISSIONS.read };
  const write: AccessRule = { role: roles.write ?? DEFAULT_PERMISSIONS.write };
  return { create: write, read, update: write, delete: write };
}
