import { ACCOUNT_REFRESH_AFTER_PAYMENT, isSaleSettled } from '@atelier/shared';

export interface RefreshedAccount {
  payments: readonly { saleId: string; status: string }[];
  planSubscriptionStatus: string | null;
}

export interface PaymentRefreshDeps {
  /** Refreshes the account (and its payments) once. */
  fetchStatus: () => Promise<RefreshedAccount>;
  sleep: (ms: number) => Promise<void>;
  signal?: AbortSignal;
}

export type PaymentRefreshOutcome = 'settled' | 'timeout' | 'aborted';

/**
 * Account refresh after a payment (spec 3 §9): every 4000 ms, up to 15 attempts, stopping once the
 * sale is among the payments or the plan status is alive. A failed attempt counts and is retried.
 */
export async function refreshUntilSettled(
  saleId: string,
  deps: PaymentRefreshDeps,
): Promise<PaymentRefreshOutcome> {
  const { intervalMs, maxAttempts } = ACCOUNT_REFRESH_AFTER_PAYMENT;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    if (deps.signal?.aborted) return 'aborted';
    try {
      if (isSaleSettled(saleId, await deps.fetchStatus())) return 'settled';
    } catch {
      // a failed refresh is one attempt; the next one may succeed
    }
    if (attempt < maxAttempts) await deps.sleep(intervalMs);
  }
  return deps.signal?.aborted ? 'aborted' : 'timeout';
}
