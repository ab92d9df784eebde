import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { apps } from './apps.ts';

/** A package of an npm tree pinned for an app (features/npm `ResolvedTree`'s packages). */
export interface StoredNpmPackage {
  name: string;
  version: string;
  integrity: string;
  tarball: string;
  dependencies: Record<string, string>;
}

/**
 * The lock of an app's on-demand npm packages (features/npm): for each package its package.json
 * names, the range it named and the exact tree (versions, integrity, tarballs) it resolved to the
 * first time. Later compiles reuse the tree while the range stays the same, so an app's packages
 * never move under it; changing the range (or removing the package) resolves again.
 */
export const appNpmLocks = pgTable(
  'app_npm_locks',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    range: text('range').notNull(),
    /** `name@version` of the resolved package. */
    root: text('root').notNull(),
    packages: jsonb('packages').$type<Record<string, StoredNpmPackage>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.name] })],
);
