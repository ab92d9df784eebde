import type { Transport } from './transport.ts';

export interface FunctionsClient {
  /** Runs the app's backend function `functions/<name>.ts` with `payload` as its JSON body; answers its response body. */
  invoke<T = unknown>(name: string, payload?: unknown): Promise<T>;
}

export function functionsClient(transport: () => Transport): FunctionsClient {
  return {
    invoke: async (name, payload) => {
      const t = transport();
      return t.request('POST', t.appPath('functions', name), { body: payload ?? {} });
    },
  };
}
