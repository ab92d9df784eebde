import type {
  AppSummary,
  CreateAppRequest,
  DomainsListResponse,
  PreviewTokenResponse,
  PreviewViewAs,
  PublishAppRequest,
  PublishAppResponse,
} from '@atelier/shared';
import { PREVIEW_CREDENTIAL_MAX_AGE_SECONDS } from '@atelier/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../lib/api.ts';

export const queryKeys = {
  all: ['apps'] as const,
  list: () => [...queryKeys.all, 'list'] as const,
  app: (appId: string) => [...queryKeys.all, appId] as const,
  previewLink: (appId: string, versionId: string | null) =>
    [...queryKeys.all, appId, 'preview-link', versionId ?? 'current'] as const,
};

export function useApp(appId: string) {
  return useQuery({
    queryKey: queryKeys.app(appId),
    queryFn: ({ signal }) =>
      answer<AppSummary>(api.GET('/apps/{appId}', { params: { path: { appId } }, signal })),
    retry: false,
  });
}

export function useCreateApp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAppRequest) => answer<AppSummary>(api.POST('/apps', { body: input })),
    onSuccess: (app) => {
      client.setQueryData(queryKeys.app(app.id), app);
      void client.invalidateQueries({ queryKey: queryKeys.list() });
    },
  });
}

export function usePublishApp(appId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PublishAppRequest) =>
      answer<PublishAppResponse>(
        api.POST('/apps/{appId}/publish', { params: { path: { appId } }, body: input }),
      ),
    onSuccess: (answer) => client.setQueryData(queryKeys.app(appId), answer.app),
  });
}

/**
 * A signed link to preview a version (null: the current one) on the preview origin. It names this
 * page's origin, the only window the preview posts its runtime errors to. The link is needed only
 * while the frame loads (15 minutes); reloading the preview fetches a new one.
 */
/** Ten minutes before a preview's credential reaches its maximum age. */
const PREVIEW_LINK_REFRESH_MS = (PREVIEW_CREDENTIAL_MAX_AGE_SECONDS - 10 * 60) * 1000;

export function usePreviewLink(
  appId: string,
  versionId: string | null,
  currentVersionId: string | null,
  viewAs: PreviewViewAs = 'owner',
) {
  return useQuery({
    // The current version's id is part of the key, so a new version gives a new link (and a reload).
    queryKey: [...queryKeys.previewLink(appId, versionId), currentVersionId, viewAs],
    queryFn: ({ signal }) =>
      answer<PreviewTokenResponse>(
        api.POST('/apps/{appId}/preview-token', {
          params: { path: { appId } },
          body: { ...(versionId ? { versionId } : {}), parentOrigin: window.location.origin, viewAs },
          signal,
        }),
      ),
    // The frame on screen stays while the next link loads (the panel swaps frames when it is ready).
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    // The preview document renews its own credential, but never past its maximum age: a fresh link
    // before then (loaded at the route shown, the last frame kept) keeps a long-open builder working.
    refetchInterval: PREVIEW_LINK_REFRESH_MS,
    refetchIntervalInBackground: true,
    enabled: currentVersionId !== null || versionId !== null,
  });
}

/** The app's custom domains (owner only); verified ones serve the published app. */
export function useAppDomains(appId: string, enabled = true) {
  return useQuery({
    queryKey: [...queryKeys.app(appId), 'domains'] as const,
    queryFn: ({ signal }) =>
      answer<DomainsListResponse>(api.GET('/apps/{appId}/domains', { params: { path: { appId } }, signal })),
    enabled,
  });
}
