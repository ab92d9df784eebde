import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Install-wide settings edited by admins (model catalogue overrides, feature switches…). */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
