import { ApiError } from '../../lib/api-client.ts';
import { GENERIC_ERROR_MESSAGE } from '../../lib/constants.ts';

/** The text to show for a failed call: the server's (spec) message, or `fallback`. */
export function errorMessage(error: unknown, fallback: string = GENERIC_ERROR_MESSAGE): string {
  if (error instanceof ApiError && error.status !== 0 && error.status < 500) return error.message;
  return fallback;
}
