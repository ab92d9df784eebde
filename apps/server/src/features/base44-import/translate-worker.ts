import { serveJobs } from '../../platform/job-thread-worker.ts';
import { translateExport } from './translate.ts';
import type { TranslateRequest } from './translate-thread.ts';

/** The import translator's thread (translate-thread.ts). */
serveJobs(({ files, appId }: TranslateRequest) =>
  translateExport(
    new Map(
      files.map(([name, bytes]) => [name, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]),
    ),
    appId,
  ),
);
