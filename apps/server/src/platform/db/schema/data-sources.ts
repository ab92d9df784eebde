import type { ContextItemProgress } from '@atelier/shared';
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { apps } from './apps.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Data sources (spec 1 §3 "Context item") of an app. Status: pending → running → synced | error |
 * usage_limit_reached. `runId` names the job run that owns a running item and `heartbeatAt` is
 * refreshed while it works, so a run whose worker died is found and retried or failed.
 */
export const contextItems = pgTable(
  'context_items',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    source: text('source').notNull(),
    status: text('status').notNull(),
    statusReason: text('status_reason'),
    /** Bytes of the original (file size, text length, or fetched page bytes). */
    size: integer('size').notNull().default(0),
    /** Documents found: CSV rows, PDF pages, web pages; 1 for a text or DOCX. */
    itemCount: integer('item_count').notNull().default(0),
    chunkCount: integer('chunk_count').notNull().default(0),
    mimeType: text('mime_type'),
    /** Ingestion input: the web start URL and limits, or the connector document to import. */
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    progress: jsonb('progress').$type<ContextItemProgress>(),
    attempts: integer('attempts').notNull().default(0),
    runId: text('run_id'),
    heartbeatAt: timestamptz('heartbeat_at'),
    provider: text('provider'),
    providerItemId: text('provider_item_id'),
    externalFileUrl: text('external_file_url'),
    externalFileId: text('external_file_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    lastSyncedAt: timestamptz('last_synced_at'),
  },
  (t) => [
    index('context_items_app_idx').on(t.appId, t.createdAt),
    index('context_items_status_idx').on(t.status, t.heartbeatAt),
  ],
);

/** The uploaded bytes of an item until it has been parsed (kept in the database so any instance can parse). */
export const contextUploads = pgTable('context_uploads', {
  itemId: text('item_id')
    .primaryKey()
    .references(() => contextItems.id, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
});

/** Passages of an item, 1000/200 characters; `tokenCount` is the BM25 document length. */
export const contextChunks = pgTable(
  'context_chunks',
  {
    id: text('id').primaryKey(),
    itemId: text('item_id')
      .notNull()
      .references(() => contextItems.id, { onDelete: 'cascade' }),
    appId: text('app_id').notNull(),
    ordinal: integer('ordinal').notNull(),
    /** Page URL, row number or page number the passage came from. */
    locator: text('locator'),
    text: text('text').notNull(),
    tokenCount: integer('token_count').notNull(),
  },
  (t) => [
    index('context_chunks_item_idx').on(t.itemId, t.ordinal),
    index('context_chunks_app_idx').on(t.appId),
  ],
);

/**
 * BM25 postings: one row per (chunk, term) with the term frequency. Document frequencies and the
 * average length are computed per app at query time from this table and `context_chunks`, so the
 * statistics are always exact for the app's current chunks without counters to keep in step.
 */
export const contextTerms = pgTable(
  'context_terms',
  {
    chunkId: text('chunk_id')
      .notNull()
      .references(() => contextChunks.id, { onDelete: 'cascade' }),
    appId: text('app_id').notNull(),
    term: text('term').notNull(),
    tf: real('tf').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chunkId, t.term] }),
    index('context_terms_app_term_idx').on(t.appId, t.term),
  ],
);

/**
 * A builder's own Notion workspace or Google Drive, connected with OAuth (issue 23 #20). The tokens
 * are sealed with the secret box and never leave the server. `version` grows with every token
 * change; `refreshingUntil` is the lease of the one refresh in flight (any instance), so two
 * ingestions refreshing at once do not both spend the refresh token.
 */
export const connectorConnections = pgTable(
  'connector_connections',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    accessTokenEncrypted: text('access_token_encrypted').notNull(),
    refreshTokenEncrypted: text('refresh_token_encrypted'),
    /** When the access token stops working; null when the provider gives no expiry. */
    expiresAt: timestamptz('expires_at'),
    accountName: text('account_name'),
    version: integer('version').notNull().default(1),
    refreshingUntil: timestamptz('refreshing_until'),
    connectedAt: timestamptz('connected_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/**
 * A pending OAuth connection: the SHA-256 of its `state` (the state itself is never stored), bound to
 * the builder's session, with the PKCE verifier sealed. Single use (deleted when the callback comes)
 * and short-lived (10 minutes).
 */
export const connectorOAuthStates = pgTable(
  'connector_oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    provider: text('provider').notNull(),
    codeVerifierEncrypted: text('code_verifier_encrypted').notNull(),
    returnTo: text('return_to').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('connector_oauth_states_expiry_idx').on(t.expiresAt)],
);
