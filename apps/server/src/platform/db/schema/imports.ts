import type { Base44ImportReport } from '@atelier/shared';
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { apps } from './apps.ts';

/** The report of the import an app was made from (features/base44-import): the builder reopens it. */
export const appImports = pgTable('app_imports', {
  appId: text('app_id')
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  report: jsonb('report').$type<Base44ImportReport>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
