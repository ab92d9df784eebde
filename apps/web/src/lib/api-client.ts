import { GENERIC_ERROR_MESSAGE } from './constants.ts';

// The API's errors; calls go through the typed client (api.ts).

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

/** The ApiError of an error answer (its `{ error: { code, message, details } }`, else `http_{status}`). */
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
