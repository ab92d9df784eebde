import { customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { apps } from './apps.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded images of apps (features/uploads): option icons, tool photos, logos, backgrounds and
 * database image cells. The bytes live in the database so that every instance serves them (no
 * shared disk needed with DATABASE_URL) and database backups carry them; they go with their app.
 * `key` is the storage path `accounts/{accountId}/apps/{appId}/{folder}/{id}.{ext}`.
 */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    /**
     * Who stored the object, for the Supabase-compatible storage (features/supabase): an end user
     * replaces or removes only their own objects. Null for other uploads.
     */
    uploadedBy: text('uploaded_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('uploads_app_idx').on(t.appId)],
);
