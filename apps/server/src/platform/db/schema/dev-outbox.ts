import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Mail kept instead of sent when no SMTP_URL is set (never in production). */
export const devOutbox = pgTable('dev_outbox', {
  id: text('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
