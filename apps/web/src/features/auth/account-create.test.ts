import { describe, expect, it } from 'vitest';
import { createAccountAfterSignIn } from './account-create.ts';

class Unauthorized extends Error {}

function harness(answers: ('ok' | '401' | 'boom')[]) {
  const calls: string[] = [];
  let i = 0;
  const deps = {
    create: async () => {
      const answer = answers[Math.min(i++, answers.length - 1)];
      calls.push(`create:${answer}`);
      if (answer === '401') throw new Unauthorized();
      if (answer === 'boom') throw new Error('500');
      return { accountId: 'acc-1' };
    },
    sleep: async (ms: number) => {
      calls.push(`sleep:${ms}`);
    },
    isUnauthorized: (error: unknown) => error instanceof Unauthorized,
  };
  return { deps, calls };
}

describe('createAccountAfterSignIn', () => {
  it('calls once, without waiting, when there is no sale', async () => {
    const { deps, calls } = harness(['ok']);
    expect(await createAccountAfterSignIn(deps, null)).toEqual({ status: 'created', accountId: 'acc-1' });
    expect(calls).toEqual(['create:ok']);
  });

  it('gives up at once on 401 without a sale', async () => {
    const { deps, calls } = harness(['401']);
    expect(await createAccountAfterSignIn(deps, null)).toEqual({ status: 'unauthorized' });
    expect(calls).toEqual(['create:401']);
  });

  it('with a sale: waits 3 s, then retries 401 up to 7 times at 4 s', async () => {
    const { deps, calls } = harness(['401']);
    expect(await createAccountAfterSignIn(deps, 'sale-9')).toEqual({ status: 'unauthorized' });
    expect(calls).toEqual([
      'sleep:3000',
      'create:401',
      ...Array.from({ length: 7 }, () => ['sleep:4000', 'create:401']).flat(),
    ]);
    expect(calls.filter((c) => c.startsWith('create'))).toHaveLength(8);
  });

  it('with a sale: succeeds as soon as a retry is accepted', async () => {
    const { deps, calls } = harness(['401', '401', 'ok']);
    expect(await createAccountAfterSignIn(deps, 'sale-9')).toEqual({ status: 'created', accountId: 'acc-1' });
    expect(calls).toEqual([
      'sleep:3000',
      'create:401',
      'sleep:4000',
      'create:401',
      'sleep:4000',
      'create:ok',
    ]);
  });

  it('reports other errors as failed without retrying', async () => {
    const { deps, calls } = harness(['boom']);
    expect((await createAccountAfterSignIn(deps, 'sale-9')).status).toBe('failed');
    expect(calls).toEqual(['sleep:3000', 'create:boom']);
  });
});
