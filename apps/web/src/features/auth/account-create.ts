import { AUTH_LIMITS } from '@atelier/shared';

export type AccountCreateOutcome =
  | { status: 'created'; accountId: string }
  /** Still 401 after every retry: sign out and go to /error/unauthorized (spec 1 §4). */
  | { status: 'unauthorized' }
  /** Any other failure: show "Something went wrong in creating account…". */
  | { status: 'failed'; error: unknown };

export interface AccountCreateDeps {
  /** POST /api/live_api/account/create. */
  create: () => Promise<{ accountId: string }>;
  sleep: (ms: number) => Promise<void>;
  isUnauthorized: (error: unknown) => boolean;
}

/**
 * Account creation after sign-in (spec 1 §4, §9). Without a sale: one call. With a sale id: wait
 * 3 s, call, and on 401 retry up to 7 times at 4 s intervals.
 */
export async function createAccountAfterSignIn(
  deps: AccountCreateDeps,
  saleId: string | null,
): Promise<AccountCreateOutcome> {
  const retries = saleId ? AUTH_LIMITS.saleCreateRetries : 0;
  if (saleId) await deps.sleep(AUTH_LIMITS.saleCreateInitialDelayMs);
  for (let attempt = 0; ; attempt++) {
    try {
      const { accountId } = await deps.create();
      return { status: 'created', accountId };
    } catch (error) {
      if (!deps.isUnauthorized(error)) return { status: 'failed', error };
      if (attempt >= retries) return { status: 'unauthorized' };
      await deps.sleep(AUTH_LIMITS.saleCreateRetryIntervalMs);
    }
  }
}
