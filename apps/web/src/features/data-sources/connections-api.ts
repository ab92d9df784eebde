import type { ConnectorConnection, OAuthConnectorId } from '@atelier/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../lib/api.ts';
import { queryKeys } from './api.ts';

const connectionsKey = [...queryKeys.all, 'connections'] as const;

/** The external connectors offered and the builder's own connections (issue 23 #20); never a token. */
export function useConnectorConnections() {
  return useQuery({
    queryKey: connectionsKey,
    queryFn: ({ signal }) => answer(api.GET('/context/connections', { signal })),
    select: (data) => new Map<string, ConnectorConnection>(data.connections.map((c) => [c.provider, c])),
  });
}

/** Asks for the provider's authorization URL and goes there (the provider sends the builder back). */
export function useStartConnect(appId: string) {
  return useMutation({
    mutationFn: async (provider: OAuthConnectorId) => {
      const { url } = await answer(
        api.POST('/context/oauth/{provider}/start', { params: { path: { provider } }, body: { appId } }),
      );
      window.location.assign(url);
    },
  });
}

export function useDisconnect() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (provider: OAuthConnectorId) =>
      answer(api.DELETE('/context/connections/{provider}', { params: { path: { provider } } })),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.all }),
  });
}
