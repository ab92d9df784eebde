import type { LanguageModelV3 } from '@ai-sdk/provider';
import {
  type AppModelSettings,
  DEFAULT_MODEL_ID,
  LLM_ERROR_MESSAGE,
  type LlmPurpose,
  type LlmSettings,
  type LlmSettingsUpdate,
  type MessageUsage,
  MODEL_TEMPERATURE,
  type ModelInfo,
  type ModelListResponse,
  OFFLINE_MODEL_ID,
  type UsageRecord,
  type UsageSummary,
} from '@atelier/shared';
import {
  type ModelMessage,
  NoObjectGeneratedError,
  Output,
  type Prompt,
  type StopCondition,
  generateText as sdkGenerateText,
  streamText as sdkStreamText,
  type ToolSet,
  wrapLanguageModel,
} from 'ai';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { Database } from '../db/database.ts';
import type { LlmUsageRow } from '../db/schema/index.ts';
import type { Logger } from '../logger.ts';
import {
  adHocModel,
  applyPublicPrices,
  BUILT_IN_MODELS,
  OFFLINE_MODEL,
  outputTokenLimit,
} from './catalogue.ts';
import { costOf } from './cost.ts';
import { LlmCallError, toLlmCallError } from './errors.ts';
import { createProviderFactory, type ProviderAccessMap, providerAccess } from './providers.ts';
import { createPublicListRefresher } from './public-model-list.ts';
import { DEFAULT_RETRY, type RetryPolicy, reliabilityMiddleware } from './reliability-middleware.ts';
import { createSettingsStore, type LlmState, type StoredSettings } from './settings-store.ts';
import { tokenCounter } from './tokens.ts';
import { type CallObservation, usageMiddleware } from './usage-middleware.ts';
import { insertUsage, rowToUsageRecord, toUsageRecord, usageByMessage, usageSummary } from './usage-repo.ts';

// The layer logs provider warnings itself; the SDK's console output would bypass the logger.
globalThis.AI_SDK_LOG_WARNINGS = false;

export interface LlmOptions {
  config: Pick<Config, 'llm'>;
  database: Database;
  logger: Logger;
  /** The fetch used for provider calls and the public model list (tests may wrap it). */
  fetch?: typeof fetch;
  retry?: Partial<RetryPolicy>;
  /** How long settings read from the database are reused (default 10 s). */
  settingsTtlMs?: number;
  /** Seals the API keys an admin enters; without it, keys come from the environment only. */
  secretBox?: SecretBox;
  /**
   * The model that answers when no provider is configured: the offline assistant
   * (`features/offline-assistant`, passed in by whoever assembles the server).
   */
  offlineModel: () => LanguageModelV3;
}

/** A settings change the layer refuses (answered 400 by the admin route). */
export class LlmSettingsError extends Error {
  override name = 'LlmSettingsError';
}

/** Who an AI call is for; stored with its usage. */
export interface LlmCallContext {
  purpose: LlmPurpose;
  appId?: string | null | undefined;
  userId?: string | null | undefined;
  messageId?: string | null | undefined;
}

export interface LlmCallInput extends LlmCallContext {
  /** The app's aiModel / modelTemperature; absent: the default model at 0.7. */
  appSettings?: AppModelSettings | null | undefined;
  system?: string | undefined;
  /** A single user prompt, or `messages`. */
  prompt?: string | undefined;
  messages?: ModelMessage[] | undefined;
  /** Pass the request's signal: a client that disconnects aborts the provider call. */
  abortSignal?: AbortSignal | undefined;
  maxOutputTokens?: number | undefined;
  /** Overrides the app's temperature. */
  temperature?: number | undefined;
  /**
   * Tools the model may call (streamText only; the AI SDK runs their `execute`), and when to stop
   * calling them (default: after the first step). A usage row is stored per step.
   */
  tools?: ToolSet | undefined;
  stopWhen?: StopCondition<ToolSet> | undefined;
}

export interface ResolvedModel {
  model: LanguageModelV3;
  info: ModelInfo;
  temperature: number;
  offline: boolean;
}

export type SdkStreamResult = ReturnType<typeof sdkStreamText>;

export interface LlmStream {
  /** The model that answers ('Offline assistant' when no provider is configured). */
  info: ModelInfo;
  /** The AI SDK's result (UI message streams, full stream, promises). */
  result: SdkStreamResult;
  /** The text deltas in order; throws an LlmCallError (the spec's message) when the call fails. */
  textStream: AsyncIterable<string>;
  /**
   * The text and reasoning deltas in order, as the provider sends them; ends (without throwing) when
   * the call's abort signal fires; throws an LlmCallError when the call fails.
   */
  deltas: AsyncIterable<LlmDelta>;
  /** An AI SDK UI message stream response whose error part carries the spec's message. */
  toUIMessageStreamResponse(init?: ResponseInit): Response;
  /** The call's usage, once the answer has ended and its usage is stored. */
  usage: Promise<UsageRecord | undefined>;
}

export interface LlmDelta {
  type: 'text' | 'reasoning';
  text: string;
}

export interface LlmGenerated {
  text: string;
  info: ModelInfo;
  finishReason: string;
  usage: UsageRecord | undefined;
}

const clampTemperature = (value: number) =>
  Math.min(MODEL_TEMPERATURE.max, Math.max(MODEL_TEMPERATURE.min, value));

/** The error text to put in an AI SDK UI message stream's error part (spec 3 §8). */
export const llmErrorText = (_error: unknown) => LLM_ERROR_MESSAGE;

/**
 * The AI layer: every AI call of Atelier goes through it. See README.md in this folder.
 */
export function createLlm(options: LlmOptions) {
  const { config, database, logger } = options;
  const llmConfig = config.llm;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const store = createSettingsStore(database, options.settingsTtlMs ?? 10_000);
  const providers = createProviderFactory(options.fetch);
  const refresher = createPublicListRefresher({
    url: llmConfig.catalogueUrl,
    store,
    logger,
    fetch: fetchImpl,
  });
  const opened = new Map<string, string | undefined>();

  /** Opens a sealed key (memoised); a key sealed with another SECRETS_KEY counts as absent. */
  function openKey(sealed: string | null | undefined): string | undefined {
    if (!sealed || !options.secretBox) return undefined;
    if (!opened.has(sealed)) {
      try {
        opened.set(sealed, options.secretBox.decrypt(sealed));
      } catch (error) {
        logger.warn({ err: error }, 'a saved model provider key cannot be decrypted; it is ignored');
        opened.set(sealed, undefined);
      }
    }
    return opened.get(sealed);
  }

  function view(state: LlmState) {
    const access = providerAccess(llmConfig, state.settings, openKey);
    const catalogue = applyPublicPrices(state.settings.catalogue ?? BUILT_IN_MODELS, state.publicList);
    const configured = (info: ModelInfo) =>
      info.provider === 'offline' || access[info.provider].status.configured;
    const find = (id: string): ModelInfo =>
      id === OFFLINE_MODEL_ID
        ? OFFLINE_MODEL
        : (catalogue.find((entry) => entry.id === id) ??
          adHocModel(id, state.publicList, access.anthropic.status.configured));
    const defaultId = state.settings.defaultModel ?? llmConfig.defaultModel ?? DEFAULT_MODEL_ID;
    /** The first wanted model whose provider is configured, else any configured one, else offline. */
    const pick = (wanted: (string | null | undefined)[]): ModelInfo =>
      wanted
        .filter((id): id is string => Boolean(id))
        .map(find)
        .find(configured) ??
      catalogue.find((entry) => entry.provider !== 'offline' && configured(entry)) ??
      OFFLINE_MODEL;
    const offline = !access.openai.status.configured && !access.anthropic.status.configured;
    return { access, catalogue, configured, find, pick, defaultId, offline };
  }

  function modelFor(info: ModelInfo, access: ProviderAccessMap): LanguageModelV3 {
    return info.provider === 'offline' ? options.offlineModel() : providers.model(info, access);
  }

  async function resolveModel(
    appSettings?: AppModelSettings | null,
    temperatureOverride?: number,
  ): Promise<ResolvedModel> {
    const v = view(await store.load());
    const info = v.pick([appSettings?.aiModel, v.defaultId]);
    let temperature = clampTemperature(
      temperatureOverride ?? appSettings?.modelTemperature ?? MODEL_TEMPERATURE.default,
    );
    // Anthropic accepts 0 to 1.
    if (info.provider === 'anthropic') temperature = Math.min(temperature, 1);
    return { model: modelFor(info, v.access), info, temperature, offline: info.provider === 'offline' };
  }

  const displayNameOf = async (id: string) => {
    const v = view(await store.load());
    return v.find(id).displayName;
  };

  /** Observers of every stored usage row (the Prometheus counters of platform/metrics). */
  const usageListeners = new Set<(row: LlmUsageRow) => void>();

  async function recordCall(context: LlmCallContext, info: ModelInfo, observation: CallObservation) {
    const usage = observation.usage;
    let tokens = {
      promptTokens: usage?.inputTokens.total ?? 0,
      completionTokens: usage?.outputTokens.total ?? 0,
      cacheReadTokens: usage?.inputTokens.cacheRead ?? 0,
      cacheWriteTokens: usage?.inputTokens.cacheWrite ?? 0,
    };
    // No usage from the provider (some servers send none; a failed or stopped stream has none) but
    // text arrived: the tokens are counted here and marked estimated, never recorded as 0 (§11).
    const estimated = tokens.promptTokens + tokens.completionTokens === 0 && observation.outputText !== '';
    if (estimated) {
      const { count } = await tokenCounter(info);
      tokens = {
        promptTokens: count(observation.promptText),
        completionTokens: count(observation.outputText),
        cacheReadTokens: 0,
        cacheWriteTokens: 0,
      };
    }
    const cost = costOf(tokens, info);
    if (observation.error) {
      logger.warn(
        { model: info.id, purpose: context.purpose, appId: context.appId, detail: observation.error.detail },
        'AI call failed',
      );
    }
    try {
      const row = await insertUsage(database.db, {
        model: info.id,
        provider: info.provider,
        purpose: context.purpose,
        appId: context.appId ?? null,
        userId: context.userId ?? null,
        messageId: context.messageId ?? null,
        ...tokens,
        promptCostMicros: cost.promptCostMicros,
        completionCostMicros: cost.completionCostMicros,
        cacheReadCostMicros: cost.cacheReadCostMicros,
        cacheWriteCostMicros: cost.cacheWriteCostMicros,
        promptRate: cost.rates.prompt,
        completionRate: cost.rates.completion,
        cacheReadRate: cost.rates.cacheRead,
        cacheWriteRate: cost.rates.cacheWrite,
        latencyMs: Math.round(observation.endedAt - observation.startedAt),
        timeToFirstTokenMs:
          observation.firstTokenAt === undefined
            ? null
            : Math.round(observation.firstTokenAt - observation.startedAt),
        finishReason: observation.finishReason,
        error: observation.error?.detail ?? null,
        tokensEstimated: estimated,
        priceKnown: !info.priceUnknown,
      });
      for (const listener of usageListeners) listener(row);
      return row;
    } catch (error) {
      logger.error({ err: error, model: info.id, purpose: context.purpose }, 'could not record AI usage');
      return undefined;
    }
  }

  /**
   * Wraps the resolved model for one logical call (the AI SDK's `wrapLanguageModel`): retries,
   * timeouts and error normalisation (`reliabilityMiddleware`), and a usage row per model invocation
   * (`usageMiddleware`, outside it). `usage` resolves once the SDK has settled and every row is written.
   */
  function track(context: LlmCallContext, resolved: ResolvedModel, startedAt: number) {
    const writes: Promise<LlmUsageRow | undefined>[] = [];
    let started = 0;
    let done = 0;
    let settled = false;
    let resolveUsage!: (value: UsageRecord | undefined) => void;
    const usage = new Promise<UsageRecord | undefined>((resolve) => {
      resolveUsage = resolve;
    });
    const maybeResolve = () => {
      if (!settled || done !== started) return;
      void Promise.all(writes).then((rows) => resolveUsage(aggregate(rows, resolved.info)));
    };
    const model = wrapLanguageModel({
      model: resolved.model,
      middleware: [
        usageMiddleware({
          startedAt,
          onStart: () => {
            started++;
          },
          onDone(observation) {
            writes.push(recordCall(context, resolved.info, observation));
            done++;
            maybeResolve();
          },
        }),
        reliabilityMiddleware({ timeoutMs: llmConfig.timeoutMs, retry }),
      ],
    });
    return {
      model,
      usage,
      settle() {
        if (settled) return;
        settled = true;
        maybeResolve();
      },
    };
  }

  function aggregate(rows: (LlmUsageRow | undefined)[], info: ModelInfo): UsageRecord | undefined {
    const stored = rows.filter((row): row is LlmUsageRow => row !== undefined);
    const last = stored.at(-1);
    if (!last) return undefined;
    const records = stored.map(rowToUsageRecord);
    const sum = (pick: (record: UsageRecord) => number) =>
      records.reduce((total, record) => total + pick(record), 0);
    const record = toUsageRecord(
      {
        calls: records.length,
        promptTokens: sum((r) => r.promptTokens),
        completionTokens: sum((r) => r.completionTokens),
        totalTokens: sum((r) => r.totalTokens),
        cacheReadTokens: sum((r) => r.cacheReadTokens),
        cacheWriteTokens: sum((r) => r.cacheWriteTokens),
        promptCost: sum((r) => r.promptCost),
        completionCost: sum((r) => r.completionCost),
        cacheReadCost: sum((r) => r.cacheReadCost),
        cacheWriteCost: sum((r) => r.cacheWriteCost),
        totalCost: sum((r) => r.totalCost),
      },
      {
        rates: rowToUsageRecord(last).rates,
        model: last.model,
        finishReason: last.finishReason,
        timestamp: last.createdAt,
      },
    );
    return {
      ...record,
      modelInfo: { model: last.model, displayName: info.displayName },
      ...(stored.some((row) => row.tokensEstimated) ? { estimated: true } : {}),
      ...(stored.some((row) => !row.priceKnown) ? { priceUnknown: true } : {}),
    };
  }

  function promptOf(input: LlmCallInput): Prompt {
    const system = input.system;
    return input.messages ? { system, messages: input.messages } : { system, prompt: input.prompt ?? '' };
  }

  async function* textOf(result: SdkStreamResult): AsyncIterable<string> {
    for await (const delta of deltasOf(result)) if (delta.type === 'text') yield delta.text;
  }

  async function* deltasOf(result: SdkStreamResult, signal?: AbortSignal): AsyncIterable<LlmDelta> {
    try {
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') yield { type: 'text', text: part.text };
        else if (part.type === 'reasoning-delta') yield { type: 'reasoning', text: part.text };
        else if (part.type === 'abort') return;
        else if (part.type === 'error') {
          if (signal?.aborted) return;
          throw toLlmCallError(part.error);
        }
      }
    } catch (error) {
      if (signal?.aborted) return;
      throw error;
    }
  }

  async function streamText(input: LlmCallInput): Promise<LlmStream> {
    const startedAt = performance.now();
    const resolved = await resolveModel(input.appSettings, input.temperature);
    const tracker = track(input, resolved, startedAt);
    const result = sdkStreamText({
      model: tracker.model,
      ...promptOf(input),
      ...(input.tools ? { tools: input.tools } : {}),
      ...(input.stopWhen ? { stopWhen: input.stopWhen } : {}),
      temperature: resolved.temperature,
      maxOutputTokens: input.maxOutputTokens ?? outputTokenLimit(resolved.info),
      abortSignal: input.abortSignal,
      // Retries are reliabilityMiddleware's (before the first token, within one usage row).
      maxRetries: 0,
      onError: () => tracker.settle(),
      onFinish: () => tracker.settle(),
      onAbort: () => tracker.settle(),
    });
    return {
      info: resolved.info,
      result,
      textStream: textOf(result),
      deltas: deltasOf(result, input.abortSignal),
      toUIMessageStreamResponse: (init) =>
        result.toUIMessageStreamResponse({ ...init, onError: llmErrorText }),
      usage: tracker.usage,
    };
  }

  async function generateText(input: LlmCallInput): Promise<LlmGenerated> {
    const startedAt = performance.now();
    const resolved = await resolveModel(input.appSettings, input.temperature);
    const tracker = track(input, resolved, startedAt);
    try {
      const result = await sdkGenerateText({
        model: tracker.model,
        ...promptOf(input),
        temperature: resolved.temperature,
        maxOutputTokens: input.maxOutputTokens ?? outputTokenLimit(resolved.info),
        abortSignal: input.abortSignal,
        maxRetries: 0,
      });
      tracker.settle();
      return {
        text: result.text,
        info: resolved.info,
        finishReason: result.finishReason,
        usage: await tracker.usage,
      };
    } catch (error) {
      tracker.settle();
      await tracker.usage;
      throw input.abortSignal?.aborted ? error : toLlmCallError(error);
    }
  }

  /** A JSON answer checked against a zod schema (CSV mapping, magic create…). Throws LlmCallError. */
  async function generateObject<T>(
    input: LlmCallInput & { schema: z.ZodType<T> },
  ): Promise<LlmGenerated & { object: T }> {
    const startedAt = performance.now();
    const resolved = await resolveModel(input.appSettings, input.temperature);
    const tracker = track(input, resolved, startedAt);
    try {
      const result = await sdkGenerateText({
        model: tracker.model,
        ...promptOf(input),
        output: Output.object({ schema: input.schema }),
        temperature: resolved.temperature,
        maxOutputTokens: input.maxOutputTokens ?? outputTokenLimit(resolved.info),
        abortSignal: input.abortSignal,
        maxRetries: 0,
      });
      tracker.settle();
      const usage = await tracker.usage;
      return {
        text: result.text,
        object: result.output as T,
        info: resolved.info,
        finishReason: result.finishReason,
        usage,
      };
    } catch (error) {
      tracker.settle();
      await tracker.usage;
      if (input.abortSignal?.aborted) throw error;
      if (NoObjectGeneratedError.isInstance(error)) {
        throw new LlmCallError('provider', 'The answer did not match the expected JSON', { cause: error });
      }
      throw toLlmCallError(error);
    }
  }

  async function settingsView(): Promise<LlmSettings> {
    const state = await store.load();
    const v = view(state);
    return {
      defaultModel: state.settings.defaultModel ?? null,
      effectiveDefaultModel: v.pick([v.defaultId]).id,
      offline: v.offline,
      providers: [v.access.openai.status, v.access.anthropic.status],
      catalogue: v.catalogue,
      catalogueCustomized: Boolean(state.settings.catalogue),
      publicModelList: {
        url: llmConfig.catalogueUrl ?? null,
        refreshedAt: state.publicModels?.fetchedAt ?? null,
        modelCount: state.publicList.length,
      },
    };
  }

  return {
    resolveModel,
    streamText,
    generateText,
    generateObject,
    catalogue: {
      /** The model picker's list: the catalogue with availability, plus the offline assistant. */
      async list(): Promise<ModelListResponse> {
        const v = view(await store.load());
        const effective = v.pick([v.defaultId]);
        const models = [...v.catalogue];
        if (!models.some((entry) => entry.id === effective.id) && effective.provider !== 'offline')
          models.push(effective);
        return {
          defaultModel: effective.id,
          offline: v.offline,
          models: [...models, OFFLINE_MODEL].map((entry) => ({ ...entry, available: v.configured(entry) })),
        };
      },
      /** Refreshes prices from the public model list now (at most daily unless forced). */
      refresh: (force = false) => refresher.refresh({ force }),
      displayNameOf,
    },
    settings: {
      get: settingsView,
      async update(patch: LlmSettingsUpdate): Promise<LlmSettings> {
        const { settings } = await store.load();
        const next: StoredSettings = { ...settings };
        const apply = <K extends keyof StoredSettings>(key: K, value: StoredSettings[K] | '' | undefined) => {
          if (value === undefined) return;
          if (value === null || value === '') delete next[key];
          else next[key] = value;
        };
        apply('defaultModel', patch.defaultModel);
        apply('openaiBaseUrl', patch.openaiBaseUrl);
        apply('anthropicBaseUrl', patch.anthropicBaseUrl);
        apply('catalogue', patch.catalogue);
        for (const key of ['openaiApiKey', 'anthropicApiKey'] as const) {
          const value = patch[key];
          if (value === undefined) continue;
          if (value === null || value === '') delete next[key];
          else if (!options.secretBox)
            throw new LlmSettingsError('API keys can only be set in the environment here');
          else next[key] = options.secretBox.encrypt(value);
        }
        await store.saveSettings(next);
        return settingsView();
      },
    },
    usage: {
      summary: (filter: { appId?: string | undefined }): Promise<UsageSummary> =>
        usageSummary(database.db, filter),
      async byMessage(filter: { appId?: string | undefined; limit?: number }): Promise<MessageUsage[]> {
        const rows = await usageByMessage(database.db, { appId: filter.appId, limit: filter.limit ?? 100 });
        const v = view(await store.load());
        return rows.map((row) => ({
          ...row,
          usage: {
            ...row.usage,
            modelInfo: { ...row.usage.modelInfo, displayName: v.find(row.usage.modelInfo.model).displayName },
          },
        }));
      },
      /** The usage record of one assistant message (spec 3 §3), for its annotations. */
      async forMessage(messageId: string): Promise<UsageRecord | undefined> {
        const [row] = await usageByMessage(database.db, { messageId, limit: 1 });
        if (!row) return undefined;
        return {
          ...row.usage,
          modelInfo: { ...row.usage.modelInfo, displayName: await displayNameOf(row.usage.modelInfo.model) },
        };
      },
    },
    /** Calls `listener` with every usage row once it is stored; returns the unsubscribe function. */
    onUsage(listener: (row: LlmUsageRow) => void): () => void {
      usageListeners.add(listener);
      return () => usageListeners.delete(listener);
    },
    /** Starts the background refresh of the public model list (never blocks start-up). */
    start: () => refresher.start(),
    stop: () => refresher.stop(),
  };
}

export type Llm = ReturnType<typeof createLlm>;
