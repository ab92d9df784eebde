import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { SECRETS_KEY_FILE } from '../platform/crypto/secret-box.ts';
import { acquireDataDirLock } from '../platform/db/data-dir-lock.ts';
import { APP_VERSION } from '../platform/version.ts';

const run = promisify(execFile);

/** What a backup directory holds; written last, so a directory without it is incomplete. */
export interface BackupManifest {
  format: 1;
  engine: 'pglite' | 'postgres';
  createdAt: string;
  atelierVersion: string;
  /** File names inside the backup directory. */
  database: string;
  secretsKeyFile: string | null;
}

export const MANIFEST_FILE = 'manifest.json';
const PGLITE_DUMP = 'database.pglite.tar.gz';
const POSTGRES_DUMP = 'database.pgdump';

export class BackupError extends Error {
  override name = 'BackupError';
}

export interface BackupTarget {
  /** Absolute DATA_DIR. */
  dataDir: string;
  /** PostgreSQL URL, or undefined for the embedded PGlite database in DATA_DIR/pglite. */
  databaseUrl: string | undefined;
}

/**
 * Writes a backup of the database (pg_dump's custom format, or PGlite's data-directory dump) and the
 * secrets key file of DATA_DIR into `outDir` (created; must be empty). Uploads are rows of the
 * database, so the dump holds them.
 * PGlite is single-writer: the server must be stopped (its DATA_DIR lock is taken here).
 */
export async function backup(target: BackupTarget, outDir: string): Promise<BackupManifest> {
  fs.mkdirSync(outDir, { recursive: true });
  if (fs.readdirSync(outDir).length > 0) throw new BackupError(`The backup directory ${outDir} is not empty`);
  const engine = target.databaseUrl ? 'postgres' : 'pglite';
  let database: string;
  if (target.databaseUrl) {
    database = POSTGRES_DUMP;
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      '--file',
      path.join(outDir, POSTGRES_DUMP),
      '--dbname',
      target.databaseUrl,
    ]);
  } else {
    database = PGLITE_DUMP;
    const pgDir = path.join(target.dataDir, 'pglite');
    if (!fs.existsSync(pgDir)) throw new BackupError(`No embedded database in ${target.dataDir}`);
    const lock = acquireDataDirLock(target.dataDir);
    try {
      const client = await PGlite.create(pgDir);
      try {
        const dump = await client.dumpDataDir('gzip');
        fs.writeFileSync(path.join(outDir, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await client.close();
      }
    } finally {
      lock.release();
    }
  }
  const keyFile = path.join(target.dataDir, SECRETS_KEY_FILE);
  const hasKey = fs.existsSync(keyFile);
  if (hasKey) fs.copyFileSync(keyFile, path.join(outDir, SECRETS_KEY_FILE));
  if (hasKey) fs.chmodSync(path.join(outDir, SECRETS_KEY_FILE), 0o600);
  const manifest: BackupManifest = {
    format: 1,
    engine,
    createdAt: new Date().toISOString(),
    atelierVersion: APP_VERSION,
    database,
    secretsKeyFile: hasKey ? SECRETS_KEY_FILE : null,
  };
  fs.writeFileSync(path.join(outDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Restores a backup into a fresh target: an empty DATA_DIR (no embedded database, no key file) and,
 * for PostgreSQL, an empty database. Refuses to overwrite anything.
 */
export async function restore(target: BackupTarget, fromDir: string): Promise<BackupManifest> {
  const manifestPath = path.join(fromDir, MANIFEST_FILE);
  if (!fs.existsSync(manifestPath))
    throw new BackupError(`${fromDir} holds no ${MANIFEST_FILE}: not a complete backup`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as BackupManifest;
  const engine = target.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.engine !== engine) {
    throw new BackupError(
      `This backup is of a ${manifest.engine} database; ${engine === 'postgres' ? 'unset' : 'set'} DATABASE_URL to restore it`,
    );
  }
  fs.mkdirSync(target.dataDir, { recursive: true });
  const keyTarget = path.join(target.dataDir, SECRETS_KEY_FILE);
  if (manifest.secretsKeyFile && fs.existsSync(keyTarget)) {
    throw new BackupError(`${keyTarget} already exists; restore into a fresh DATA_DIR`);
  }
  if (target.databaseUrl) {
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      '--dbname',
      target.databaseUrl,
      path.join(fromDir, manifest.database),
    ]);
  } else {
    const pgDir = path.join(target.dataDir, 'pglite');
    if (fs.existsSync(pgDir) && fs.readdirSync(pgDir).length > 0) {
      throw new BackupError(`${pgDir} already holds a database; restore into a fresh DATA_DIR`);
    }
    const lock = acquireDataDirLock(target.dataDir);
    try {
      fs.mkdirSync(pgDir, { recursive: true });
      const dump = new Blob([fs.readFileSync(path.join(fromDir, manifest.database))]);
      const client = await PGlite.create(pgDir, { loadDataDir: dump });
      await client.close();
    } finally {
      lock.release();
    }
  }
  if (manifest.secretsKeyFile) {
    fs.copyFileSync(path.join(fromDir, manifest.secretsKeyFile), keyTarget);
    fs.chmodSync(keyTarget, 0o600);
  }
  return manifest;
}
