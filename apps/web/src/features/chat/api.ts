import type {
  ChatAttachmentUpload,
  ChatHistoryResponse,
  EnhanceContextQueryRequest,
  EnhanceContextQueryResponse,
  LlmUsageResponse,
  RatingRequest,
  RestoreResponse,
  UndoRestoreResponse,
  VersionsListResponse,
} from '@atelier/shared';
import { CHAT_HISTORY_PAGE_SIZE } from '@atelier/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';

const enc = encodeURIComponent;

export const chatKeys = {
  all: ['chat'] as const,
  versions: (appId: string) => [...chatKeys.all, appId, 'versions'] as const,
  usage: (appId: string) => [...chatKeys.all, appId, 'usage'] as const,
};

export const chatApi = {
  history: (appId: string, fromMessageId?: string, signal?: AbortSignal) =>
    apiFetch<ChatHistoryResponse>(
      `/api/apps/${enc(appId)}/chat/history?limit=${CHAT_HISTORY_PAGE_SIZE}${
        fromMessageId ? `&fromMessageId=${enc(fromMessageId)}` : ''
      }`,
      { signal },
    ),
  /** Stop the app's running reply (issue 21 §2); `stopped` is false when none runs. */
  stop: (appId: string) =>
    apiFetch<{ stopped: boolean }>(`/api/apps/${enc(appId)}/chat/stop`, { method: 'POST' }),
  restore: (appId: string, versionId: string, messageId: string) =>
    apiFetch<RestoreResponse>(`/api/apps/${enc(appId)}/versions/${enc(versionId)}/restore`, {
      method: 'POST',
      body: { messageId },
    }),
  undoRestore: (appId: string, versionId: string, messageId: string) =>
    apiFetch<UndoRestoreResponse>(`/api/apps/${enc(appId)}/versions/${enc(versionId)}/undo-restore`, {
      method: 'POST',
      body: { messageId },
    }),
  rate: (appId: string, body: RatingRequest) =>
    apiFetch<{ ok: true }>(`/api/apps/${enc(appId)}/rating`, { method: 'POST', body }),
  upload: (appId: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return apiFetch<ChatAttachmentUpload>(`/api/apps/${enc(appId)}/chat/attachments`, {
      method: 'POST',
      body: form,
    });
  },
  enhanceQuery: (body: EnhanceContextQueryRequest) =>
    apiFetch<EnhanceContextQueryResponse>('/api/admin/enhanceContextQuery', { method: 'POST', body }),
  versions: (appId: string, signal?: AbortSignal) =>
    apiFetch<VersionsListResponse>(`/api/apps/${enc(appId)}/versions?limit=50`, { signal }),
  usage: (appId: string, signal?: AbortSignal) =>
    apiFetch<LlmUsageResponse>(`/api/admin/llm/usage?limit=100&appId=${enc(appId)}`, { signal }),
};

/**
 * The app's versions. Spec 3 §7: a failed fetch is logged and yields an empty list.
 */
export function useVersions(appId: string) {
  return useQuery({
    queryKey: chatKeys.versions(appId),
    queryFn: async ({ signal }) => {
      try {
        return await chatApi.versions(appId, signal);
      } catch (error) {
        // A fetch cancelled by React Query (the page moved on) is not a failure: nothing to log.
        if (signal.aborted) throw error;
        console.warn('Could not load the versions', error);
        return { versions: [], currentVersionId: null, publishedVersionId: null } as VersionsListResponse;
      }
    },
  });
}

/** Admin token usage of the app: the summary and the per-message table. */
export function useAppUsage(appId: string, enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.usage(appId),
    queryFn: ({ signal }) => chatApi.usage(appId, signal),
    enabled,
  });
}
