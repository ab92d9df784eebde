// `npm run import:base44 -- <zip|dir> [--owner email]` (in the image:
// `node apps/server/dist/import-base44-cli.js …`): imports an exported Base44 app as a new app of the
// builder with that e-mail (by default the first administrator). Reads DATA_DIR and DATABASE_URL like
// the server; PGlite is single-writer, so stop the server first when it uses the embedded database.
import fs from 'node:fs/promises';
import path from 'node:path';
import { PLATFORM_TENANT } from '@atelier/shared';
import { and, asc, eq } from 'drizzle-orm';
import { CONFIG_EXIT_CODE, configOrExitCode } from '../config.ts';
import { ExportArchiveError, readExportDir, readExportZipFile } from '../features/base44-import/archive.ts';
import { importBase44App } from '../features/base44-import/import.service.ts';
import { NotAnExportError } from '../features/base44-import/translate.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { DataDirInUseError } from '../platform/db/data-dir-lock.ts';
import { users } from '../platform/db/schema/index.ts';
import { AppError } from '../platform/errors.ts';
import { createLogger } from '../platform/logger.ts';
import { createServices } from '../services.ts';

const USAGE = 'usage: import:base44 <export.zip | export-folder> [--owner builder@example.com]';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const ownerAt = args.indexOf('--owner');
  const ownerEmail = ownerAt >= 0 ? args[ownerAt + 1] : undefined;
  const source = args.find((arg, i) => !arg.startsWith('--') && (ownerAt < 0 || i !== ownerAt + 1));
  if (!source || (ownerAt >= 0 && !ownerEmail)) {
    console.error(USAGE);
    return 64;
  }
  const config = configOrExitCode();
  if (config === CONFIG_EXIT_CODE) return config;
  const stat = await fs.stat(source).catch(() => undefined);
  if (!stat) {
    console.error(`${source} does not exist.`);
    return 66;
  }
  const services = await createServices(config, { logger: createLogger('warn') });
  const { deps } = services;
  const { database } = deps;
  try {
    // Deploying the app's functions may send jobs; the CLI works none of the server's.
    await deps.queue.start();
    const [owner] = await database.db
      .select()
      .from(users)
      .where(
        and(
          eq(users.tenantId, PLATFORM_TENANT),
          ownerEmail ? eq(users.email, ownerEmail.toLowerCase()) : eq(users.isAdmin, true),
        ),
      )
      .orderBy(asc(users.createdAt))
      .limit(1);
    if (!owner) {
      console.error(
        ownerEmail
          ? `No builder account has the e-mail ${ownerEmail}.`
          : 'No administrator account yet: sign up first, or pass --owner.',
      );
      return 67;
    }
    const actor: Actor = {
      userId: owner.id,
      tenantId: PLATFORM_TENANT,
      email: owner.email,
      name: owner.name,
      isAdmin: owner.isAdmin,
      emailVerified: owner.emailVerifiedAt !== null,
      appId: null,
      sessionId: '',
      via: 'session-token',
    };
    const tree = stat.isDirectory() ? await readExportDir(source) : await readExportZipFile(source);
    const { app, report } = await importBase44App(deps, actor, tree, path.basename(source));
    console.log(`Imported "${app.name}" as app ${app.id} for ${owner.email}.`);
    console.log(`  files: ${report.files.imported} (${report.files.skipped.length} skipped)`);
    console.log(
      `  entities: ${report.entities.map((e) => `${e.name}${e.inferred ? ' (guessed from the code)' : ''}`).join(', ') || 'none'}`,
    );
    if (report.entityErrors.length > 0)
      console.log(`  entity files not read: ${report.entityErrors.map((e) => e.path).join(', ')}`);
    console.log(
      `  functions: ${report.functions.length}; secrets to set: ${report.secrets.join(', ') || 'none'}`,
    );
    for (const fn of report.functions.filter((item) => item.status === 'failed'))
      console.log(`  function ${fn.name} does not build: ${fn.error ?? ''}`);
    const onDemand = report.packages.filter((p) => p.status === 'on-demand').map((p) => p.name);
    if (onDemand.length > 0) console.log(`  npm packages installed on demand: ${onDemand.join(', ')}`);
    for (const item of report.data) console.log(`  data ${item.file}: ${item.imported}/${item.rows} records`);
    const copied = (report.storageFiles ?? []).filter((file) => file.fileUrl).length;
    if (copied > 0) console.log(`  files copied from Base44's storage: ${copied}`);
    if (report.storageUrls.length > 0)
      console.log(`  files on Base44's storage (not copied): ${report.storageUrls.length}`);
    for (const warning of report.warnings) console.log(`  warning: ${warning}`);
    return 0;
  } catch (error) {
    if (
      error instanceof ExportArchiveError ||
      error instanceof NotAnExportError ||
      error instanceof AppError
    ) {
      console.error(error.message);
      return 65;
    }
    throw error;
  } finally {
    await services.close(0);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof DataDirInUseError) {
      console.error(error.message);
      process.exit(75);
    }
    console.error(error);
    process.exit(1);
  },
);
