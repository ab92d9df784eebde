import type { HealthResponse } from '@atelier/shared';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../lib/api.ts';

export const queryKeys = {
  all: ['system'] as const,
  health: () => [...queryKeys.all, 'health'] as const,
};

export function fetchHealth(signal?: AbortSignal): Promise<HealthResponse> {
  return answer<HealthResponse>(api.GET('/health', { signal }));
}

export function useHealth(): UseQueryResult<HealthResponse> {
  return useQuery({
    queryKey: queryKeys.health(),
    queryFn: ({ signal }) => fetchHealth(signal),
    staleTime: 30_000,
  });
}
