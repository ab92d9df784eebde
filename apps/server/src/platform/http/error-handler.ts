import { GENERIC_ERROR_MESSAGES } from '@atelier/shared';
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { AppError } from '../errors.ts';
import type { AppEnv } from './env.ts';

function fromHttpException(error: HTTPException): AppError {
  switch (error.status) {
    case 400:
      return /json/i.test(error.message)
        ? new AppError('invalid_json', GENERIC_ERROR_MESSAGES.invalidJson)
        : new AppError('bad_request', error.message || 'Bad request');
    case 401:
      return new AppError('unauthorized', error.message || 'Unauthorized');
    case 403:
      return new AppError('forbidden', error.message || 'Forbidden');
    case 404:
      return new AppError('not_found', GENERIC_ERROR_MESSAGES.notFound);
    case 413:
      return new AppError('payload_too_large', GENERIC_ERROR_MESSAGES.payloadTooLarge);
    default:
      return new AppError('internal_error', GENERIC_ERROR_MESSAGES.internal, undefined, error.status);
  }
}

/** PostgreSQL's code for a statement cancelled by `statement_timeout` (DATABASE_STATEMENT_TIMEOUT_MS). */
const QUERY_CANCELED = '57014';

/**
 * A statement the database cancelled for running too long (the driver's error, or Drizzle's error
 * that carries it as `cause`): 503, and the caller may retry later.
 */
const statementTimedOut = (error: Error) => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === QUERY_CANCELED) {
      return new AppError(
        'service_unavailable',
        'The request took too long and was stopped; narrow it and try again',
      );
    }
  }
  return undefined;
};

/** Answers every thrown error with the JSON error body; unknown errors are logged and answered 500. */
export const errorHandler: ErrorHandler<AppEnv> = (error, c) => {
  const appError =
    error instanceof AppError
      ? error
      : error instanceof HTTPException
        ? fromHttpException(error)
        : statementTimedOut(error);
  if (appError) return c.json(appError.toBody(), appError.status);
  const log = c.get('logger');
  log.error({ err: error, method: c.req.method, path: c.req.path }, 'unhandled error');
  return c.json(
    new AppError('internal_error', GENERIC_ERROR_MESSAGES.internal, {
      requestId: c.get('requestId'),
    }).toBody(),
    500,
  );
};

export const apiNotFound = (c: Context<AppEnv>) =>
  c.json(new AppError('not_found', GENERIC_ERROR_MESSAGES.notFound).toBody(), 404);

export const notFoundHandler: NotFoundHandler<AppEnv> = (c) => apiNotFound(c);
