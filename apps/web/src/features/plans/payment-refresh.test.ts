import { describe, expect, it } from 'vitest';
import { type RefreshedAccount, refreshUntilSettled } from './payment-refresh.ts';

const pending: RefreshedAccount = {
  payments: [{ saleId: 'sale_1', status: 'pending' }],
  planSubscriptionStatus: null,
};
const paid: RefreshedAccount = {
  payments: [{ saleId: 'sale_1', status: 'completed' }],
  planSubscriptionStatus: null,
};

function run(answers: (RefreshedAccount | Error)[], signal?: AbortSignal) {
  const sleeps: number[] = [];
  let calls = 0;
  const outcome = refreshUntilSettled('sale_1', {
    fetchStatus: async () => {
      const answer = answers[Math.min(calls, answers.length - 1)]!;
      calls += 1;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    signal,
  });
  return { outcome, sleeps, calls: () => calls };
}

describe('account refresh after payment', () => {
  it('stops as soon as the sale is among the payments', async () => {
    const r = run([pending, pending, paid]);
    expect(await r.outcome).toBe('settled');
    expect(r.calls()).toBe(3);
    expect(r.sleeps).toEqual([4000, 4000]);
  });

  it('stops when the plan status is alive even before the payment shows', async () => {
    const r = run([{ payments: [], planSubscriptionStatus: 'active' }]);
    expect(await r.outcome).toBe('settled');
    expect(r.calls()).toBe(1);
  });

  it('gives up after 15 attempts 4000 ms apart', async () => {
    const r = run([pending]);
    expect(await r.outcome).toBe('timeout');
    expect(r.calls()).toBe(15);
    expect(r.sleeps).toEqual(Array(14).fill(4000));
  });

  it('counts a failed refresh as an attempt and keeps going', async () => {
    const r = run([new Error('offline'), paid]);
    expect(await r.outcome).toBe('settled');
    expect(r.calls()).toBe(2);
  });

  it('stops when aborted (the page went away)', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await run([pending], controller.signal).outcome).toBe('aborted');
  });
});
