import { Worker } from 'node:worker_threads';

/** What a job thread's worker answers (job-thread-worker.ts `serveJobs`). */
export type JobAnswer<TValue> = { id: number; value: TValue } | { id: number; error: string; name: string };

interface Pending<TValue> {
  resolve: (value: TValue) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * A worker thread that runs heavy jobs on what callers sent (type-checking an app, translating an
 * imported export) so that they keep that thread busy, never the server's event loop (issue 20: no
 * single request may stall the instance). One thread per process, started on first use and kept;
 * jobs queue in it. A job past its time limit, or one that exhausts the thread's heap, ends the
 * thread: that job and those queued behind it fail with the reason (`tooSlow`, `stopped`), and the
 * next job starts a fresh thread. An error the job throws comes back with its message and name.
 */
export function createJobThread<TRequest, TValue>(options: {
  /** The worker's module (`workerEntry`). */
  entry: () => string;
  heapMb: number;
  timeoutMs: number;
  tooSlow: (timeoutMs: number) => string;
  stopped: (exitCode: number) => string;
}): (request: TRequest, timeoutMs?: number) => Promise<TValue> {
  let thread: { worker: Worker; pending: Map<number, Pending<TValue>> } | undefined;
  let nextId = 1;

  function start() {
    const worker = new Worker(options.entry(), {
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
    });
    // Never what keeps the process alive: a server that stops ends the thread with it.
    worker.unref();
    const started = { worker, pending: new Map<number, Pending<TValue>>() };
    const fail = (error: Error) => {
      if (thread === started) thread = undefined;
      for (const entry of started.pending.values()) {
        clearTimeout(entry.timer);
        entry.reject(error);
      }
      started.pending.clear();
    };
    worker.on('message', (answer: JobAnswer<TValue>) => {
      const entry = started.pending.get(answer.id);
      if (!entry) return;
      started.pending.delete(answer.id);
      clearTimeout(entry.timer);
      if ('error' in answer) entry.reject(Object.assign(new Error(answer.error), { name: answer.name }));
      else entry.resolve(answer.value);
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(options.stopped(code))));
    return started;
  }

  return (request, timeoutMs = options.timeoutMs) => {
    thread ??= start();
    const current = thread;
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        if (thread === current) thread = undefined;
        void current.worker.terminate();
        for (const entry of current.pending.values()) {
          clearTimeout(entry.timer);
          entry.reject(new Error(options.tooSlow(timeoutMs)));
        }
        current.pending.clear();
      }, timeoutMs);
      timer.unref();
      current.pending.set(id, { resolve, reject, timer });
      current.worker.postMessage({ id, request });
    });
  };
}
