import { z } from 'zod';
import { LLM_PROVIDERS, MODEL_TEMPERATURE } from '../llm/constants.ts';
import { LLM_ERROR_REASONS } from '../llm/error-reasons.ts';

export const llmProviderSchema = z.enum(LLM_PROVIDERS);

/** Spec 1 §5: 0 to 2 in steps of 0.1. */
export const modelTemperatureSchema = z
  .number()
  .min(MODEL_TEMPERATURE.min)
  .max(MODEL_TEMPERATURE.max)
  .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, {
    message: 'Temperature goes in steps of 0.1',
  });

/** The AI part of an app's settings (spec 1 §3 "App settings"). */
export const appModelSettingsSchema = z.object({
  aiModel: z.string().min(1).max(200).nullish(),
  modelTemperature: modelTemperatureSchema.nullish(),
});
export type AppModelSettings = z.infer<typeof appModelSettingsSchema>;

const price = z.number().min(0).max(100_000);

/** One model of the catalogue. Prices are US dollars per 1M tokens. */
export const modelInfoSchema = z
  .object({
    id: z.string().min(1).max(200),
    displayName: z.string().min(1).max(200),
    provider: llmProviderSchema,
    contextWindow: z.number().int().positive().nullable(),
    /** Most tokens one answer may have (sent as `max_tokens`); unknown (null or absent) → a safe default. */
    maxOutputTokens: z.number().int().positive().nullable().optional(),
    inputPrice: price,
    outputPrice: price,
    cacheReadPrice: price.nullable(),
    cacheWritePrice: price.nullable(),
    /** When true, prices and context size follow the public model list whenever it is refreshed. */
    autoPricing: z.boolean(),
    /** A model neither the catalogue nor the public list prices (its calls show "price unknown"). */
    priceUnknown: z.boolean().optional(),
  })
  .meta({ id: 'ModelInfo' });
export type ModelInfo = z.infer<typeof modelInfoSchema>;

export const modelListItemSchema = modelInfoSchema
  .extend({
    /** Whether this model's provider is configured (so it can be picked). */
    available: z.boolean(),
  })
  .meta({ id: 'ModelListItem' });
export type ModelListItem = z.infer<typeof modelListItemSchema>;

export const modelListResponseSchema = z
  .object({
    /** The model used when an app names none (or names one that is not available). */
    defaultModel: z.string(),
    /** True when no provider is configured and the offline assistant answers. */
    offline: z.boolean(),
    models: z.array(modelListItemSchema),
  })
  .meta({ id: 'ModelList' });
export type ModelListResponse = z.infer<typeof modelListResponseSchema>;

export const providerStatusSchema = z.object({
  id: z.enum(['openai', 'anthropic']),
  label: z.string(),
  /** Where the API key in effect comes from (the admin settings win over the environment); keys are never sent. */
  apiKeySource: z.enum(['settings', 'env']).nullable(),
  configured: z.boolean(),
  /** The base URL in effect, and where it comes from. */
  baseUrl: z.string().nullable(),
  baseUrlSource: z.enum(['settings', 'env', 'default']),
});
export type ProviderStatus = z.infer<typeof providerStatusSchema>;

export const llmSettingsSchema = z
  .object({
    /** The admin's default model, or null to use LLM_DEFAULT_MODEL / the built-in default. */
    defaultModel: z.string().nullable(),
    /** The model that answers when an app names none: `defaultModel` resolved, or the offline assistant. */
    effectiveDefaultModel: z.string(),
    offline: z.boolean(),
    providers: z.array(providerStatusSchema),
    catalogue: z.array(modelInfoSchema),
    /** True when the admin saved a catalogue; false while the built-in list is used. */
    catalogueCustomized: z.boolean(),
    publicModelList: z.object({
      url: z.string().nullable(),
      refreshedAt: z.string().nullable(),
      modelCount: z.number().int(),
    }),
  })
  .meta({ id: 'LlmSettings' });
export type LlmSettings = z.infer<typeof llmSettingsSchema>;

/** Absent: unchanged; null or '': back to the environment's value. */
const optionalUrl = z.union([z.url({ protocol: /^https?$/ }), z.literal(''), z.null()]).optional();

const optionalKey = z.union([z.string().trim().min(1).max(1000), z.literal(''), z.null()]).optional();

/** Every field is optional: an absent field is left unchanged, null resets it. */
export const llmSettingsUpdateSchema = z
  .object({
    defaultModel: z.string().min(1).max(200).nullish(),
    openaiBaseUrl: optionalUrl,
    anthropicBaseUrl: optionalUrl,
    /** Write-only, stored encrypted; null or '' removes the saved key (the environment's applies again). */
    openaiApiKey: optionalKey,
    anthropicApiKey: optionalKey,
    /** The whole catalogue; null restores the built-in list. */
    catalogue: z
      .array(modelInfoSchema)
      .max(500)
      .nullish()
      .refine(
        (models) => !models || new Set(models.map((m) => `${m.provider}:${m.id}`)).size === models.length,
        { message: 'Each model may appear once' },
      ),
  })
  .meta({ id: 'LlmSettingsUpdate' });
export type LlmSettingsUpdate = z.infer<typeof llmSettingsUpdateSchema>;

/** Spec 3 §3 "Usage record" (costs in US dollars; rates per 1M tokens). */
export const usageRecordSchema = z
  .object({
    promptTokens: z.number().int(),
    promptCost: z.number(),
    completionTokens: z.number().int(),
    completionCost: z.number(),
    totalTokens: z.number().int(),
    totalCost: z.number(),
    cacheReadTokens: z.number().int(),
    cacheWriteTokens: z.number().int(),
    cacheReadCost: z.number(),
    cacheWriteCost: z.number(),
    rates: z.object({
      prompt: z.number(),
      completion: z.number(),
      cacheRead: z.number(),
      cacheWrite: z.number(),
    }),
    /** `model` is the model id; `displayName` is how it is shown ('Offline assistant' for the offline model). */
    modelInfo: z.object({ model: z.string(), displayName: z.string().optional() }),
    finishReason: z.string(),
    timestamp: z.string(),
    /** Issue 21 §11: the provider sent no usage for some call; its tokens were counted here (≈). */
    estimated: z.boolean().optional(),
    /** Issue 21 §11: some call's model has no known price: the cost is unknown, not 0. */
    priceUnknown: z.boolean().optional(),
  })
  .meta({ id: 'UsageRecord' });
export type UsageRecord = z.infer<typeof usageRecordSchema>;

export const usageTotalsSchema = z.object({
  calls: z.number().int(),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  totalTokens: z.number().int(),
  cacheReadTokens: z.number().int(),
  cacheWriteTokens: z.number().int(),
  promptCost: z.number(),
  completionCost: z.number(),
  cacheReadCost: z.number(),
  cacheWriteCost: z.number(),
  totalCost: z.number(),
  /** Some of the calls counted here were of a model without a price: the cost leaves them out (issue 21 §11). */
  priceUnknown: z.boolean().optional(),
});
export type UsageTotals = z.infer<typeof usageTotalsSchema>;

export const usageSummarySchema = usageTotalsSchema
  .extend({
    byModel: z.array(usageTotalsSchema.extend({ model: z.string() })),
    byPurpose: z.array(usageTotalsSchema.extend({ purpose: z.string() })),
  })
  .meta({ id: 'UsageSummary' });
export type UsageSummary = z.infer<typeof usageSummarySchema>;

export const messageUsageSchema = z
  .object({
    messageId: z.string(),
    calls: z.number().int(),
    usage: usageRecordSchema,
    /** The provider's reason when the message's last call failed (admins only), and its kind. */
    error: z.string().optional(),
    errorReason: z.enum(LLM_ERROR_REASONS).optional(),
  })
  .meta({ id: 'MessageUsage' });
export type MessageUsage = z.infer<typeof messageUsageSchema>;

export const llmUsageQuerySchema = z.object({
  appId: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const llmUsageResponseSchema = z
  .object({ summary: usageSummarySchema, messages: z.array(messageUsageSchema) })
  .meta({ id: 'LlmUsage' });
export type LlmUsageResponse = z.infer<typeof llmUsageResponseSchema>;
