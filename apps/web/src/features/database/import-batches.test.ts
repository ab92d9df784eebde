import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_STATUS } from '../../lib/api-client.ts';
import { isTransient, runImportBatches, withImportIds, withRateLimitRetry } from './import-batches.ts';

const refused = new ApiError({ code: 'validation_error', message: 'bad row', status: 400 });

describe('runImportBatches', () => {
  it('stops at a transient failure and a second run imports exactly what is left', async () => {
    const remaining = new Set([0, 1, 2, 3, 4, 5]);
    const sent: number[] = [];
    let offline = true;
    const importBatch = async (index: number) => {
      if (index === 2 && offline) throw new TypeError('Failed to fetch');
      sent.push(index);
    };
    const first = await runImportBatches({
      remaining,
      parallel: 1,
      importBatch,
      signal: new AbortController().signal,
    });
    expect(first?.error).toBeInstanceOf(TypeError);
    expect(sent).toEqual([0, 1]);
    expect([...remaining]).toEqual([2, 3, 4, 5]);
    offline = false;
    expect(
      await runImportBatches({ remaining, parallel: 3, importBatch, signal: new AbortController().signal }),
    ).toBe(undefined);
    expect(sent.sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(remaining.size).toBe(0);
  });

  it('starts no batch once cancelled', async () => {
    const remaining = new Set([0, 1, 2, 3]);
    const controller = new AbortController();
    const sent: number[] = [];
    await runImportBatches({
      remaining,
      parallel: 1,
      signal: controller.signal,
      importBatch: async (index) => {
        sent.push(index);
        if (index === 1) controller.abort();
      },
    });
    expect(sent).toEqual([0, 1]);
    expect([...remaining]).toEqual([2, 3]);
  });
});

describe('isTransient', () => {
  it('retries lost connections and server failures, not refused rows', () => {
    expect(isTransient(new TypeError('Failed to fetch'))).toBe(true);
    expect(
      isTransient(new ApiError({ code: 'network_error', message: 'x', status: NETWORK_ERROR_STATUS })),
    ).toBe(true);
    expect(isTransient(new ApiError({ code: 'internal', message: 'x', status: 503 }))).toBe(true);
    expect(isTransient(new ApiError({ code: 'rate_limited', message: 'x', status: 429 }))).toBe(true);
    expect(isTransient(refused)).toBe(false);
  });
});

describe('withImportIds', () => {
  it('keeps mapped ids and gives the others one, so a batch sent twice is written once', () => {
    const [kept, given] = withImportIds([{ id: 'mine', a: 1 }, { a: 2 }]);
    expect(kept).toEqual({ id: 'mine', a: 1 });
    expect(given?.id).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
  });
});

describe('withRateLimitRetry', () => {
  const limited = new ApiError({
    code: 'rate_limited',
    message: 'Too many requests, try again later',
    status: 429,
  });
  const backoff = { firstMs: 1, maxMs: 2, attempts: 3 };

  it('sends again while the server answers 429, then answers', async () => {
    let calls = 0;
    const answer = await withRateLimitRetry(
      async () => {
        calls += 1;
        if (calls < 3) throw limited;
        return 'ok';
      },
      { signal: new AbortController().signal, backoff },
    );
    expect(answer).toBe('ok');
    expect(calls).toBe(3);
  });

  it('gives up after its attempts, and never retries other failures', async () => {
    await expect(
      withRateLimitRetry(() => Promise.reject(limited), { signal: new AbortController().signal, backoff }),
    ).rejects.toBe(limited);
    let calls = 0;
    await expect(
      withRateLimitRetry(
        () => {
          calls += 1;
          return Promise.reject(refused);
        },
        { signal: new AbortController().signal, backoff },
      ),
    ).rejects.toBe(refused);
    expect(calls).toBe(1);
  });
});
