import { describe, expect, it } from 'vitest';
import { llmErrorReason } from './error-reasons.ts';

describe('llmErrorReason', () => {
  it.each([
    ['HTTP 401: Incorrect API key provided: sk-…', undefined, 'auth'],
    ['HTTP 403: forbidden', undefined, 'auth'],
    [
      'HTTP 404: The model `gpt-9` does not exist or you do not have access to it.',
      undefined,
      'model_not_found',
    ],
    ['HTTP 400: model gpt-9 not found', undefined, 'model_not_found'],
    ['HTTP 429: Rate limit reached for requests', undefined, 'rate_limited'],
    ['HTTP 429: You exceeded your current quota', undefined, 'rate_limited'],
    [
      "HTTP 400: This model's maximum context length is 128000 tokens. However, your messages resulted in 180000 tokens.",
      undefined,
      'context_too_long',
    ],
    ['HTTP 400: prompt is too long: 210000 tokens > 200000 maximum', undefined, 'context_too_long'],
    ['No first chunk within 5000 ms', 'timeout', 'timeout'],
    // As the usage table reads it: the recorded text only, without the failure's kind.
    ['No answer from the model within 60000 ms', undefined, 'timeout'],
    ['fetch failed (connect ECONNREFUSED 127.0.0.1:9)', 'network', 'network'],
    ['HTTP 500: Internal server error', undefined, 'provider'],
  ] as const)('%s → %s', (detail, failure, reason) => {
    expect(llmErrorReason(detail, failure)).toBe(reason);
  });
});
