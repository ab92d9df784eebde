/** An answer of the Atelier API that is not a success, or a request that could not be made. */
export class AtelierError extends Error {
  override name = 'AtelierError';

  constructor(
    /** The server's error code (`not_found`, `unauthorized`, …), or `network_error` / `not_configured`. */
    readonly code: string,
    message: string,
    /** HTTP status; 0 when no answer arrived. */
    readonly status: number,
    /** The server's `error.details`, when it sent any. */
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** Reads `{ error: { code, message, details } }` from an error answer; falls back to the status text. */
export async function errorFromResponse(response: Response): Promise<AtelierError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const error = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | undefined)
    ?.error;
  const code = typeof error?.code === 'string' ? error.code : `http_${response.status}`;
  const message =
    typeof error?.message === 'string' ? error.message : `Request failed with status ${response.status}`;
  return new AtelierError(code, message, response.status, error?.details);
}
