import { type EntityRecordView, HIDDEN_ENTITY_NAME, isSystemField, tenantForApp } from '@atelier/shared';
import { sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import type { EntitiesRepo } from '../entities/entities.repo.ts';
import type { FieldResolver } from '../entities/filter.ts';

/**
 * Base44's record shape over Atelier's (README.md, "Records"): a record keeps Atelier's fields
 * (`id`, `creatorId`, `createdAt`, `updatedAt`) and gains Base44's system fields `created_date`,
 * `updated_date`, `created_by_id` and `created_by` (the creator's e-mail). Queries and sort keys may
 * name Base44's fields; they map onto Atelier's system columns.
 */

/** Base44's system fields that are Atelier's system columns under another name. */
const SYSTEM_ALIASES: Record<string, string> = {
  created_date: 'createdAt',
  updated_date: 'updatedAt',
  created_by_id: 'creatorId',
};

/** Fields a Base44 app may send back with a record (it read them); never stored as data. */
const BASE44_SYSTEM_FIELDS = new Set([
  'created_date',
  'updated_date',
  'created_by',
  'created_by_id',
  'is_sample',
]);

/**
 * The entity's field resolver, also knowing Base44's names of the system columns. A plain name the
 * entity does not declare is a field no record has, as in Base44's document store: a filter on it
 * matches as a missing field does (`{ custom_domain: 'x' }` nothing, `$ne` everything) instead of
 * answering 400 (exports query fields their entity files never declared).
 */
export const base44Fields =
  (fields: FieldResolver): FieldResolver =>
  (name) =>
    fields(SYSTEM_ALIASES[name] ?? name) ??
    (UNDECLARED_FIELD.test(name) ? { kind: 'data', path: [name], isArray: false } : undefined);

const UNDECLARED_FIELD = /^[A-Za-z_][\w]{0,63}$/;

/**
 * `-created_date` → `-createdAt`: a sort key with Base44's names mapped. A key that names no field
 * of the entity sorts by nothing, as Base44's document store does (the default order applies):
 * `filter({}, 10)` sends the limit as the sort (the SDK's own e2e suite does), and exports sort by
 * fields their entity file never declared (`list('-date')`), which Base44 answers all the same.
 */
export function base44Sort(sort: string | undefined): string | undefined {
  if (!sort) return sort;
  const text = sort.trim();
  const sign = text.startsWith('-') || text.startsWith('+') ? text[0] : '';
  const name = sign ? text.slice(1) : text;
  if (!/^[A-Za-z_]/.test(name)) return undefined;
  return `${sign}${SYSTEM_ALIASES[name] ?? name}`;
}

/** A write without the system fields of either platform (an app often sends back what it read). */
export function writableFields(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError('bad_request', 'The record must be a JSON object');
  }
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (!BASE44_SYSTEM_FIELDS.has(key) && !isSystemField(key)) data[key] = value;
  }
  return data;
}

/** The creators' e-mail addresses (app end users; the builder's own records have none in the app). */
export async function creatorEmails(
  repo: EntitiesRepo,
  appId: string,
  ids: readonly (string | null | undefined)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return new Map();
  const rows = await repo.run<{ id: string; email: string }>(sql`select u.id, u.email from users u
    where u.tenant_id = ${tenantForApp(appId)}
      and u.id in (select jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb))`);
  return new Map(rows.map((row) => [row.id, row.email]));
}

/** The end users with these e-mail addresses: id by address. */
async function userIdsByEmail(repo: EntitiesRepo, appId: string, emails: readonly string[]) {
  if (emails.length === 0) return new Map<string, string>();
  const rows = await repo.run<{ id: string; email: string }>(sql`select u.id, u.email from users u
    where u.tenant_id = ${tenantForApp(appId)}
      and u.email in (select jsonb_array_elements_text(${JSON.stringify(emails.map((e) => e.toLowerCase()))}::jsonb))`);
  return new Map(rows.map((row) => [row.email, row.id]));
}

export type Base44Record = EntityRecordView & Record<string, unknown>;

/** Records as Base44 answers them, optionally projected onto `fields` (id always kept). */
export async function toBase44Records(
  repo: EntitiesRepo,
  appId: string,
  entity: string,
  records: readonly EntityRecordView[],
  fields?: readonly string[],
): Promise<Base44Record[]> {
  const emails = await creatorEmails(
    repo,
    appId,
    records.map((record) => record.creatorId),
  );
  return records.map((record) => {
    const full: Record<string, unknown> = {
      ...record,
      created_date: record.createdAt,
      updated_date: record.updatedAt,
      created_by_id: record.creatorId,
      created_by: record.creatorId ? (emails.get(record.creatorId) ?? null) : null,
    };
    if (entity === HIDDEN_ENTITY_NAME) {
      Object.assign(full, {
        full_name: record.name ?? null,
        app_id: appId,
        disabled: false,
        is_service: false,
      });
    }
    if (!fields || fields.length === 0) return full as Base44Record;
    const projected: Record<string, unknown> = { id: record.id };
    for (const field of fields) if (Object.hasOwn(full, field)) projected[field] = full[field];
    return projected as Base44Record;
  });
}

/** The `fields` parameter: `a,b` or repeated; at most 200 names. */
export function parseFields(value: string | undefined): string[] | undefined {
  if (!value) return undefined;
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length > 200) throw new AppError('bad_request', 'At most 200 fields may be asked for');
  return names;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** An id no user has (ids are UUIDs): `created_by` of an unknown e-mail matches no record. */
const NO_USER = 'no-such-user';

/**
 * A Base44 query with `created_by` (the creator's e-mail) turned into `created_by_id` (the
 * creator's id), so Atelier's filter engine compiles it: equality, `$eq`, `$ne`, `$in`, `$nin`.
 */
export async function mapCreatedBy(repo: EntitiesRepo, appId: string, query: unknown): Promise<unknown> {
  const emails = new Set<string>();
  let named = false;
  const collect = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) collect(item);
      return;
    }
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (key !== 'created_by') collect(value);
      else {
        named = true;
        for (const email of emailsIn(value)) emails.add(email.toLowerCase());
      }
    }
  };
  collect(query);
  if (!named) return query;
  const ids = await userIdsByEmail(repo, appId, [...emails]);
  const idOf = (email: unknown) =>
    typeof email === 'string' ? (ids.get(email.toLowerCase()) ?? NO_USER) : email;
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!isObject(node)) return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key !== 'created_by') out[key] = rewrite(value);
      else out.created_by_id = mapOperand(value, idOf);
    }
    return out;
  };
  return rewrite(query);
}

function emailsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (!isObject(value)) return [];
  return Object.values(value).flatMap((operand) =>
    Array.isArray(operand)
      ? operand.filter((item): item is string => typeof item === 'string')
      : typeof operand === 'string'
        ? [operand]
        : [],
  );
}

function mapOperand(value: unknown, idOf: (email: unknown) => unknown): unknown {
  if (!isObject(value)) return idOf(value);
  const out: Record<string, unknown> = {};
  for (const [operator, operand] of Object.entries(value)) {
    if (!['$eq', '$ne', '$in', '$nin'].includes(operator)) {
      throw new AppError(
        'bad_request',
        `created_by supports only equality, $eq, $ne, $in and $nin, not ${operator}`,
      );
    }
    out[operator] = Array.isArray(operand) ? operand.map(idOf) : idOf(operand);
  }
  return out;
}
