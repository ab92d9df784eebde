import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { apps } from './apps.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Builders who may open and edit an app they do not own (features/claims): the previous builder of a
 * claimed app when "require builder collaborator account" is on. Deleting the app stays the owner's.
 */
export const appCollaborators = pgTable(
  'app_collaborators',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.userId] }), index('app_collaborators_user_idx').on(t.userId)],
);

/**
 * The claim invitation of an app (spec 2 §3 "Invitation"): its claim code, made on the first
 * `GET /api/apps/{appId}/settings/claimInvitation`, and once claimed who claimed it from whom.
 */
export const appClaims = pgTable('app_claims', {
  appId: text('app_id')
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  claimCode: text('claim_code').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  claimedAt: timestamptz('claimed_at'),
  claimedBy: text('claimed_by'),
  previousOwnerId: text('previous_owner_id'),
});
