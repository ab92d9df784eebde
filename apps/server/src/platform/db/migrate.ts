import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database, Schema } from './database.ts';

/** Arbitrary constant: the advisory lock that serialises migrations across server instances. */
const MIGRATION_LOCK_KEY = 7_243_001;

/** Finds the committed drizzle-kit migrations whether we run from source or from the bundle. */
export function findMigrationsFolder(start = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error(`Could not find the drizzle migrations folder above ${start}`);
}

/** Applies pending migrations. On PostgreSQL an advisory lock keeps concurrent instances in line. */
export async function runMigrations(database: Database): Promise<void> {
  const migrationsFolder = findMigrationsFolder();
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
    return;
  }
  await database.withAdvisoryLock(MIGRATION_LOCK_KEY, () =>
    migratePg(database.db as unknown as NodePgDatabase<Schema>, { migrationsFolder }),
  );
}
