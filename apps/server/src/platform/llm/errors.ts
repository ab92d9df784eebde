import { AISDKError, APICallError } from '@ai-sdk/provider';
import { LLM_ERROR_MESSAGE } from '@atelier/shared';

export type LlmFailure = 'provider' | 'timeout' | 'network';

/**
 * A failed AI call. Its message is the spec's text for every failure (spec 3 §8), safe to show;
 * `detail` says what happened, for logs and the usage record (never a key or a prompt).
 */
export class LlmCallError extends Error {
  override name = 'LlmCallError';

  constructor(
    readonly failure: LlmFailure,
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(LLM_ERROR_MESSAGE, options);
  }
}

/** The wait for the model ran out (no first chunk, or no next chunk, within LLM_TIMEOUT_MS). */
export class LlmTimeoutError extends Error {
  override name = 'LlmTimeoutError';
}

/** A short description of a provider error for logs and llm_usage.error. */
export function describeError(error: unknown): string {
  if (APICallError.isInstance(error)) {
    const status = error.statusCode ? `HTTP ${error.statusCode}: ` : '';
    return `${status}${error.message}`.slice(0, 500);
  }
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error.message}${cause}`.slice(0, 500);
  }
  if (error && typeof error === 'object' && 'message' in error) return String(error.message).slice(0, 500);
  return String(error).slice(0, 500);
}

/** Turns whatever a provider threw or streamed into an LlmCallError (idempotent). */
export function toLlmCallError(error: unknown): LlmCallError {
  if (error instanceof LlmCallError) return error;
  if (error instanceof LlmTimeoutError) return new LlmCallError('timeout', error.message, { cause: error });
  const failure: LlmFailure =
    APICallError.isInstance(error) || !isNetworkError(error) ? 'provider' : 'network';
  return new LlmCallError(failure, describeError(error), { cause: error });
}

function isNetworkError(error: unknown): boolean {
  return (
    error instanceof TypeError || (error instanceof Error && /terminated|ECONN|socket/i.test(error.message))
  );
}

/** Worth another attempt (before the first token): 408/409/429/5xx, network and stream failures. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof LlmTimeoutError || error instanceof LlmCallError) return false;
  if (APICallError.isInstance(error)) return error.isRetryable;
  // Prompt, schema and configuration errors of the SDK will fail the same way again.
  if (AISDKError.isInstance(error)) return /process successful response|stream/i.test(error.message);
  return true;
}

/** Milliseconds a 429/503 answer asks us to wait (Retry-After / retry-after-ms), if it says. */
export function retryAfterMs(error: unknown): number | undefined {
  if (!APICallError.isInstance(error)) return undefined;
  const headers = error.responseHeaders ?? {};
  const ms = Number(headers['retry-after-ms']);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const seconds = Number(headers['retry-after']);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  return undefined;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'ResponseAborted');
}
