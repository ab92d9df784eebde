import type { LlmSettings, LlmSettingsUpdate, LlmUsageResponse, ModelListResponse } from '@atelier/shared';
import { answer, api } from '../../lib/api.ts';

export const llmKeys = {
  all: ['llm'] as const,
  models: () => [...llmKeys.all, 'models'] as const,
  settings: () => [...llmKeys.all, 'settings'] as const,
  usage: (appId: string | undefined) => [...llmKeys.all, 'usage', appId ?? ''] as const,
};

/** Typed by the server's contracts (lib/api.ts): the answers must fit the shared types the screens use. */
export const llmApi = {
  models: (signal?: AbortSignal) => answer<ModelListResponse>(api.GET('/llm/models', { signal })),
  settings: (signal?: AbortSignal) => answer<LlmSettings>(api.GET('/admin/llm/settings', { signal })),
  updateSettings: (body: LlmSettingsUpdate) => answer<LlmSettings>(api.PUT('/admin/llm/settings', { body })),
  refreshPrices: () => answer<LlmSettings>(api.POST('/admin/llm/models/refresh')),
  usage: (appId: string | undefined, signal?: AbortSignal) =>
    answer<LlmUsageResponse>(
      api.GET('/admin/llm/usage', { params: { query: { limit: 20, ...(appId ? { appId } : {}) } }, signal }),
    ),
};
