import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

export type AppType = 'GEN_APP' | 'AI_TOOL' | 'AI_APP' | 'SPACE_APP' | 'CHAT';

/**
 * Apps and tools built on the platform. Minimal here (auth needs to know an app exists and whether
 * its end users may sign up); the generated-apps area extends it.
 */
export const apps = pgTable(
  'apps',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').$type<AppType>().notNull(),
    isSignupEnabled: boolean('is_signup_enabled').notNull().default(false),
    publishedVersionId: text('published_version_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('apps_owner_idx').on(t.ownerId)],
);
