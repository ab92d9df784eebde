import { Worker } from 'node:worker_threads';
import { workerEntry } from '../../platform/child-entry.ts';
import type { TypeCheckDiagnostic } from './type-check.ts';

export type { TypeCheckDiagnostic } from './type-check.ts';

type Files = readonly { path: string; content: string }[];
export interface TypeCheckRequest {
  id: number;
  files: Files;
}
export type TypeCheckResponse =
  | { id: number; diagnostics: TypeCheckDiagnostic[] }
  | { id: number; error: string };

/** A check that runs longer ends the thread (the next check starts a new one). */
export const TYPE_CHECK_TIMEOUT_MS = 60_000;
/** The thread's heap: TypeScript and the library types it keeps parsed, plus one app's program. */
const THREAD_HEAP_MB = 1024;

interface Pending {
  resolve: (diagnostics: TypeCheckDiagnostic[]) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

const duration = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);

let thread: { worker: Worker; pending: Map<number, Pending> } | undefined;
let nextId = 1;

function start() {
  const entry = workerEntry(import.meta.url, './type-check-worker.ts', './type-check-worker.js');
  const worker = new Worker(entry, {
    resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
  });
  // Never what keeps the process alive: a server that stops ends the thread with it.
  worker.unref();
  const started = { worker, pending: new Map<number, Pending>() };
  const fail = (error: Error) => {
    if (thread === started) thread = undefined;
    for (const entry of started.pending.values()) {
      clearTimeout(entry.timer);
      entry.reject(error);
    }
    started.pending.clear();
  };
  worker.on('message', (answer: TypeCheckResponse) => {
    const entry = started.pending.get(answer.id);
    if (!entry) return;
    started.pending.delete(answer.id);
    clearTimeout(entry.timer);
    if ('error' in answer) entry.reject(new Error(answer.error));
    else entry.resolve(answer.diagnostics);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The type checker stopped (exit code ${code})`)));
  return started;
}

/**
 * Type-checks an app's file tree (type-check.ts) in a thread of its own, so that a large or
 * pathological app keeps that thread busy, never the server's event loop (issue 20: no single
 * request may stall the instance). One thread per process, started on first use and kept (the
 * library types it has parsed make the next check fast); checks queue in it. A check past
 * TYPE_CHECK_TIMEOUT_MS, or one that exhausts the thread's heap, ends the thread: that check and
 * those queued behind it fail with the reason, and the next check starts a fresh thread.
 */
export function typeCheckApp(
  files: Files,
  timeoutMs = TYPE_CHECK_TIMEOUT_MS,
): Promise<TypeCheckDiagnostic[]> {
  thread ??= start();
  const current = thread;
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      if (thread === current) thread = undefined;
      void current.worker.terminate();
      for (const entry of current.pending.values()) {
        clearTimeout(entry.timer);
        entry.reject(new Error(`The type check took longer than ${duration(timeoutMs)} and was stopped`));
      }
      current.pending.clear();
    }, timeoutMs);
    timer.unref();
    current.pending.set(id, { resolve, reject, timer });
    current.worker.postMessage({ id, files: files.map(({ path, content }) => ({ path, content })) });
  });
}
