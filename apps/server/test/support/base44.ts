import { type Base44Client, type Base44Error, createClient } from '@base44/sdk';

/**
 * Helpers of the tests that drive the real `@base44/sdk` against Atelier: clients of one app on
 * one server, cleaned up together, and the error of a call expected to fail.
 */
export function sdkClients(target: () => { serverUrl: string; appId: string }) {
  const made: Base44Client[] = [];
  return {
    client(token?: string): Base44Client {
      const sdk = createClient({ ...target(), ...(token ? { token } : {}), analytics: { enabled: false } });
      made.push(sdk);
      return sdk;
    },
    cleanup() {
      for (const sdk of made.splice(0)) sdk.cleanup();
    },
  };
}

/** The SDK's error of a call that must fail (the test fails if it succeeds). */
export const failure = (promise: Promise<unknown>): Promise<Base44Error> =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as Base44Error,
  );
