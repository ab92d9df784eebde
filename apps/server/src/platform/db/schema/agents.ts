import { desc, sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { apps } from './apps.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Conversations of an app's users with its agents (`base44.agents`, features/base44/agents.ts):
 * one row per conversation, its messages a JSON array in Base44's shape. Scoped by app and by the
 * user who started it (an end user, or the builder in the preview): nobody else reads it.
 */
export const agentConversations = pgTable(
  'agent_conversations',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentName: text('agent_name').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    messages: jsonb('messages').$type<Record<string, unknown>[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /** The size of `messages` as JSON text, kept by the database and bounded below. */
    messagesSize: integer('messages_size').generatedAlwaysAs(sql`octet_length(messages::text)`),
  },
  (t) => [
    check('agent_conversations_messages_size', sql`messages_size <= 2097152`),
    index('agent_conversations_user_idx').on(t.appId, t.userId, desc(t.updatedAt)),
  ],
);
