import {
  type DeleteSecretResponse,
  type SaveSecretsRequest,
  type SaveSecretsResponse,
  SECRET_MESSAGES,
  type SecretsListResponse,
} from '@atelier/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../lib/api.ts';

export const secretsKeys = {
  all: ['secrets'] as const,
  list: (appId: string) => [...secretsKeys.all, appId] as const,
};

/**
 * The path parameter of the secrets service of an app. Without an app id there is nothing to read or
 * write: spec 3 §7's 'Secrets provider not initialized or app ID not available'.
 */
export function secretsApp(appId: string): { appId: string } {
  if (appId.trim() === '') throw new Error(SECRET_MESSAGES.notInitialized);
  return { appId };
}

/** Keys and descriptions of the app's secrets (values never come back). */
export function useSecrets(appId: string) {
  return useQuery({
    queryKey: secretsKeys.list(appId),
    queryFn: ({ signal }) =>
      answer<SecretsListResponse>(
        api.GET('/apps/{appId}/secrets', { params: { path: secretsApp(appId) }, signal }),
      ),
    enabled: appId !== '',
  });
}

export function useSaveSecrets(appId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (secrets: SaveSecretsRequest['secrets']) =>
      answer<SaveSecretsResponse>(
        api.POST('/apps/{appId}/secrets', { params: { path: secretsApp(appId) }, body: { secrets } }),
      ),
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
      answer<DeleteSecretResponse>(
        api.DELETE('/apps/{appId}/secrets/{name}', { params: { path: { ...secretsApp(appId), name: key } } }),
      ),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: secretsKeys.list(appId) });
      void client.invalidateQueries({ queryKey: ['functions', appId] });
    },
  });
}
