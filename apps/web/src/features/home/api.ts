import type { AppSummary, appsListResponseSchema, UpdateAppRequest } from '@atelier/shared';
import type { z } from 'zod';

type AppsListResponse = z.infer<typeof appsListResponseSchema>;

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../lib/api.ts';
import { queryKeys } from '../apps/api.ts';

/** The builder's apps, most recently changed first. */
export function useAppsList() {
  return useQuery({
    queryKey: queryKeys.list(),
    queryFn: ({ signal }) => answer<AppsListResponse>(api.GET('/apps', { signal })),
  });
}

export function useUpdateApp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ appId, changes }: { appId: string; changes: UpdateAppRequest }) =>
      answer<AppSummary>(api.PATCH('/apps/{appId}', { params: { path: { appId } }, body: changes })),
    onSuccess: (app) => {
      client.setQueryData(queryKeys.app(app.id), app);
      void client.invalidateQueries({ queryKey: queryKeys.list() });
    },
  });
}

export function useDeleteApp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (appId: string) => answer<void>(api.DELETE('/apps/{appId}', { params: { path: { appId } } })),
    onSuccess: (_answer, appId) => {
      client.removeQueries({ queryKey: queryKeys.app(appId) });
      void client.invalidateQueries({ queryKey: queryKeys.list() });
    },
  });
}
