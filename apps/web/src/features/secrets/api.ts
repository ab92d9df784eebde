import type {
  DeleteSecretResponse,
  SaveSecretsRequest,
  SaveSecretsResponse,
  SecretsListResponse,
} from '@atelier/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';

export const secretsKeys = {
  all: ['secrets'] as const,
  list: (appId: string) => [...secretsKeys.all, appId] as const,
};

const path = (appId: string) => `/api/apps/${encodeURIComponent(appId)}/secrets`;

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
