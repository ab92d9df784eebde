import type { ModelInfo, UsageRecord } from '@atelier/shared';

/** Token counts of one call, normalised across providers. */
export interface TokenCounts {
  /** All input tokens, cached ones included. */
  promptTokens: number;
  completionTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

export interface CallCost {
  rates: UsageRecord['rates'];
  /** Micro-dollars (1e-6 USD). */
  promptCostMicros: number;
  completionCostMicros: number;
  cacheReadCostMicros: number;
  cacheWriteCostMicros: number;
}

/**
 * Prices are US dollars per 1M tokens, so `tokens × price` is the cost in micro-dollars.
 * Input tokens read from or written to a cache are charged at the cache rates (the input rate
 * when the model has none), the rest at the input rate.
 */
export function costOf(
  tokens: TokenCounts,
  model: Pick<ModelInfo, 'inputPrice' | 'outputPrice' | 'cacheReadPrice' | 'cacheWritePrice'>,
): CallCost {
  const rates = {
    prompt: model.inputPrice,
    completion: model.outputPrice,
    cacheRead: model.cacheReadPrice ?? model.inputPrice,
    cacheWrite: model.cacheWritePrice ?? model.inputPrice,
  };
  const uncached = Math.max(0, tokens.promptTokens - tokens.cacheReadTokens - tokens.cacheWriteTokens);
  return {
    rates,
    promptCostMicros: round6(uncached * rates.prompt),
    completionCostMicros: round6(tokens.completionTokens * rates.completion),
    cacheReadCostMicros: round6(tokens.cacheReadTokens * rates.cacheRead),
    cacheWriteCostMicros: round6(tokens.cacheWriteTokens * rates.cacheWrite),
  };
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** Micro-dollars → dollars, without float noise beyond 12 decimals. */
export const microsToDollars = (micros: number) => Math.round(micros * 1e6) / 1e12;
