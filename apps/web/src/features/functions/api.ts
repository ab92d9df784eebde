import type {
  BatchDeployResponse,
  DeployFunctionResponse,
  FunctionsListResponse,
  InvocationsResponse,
} from '@atelier/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';

export const functionsKeys = {
  all: (appId: string) => ['functions', appId] as const,
  list: (appId: string) => [...functionsKeys.all(appId), 'list'] as const,
  invocations: (appId: string, name: string) => [...functionsKeys.all(appId), 'invocations', name] as const,
};

const base = (appId: string) => `/api/apps/${encodeURIComponent(appId)}/functions`;

export function useFunctions(appId: string) {
  return useQuery({
    queryKey: functionsKeys.list(appId),
    queryFn: ({ signal }) => apiFetch<FunctionsListResponse>(`${base(appId)}/list`, { signal }),
    enabled: appId !== '',
  });
}

export function useInvocations(appId: string, name: string, enabled: boolean) {
  return useQuery({
    queryKey: functionsKeys.invocations(appId, name),
    queryFn: ({ signal }) =>
      apiFetch<InvocationsResponse>(`${base(appId)}/${encodeURIComponent(name)}/invocations?limit=10`, {
        signal,
      }),
    enabled,
    refetchInterval: enabled ? 5_000 : false,
  });
}

export function useDeployFunction(appId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiFetch<DeployFunctionResponse>(`${base(appId)}/${encodeURIComponent(name)}/deploy`, {
        method: 'POST',
      }),
    onSettled: () => client.invalidateQueries({ queryKey: functionsKeys.list(appId) }),
  });
}

export function useBatchDeploy(appId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (names?: string[]) =>
      apiFetch<BatchDeployResponse>(`${base(appId)}/deploy`, {
        method: 'POST',
        body: names ? { names } : {},
      }),
    onSettled: () => client.invalidateQueries({ queryKey: functionsKeys.list(appId) }),
  });
}
