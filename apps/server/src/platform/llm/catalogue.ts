import { type LlmProvider, type ModelInfo, OFFLINE_MODEL_ID, OFFLINE_MODEL_LABEL } from '@atelier/shared';

/**
 * The built-in model catalogue, used until an admin saves their own. Prices are US dollars per
 * 1M tokens (list prices when written); with `autoPricing` they follow the public model list.
 */
export const BUILT_IN_MODELS: readonly ModelInfo[] = [
  model('gpt-4o-mini', 'GPT-4o mini', 'openai', [128_000, 16_384], 0.15, 0.6, 0.075),
  model('gpt-4.1-mini', 'GPT-4.1 mini', 'openai', [1_047_576, 32_768], 0.4, 1.6, 0.1),
  model('gpt-4.1-nano', 'GPT-4.1 nano', 'openai', [1_047_576, 32_768], 0.1, 0.4, 0.025),
  model('gpt-4.1', 'GPT-4.1', 'openai', [1_047_576, 32_768], 2, 8, 0.5),
  model('gpt-4o', 'GPT-4o', 'openai', [128_000, 16_384], 2.5, 10, 1.25),
  model('claude-haiku-4-5', 'Claude Haiku 4.5', 'anthropic', [200_000, 64_000], 1, 5, 0.1, 1.25),
  model('claude-sonnet-4-5', 'Claude Sonnet 4.5', 'anthropic', [200_000, 64_000], 3, 15, 0.3, 3.75),
  model('claude-3-5-haiku-latest', 'Claude 3.5 Haiku', 'anthropic', [200_000, 8_192], 0.8, 4, 0.08, 1),
];

/**
 * `max_tokens` of a call that sets none: the model's own limit from the catalogue, else 4,096 (a
 * local model of unknown size: servers such as vLLM refuse a prompt plus `max_tokens` beyond the
 * model's context), never more than a quarter of a known context window. Without it, some
 * OpenAI-compatible servers answer 16 tokens and cut every reply.
 */
export const DEFAULT_MAX_OUTPUT_TOKENS = 4096;

export function outputTokenLimit(info: Pick<ModelInfo, 'contextWindow' | 'maxOutputTokens'>): number {
  if (info.maxOutputTokens) return info.maxOutputTokens;
  return info.contextWindow
    ? Math.min(DEFAULT_MAX_OUTPUT_TOKENS, Math.floor(info.contextWindow / 4))
    : DEFAULT_MAX_OUTPUT_TOKENS;
}

export const OFFLINE_MODEL: ModelInfo = {
  id: OFFLINE_MODEL_ID,
  displayName: OFFLINE_MODEL_LABEL,
  provider: 'offline',
  contextWindow: null,
  inputPrice: 0,
  outputPrice: 0,
  cacheReadPrice: null,
  cacheWritePrice: null,
  autoPricing: false,
};

function model(
  id: string,
  displayName: string,
  provider: LlmProvider,
  [contextWindow, maxOutputTokens]: [number, number],
  inputPrice: number,
  outputPrice: number,
  cacheReadPrice: number | null = null,
  cacheWritePrice: number | null = null,
): ModelInfo {
  return {
    id,
    displayName,
    provider,
    contextWindow,
    maxOutputTokens,
    inputPrice,
    outputPrice,
    cacheReadPrice,
    cacheWritePrice,
    autoPricing: true,
  };
}

/** One entry of the public model list (OpenRouter's `/models`), prices converted to $ per 1M tokens. */
export interface PublicModel {
  id: string;
  name: string;
  contextLength: number | null;
  /** The provider's most completion tokens per answer (`top_provider.max_completion_tokens`). */
  maxOutputTokens?: number | null;
  inputPrice: number;
  outputPrice: number;
  cacheReadPrice: number | null;
  cacheWritePrice: number | null;
}

/**
 * A model id without vendor prefix, version dots, date or `-latest` suffix, so that
 * `anthropic/claude-3.5-haiku` and `claude-3-5-haiku-latest` compare equal.
 */
export function normalizeModelId(id: string): string {
  return id
    .toLowerCase()
    .replace(/:.*$/, '')
    .replace(/^.*\//, '')
    .replace(/\./g, '-')
    .replace(/-(latest|\d{8}|\d{4}-\d{2}-\d{2})$/, '');
}

/** The public-list entry for a model id: exact id first, then without vendor prefix, then normalised. */
export function findPublicModel(list: readonly PublicModel[], id: string): PublicModel | undefined {
  return (
    list.find((m) => m.id === id) ??
    list.find((m) => m.id.replace(/^.*\//, '') === id) ??
    list.find((m) => normalizeModelId(m.id) === normalizeModelId(id))
  );
}

/** Applies public prices and context sizes to the entries that follow them. */
export function applyPublicPrices(models: readonly ModelInfo[], list: readonly PublicModel[]): ModelInfo[] {
  if (list.length === 0) return [...models];
  return models.map((entry) => {
    if (!entry.autoPricing) return entry;
    const found = findPublicModel(list, entry.id);
    if (!found) return entry;
    return {
      ...entry,
      contextWindow: found.contextLength ?? entry.contextWindow,
      maxOutputTokens: found.maxOutputTokens ?? entry.maxOutputTokens ?? null,
      inputPrice: found.inputPrice,
      outputPrice: found.outputPrice,
      cacheReadPrice: found.cacheReadPrice ?? entry.cacheReadPrice,
      cacheWritePrice: found.cacheWritePrice ?? entry.cacheWritePrice,
    };
  });
}

/**
 * A model the catalogue does not list (say LLM_DEFAULT_MODEL=llama3.1 on Ollama): served by the
 * OpenAI-compatible provider unless it looks like a Claude model, priced from the public list when
 * it is there, else its price is unknown (its calls show "price unknown", never $0).
 */
export function adHocModel(id: string, list: readonly PublicModel[], anthropicAvailable: boolean): ModelInfo {
  const provider: LlmProvider = /^claude/i.test(id) && anthropicAvailable ? 'anthropic' : 'openai';
  const found = findPublicModel(list, id);
  return {
    id,
    displayName: found?.name ?? id,
    provider,
    contextWindow: found?.contextLength ?? null,
    maxOutputTokens: found?.maxOutputTokens ?? null,
    inputPrice: found?.inputPrice ?? 0,
    outputPrice: found?.outputPrice ?? 0,
    cacheReadPrice: found?.cacheReadPrice ?? null,
    cacheWritePrice: found?.cacheWritePrice ?? null,
    autoPricing: true,
    ...(found ? {} : { priceUnknown: true }),
  };
}
