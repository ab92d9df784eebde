import type {
  ConnectorDocuments,
  ConnectorTokens,
  ContextItem,
  ContextItemEvent,
  ContextItemsResponse,
  Passage,
} from '@atelier/shared';
import { UNSETTLED_STATUSES } from '@atelier/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiFetch } from '../../lib/api-client.ts';

export const queryKeys = {
  all: ['data-sources'] as const,
  items: (appId: string) => [...queryKeys.all, appId, 'items'] as const,
  search: (appId: string, q: string) => [...queryKeys.all, appId, 'search', q] as const,
};

const enc = encodeURIComponent;

export function useContextItems(appId: string) {
  return useQuery({
    queryKey: queryKeys.items(appId),
    queryFn: ({ signal }) =>
      apiFetch<ContextItemsResponse>(`/api/context/items?appId=${enc(appId)}`, { signal }),
  });
}

export function usePassageSearch(appId: string, q: string) {
  return useQuery({
    queryKey: queryKeys.search(appId, q),
    queryFn: ({ signal }) =>
      apiFetch<{ passages: Passage[] }>(`/api/context/search?appId=${enc(appId)}&q=${enc(q)}&k=5`, {
        signal,
      }),
    enabled: q.trim().length > 0,
  });
}

function useItemsMutation<Input>(appId: string, call: (input: Input) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => client.invalidateQueries({ queryKey: [...queryKeys.all, appId] }),
  });
}

type Created = { contextItems: ContextItem[] };

export const useIngestText = (appId: string) =>
  useItemsMutation(appId, (context: string) =>
    apiFetch<Created>(`/api/context/ingest/text?appId=${enc(appId)}`, { method: 'POST', body: { context } }),
  );

export const useUploadFiles = (appId: string) =>
  useItemsMutation(appId, (files: File[]) => {
    const form = new FormData();
    for (const file of files) form.append('file', file);
    return apiFetch<Created>(`/api/context/ingest/file?appId=${enc(appId)}`, { method: 'POST', body: form });
  });

export const useIngestWeb = (appId: string) =>
  useItemsMutation(appId, (input: { url: string; depth?: number; maxPages?: number }) =>
    apiFetch<Created>(`/api/context/ingest/web?appId=${enc(appId)}`, { method: 'POST', body: input }),
  );

export const useRenameItem = (appId: string) =>
  useItemsMutation(appId, ({ id, name }: { id: string; name: string }) =>
    apiFetch<ContextItem>(`/api/context/${enc(id)}`, { method: 'PATCH', body: { name } }),
  );

export const useDeleteItem = (appId: string) =>
  useItemsMutation(appId, (id: string) => apiFetch(`/api/context/${enc(id)}`, { method: 'DELETE' }));

export const useReplaceItem = (appId: string) =>
  useItemsMutation(appId, async ({ oldItemId, file }: { oldItemId: string; file: File }) => {
    const form = new FormData();
    form.append('file', file);
    // `replaces`: the old item does not count against the plan's item limit (lite: 1) meanwhile.
    const query = `appId=${enc(appId)}&replaces=${enc(oldItemId)}`;
    const created = await apiFetch<Created>(`/api/context/ingest/file?${query}`, {
      method: 'POST',
      body: form,
    });
    const newItemId = created.contextItems[0]?.id;
    if (!newItemId) throw new Error('upload returned no item');
    return apiFetch<ContextItem>(`/api/tools/${enc(appId)}/replaceDataItem`, {
      method: 'POST',
      body: { oldItemId, newItemId },
    });
  });

/**
 * Watches the app's items live (SSE) while any of them is unsynced, pending or running (spec 1 §4),
 * writing status and progress into the cached list; the list is refetched when an item settles.
 */
export function useLiveItems(appId: string, items: ContextItem[] | undefined) {
  const client = useQueryClient();
  const watching = items?.some((item) => UNSETTLED_STATUSES.includes(item.status)) ?? false;
  useEffect(() => {
    if (!watching) return;
    const source = new EventSource(`/api/context/events?appId=${enc(appId)}`, { withCredentials: true });
    source.addEventListener('item', (message) => {
      const event = JSON.parse((message as MessageEvent<string>).data) as ContextItemEvent;
      client.setQueryData<ContextItemsResponse>(queryKeys.items(appId), (current) =>
        current
          ? {
              ...current,
              contextItems: current.contextItems.map((item) =>
                item.id === event.itemId
                  ? {
                      ...item,
                      status: event.status,
                      statusReason: event.statusReason,
                      progress: event.progress,
                    }
                  : item,
              ),
            }
          : current,
      );
      if (!UNSETTLED_STATUSES.includes(event.status)) {
        void client.invalidateQueries({ queryKey: queryKeys.items(appId) });
      }
    });
    // Events sent before the stream opened are not replayed: refetch once it is open.
    source.addEventListener(
      'open',
      () => void client.invalidateQueries({ queryKey: queryKeys.items(appId) }),
    );
    return () => source.close();
  }, [appId, watching, client]);
}

/** The external connectors this server offers (only configured ones are listed). */
export function useOfferedConnectors() {
  return useQuery({
    queryKey: [...queryKeys.all, 'connectors'],
    queryFn: ({ signal }) => apiFetch<ConnectorTokens>('/api/integrations/fetchCarbonTokens', { signal }),
    select: (data) => data.connectors.filter((c) => c.id === 'notion' || c.id === 'google_drive'),
    staleTime: 5 * 60_000,
  });
}

export function useConnectorDocuments(appId: string, provider: string) {
  return useQuery({
    queryKey: [...queryKeys.all, appId, 'connector', provider],
    queryFn: ({ signal }) =>
      apiFetch<ConnectorDocuments>(`/api/context/connectors/${enc(provider)}/documents?appId=${enc(appId)}`, {
        signal,
      }),
  });
}

export const useImportDocuments = (appId: string) =>
  useItemsMutation(appId, (input: { provider: string; documents: ConnectorDocuments['documents'] }) =>
    apiFetch<Created>(`/api/context/ingest/metadata?appId=${enc(appId)}`, {
      method: 'POST',
      body: { contextItems: input.documents.map((doc) => ({ provider: input.provider, ...doc })) },
    }),
  );

export const useResyncItem = (appId: string) =>
  useItemsMutation(appId, (id: string) =>
    apiFetch<ContextItem>(`/api/context/${enc(id)}/resync`, { method: 'POST' }),
  );
