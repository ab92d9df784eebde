import { serveJobs } from '../../platform/job-thread-worker.ts';
import { typeCheckHere } from './type-check.ts';
import type { TypeCheckRequest } from './type-check-thread.ts';

/** The type checker's thread (type-check-thread.ts). */
serveJobs(({ files }: TypeCheckRequest) => typeCheckHere(files));
