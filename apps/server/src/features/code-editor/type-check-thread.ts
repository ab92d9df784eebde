import { workerEntry } from '../../platform/child-entry.ts';
import { createJobThread } from '../../platform/job-thread.ts';
import type { TypeCheckDiagnostic } from './type-check.ts';

export type { TypeCheckDiagnostic } from './type-check.ts';

type Files = readonly { path: string; content: string }[];
export interface TypeCheckRequest {
  files: Files;
}

/** A check that runs longer ends the thread (the next check starts a new one). */
export const TYPE_CHECK_TIMEOUT_MS = 60_000;
/** The thread's heap: TypeScript and the library types it keeps parsed, plus one app's program. */
const THREAD_HEAP_MB = 1024;

const duration = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);

const runCheck = createJobThread<TypeCheckRequest, TypeCheckDiagnostic[]>({
  entry: () => workerEntry(import.meta.url, './type-check-worker.ts', './type-check-worker.js'),
  heapMb: THREAD_HEAP_MB,
  timeoutMs: TYPE_CHECK_TIMEOUT_MS,
  tooSlow: (ms) => `The type check took longer than ${duration(ms)} and was stopped`,
  stopped: (code) => `The type checker stopped (exit code ${code})`,
});

/**
 * Type-checks an app's file tree (type-check.ts) in a thread of its own (a job thread), so that a
 * large or pathological app keeps that thread busy, never the server's event loop (issue 20: no
 * single request may stall the instance). The thread is kept (the library types it has parsed make
 * the next check fast); a check past TYPE_CHECK_TIMEOUT_MS, or one that exhausts the thread's heap,
 * ends it with the reason, and the next check starts a fresh thread.
 */
export function typeCheckApp(
  files: Files,
  timeoutMs = TYPE_CHECK_TIMEOUT_MS,
): Promise<TypeCheckDiagnostic[]> {
  return runCheck({ files: files.map(({ path, content }) => ({ path, content })) }, timeoutMs);
}
