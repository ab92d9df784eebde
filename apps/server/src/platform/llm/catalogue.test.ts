import { describe, expect, it } from 'vitest';
import {
  adHocModel,
  applyPublicPrices,
  BUILT_IN_MODELS,
  findPublicModel,
  normalizeModelId,
  outputTokenLimit,
  type PublicModel,
} from './catalogue.ts';
import { costOf, microsToDollars } from './cost.ts';
import { parsePublicModelList } from './public-model-list.ts';

const router: PublicModel[] = [
  {
    id: 'openai/gpt-4o-mini-2024-07-18',
    name: 'GPT-4o mini (dated)',
    contextLength: 1,
    inputPrice: 9,
    outputPrice: 9,
    cacheReadPrice: null,
    cacheWritePrice: null,
  },
  {
    id: 'openai/gpt-4o-mini',
    name: 'OpenAI: GPT-4o-mini',
    contextLength: 128000,
    inputPrice: 0.2,
    outputPrice: 0.8,
    cacheReadPrice: 0.1,
    cacheWritePrice: null,
  },
  {
    id: 'anthropic/claude-3.5-haiku',
    name: 'Anthropic: Claude 3.5 Haiku',
    contextLength: 200000,
    inputPrice: 0.8,
    outputPrice: 4,
    cacheReadPrice: 0.08,
    cacheWritePrice: 1,
  },
  {
    id: 'meta-llama/llama-3.1-8b-instruct',
    name: 'Llama 3.1 8B',
    contextLength: 131072,
    inputPrice: 0.02,
    outputPrice: 0.05,
    cacheReadPrice: null,
    cacheWritePrice: null,
  },
];

describe('model catalogue', () => {
  it('defaults to a small mini-class chat model among the built-in list', () => {
    expect(BUILT_IN_MODELS[0]).toMatchObject({
      id: 'gpt-4o-mini',
      displayName: 'GPT-4o mini',
      inputPrice: 0.15,
      outputPrice: 0.6,
    });
  });

  it.each([
    ['anthropic/claude-3.5-haiku', 'claude-3-5-haiku'],
    ['claude-3-5-haiku-latest', 'claude-3-5-haiku'],
    ['openai/gpt-4o-mini-2024-07-18', 'gpt-4o-mini'],
    ['deepseek/deepseek-chat:free', 'deepseek-chat'],
  ])('normalises %s to %s', (id, normal) => {
    expect(normalizeModelId(id)).toBe(normal);
  });

  it('finds public entries by exact id, then without vendor, then normalised', () => {
    expect(findPublicModel(router, 'gpt-4o-mini')?.id).toBe('openai/gpt-4o-mini');
    expect(findPublicModel(router, 'claude-3-5-haiku-latest')?.id).toBe('anthropic/claude-3.5-haiku');
    expect(findPublicModel(router, 'gpt-5')).toBeUndefined();
  });

  it('applies public prices to entries that follow them and leaves manual ones alone', () => {
    const manual = { ...BUILT_IN_MODELS[1]!, autoPricing: false };
    const [mini, kept] = applyPublicPrices([BUILT_IN_MODELS[0]!, manual], router);
    expect(mini).toMatchObject({
      inputPrice: 0.2,
      outputPrice: 0.8,
      cacheReadPrice: 0.1,
      contextWindow: 128000,
    });
    expect(kept).toEqual(manual);
  });

  it('prices a model the catalogue does not list from the public list, else at zero', () => {
    expect(adHocModel('meta-llama/llama-3.1-8b-instruct', router, false)).toMatchObject({
      provider: 'openai',
      displayName: 'Llama 3.1 8B',
      inputPrice: 0.02,
    });
    expect(adHocModel('llama3.1', [], false)).toMatchObject({
      provider: 'openai',
      inputPrice: 0,
      contextWindow: null,
    });
    expect(adHocModel('claude-opus-4', [], true).provider).toBe('anthropic');
  });
});

describe('cost per call', () => {
  it('charges uncached input, cache reads and writes and output at their rates per 1M tokens', () => {
    const cost = costOf(
      { promptTokens: 1200, completionTokens: 300, cacheReadTokens: 200, cacheWriteTokens: 0 },
      { inputPrice: 0.15, outputPrice: 0.6, cacheReadPrice: 0.075, cacheWritePrice: null },
    );
    expect(cost.rates).toEqual({ prompt: 0.15, completion: 0.6, cacheRead: 0.075, cacheWrite: 0.15 });
    expect(cost.promptCostMicros).toBe(150);
    expect(cost.cacheReadCostMicros).toBe(15);
    expect(cost.completionCostMicros).toBe(180);
    expect(
      microsToDollars(cost.promptCostMicros + cost.cacheReadCostMicros + cost.completionCostMicros),
    ).toBe(0.000345);
  });
});

describe('outputTokenLimit', () => {
  it("is the model's own limit, else 4,096 and at most a quarter of a known context", () => {
    expect(outputTokenLimit({ contextWindow: 128_000, maxOutputTokens: 16_384 })).toBe(16_384);
    expect(outputTokenLimit({ contextWindow: null, maxOutputTokens: null })).toBe(4096);
    expect(outputTokenLimit({ contextWindow: 8192, maxOutputTokens: undefined })).toBe(2048);
  });
});

describe('public model list', () => {
  it("reads OpenRouter's answer, converting dollars per token to dollars per 1M tokens", () => {
    const models = parsePublicModelList({
      data: [
        {
          id: 'openai/gpt-4o-mini',
          name: 'OpenAI: GPT-4o-mini',
          context_length: 128000,
          top_provider: { max_completion_tokens: 16384 },
          pricing: { prompt: '0.00000015', completion: '0.0000006', input_cache_read: '0.000000075' },
        },
        { id: 'openrouter/auto', name: 'Auto', pricing: { prompt: '-1', completion: '-1' } },
        { id: 'broken' },
      ],
    });
    expect(models).toEqual([
      {
        id: 'openai/gpt-4o-mini',
        name: 'OpenAI: GPT-4o-mini',
        contextLength: 128000,
        maxOutputTokens: 16384,
        inputPrice: 0.15,
        outputPrice: 0.6,
        cacheReadPrice: 0.075,
        cacheWritePrice: null,
      },
    ]);
    expect(parsePublicModelList({ nope: true })).toEqual([]);
  });
});
