/* ---------- the app SDK inside functions (`ctx.sdk`, `import … from '@atelier/app-sdk'`) ---------- */
import type { SdkCall } from '../protocol.ts';
import { ASYNC, defineHidden, hostSdk } from './bridge.ts';

interface CallOptions {
  query?: Record<string, unknown>;
  body?: unknown;
}

/** The error an SDK call rejects with: the API's error code, status and details. */
interface AtelierError extends Error {
  code?: string;
  status?: number;
  details?: unknown;
}

function makeSdk(role: SdkCall['role']) {
  const call = (method: string, path: string[], options?: CallOptions) =>
    hostSdk
      .apply(undefined, [{ role, method, path, query: options?.query, body: options?.body }], ASYNC)
      .then((answer) => {
        if (answer.ok) return answer.body;
        const error: AtelierError = new Error(answer.message);
        error.name = 'AtelierError';
        error.code = answer.code;
        error.status = answer.status;
        error.details = answer.details;
        throw error;
      });
  const page = (sort: unknown, limit: unknown, skip: unknown) => ({ sort, limit, skip });
  const entity = (name: string) =>
    Object.freeze({
      list: (sort?: unknown, limit?: unknown, skip?: unknown) =>
        call('GET', ['entities', name], { query: page(sort, limit, skip) }),
      filter: (q: unknown, sort?: unknown, limit?: unknown, skip?: unknown) =>
        call('GET', ['entities', name], {
          query: Object.assign({ q: JSON.stringify(q) }, page(sort, limit, skip)),
        }),
      get: (id: unknown) => call('GET', ['entities', name, String(id)]),
      create: (data: unknown) => call('POST', ['entities', name], { body: data }),
      update: (id: unknown, data: unknown) => call('PATCH', ['entities', name, String(id)], { body: data }),
      delete: (id: unknown) => call('DELETE', ['entities', name, String(id)]).then(() => undefined),
      bulkCreate: (records: unknown) => call('POST', ['entities', name, 'bulk'], { body: records }),
    });
  const entities = new Proxy({}, { get: (_, name) => (typeof name === 'string' ? entity(name) : undefined) });
  return {
    entities,
    functions: Object.freeze({
      invoke: (name: unknown, payload?: unknown) =>
        call('POST', ['functions', String(name)], { body: payload === undefined ? {} : payload }),
    }),
    integrations: Object.freeze({
      Core: Object.freeze({
        InvokeLLM: (params: unknown) => call('POST', ['integrations', 'llm'], { body: params }),
        SendEmail: (params: unknown) => call('POST', ['integrations', 'email'], { body: params }),
      }),
    }),
  };
}

const sdk: ReturnType<typeof makeSdk> & { asServiceRole?: ReturnType<typeof makeSdk> } = makeSdk('caller');
sdk.asServiceRole = makeSdk('service');
/** The `ctx.sdk` of a handler: the invocation's caller, and `asServiceRole`. */
export const callerSdk = Object.freeze(sdk);
/* import { entities } from '@atelier/app-sdk' inside a function reads this (see function-bundle.ts). */
defineHidden('__atelierSdk', callerSdk);
