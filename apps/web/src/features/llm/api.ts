import type { LlmSettings, LlmSettingsUpdate, LlmUsageResponse, ModelListResponse } from '@atelier/shared';
import { apiFetch } from '../../lib/api-client.ts';

export const llmKeys = {
  all: ['llm'] as const,
  models: () => [...llmKeys.all, 'models'] as const,
  settings: () => [...llmKeys.all, 'settings'] as const,
  usage: (appId: string | undefined) => [...llmKeys.all, 'usage', appId ?? ''] as const,
};

export const llmApi = {
  models: (signal?: AbortSignal) => apiFetch<ModelListResponse>('/api/llm/models', { signal }),
  settings: (signal?: AbortSignal) => apiFetch<LlmSettings>('/api/admin/llm/settings', { signal }),
  updateSettings: (body: LlmSettingsUpdate) =>
    apiFetch<LlmSettings>('/api/admin/llm/settings', { method: 'PUT', body }),
  refreshPrices: () => apiFetch<LlmSettings>('/api/admin/llm/models/refresh', { method: 'POST' }),
  usage: (appId: string | undefined, signal?: AbortSignal) =>
    apiFetch<LlmUsageResponse>(
      `/api/admin/llm/usage?limit=20${appId ? `&appId=${encodeURIComponent(appId)}` : ''}`,
      { signal },
    ),
};
