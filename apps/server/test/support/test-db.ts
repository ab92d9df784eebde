import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/platform/db/database.ts';
import { runMigrations } from '../../src/platform/db/migrate.ts';
import { createLogger } from '../../src/platform/logger.ts';

export type TestDbKind = 'pglite' | 'postgres';

/** Which engine this test run uses: the integration suite runs once per engine. */
export const testDbKind: TestDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export const silentLogger = createLogger('silent');

export interface TestDatabaseUrl {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh PostgreSQL database on the run's cluster, dropped afterwards: empty, or (`migrated`) a copy
 * of the run's migrated template database.
 */
export async function createPostgresDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabaseUrl> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const template = options.migrated ? inject('pgTemplateDatabase') : undefined;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

let pgliteTemplate: Blob | undefined;

/** The run's migrated PGlite dump (see pglite-global-setup.ts), read once per test file. */
function loadPgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplateFile');
  if (!file) return undefined;
  pgliteTemplate ??= new Blob([fs.readFileSync(file)]);
  return pgliteTemplate;
}

/**
 * A migrated database for one test file: in-memory PGlite, or a fresh database on the test cluster.
 * Both start from the run's migrated template when the project's global set-up made one (the
 * migrations then find nothing to do).
 */
export async function createTestDatabase(): Promise<Database> {
  if (testDbKind === 'pglite') {
    const loadDataDir = loadPgliteTemplate();
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir, logger: silentLogger });
    await runMigrations(database);
    return database;
  }
  const created = await createPostgresDatabase({ migrated: true });
  const database = await openDatabase({ databaseUrl: created.url, dataDir: 'unused', logger: silentLogger });
  await runMigrations(database);
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

/**
 * What a real server (`startServer`, a server process) runs on, already migrated so that its start
 * does not run every migration again (3–4 s on PGlite): PGlite's files in `dataDir` start as a copy
 * of the run's template; on PostgreSQL, a copy of the template database (`databaseUrl`).
 */
export async function createServerDatabase(
  dataDir: string,
): Promise<{ databaseUrl?: string; drop(): Promise<void> }> {
  if (testDbKind === 'postgres') {
    const created = await createPostgresDatabase({ migrated: true });
    return { databaseUrl: created.url, drop: () => created.drop() };
  }
  const loadDataDir = loadPgliteTemplate();
  if (loadDataDir) await (await openDatabase({ dataDir, loadDataDir, logger: silentLogger })).close();
  return { drop: async () => {} };
}
