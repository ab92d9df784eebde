import createClient from 'openapi-fetch';
import { ApiError, NETWORK_ERROR_STATUS, toApiError } from './api-client.ts';
import type { paths } from './api-types.gen.ts';
import { GENERIC_ERROR_MESSAGE } from './constants.ts';

/**
 * The typed API client (openapi-fetch): its paths, parameters, bodies and answers are the server's
 * route contracts (api-types.gen.ts, written by `npm run api:types` from the OpenAPI document, which
 * `npm run typecheck` refreshes first), so a renamed route or a changed shape fails the typecheck.
 * The session cookie goes along; an error answer rejects with an ApiError (its code
 * and message), a request that got no answer with a `network_error` one.
 */
export const api = createClient<paths>({
  baseUrl: '/api',
  credentials: 'include',
  headers: { Accept: 'application/json' },
  // Looked up per call (tests stub the global fetch).
  fetch: (request) => globalThis.fetch(request),
});

api.use({
  async onResponse({ response }) {
    if (!response.ok) throw await toApiError(response);
  },
  onError({ error }) {
    if (error instanceof DOMException && error.name === 'AbortError') return error;
    return new ApiError({
      code: 'network_error',
      message: GENERIC_ERROR_MESSAGE,
      status: NETWORK_ERROR_STATUS,
      details: error instanceof Error ? error.message : undefined,
    });
  },
});

/** The answer of a typed call (an error answer has rejected already): `await answer(api.GET(…))`. */
export async function answer<T>(call: Promise<{ data?: T }>): Promise<T> {
  return (await call).data as T;
}

/**
 * The body serializer of a multipart call: each field of the typed body a form field (a list: one
 * field per item; undefined: left out). `api.POST(path, { body: { file }, bodySerializer: formData })`.
 */
export function formData(
  body: Record<string, Blob | string | readonly (Blob | string)[] | undefined>,
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value])
      form.append(name, item);
  }
  return form;
}
