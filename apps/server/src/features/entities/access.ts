import type { AccessRule, PermissionRole } from '@atelier/shared';
import { type SQL, sql } from 'drizzle-orm';
import { assertUnreachable } from '../../platform/errors.ts';
import { base44Condition, type RuleRow } from './base44-access.ts';

/**
 * Who acts on an app's records, as the access rules see them (README.md in this folder):
 * - `owner`: the builder who owns the app. Always has admin access, and more: the builder's
 *   database panel sees and changes every record, also of entities closed with `none`.
 * - `member`: a signed-in end user of the app. Whether they are one of the app's admins
 *   (`users.is_admin` in the app's tenant) is decided in the SQL of each statement.
 * - `anonymous`: signed out, or signed in somewhere else (another app's end user, another builder):
 *   such a session is no identity in this app.
 */
export type AccessActor =
  | { kind: 'owner'; userId: string }
  | {
      kind: 'member';
      userId: string;
      tenantId: string;
      /** Whether the member is an app admin, when asked before the statement (`knowingAdmin`). */
      isAdmin?: boolean;
    }
  | { kind: 'anonymous' };

/** The id a record created by this actor gets as creatorId (none when created anonymously). */
export function creatorIdOf(actor: AccessActor): string | null {
  return actor.kind === 'anonymous' ? null : actor.userId;
}

const ALLOW = sql`true`;
const DENY = sql`false`;

/** Whether a condition from this module lets every row through (the owner, or an open rule). */
export const grantsAll = (condition: SQL): boolean => condition === ALLOW;

/**
 * Whether the member is one of the app's admins: their account in the app's tenant is flagged admin.
 * A constant when it was asked before (`knowingAdmin`), so that `creator = me or admin` becomes
 * `creator = me` for a member who is not one, and the creator index serves it.
 */
export const isAppAdmin = (member: Extract<AccessActor, { kind: 'member' }>): SQL => {
  if (member.isAdmin !== undefined) return member.isAdmin ? ALLOW : DENY;
  return sql`exists (select 1 from users au where au.id = ${member.userId} and au.tenant_id = ${member.tenantId} and au.is_admin)`;
};

/** The actor with a member's admin flag asked of the database now (one lookup by key). */
export async function knowingAdmin(
  repo: { holds(condition: SQL): Promise<boolean> },
  access: AccessActor,
): Promise<AccessActor> {
  if (access.kind !== 'member' || access.isAdmin !== undefined) return access;
  return { ...access, isAdmin: await repo.holds(isAppAdmin(access)) };
}

/**
 * The SQL condition under which `actor` holds `role` on a record whose creator is `creator` (a
 * column of the row, or the parameter of a row about to be written). Roles:
 * anonymous: everybody · all: every signed-in end user of the app (admins included) · admin: app
 * admins · creator: the record's creator, and app admins · none: nobody. The owner holds every role.
 */
export function holdsRole(role: PermissionRole, actor: AccessActor, creator: SQL): SQL {
  if (actor.kind === 'owner') return ALLOW;
  switch (role) {
    case 'anonymous':
      return ALLOW;
    case 'all':
      return actor.kind === 'member' ? ALLOW : DENY;
    case 'admin':
      return actor.kind === 'member' ? sql`(${isAppAdmin(actor)})` : DENY;
    case 'creator':
      return actor.kind === 'member' ? sql`(${creator} = ${actor.userId} or ${isAppAdmin(actor)})` : DENY;
    case 'none':
      return DENY;
    default:
      return assertUnreachable(role);
  }
}

/** The creator column of a stored row in the queries of this feature (the row alias is `r`). */
export const ROW_CREATOR = sql`r.creator_id`;

/** A stored row (alias `r`) as the rules see it. */
export const STORED_ROW: RuleRow = { creator: ROW_CREATOR, data: sql`r.data`, id: sql`r.id` };
/** A row about to be inserted (alias `n`, `entities.repo.ts` insertMany). */
export const NEW_ROW: RuleRow = { creator: sql`n.creator_id`, data: sql`n.data`, id: sql`n.id` };
/**
 * A deleted row of a change signal: only its creator is known (alias `r`), so conditions on its
 * fields or id do not hold and its delete event reaches only those its creator's rules let read it.
 */
export const DELETED_ROW: RuleRow = { creator: ROW_CREATOR, data: sql`null::jsonb`, id: sql`null::text` };

/**
 * The SQL condition under which `actor` may do what `rule` governs on `row` of app `appId`: one of
 * Atelier's roles (`holdsRole`), or a rule in Base44's format (`base44-access.ts`). The builder who
 * owns the app passes every rule.
 */
export function allows(rule: AccessRule, actor: AccessActor, row: RuleRow, appId: string): SQL {
  if ('role' in rule) return holdsRole(rule.role, actor, row.creator);
  if (actor.kind === 'owner') return ALLOW;
  return base44Condition(rule.base44, actor, row, appId);
}

/** Whether the actor is the builder or one of the app's admins (asked of the database for members). */
export async function mayManage(
  repo: { holds(condition: SQL): Promise<boolean> },
  access: AccessActor,
): Promise<boolean> {
  if (access.kind === 'owner') return true;
  if (access.kind === 'anonymous') return false;
  return repo.holds(isAppAdmin(access));
}
