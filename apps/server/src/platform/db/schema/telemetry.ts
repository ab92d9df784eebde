import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { apps } from './apps.ts';

/**
 * What exported Base44 apps report about their use (features/base44, "Settings and telemetry"):
 * page views (`appLogs.logUserInApp`) and analytics events (`analytics/track/batch`). Page views
 * feed the app's analytics (features/analytics). Deleted with the app.
 */
export const appTelemetry = pgTable(
  'app_telemetry',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    /** The app's end user, when the call was signed in as one. */
    userId: text('user_id'),
    kind: text('kind', { enum: ['page_view', 'event'] }).notNull(),
    /** The page name (page views) or the event name. */
    name: text('name').notNull(),
    pageUrl: text('page_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('app_telemetry_app_kind_created_idx').on(table.appId, table.kind, table.createdAt)],
);
