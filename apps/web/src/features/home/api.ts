import type { AppSummary, appsListResponseSchema, UpdateAppRequest } from '@atelier/shared';
import type { z } from 'zod';

type AppsListResponse = z.infer<typeof appsListResponseSchema>;

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import { queryKeys } from '../apps/api.ts';

const enc = encodeURIComponent;

/** The builder's apps, most recently changed first. */
export function useAppsList() {
  return useQuery({
    queryKey: queryKeys.list(),
    queryFn: ({ signal }) => apiFetch<AppsListResponse>('/api/apps', { signal }),
  });
}

export function useUpdateApp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ appId, changes }: { appId: string; changes: UpdateAppRequest }) =>
      apiFetch<AppSummary>(`/api/apps/${enc(appId)}`, { method: 'PATCH', body: changes }),
    onSuccess: (app) => {
      client.setQueryData(queryKeys.app(app.id), app);
      void client.invalidateQueries({ queryKey: queryKeys.list() });
    },
  });
}

export function useDeleteApp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (appId: string) => apiFetch<void>(`/api/apps/${enc(appId)}`, { method: 'DELETE' }),
    onSuccess: (_answer, appId) => {
      client.removeQueries({ queryKey: queryKeys.app(appId) });
      void client.invalidateQueries({ queryKey: queryKeys.list() });
    },
  });
}
