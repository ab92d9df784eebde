/**
 * Why an AI call failed, read from what the provider said (issue 21 §7): users see the spec's
 * sentence; admins also see the provider's reason and the hint of its kind.
 */
export const LLM_ERROR_REASONS = [
  'auth',
  'model_not_found',
  'rate_limited',
  'context_too_long',
  'timeout',
  'network',
  'provider',
] as const;
export type LlmErrorReason = (typeof LLM_ERROR_REASONS)[number];

/** What an admin can do about each kind of failure. */
export const LLM_ERROR_HINTS: Record<LlmErrorReason, string> = {
  auth: 'The provider refused the API key (wrong, expired or missing). Check the key on the AI models screen.',
  model_not_found:
    'The provider does not know this model. Choose another model, or fix its id in the catalogue on the AI models screen.',
  rate_limited:
    'The provider is limiting requests (rate limit or quota). Wait a moment and retry, or raise the limit with the provider.',
  context_too_long:
    "The request was longer than the model's context window. Ask for a smaller change, or choose a model with a larger context.",
  timeout:
    'The model did not answer in time (LLM_TIMEOUT_MS). Retry, choose a faster model, or raise LLM_TIMEOUT_MS.',
  network:
    "The provider could not be reached. Check its base URL on the AI models screen and the server's network.",
  provider:
    "The provider answered with an error; its reason is below. Retry, or check the provider's status.",
};

/** Screens of the admin for a hint ("the AI models screen"). */
export const LLM_ERROR_FIX_ON_MODELS_SCREEN: readonly LlmErrorReason[] = [
  'auth',
  'model_not_found',
  'network',
];

/**
 * The kind of a failure from its description as the AI layer records it (`HTTP 401: …`, the
 * provider's message, a timeout or connection error).
 */
export function llmErrorReason(detail: string, failure?: 'provider' | 'timeout' | 'network'): LlmErrorReason {
  if (failure === 'timeout') return 'timeout';
  const status = Number(/^HTTP (\d{3})/.exec(detail)?.[1] ?? 0);
  const text = detail.toLowerCase();
  if (
    status === 401 ||
    status === 403 ||
    /invalid[ _-]?api[ _-]?key|incorrect api key|unauthori[sz]ed|authentication/.test(text)
  )
    return 'auth';
  if (
    /context[ _-]?length|context window|maximum context|too many tokens|prompt is too long|input is too long|reduce the length/.test(
      text,
    )
  )
    return 'context_too_long';
  if (status === 429 || /rate[ _-]?limit|quota|too many requests/.test(text)) return 'rate_limited';
  if (
    status === 404 ||
    /model.{0,60}(not found|does not exist|not exist|unknown)|no such model|unknown model/.test(text)
  )
    return 'model_not_found';
  if (failure === 'network' || /econnrefused|enotfound|fetch failed|socket|terminated/.test(text))
    return 'network';
  // The AI layer's own idle timeout ('No answer from the model within 60000 ms', LLM_TIMEOUT_MS).
  if (/timed? ?out|timeout|no answer from the model within/.test(text)) return 'timeout';
  return 'provider';
}
