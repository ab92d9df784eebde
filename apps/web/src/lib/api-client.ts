import { GENERIC_ERROR_MESSAGE } from './constants.ts';

/** An error answer from the server: `{ "error": { "code", "message", "details"? } }`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: string;
  readonly status: number;
  readonly details: unknown;

  constructor(options: { code: string; message: string; status: number; details?: unknown }) {
    super(options.message);
    this.code = options.code;
    this.status = options.status;
    this.details = options.details;
  }
}

/** Status used for an ApiError when the request never got an answer (offline, DNS, CORS). */
export const NETWORK_ERROR_STATUS = 0;

export interface ApiFetchInit extends Omit<RequestInit, 'body'> {
  /** Sent as JSON unless it is already a BodyInit (FormData, Blob, string …). */
  body?: unknown;
}

/**
 * Calls the Atelier API with JSON in and out and the session cookie included.
 * Resolves with the parsed body (undefined for 204); rejects with an ApiError otherwise.
 */
export async function apiFetch<T>(path: string, init: ApiFetchInit = {}): Promise<T> {
  const response = await apiResponse(path, init);
  if (response.status === 204) return undefined as T;

  const text = await response.text();
  if (text === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError({ code: 'invalid_response', message: GENERIC_ERROR_MESSAGE, status: response.status });
  }
}

/**
 * `apiFetch`'s request, answering the successful Response itself (its headers, or a body to read
 * as a stream); rejects with an ApiError like `apiFetch`.
 */
export async function apiResponse(path: string, init: ApiFetchInit = {}): Promise<Response> {
  const { body, headers: initHeaders, ...rest } = init;
  const headers = new Headers(initHeaders);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');

  let requestBody: BodyInit | undefined;
  if (body === undefined || isBodyInit(body)) {
    requestBody = body;
  } else {
    requestBody = JSON.stringify(body);
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  }

  let response: Response;
  try {
    response = await fetch(path, { ...rest, headers, body: requestBody, credentials: 'include' });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({
      code: 'network_error',
      message: GENERIC_ERROR_MESSAGE,
      status: NETWORK_ERROR_STATUS,
      details: cause instanceof Error ? cause.message : undefined,
    });
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

export async function toApiError(response: Response): Promise<ApiError> {
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  const error = isRecord(payload) && isRecord(payload.error) ? payload.error : undefined;
  const code = typeof error?.code === 'string' ? error.code : `http_${response.status}`;
  const message =
    typeof error?.message === 'string' && error.message.trim() !== '' ? error.message : GENERIC_ERROR_MESSAGE;
  return new ApiError({ code, message, status: response.status, details: error?.details });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isBodyInit(value: unknown): value is BodyInit {
  return (
    typeof value === 'string' ||
    value instanceof FormData ||
    value instanceof Blob ||
    value instanceof URLSearchParams ||
    value instanceof ArrayBuffer ||
    ArrayBuffer.isView(value) ||
    value instanceof ReadableStream
  );
}
