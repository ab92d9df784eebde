import { serveJobs } from '../../platform/job-thread-worker.ts';
import { loadSqlParser } from './supabase-tables.ts';
import { translateExport } from './translate.ts';
import type { TranslateRequest } from './translate-thread.ts';

/** The import translator's thread (translate-thread.ts). */
serveJobs(async ({ files, appId }: TranslateRequest) => {
  // PostgreSQL's parser (WebAssembly, loaded once), for the SQL of Supabase exports.
  await loadSqlParser();
  return translateExport(
    new Map(
      files.map(([name, bytes]) => [name, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]),
    ),
    appId,
  );
});
