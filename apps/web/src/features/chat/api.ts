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
import { answer, api, formData } from '../../lib/api.ts';

export const chatKeys = {
  all: ['chat'] as const,
  versions: (appId: string) => [...chatKeys.all, appId, 'versions'] as const,
  usage: (appId: string) => [...chatKeys.all, appId, 'usage'] as const,
};

export const chatApi = {
  history: (appId: string, fromMessageId?: string, signal?: AbortSignal) =>
    answer<ChatHistoryResponse>(
      api.GET('/apps/{appId}/chat/history', {
        params: {
          path: { appId },
          query: { limit: CHAT_HISTORY_PAGE_SIZE, ...(fromMessageId ? { fromMessageId } : {}) },
        },
        signal,
      }),
    ),
  /** Stop the app's running reply (issue 21 §2); `stopped` is false when none runs. */
  stop: (appId: string) =>
    answer<{ stopped: boolean }>(api.POST('/apps/{appId}/chat/stop', { params: { path: { appId } } })),
  restore: (appId: string, versionId: string, messageId: string) =>
    answer<RestoreResponse>(
      api.POST('/apps/{appId}/versions/{versionId}/restore', {
        params: { path: { appId, versionId } },
        body: { messageId },
      }),
    ),
  undoRestore: (appId: string, versionId: string, messageId: string) =>
    answer<UndoRestoreResponse>(
      api.POST('/apps/{appId}/versions/{versionId}/undo-restore', {
        params: { path: { appId, versionId } },
        body: { messageId },
      }),
    ),
  rate: (appId: string, body: RatingRequest) =>
    answer<{ ok: true }>(api.POST('/apps/{appId}/rating', { params: { path: { appId } }, body })),
  upload: (appId: string, file: File) =>
    answer<ChatAttachmentUpload>(
      api.POST('/apps/{appId}/chat/attachments', {
        params: { path: { appId } },
        body: { file },
        bodySerializer: formData,
      }),
    ),
  enhanceQuery: (body: EnhanceContextQueryRequest) =>
    answer<EnhanceContextQueryResponse>(api.POST('/admin/enhanceContextQuery', { body })),
  versions: (appId: string, signal?: AbortSignal) =>
    answer<VersionsListResponse>(
      api.GET('/apps/{appId}/versions', { params: { path: { appId }, query: { limit: 50 } }, signal }),
    ),
  usage: (appId: string, signal?: AbortSignal) =>
    answer<LlmUsageResponse>(
      api.GET('/admin/llm/usage', { params: { query: { limit: 100, appId } }, signal }),
    ),
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
