import type {
  BatchDeployResponse,
  DeployFunctionResponse,
  FunctionSchedule,
  FunctionsListResponse,
  InvocationsResponse,
} from '@atelier/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../lib/api.ts';

export const functionsKeys = {
  all: (appId: string) => ['functions', appId] as const,
  list: (appId: string) => [...functionsKeys.all(appId), 'list'] as const,
  invocations: (appId: string, name: string) => [...functionsKeys.all(appId), 'invocations', name] as const,
};

const app = (appId: string) => ({ path: { appId } });

export function useFunctions(appId: string) {
  return useQuery({
    queryKey: functionsKeys.list(appId),
    queryFn: ({ signal }) =>
      answer<FunctionsListResponse>(api.GET('/apps/{appId}/functions/list', { params: app(appId), signal })),
    enabled: appId !== '',
  });
}

export function useInvocations(appId: string, name: string, enabled: boolean) {
  return useQuery({
    queryKey: functionsKeys.invocations(appId, name),
    queryFn: ({ signal }) =>
      answer<InvocationsResponse>(
        api.GET('/apps/{appId}/functions/{name}/invocations', {
          params: { path: { appId, name }, query: { limit: 10 } },
          signal,
        }),
      ),
    enabled,
    refetchInterval: enabled ? 5_000 : false,
  });
}

export function useDeployFunction(appId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      answer<DeployFunctionResponse>(
        api.POST('/apps/{appId}/functions/{name}/deploy', { params: { path: { appId, name } } }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: functionsKeys.list(appId) }),
  });
}

export function useBatchDeploy(appId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (names?: string[]) =>
      answer<BatchDeployResponse>(
        api.POST('/apps/{appId}/functions/deploy', { params: app(appId), body: names ? { names } : {} }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: functionsKeys.list(appId) }),
  });
}

export function useSetSchedulePaused(appId: string, name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paused }: { id: string; paused: boolean }) =>
      answer<{ schedule: FunctionSchedule }>(
        api.PATCH('/apps/{appId}/functions/{name}/schedules/{scheduleId}', {
          params: { path: { appId, name, scheduleId: id } },
          body: { paused },
        }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: functionsKeys.list(appId) }),
  });
}
