import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createPostgresDatabase,
  createServerDatabase,
  silentLogger,
  testDbKind,
} from '../../test/support/test-db.ts';
import { createSecretBox } from '../platform/crypto/secret-box.ts';
import { type Database, openDatabase } from '../platform/db/database.ts';
import { appSecrets, apps, appVersions, entityRecords, users } from '../platform/db/schema/index.ts';
import { type BackupTarget, backup, MANIFEST_FILE, restore } from './backup.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function freshTarget(): Promise<BackupTarget> {
  const dataDir = tempDir('atelier-backup-data-');
  if (testDbKind === 'pglite') return { dataDir, databaseUrl: undefined };
  const pg = await createPostgresDatabase();
  cleanups.push(() => pg.drop());
  return { dataDir, databaseUrl: pg.url };
}

/** A target holding a copy of the run's migrated template: what a backup is taken of. */
async function migratedTarget(): Promise<BackupTarget> {
  const dataDir = tempDir('atelier-backup-data-');
  const db = await createServerDatabase(dataDir);
  cleanups.push(() => db.drop());
  return { dataDir, databaseUrl: db.databaseUrl };
}

const open = (target: BackupTarget): Promise<Database> =>
  openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, logger: silentLogger });

/** Every row of every table of the public schema, as text, table by table: equal means nothing was lost. */
async function snapshot(database: Database): Promise<Record<string, string[]>> {
  const { rows: tables } = await database.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    const { rows } = await database.query<{ row: string }>(
      `select t::text as row from "${name}" t order by 1`,
    );
    out[name] = rows.map((r) => r.row);
  }
  return out;
}

// A file-backed PGlite (open, dump, load) takes seconds on a busy machine.
describe('backup and restore', { timeout: 120_000 }, () => {
  it('restores into a fresh directory every app, version, record and secret (which still decrypts)', async () => {
    const source = await migratedTarget();
    const box = createSecretBox({ config: { dataDir: source.dataDir, secretsKey: undefined } });
    const db = await open(source);
    const userId = randomUUID();
    const appId = randomUUID();
    await db.db.insert(users).values({ id: userId, tenantId: 'platform', email: 'owner@example.com' });
    await db.db.insert(apps).values({ id: appId, ownerId: userId, name: 'Recipe Finder', type: 'GEN_APP' });
    await db.db.insert(appVersions).values({ id: randomUUID(), appId, seq: 1, contentHash: 'h1', files: [] });
    await db.db.insert(appVersions).values({ id: randomUUID(), appId, seq: 2, contentHash: 'h2', files: [] });
    await db.db.insert(entityRecords).values(
      Array.from({ length: 25 }, (_, i) => ({
        appId,
        entity: 'Recipe',
        id: `r${i}`,
        data: { title: `Soup ${i}` },
      })),
    );
    await db.db
      .insert(appSecrets)
      .values({ appId, key: 'STRIPE_KEY', valueEncrypted: box.encrypt('sk_test_123') });
    const before = await snapshot(db);
    await db.close();
    expect(before.apps).toHaveLength(1);
    expect(before.app_versions).toHaveLength(2);
    expect(before.entity_records).toHaveLength(25);
    expect(before.app_secrets).toHaveLength(1);

    const out = path.join(tempDir('atelier-backup-out-'), 'backup');
    const manifest = await backup(source, out);
    expect(manifest).toMatchObject({ format: 1, engine: testDbKind, secretsKeyFile: 'secrets.key' });
    expect(fs.existsSync(path.join(out, MANIFEST_FILE))).toBe(true);

    const target = await freshTarget();
    await restore(target, out);
    const restored = await open(target);
    try {
      expect(await snapshot(restored)).toEqual(before);
      const [secret] = await restored.db.select().from(appSecrets);
      const restoredBox = createSecretBox({ config: { dataDir: target.dataDir, secretsKey: undefined } });
      expect(restoredBox.decrypt(secret!.valueEncrypted)).toBe('sk_test_123');
    } finally {
      await restored.close();
    }
  });

  it('refuses to restore over an existing key file', async () => {
    const source = await migratedTarget();
    createSecretBox({ config: { dataDir: source.dataDir, secretsKey: undefined } }).encrypt('x');
    const out = path.join(tempDir('atelier-backup-out-'), 'backup');
    await backup(source, out);
    await expect(restore(source, out)).rejects.toThrow(/already exists; restore into a fresh DATA_DIR/);
  });
});
