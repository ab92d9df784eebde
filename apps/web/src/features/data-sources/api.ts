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
import { answer, api, formData } from '../../lib/api.ts';

export const queryKeys = {
  all: ['data-sources'] as const,
  items: (appId: string) => [...queryKeys.all, appId, 'items'] as const,
  search: (appId: string, q: string) => [...queryKeys.all, appId, 'search', q] as const,
};

/** The app a data item call is about (`?appId=`). */
const forApp = (appId: string) => ({ query: { appId } });

export function useContextItems(appId: string) {
  return useQuery({
    queryKey: queryKeys.items(appId),
    queryFn: ({ signal }) =>
      answer<ContextItemsResponse>(api.GET('/context/items', { params: forApp(appId), signal })),
  });
}

export function usePassageSearch(appId: string, q: string) {
  return useQuery({
    queryKey: queryKeys.search(appId, q),
    queryFn: ({ signal }) =>
      answer<{ passages: Passage[] }>(
        api.GET('/context/search', { params: { query: { appId, q, k: 5 } }, signal }),
      ),
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
    answer<Created>(api.POST('/context/ingest/text', { params: forApp(appId), body: { context } })),
  );

export const useUploadFiles = (appId: string) =>
  useItemsMutation(appId, (files: File[]) =>
    answer<Created>(
      api.POST('/context/ingest/file', {
        params: forApp(appId),
        body: { file: files },
        bodySerializer: formData,
      }),
    ),
  );

export const useIngestWeb = (appId: string) =>
  useItemsMutation(appId, (input: { url: string; depth?: number; maxPages?: number }) =>
    answer<Created>(api.POST('/context/ingest/web', { params: forApp(appId), body: input })),
  );

export const useRenameItem = (appId: string) =>
  useItemsMutation(appId, ({ id, name }: { id: string; name: string }) =>
    answer<ContextItem>(api.PATCH('/context/{id}', { params: { path: { id } }, body: { name } })),
  );

export const useDeleteItem = (appId: string) =>
  useItemsMutation(appId, (id: string) => answer(api.DELETE('/context/{id}', { params: { path: { id } } })));

export const useReplaceItem = (appId: string) =>
  useItemsMutation(appId, async ({ oldItemId, file }: { oldItemId: string; file: File }) => {
    // `replaces`: the old item does not count against the plan's item limit (lite: 1) meanwhile.
    const created = await answer<Created>(
      api.POST('/context/ingest/file', {
        params: { query: { appId, replaces: oldItemId } },
        body: { file: [file] },
        bodySerializer: formData,
      }),
    );
    const newItemId = created.contextItems[0]?.id;
    if (!newItemId) throw new Error('upload returned no item');
    return answer<ContextItem>(
      api.POST('/tools/{appId}/replaceDataItem', {
        params: { path: { appId } },
        body: { oldItemId, newItemId },
      }),
    );
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
    // Server-sent events: an EventSource (openapi-fetch makes single requests, not event streams).
    const source = new EventSource(`/api/context/events?${new URLSearchParams({ appId })}`, {
      withCredentials: true,
    });
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
    queryFn: ({ signal }) => answer<ConnectorTokens>(api.GET('/integrations/fetchCarbonTokens', { signal })),
    select: (data) => data.connectors.filter((c) => c.id === 'notion' || c.id === 'google_drive'),
    staleTime: 5 * 60_000,
  });
}

export function useConnectorDocuments(appId: string, provider: string) {
  return useQuery({
    queryKey: [...queryKeys.all, appId, 'connector', provider],
    queryFn: ({ signal }) =>
      answer<ConnectorDocuments>(
        api.GET('/context/connectors/{provider}/documents', {
          params: { path: { provider }, query: { appId } },
          signal,
        }),
      ),
  });
}

export const useImportDocuments = (appId: string) =>
  useItemsMutation(appId, (input: { provider: string; documents: ConnectorDocuments['documents'] }) =>
    answer<Created>(
      api.POST('/context/ingest/metadata', {
        params: forApp(appId),
        body: { contextItems: input.documents.map((doc) => ({ provider: input.provider, ...doc })) },
      }),
    ),
  );

export const useResyncItem = (appId: string) =>
  useItemsMutation(appId, (id: string) =>
    answer<ContextItem>(api.POST('/context/{id}/resync', { params: { path: { id } } })),
  );
