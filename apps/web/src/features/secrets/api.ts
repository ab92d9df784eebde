import {
  type DeleteSecretResponse,
  type SaveSecretsRequest,
  type SaveSecretsResponse,
  SECRET_MESSAGES,
  type SecretsListResponse,
} from '@atelier/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';

export const secretsKeys = {
  all: ['secrets'] as const,
  list: (appId: string) => [...secretsKeys.all, appId] as const,
};

/**
 * The secrets service's address for an app. Without an app id there is nothing to read or write:
 * spec 3 §7's 'Secrets provider not initialized or app ID not available'.
 */
export function secretsPath(appId: string): string {
  if (appId.trim() === '') throw new Error(SECRET_MESSAGES.notInitialized);
  return `/api/apps/${encodeURIComponent(appId)}/secrets`;
}
const path = secretsPath;

/** Keys and descriptions of the app's secrets (values never come back). */
export function useSecrets(appId: string) {
  return useQuery({
    queryKey: secretsKeys.list(appId),
    queryFn: ({ signal }) => apiFetch<SecretsListResponse>(path(appId), { signal }),
    enabled: appId !== '',
  });
}

export function useSaveSecrets(appId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (secrets: SaveSecretsRequest['secrets']) =>
      apiFetch<SaveSecretsResponse>(path(appId), { method: 'POST', body: { secrets } }),
    onSuccess: (answer) => {
      client.setQueryData(secretsKeys.list(appId), { secrets: answer.secrets });
      void client.invalidateQueries({ queryKey: ['functions', appId] });
    },
  });
}

export function useDeleteSecret(appId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (key: string) =>
      apiFetch<DeleteSecretResponse>(`${path(appId)}/${encodeURIComponent(key)}`, { method: 'DELETE' }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: secretsKeys.list(appId) });
      void client.invalidateQueries({ queryKey: ['functions', appId] });
    },
  });
}
