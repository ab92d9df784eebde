import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError } from '../../platform/errors.ts';

/**
 * PostgREST's error answer `{ code, message, details, hint }`: supabase-js hands it to the app as
 * `error` (without throwing). Codes are PostgREST's (`PGRST…`) or PostgreSQL's SQLSTATE.
 */
export class PgrstError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }

  toBody() {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

export const tableNotFound = (table: string) =>
  new PgrstError(
    404,
    'PGRST205',
    `Could not find the table 'public.${table}' in the schema cache`,
    null,
    'Atelier serves the tables of this app: its entities',
  );

export const functionNotFound = (fn: string) =>
  new PgrstError(
    404,
    'PGRST202',
    `Could not find the function public.${fn} without parameters in the schema cache`,
    null,
    'SQL functions do not run on Atelier: move the logic into a backend function (supabase.functions.invoke)',
  );

/** `single()` asked for one row and the answer has another number. */
export const notOneRow = (rows: number) =>
  new PgrstError(
    406,
    'PGRST116',
    'JSON object requested, multiple (or no) rows returned',
    `The result contains ${rows} rows`,
  );

/** PostgreSQL's codes for Atelier's refusals: what a Supabase app checks (`error.code === '42501'`). */
const CODE_BY_APP_ERROR: Partial<Record<string, string>> = {
  unauthorized: '42501',
  forbidden: '42501',
  validation_error: '23514',
  not_found: 'PGRST116',
  conflict: '23505',
  payload_too_large: 'PGRST413',
};

/** An error as PostgREST answers it; anything not meant for the caller goes on to the error handler (500). */
export function asPgrstError(error: unknown): PgrstError | undefined {
  if (error instanceof PgrstError) return error;
  if (error instanceof AppError) {
    const details = error.details === undefined ? null : JSON.stringify(error.details);
    return new PgrstError(error.status, CODE_BY_APP_ERROR[error.code] ?? 'PGRST100', error.message, details);
  }
  if (error instanceof SyntaxError) return new PgrstError(400, 'PGRST102', 'Empty or invalid json', null);
  return undefined;
}
