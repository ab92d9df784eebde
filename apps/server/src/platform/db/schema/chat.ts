import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { apps } from './apps.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export type ChatMessageStatus = 'normal' | 'failed';

/**
 * The builder chat of an app (features/chat): user and assistant messages in the AI SDK UI-message
 * shape. `seq` orders them (a global sequence, so concurrent writers never share one);
 * `annotations` is spec 3 §3 "annotations[0]" (versionId, status, usage, rating, context…).
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: text('content').notNull().default(''),
    parts: jsonb('parts').$type<Record<string, unknown>[]>().notNull().default(sql`'[]'::jsonb`),
    annotations: jsonb('annotations').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    attachments: jsonb('attachments')
      .$type<{ name: string; url: string; contentType: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status').$type<ChatMessageStatus>().notNull().default('normal'),
    versionId: text('version_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_messages_app_seq_idx').on(t.appId, t.seq)],
);

/** Ratings of assistant replies (spec 3 §7 `POST /api/apps/{appId}/rating`); the latest is on the message too. */
export const chatRatings = pgTable(
  'chat_ratings',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    messageId: text('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    feedback: jsonb('feedback').$type<string[]>().notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_ratings_message_idx').on(t.messageId)],
);

/**
 * Restores made from the chat (spec 3 §4): the restore message, the version it restored and the one
 * that was current before, so "Undo restore" can return to it. `undone_at` marks an undone restore.
 */
export const chatRestores = pgTable(
  'chat_restores',
  {
    messageId: text('message_id')
      .primaryKey()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    restoredVersionId: text('restored_version_id').notNull(),
    previousVersionId: text('previous_version_id'),
    createdVersionId: text('created_version_id').notNull(),
    undoneAt: timestamptz('undone_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('chat_restores_app_idx').on(t.appId)],
);

/** Files attached to chat messages (images and documents, under 10 MB), served to the app's owner. */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('chat_attachments_app_idx').on(t.appId)],
);

export type ChatReplyStatus = 'running' | 'done';

/** A running reply's newest draft: its base version and the changes it made so far (bounded). */
export interface ChatReplyDraft {
  id: string;
  baseVersionId: string | null;
  changes: ({ op: 'upsert'; path: string; content: string } | { op: 'delete'; path: string })[];
  contentHash: string;
}

/**
 * The reply being produced for an app (features/chat/reply-runs.ts): at most one `running` row per
 * app (the partial unique index makes a second send answer 409 on every instance). The instance
 * that runs it refreshes `heartbeat_at`; a row whose heartbeat stopped is stale and may be replaced.
 * `stop_requested` is how a Stop reaches the instance that runs the reply (with a bus signal).
 */
export const chatReplies = pgTable(
  'chat_replies',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    userMessageId: text('user_message_id').notNull(),
    status: text('status').$type<ChatReplyStatus>().notNull().default('running'),
    stopRequested: boolean('stop_requested').notNull().default(false),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    heartbeatAt: timestamptz('heartbeat_at').notNull().defaultNow(),
    /** The newest draft of the reply's files (issue 21 §8, `features/preview/reply-drafts.ts`); null at its end. */
    draft: jsonb('draft').$type<ChatReplyDraft>(),
  },
  (t) => [
    uniqueIndex('chat_replies_running_idx').on(t.appId).where(sql`status = 'running'`),
    index('chat_replies_app_idx').on(t.appId),
  ],
);

/**
 * The UI-message chunks a reply has sent, in batches (`seq` from 1): a reload or another tab on any
 * instance replays them and follows the new ones. Removed with the reply's row.
 */
export const chatReplyChunks = pgTable(
  'chat_reply_chunks',
  {
    replyId: text('reply_id')
      .notNull()
      .references(() => chatReplies.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    chunks: jsonb('chunks').$type<Record<string, unknown>[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.replyId, t.seq] })],
);

/**
 * The summary of an app's chat before the messages a reply sends in full (issue 21 §6): one line
 * per message, through `through_seq`; extended as the conversation grows, capped in size.
 */
export const chatSummaries = pgTable('chat_summaries', {
  appId: text('app_id')
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  throughSeq: bigint('through_seq', { mode: 'number' }).notNull(),
  summary: text('summary').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
