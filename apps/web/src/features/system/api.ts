import type { HealthResponse } from '@atelier/shared';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';

export const queryKeys = {
  all: ['system'] as const,
  health: () => [...queryKeys.all, 'health'] as const,
};

export function fetchHealth(signal?: AbortSignal): Promise<HealthResponse> {
  return apiFetch<HealthResponse>('/api/health', { signal });
}

export function useHealth(): UseQueryResult<HealthResponse> {
  return useQuery({
    queryKey: queryKeys.health(),
    queryFn: ({ signal }) => fetchHealth(signal),
    staleTime: 30_000,
  });
}
