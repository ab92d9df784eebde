/**
 * Error codes shared by the server (which maps each to an HTTP status) and the web app
 * (which reads `error.code` from answers). Feature areas add their codes here.
 */
export const ERROR_CODES = [
  'bad_request',
  'validation_error',
  'invalid_json',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal_error',
  'service_unavailable',
  // accounts and sign-in
  'invalid_email',
  'weak_password',
  'invalid_credentials',
  'user_disabled',
  'email_not_verified',
  'invalid_action_code',
  'email-already-exists',
  'ATTEMPTS_EXCEEDED',
  // data sources
  'file_required',
  'file_too_large',
  'too_many_files',
  'unsupported_file_type',
  'csv_no_headers',
  'csv_too_many_columns',
  'plan_limit_reached',
  'connector_not_configured',
  'connector_not_connected',
  // plans and payments
  'payment_provider_error',
  // generated apps
  'app_files_rejected',
  'compile_failed',
  'app_not_published',
  'domain_not_verified',
  'invalid_slug',
  'slug_taken',
  // backend functions and secrets
  'missing_secrets',
  'deploy_failed',
  'function_error',
  'function_timeout',
  'not_implemented',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The JSON body of every error answer. */
export interface ErrorBody {
  error: { code: string; message: string; details?: unknown };
}

export const GENERIC_ERROR_MESSAGES = {
  notFound: 'Not found',
  invalidJson: 'The request body is not valid JSON',
  jsonTooDeep: 'The request body is nested too deeply (limit 100 levels)',
  payloadTooLarge: 'The request body is too large (limit 1 MiB)',
  formTooManyParts: 'The form has too many fields or files (limit 50)',
  validation: 'The request is not valid',
  internal: 'Something went wrong on our side. Please try again.',
  unavailable: 'The service is shutting down or not ready, try again shortly',
} as const;
