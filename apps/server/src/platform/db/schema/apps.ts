import { sql } from 'drizzle-orm';
import {
  boolean,
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

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export type AppType = 'GEN_APP' | 'AI_TOOL' | 'AI_APP' | 'SPACE_APP' | 'CHAT';
export type AppStatus = 'active' | 'draft';

/** One file of a version's manifest: the file's stable id (kept across versions), its path and content hash. */
export interface VersionManifestEntry {
  id: string;
  path: string;
  /** SHA-256 (hex) of the content: the key of `app_file_blobs`. */
  hash: string;
  /** UTF-8 bytes of the content. */
  size: number;
}

/**
 * Apps and tools built on the platform (features/apps). The code of a generated app is a file tree
 * kept as immutable versions (`app_versions`); `current_version_id` is what the builder edits and
 * previews, `published_version_id` what `/app/{appId}` serves. Both point into `app_versions` of the
 * same app; the repo keeps that true (no foreign key: the tables reference each other).
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
    /** The published app's own origin is `{slug}.{APPS_DOMAIN}`; set at the first publish, unique. */
    slug: text('slug'),
    /** End users may create accounts (spec 2 §5: only once the app is published). */
    isSignupEnabled: boolean('is_signup_enabled').notNull().default(false),
    publishedVersionId: text('published_version_id'),
    currentVersionId: text('current_version_id'),
    /** Versions made so far: the `seq` of the newest one (moved under the row lock, so never reused). */
    versionCount: integer('version_count').notNull().default(0),
    /** Shown as active (published) or draft (spec 1 §4). */
    status: text('status').$type<AppStatus>().notNull().default('draft'),
    appBuilderVersion: integer('app_builder_version').notNull().default(4),
    header: text('header'),
    description: text('description'),
    gptPrompt: text('gpt_prompt'),
    background: text('background'),
    features: jsonb('features'),
    /** App style (spec 1 §3 "App style"); shaped by the builder panels. */
    style: jsonb('style'),
    /** App settings (spec 1 §3 "App settings"); shaped by the builder panels. */
    settings: jsonb('settings'),
    /** Builder panel content (features/builder): texts, fields, steps, tools, call to action; merged per key. */
    builder: jsonb('builder'),
    publishedAt: timestamptz('published_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('apps_owner_idx').on(t.ownerId), uniqueIndex('apps_slug_key').on(t.slug)],
);

/**
 * Immutable snapshots of an app's file tree. `seq` orders them per app (1, 2, 3 …);
 * `content_hash` addresses the tree (`contentHash` of `@atelier/shared`), `files` is the manifest
 * whose contents live once each in `app_file_blobs`.
 */
export const appVersions = pgTable(
  'app_versions',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    parentVersionId: text('parent_version_id'),
    contentHash: text('content_hash').notNull(),
    messageId: text('message_id'),
    userRequest: text('user_request'),
    description: text('description').notNull().default(''),
    files: jsonb('files').$type<VersionManifestEntry[]>().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('app_versions_app_seq_key').on(t.appId, t.seq),
    index('app_versions_message_idx').on(t.appId, t.messageId),
  ],
);

/** File contents by SHA-256: identical files (across versions and apps) are stored once. */
export const appFileBlobs = pgTable('app_file_blobs', {
  hash: text('hash').primaryKey(),
  content: text('content').notNull(),
});

/**
 * Custom domains of published apps. A builder proves a domain with a DNS TXT record
 * (`_atelier-verify.{domain}` = `txt_value`); a verified domain belongs to one app only.
 */
export const appDomains = pgTable(
  'app_domains',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    /** Lower-case host name without a port or trailing dot. */
    domain: text('domain').notNull(),
    txtValue: text('txt_value').notNull(),
    verifiedAt: timestamptz('verified_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.domain] }),
    uniqueIndex('app_domains_verified_domain_key').on(t.domain).where(sql`verified_at is not null`),
  ],
);
