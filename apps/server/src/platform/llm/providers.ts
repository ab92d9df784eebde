import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { ModelInfo, ProviderStatus } from '@atelier/shared';
import type { LlmConfig } from '../../config.ts';
import type { StoredSettings } from './settings-store.ts';

export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_ANTHROPIC_BASE_URL = 'https://api.anthropic.com/v1';

interface ProviderAccess {
  status: ProviderStatus;
  apiKey: string | undefined;
  baseUrl: string;
}

export interface ProviderAccessMap {
  openai: ProviderAccess;
  anthropic: ProviderAccess;
}

/** Opens a sealed key from the settings; undefined when there is none or it cannot be opened. */
export type KeyOpener = (sealed: string | null | undefined) => string | undefined;

function pick<T>(setting: T | null | undefined, env: T | undefined) {
  if (setting) return { value: setting, source: 'settings' as const };
  if (env) return { value: env, source: 'env' as const };
  return { value: undefined, source: null };
}

/**
 * Which providers can be called, with which key and base URL. The admin settings win over the
 * environment. OpenAI-compatible is configured by an API key or an explicit base URL (keyless local
 * servers such as Ollama or vLLM); Anthropic by an API key.
 */
export function providerAccess(
  config: LlmConfig,
  settings: StoredSettings,
  openKey: KeyOpener,
): ProviderAccessMap {
  const openaiKey = pick(openKey(settings.openaiApiKey), config.openaiApiKey);
  const openaiUrl = pick(settings.openaiBaseUrl?.replace(/\/$/, ''), config.openaiBaseUrl);
  const anthropicKey = pick(openKey(settings.anthropicApiKey), config.anthropicApiKey);
  const anthropicUrl = pick(settings.anthropicBaseUrl?.replace(/\/$/, ''), config.anthropicBaseUrl);
  return {
    openai: {
      apiKey: openaiKey.value,
      baseUrl: openaiUrl.value ?? DEFAULT_OPENAI_BASE_URL,
      status: {
        id: 'openai',
        label: 'OpenAI-compatible (OpenAI, OpenRouter, Ollama, vLLM, LiteLLM)',
        apiKeySource: openaiKey.source,
        configured: Boolean(openaiKey.value) || Boolean(openaiUrl.value),
        baseUrl: openaiUrl.value ?? DEFAULT_OPENAI_BASE_URL,
        baseUrlSource: openaiUrl.source ?? 'default',
      },
    },
    anthropic: {
      apiKey: anthropicKey.value,
      baseUrl: anthropicUrl.value ?? DEFAULT_ANTHROPIC_BASE_URL,
      status: {
        id: 'anthropic',
        label: 'Anthropic',
        apiKeySource: anthropicKey.source,
        configured: Boolean(anthropicKey.value),
        baseUrl: anthropicUrl.value ?? DEFAULT_ANTHROPIC_BASE_URL,
        baseUrlSource: anthropicUrl.source ?? 'default',
      },
    },
  };
}

type ModelFactory = (modelId: string) => LanguageModelV3;

/**
 * Provider clients and their model objects, kept while base URL and key stay the same (building a
 * model object builds its response schemas: too slow to do per call).
 */
export function createProviderFactory(fetchImpl: typeof fetch | undefined) {
  const factories = new Map<string, ModelFactory>();
  const models = new Map<string, LanguageModelV3>();
  const MAX_MODELS = 200;

  function factoryFor(kind: 'openai' | 'anthropic', access: ProviderAccess): ModelFactory {
    const cacheKey = `${kind} ${access.baseUrl} ${access.apiKey ?? ''}`;
    let factory = factories.get(cacheKey);
    if (!factory) {
      if (kind === 'openai') {
        // The chat-completions path, which every OpenAI-compatible server speaks; usage in the stream.
        const provider = createOpenAICompatible({
          name: 'openai',
          baseURL: access.baseUrl,
          apiKey: access.apiKey,
          includeUsage: true,
          fetch: fetchImpl,
        });
        factory = (modelId) => provider.chatModel(modelId);
      } else {
        const provider = createAnthropic({
          baseURL: access.baseUrl,
          apiKey: access.apiKey ?? '',
          fetch: fetchImpl,
        });
        factory = (modelId) => provider.languageModel(modelId);
      }
      factories.set(cacheKey, factory);
    }
    return factory;
  }

  return {
    /** The provider model for a catalogue entry whose provider is configured. */
    model(info: ModelInfo, access: ProviderAccessMap): LanguageModelV3 {
      if (info.provider === 'offline') throw new Error('The offline model is not built by a provider');
      const target = access[info.provider];
      const key = `${info.provider} ${target.baseUrl} ${target.apiKey ?? ''} ${info.id}`;
      let model = models.get(key);
      if (!model) {
        if (models.size >= MAX_MODELS) {
          models.clear();
          factories.clear();
        }
        model = factoryFor(info.provider, target)(info.id);
        models.set(key, model);
      }
      return model;
    },
  };
}
