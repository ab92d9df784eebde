import type { PermissionRole } from '@atelier/shared';
import { type SQL, sql } from 'drizzle-orm';
import { assertUnreachable } from '../../platform/errors.ts';

/**
 * Who acts on an app's records, as the access rules see them (README.md in this folder):
 * - `owner`: the builder who owns the app. Always has admin access, and more: the builder's
 *   database panel sees and changes every record, also of entities closed with `none`.
 * - `admin`: an end user of the app flagged admin (`users.is_admin` in the app's tenant).
 * - `user`: any other signed-in end user of the app.
 * - `anonymous`: signed out, or signed in somewhere else (another app's end user, another builder):
 *   such a session is no identity in this app.
 */
export type AccessActor =
  | { kind: 'owner'; userId: string }
  | { kind: 'admin'; userId: string }
  | { kind: 'user'; userId: string }
  | { kind: 'anonymous' };

/** The id a record created by this actor gets as creatorId (none when created anonymously). */
export function creatorIdOf(actor: AccessActor): string | null {
  return actor.kind === 'anonymous' ? null : actor.userId;
}

const ALLOW = sql`true`;
const DENY = sql`false`;

/**
 * The SQL condition under which `actor` holds `role` on a record whose creator is `creator` (a
 * column of the row, or the parameter of a row about to be written). Roles:
 * anonymous: everybody · all: every signed-in end user of the app (admins included) · admin: app
 * admins · creator: the record's creator, and app admins · none: nobody. The owner holds every role.
 * The actor's part is decided here; the record's part (its creator) is compared in SQL.
 */
export function holdsRole(role: PermissionRole, actor: AccessActor, creator: SQL): SQL {
  if (actor.kind === 'owner') return ALLOW;
  switch (role) {
    case 'anonymous':
      return ALLOW;
    case 'all':
      return actor.kind === 'anonymous' ? DENY : ALLOW;
    case 'admin':
      return actor.kind === 'admin' ? ALLOW : DENY;
    case 'creator':
      if (actor.kind === 'admin') return ALLOW;
      if (actor.kind === 'user') return sql`(${creator} = ${actor.userId})`;
      return DENY;
    case 'none':
      return DENY;
    default:
      return assertUnreachable(role);
  }
}

/** The creator column of a stored row in the queries of this feature (the row alias is `r`). */
export const ROW_CREATOR = sql`r.creator_id`;
