import { parentPort } from 'node:worker_threads';
import type { JobAnswer } from './job-thread.ts';

/** The worker side of a job thread (job-thread.ts): one job at a time, in order of arrival. */
export function serveJobs<TRequest, TValue>(run: (request: TRequest) => TValue | Promise<TValue>): void {
  const port = parentPort;
  if (!port) throw new Error('a job thread runs as a worker thread');
  port.on('message', async ({ id, request }: { id: number; request: TRequest }) => {
    let answer: JobAnswer<TValue>;
    try {
      answer = { id, value: await run(request) };
    } catch (error) {
      answer =
        error instanceof Error
          ? { id, error: error.message, name: error.name }
          : { id, error: String(error), name: 'Error' };
    }
    port.postMessage(answer);
  });
}
