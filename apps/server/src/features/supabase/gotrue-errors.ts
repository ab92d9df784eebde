import { AUTH_TEXTS } from '@atelier/shared';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError } from '../../platform/errors.ts';
import type { AppEnv } from '../../platform/http/env.ts';

/** GoTrue's answer for an error: its status, `error_code` and message (what supabase-js reads). */
interface GoTrueError {
  status: ContentfulStatusCode;
  errorCode: string;
  message: string;
}

/** Atelier's account errors as GoTrue words them (apps compare `error.message`/`error.code`). */
function gotrueErrorOf(error: AppError): GoTrueError {
  const own = (status: ContentfulStatusCode, errorCode: string) => ({
    status,
    errorCode,
    message: error.message,
  });
  switch (error.code) {
    case 'invalid_credentials':
      return { status: 400, errorCode: 'invalid_credentials', message: 'Invalid login credentials' };
    case 'email-already-exists':
      return { status: 422, errorCode: 'user_already_exists', message: 'User already registered' };
    case 'weak_password':
      return own(422, 'weak_password');
    case 'invalid_email':
      return {
        status: 400,
        errorCode: 'validation_failed',
        message: 'Unable to validate email address: invalid format',
      };
    case 'rate_limited':
      return own(429, 'over_request_rate_limit');
    case 'ATTEMPTS_EXCEEDED':
      return own(429, 'over_request_rate_limit');
    case 'user_disabled':
      return { status: 400, errorCode: 'user_banned', message: 'User is banned' };
    case 'invalid_action_code':
      return { status: 403, errorCode: 'otp_expired', message: 'Token has expired or is invalid' };
    case 'unauthorized':
      return {
        status: 401,
        errorCode: 'no_authorization',
        message: 'This endpoint requires a valid Bearer token',
      };
    case 'forbidden':
      return error.message === AUTH_TEXTS.appSignupDisabled
        ? { status: 422, errorCode: 'signup_disabled', message: 'Signups not allowed for this instance' }
        : own(403, 'not_admin');
    case 'bad_request':
      return error.message === AUTH_TEXTS.currentPasswordWrong
        ? own(400, 'current_password_mismatch')
        : own(400, 'validation_failed');
    case 'not_found':
      return own(404, 'not_found');
    default:
      return error.status >= 500 ? own(500, 'unexpected_failure') : own(error.status, 'unexpected_failure');
  }
}

/** An error GoTrue would answer (`AuthApiError` in supabase-js). */
export const gotrueError = (status: ContentfulStatusCode, errorCode: string, message: string) =>
  new AppError('bad_request', message, { gotrue: { status, errorCode, message } });

/**
 * The auth API's error handler: GoTrue's body `{ code, error_code, msg }` (the token endpoint's
 * OAuth `{ error, error_description }` too), which supabase-js turns into an `AuthApiError` it
 * returns rather than throws. Anything that is not an AppError is a 500 without details.
 */
export function gotrueErrorHandler(error: Error, c: Context<AppEnv>) {
  const known = error instanceof AppError ? error : undefined;
  const mapped: GoTrueError = known
    ? ((known.details as { gotrue?: GoTrueError } | undefined)?.gotrue ?? gotrueErrorOf(known))
    : {
        status: 500,
        errorCode: 'unexpected_failure',
        message: 'Unexpected failure, please check server logs',
      };
  if (!known) c.get('logger')?.error({ err: error }, 'supabase auth route failed');
  const body: Record<string, unknown> = {
    code: mapped.status,
    error_code: mapped.errorCode,
    msg: mapped.message,
  };
  if (mapped.errorCode === 'weak_password') body.weak_password = { reasons: ['length'] };
  if (c.req.path.endsWith('/token')) {
    body.error = mapped.status === 429 ? 'over_request_rate_limit' : 'invalid_grant';
    body.error_description = mapped.message;
  }
  const retryAfter = (known?.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
  if (retryAfter) c.header('Retry-After', String(retryAfter));
  return c.json(body, mapped.status);
}
