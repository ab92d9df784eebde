import {
  ENTITY_API_MESSAGES,
  type EntityFieldSchema,
  type EntityRules,
  HIDDEN_ENTITY_NAME,
  tenantForApp,
} from '@atelier/shared';
import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { type AccessActor, mayManage } from './access.ts';
import type { EntitiesRepo, RecordSource } from './entities.repo.ts';
import { invalidRecord, preparePatch } from './record-input.ts';
import type { CompiledEntity } from './schemas.ts';

/**
 * The hidden `User` entity (README.md, "The User entity"): the app's end users (tenant
 * `app:{appId}`), one record per account whose id is the account's id. Built-in fields: email
 * (read-only here), name, role (`admin` or `user`: `users.is_admin`, the app admins). Other fields
 * are the app's own (`entities/User.json`), kept in `entity_records` under entity `User`.
 * Access is fixed: a user reads and updates only themselves; app admins and the builder, everyone.
 */
export const USER_RULES: EntityRules = {
  create: { role: 'none' },
  read: { role: 'creator' },
  update: { role: 'creator' },
  delete: { role: 'none' },
};

export const USER_BUILT_IN_FIELDS: Record<string, EntityFieldSchema> = {
  email: { type: 'string', format: 'email', readOnly: true },
  name: { type: ['string', 'null'] },
  role: { type: 'string', enum: ['admin', 'user'] },
};

/** The app's end users with their fields, shaped like entity records (`creator_id` is the user's own id). */
export function usersSource(appId: string): RecordSource {
  const tenant = tenantForApp(appId);
  return {
    from: sql`(select u.id, u.id as creator_id,
        coalesce(er.data, '{}'::jsonb) || jsonb_build_object('email', u.email, 'name', u.name,
          'role', case when u.is_admin then 'admin' else 'user' end) as data,
        u.created_at, greatest(u.updated_at, coalesce(er.updated_at, u.updated_at)) as updated_at,
        null::integer as data_size
      from users u
      left join entity_records er on er.app_id = ${appId} and er.entity = ${HIDDEN_ENTITY_NAME} and er.id = u.id
      where u.tenant_id = ${tenant} and u.disabled_at is null) r`,
    scope: sql`true`,
  };
}

/**
 * Applies a change to a user: `name` and `role` to the account, the other fields to the app's
 * User record. `read` and `write` (on the account's id as `r.creator_id`) are applied in the SQL of
 * each statement. Answers false when the user is not visible or not writable (the caller probes).
 */
export async function updateUser(
  repo: EntitiesRepo,
  appId: string,
  userId: string,
  body: Record<string, unknown>,
  entity: CompiledEntity | undefined,
  access: AccessActor,
  guard: SQL,
): Promise<boolean> {
  const { email, name, role, ...custom } = body;
  if (email !== undefined) throw new AppError('bad_request', ENTITY_API_MESSAGES.emailReadOnly);
  if (name !== undefined && name !== null && typeof name !== 'string')
    throw invalidRecord('name', 'must be string');
  if (role !== undefined) {
    if (role !== 'admin' && role !== 'user') throw invalidRecord('role', 'must be one of "admin", "user"');
    if (!(await mayManage(repo, access))) throw new AppError('forbidden', ENTITY_API_MESSAGES.roleAdminsOnly);
  }
  let change: { patch: Record<string, unknown>; remove: string[] } = { patch: {}, remove: [] };
  if (Object.keys(custom).length > 0) {
    if (!entity) throw invalidRecord(Object.keys(custom)[0] as string, 'is not a field of this entity');
    change = preparePatch(custom, entity.validators);
  }
  const tenant = tenantForApp(appId);
  // The account first: it also proves the user exists and passes the rules (`guard` on r.creator_id = u.id).
  const account = await repo.run<{ id: string }>(sql`update users as u set
      name = ${name === undefined ? sql`u.name` : sql`${name as string | null}`},
      is_admin = ${role === undefined ? sql`u.is_admin` : sql`${role === 'admin'}`},
      updated_at = now()
    from (select u2.id as creator_id from users u2 where u2.id = ${userId} and u2.tenant_id = ${tenant}) as r
    where u.id = r.creator_id and u.disabled_at is null and ${guard}
    returning u.id`);
  if (account.length === 0) return false;
  await writeUserFields(repo, appId, userId, change);
  return true;
}

/** The app's own User fields of one account (its `entity_records` row under entity `User`), merged. */
async function writeUserFields(
  repo: EntitiesRepo,
  appId: string,
  userId: string,
  change: { patch: Record<string, unknown>; remove: string[] },
): Promise<void> {
  if (Object.keys(change.patch).length === 0 && change.remove.length === 0) return;
  const removed =
    change.remove.length === 0
      ? sql`entity_records.data`
      : sql`(${sql.join([sql`entity_records.data`, ...change.remove.map((key) => sql`${key}::text`)], sql` - `)})`;
  await repo.run(sql`insert into entity_records (app_id, entity, id, creator_id, data)
    values (${appId}, ${HIDDEN_ENTITY_NAME}, ${userId}, ${userId}, ${JSON.stringify(change.patch)}::jsonb)
    on conflict (app_id, entity, id) do update set data = ${removed} || excluded.data, updated_at = now()`);
}

/**
 * The builder's own User fields in their app's preview, where `auth.me()` answers the owner as the
 * app's admin though they are no user of it (base44/entities.routes.ts): an app writing the
 * signed-in user's fields on its first page (`auth.updateMe`, onboarding flags) keeps them for the
 * owner too, under the owner's id, checked against `entities/User.json`. The account's own fields
 * (email, name, role) are the builder's and are not changed here. Invisible in the users' list.
 */
export async function ownerUserFields(
  repo: EntitiesRepo,
  appId: string,
  ownerId: string,
): Promise<Record<string, unknown>> {
  const rows = await repo.run<{ data: Record<string, unknown> }>(sql`select data from entity_records
    where app_id = ${appId} and entity = ${HIDDEN_ENTITY_NAME} and id = ${ownerId}`);
  return rows[0]?.data ?? {};
}

export async function updateOwnerUserFields(
  repo: EntitiesRepo,
  appId: string,
  ownerId: string,
  body: Record<string, unknown>,
  entity: CompiledEntity | undefined,
): Promise<void> {
  const { email: _email, name: _name, role: _role, ...custom } = body;
  if (Object.keys(custom).length === 0) return;
  if (!entity) throw invalidRecord(Object.keys(custom)[0] as string, 'is not a field of this entity');
  await writeUserFields(repo, appId, ownerId, preparePatch(custom, entity.validators));
}
