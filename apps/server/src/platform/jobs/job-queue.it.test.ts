import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, silentLogger } from '../../../test/support/test-db.ts';
import type { Database } from '../db/database.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

let database: Database;
let queue: JobQueue;
beforeAll(async () => {
  database = await createTestDatabase();
  queue = createJobQueue(database, silentLogger);
  await queue.start();
});
afterAll(async () => {
  await queue.stop(1000);
  await database.close();
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('job queue', () => {
  it('runs a sent job once with its data', async () => {
    const seen: { id: string; data: { n: number } }[] = [];
    const done = deferred<void>();
    await queue.work<{ n: number }>(
      'test-echo',
      async (job) => {
        seen.push(job);
        done.resolve();
      },
      { pollingIntervalSeconds: 0.5 },
    );
    const id = await queue.send('test-echo', { n: 42 });
    await done.promise;
    expect(seen).toEqual([{ id, data: { n: 42 } }]);
  });

  it("wakes this instance's idle worker when a job is sent, instead of waiting for its next poll", async () => {
    const handled: number[] = [];
    let next = deferred<void>();
    // Its next poll is a minute away (past the test's timeout): only the wake-up runs the jobs in time.
    await queue.work<{ n: number }>(
      'test-wake',
      async (job) => {
        handled.push(job.data.n);
        next.resolve();
      },
      { pollingIntervalSeconds: 60 },
    );
    await queue.send('test-wake', { n: 1 });
    await next.promise;
    // Idle now (its first fetch is done): the second job runs only because sending it wakes the worker.
    next = deferred<void>();
    await queue.send('test-wake', { n: 2 });
    await next.promise;
    expect(handled).toEqual([1, 2]);
  });

  it('retries a job whose handler fails, until it succeeds', async () => {
    await queue.defineQueue('test-flaky', { retryLimit: 2, retryDelaySeconds: 0, retryBackoff: false });
    let attempts = 0;
    const done = deferred<void>();
    await queue.work(
      'test-flaky',
      async () => {
        attempts++;
        if (attempts < 2) throw new Error('transient');
        done.resolve();
      },
      { pollingIntervalSeconds: 0.5 },
    );
    await queue.send('test-flaky', {});
    await done.promise;
    expect(attempts).toBe(2);
  });
});
