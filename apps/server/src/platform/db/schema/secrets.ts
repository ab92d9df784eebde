import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { apps } from './apps.ts';

/**
 * Secrets of an app (environment variables of its backend functions). The value is encrypted with
 * the secret box (AES-256-GCM, `platform/crypto`) and never leaves the server except into the
 * function runtime; the description holds the editor's instructions.
 */
export const appSecrets = pgTable(
  'app_secrets',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    valueEncrypted: text('value_encrypted').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.key] }), index('app_secrets_app_idx').on(t.appId)],
);
