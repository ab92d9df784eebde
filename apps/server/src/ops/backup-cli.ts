// `npm run backup -- [out-dir]` / `npm run restore -- <backup-dir>` (in the image:
// `node apps/server/dist/backup-cli.js backup|restore …`). Reads DATA_DIR and DATABASE_URL like the
// server. PGlite is single-writer: stop the server before a backup or a restore of the embedded database.
import path from 'node:path';
import { CONFIG_EXIT_CODE, configOrExitCode } from '../config.ts';
import { DataDirInUseError } from '../platform/db/data-dir-lock.ts';
import { BackupError, backup, restore } from './backup.ts';

async function main(): Promise<number> {
  const [command, dir] = process.argv.slice(2);
  if (command !== 'backup' && command !== 'restore') {
    console.error('usage: backup-cli backup [out-dir] | restore <backup-dir>');
    return 64;
  }
  const config = configOrExitCode();
  if (config === CONFIG_EXIT_CODE) return config;
  const target = { dataDir: config.dataDir, databaseUrl: config.databaseUrl };
  try {
    if (command === 'backup') {
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const out = path.resolve(dir ?? path.join('backups', `atelier-${stamp}`));
      const manifest = await backup(target, out);
      console.log(
        `Backed up the ${manifest.engine} database${manifest.secretsKeyFile ? ' and the secrets key file' : ''} to ${out}`,
      );
      if (config.secretsKey) console.log('SECRETS_KEY comes from the environment: keep it with this backup.');
    } else {
      if (!dir) {
        console.error('usage: backup-cli restore <backup-dir>');
        return 64;
      }
      const manifest = await restore(target, path.resolve(dir));
      console.log(
        `Restored the ${manifest.engine} backup of ${manifest.createdAt} into ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof BackupError || error instanceof DataDirInUseError) {
      console.error(error.message);
      return error instanceof DataDirInUseError ? 75 : 1;
    }
    console.error(error instanceof Error ? error.message : error);
    return 1;
  }
}

process.exitCode = await main();
