import { type ErrorBody, type ErrorCode, GENERIC_ERROR_MESSAGES } from '@atelier/shared';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The one table that maps an error code to its HTTP status. */
export const STATUS_BY_CODE = {
  bad_request: 400,
  validation_error: 400,
  invalid_json: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
  invalid_email: 400,
  weak_password: 400,
  invalid_credentials: 401,
  user_disabled: 403,
  email_not_verified: 403,
  invalid_action_code: 400,
  'email-already-exists': 409,
  ATTEMPTS_EXCEEDED: 429,
  file_required: 400,
  file_too_large: 400,
  too_many_files: 400,
  unsupported_file_type: 400,
  csv_no_headers: 400,
  csv_too_many_columns: 400,
  plan_limit_reached: 403,
  connector_not_configured: 400,
  connector_not_connected: 409,
  payment_provider_error: 502,
  app_files_rejected: 400,
  compile_failed: 422,
  app_not_published: 409,
  domain_not_verified: 400,
  invalid_slug: 400,
  slug_taken: 409,
  missing_secrets: 422,
  deploy_failed: 422,
  function_error: 500,
  function_timeout: 504,
  not_implemented: 501,
} as const satisfies Record<ErrorCode, ContentfulStatusCode>;

/** An error whose message is safe to show to the user (a spec text). */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: ContentfulStatusCode;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    status?: ContentfulStatusCode,
  ) {
    super(message);
    this.status = status ?? STATUS_BY_CODE[code];
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details === undefined ? {} : { details: this.details }),
      },
    };
  }
}

export const notFound = (message: string = GENERIC_ERROR_MESSAGES.notFound) =>
  new AppError('not_found', message);

export function assertUnreachable(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
