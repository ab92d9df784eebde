import type {
  AddColumnRequest,
  AddColumnResponse,
  CsvMappingRequest,
  CsvMappingResponse,
  EntitiesListResponse,
  EntityRecordView,
  SortIndexesResponse,
} from '@atelier/shared';
import { useQuery } from '@tanstack/react-query';
import { answer, api, formData } from '../../lib/api.ts';

/** TanStack Query keys and calls of the database panel (the entity API, spec 2 §7). */
export const databaseKeys = {
  all: ['database'] as const,
  entities: (appId: string) => [...databaseKeys.all, appId, 'entities'] as const,
  records: (appId: string, entity: string) => [...databaseKeys.all, appId, 'records', entity] as const,
  sortIndexes: (appId: string, entity: string) =>
    [...databaseKeys.all, appId, 'sort-indexes', entity] as const,
};

const enc = encodeURIComponent;
export const entityPath = (appId: string, entity: string, ...rest: string[]) =>
  ['/api/apps', enc(appId), 'entities', enc(entity), ...rest.map(enc)].join('/');

/** The entities of the current version; `versionId` (the app's current version) refetches them when it moves. */
export function useEntities(appId: string, versionId?: string | null) {
  return useQuery({
    queryKey: [...databaseKeys.entities(appId), versionId ?? null],
    queryFn: ({ signal }) =>
      answer<EntitiesListResponse>(
        api.GET('/apps/{appId}/entities', { params: { path: { appId } }, signal }),
      ),
  });
}

/** Rows per page the grid loads as it scrolls. */
export const PAGE_ROWS = 100;

/** What the grid shows: the server's order (`field` or `-field`) and filter (`q`, JSON). */
export interface RecordsView {
  sort: string;
  q: string | undefined;
}

/** The entity's path parameters. */
const entityOf = (appId: string, entity: string) => ({ path: { appId, entity } });

/** The view's query: its order, and its filter if any. */
const viewQuery = (view: RecordsView) => ({ sort: view.sort, ...(view.q ? { q: view.q } : {}) });

/** How many records match the view (all of them, not the loaded pages). */
export function useRecordCount(appId: string, entity: string, view: RecordsView) {
  return useQuery({
    queryKey: [...databaseKeys.records(appId, entity), 'count', view.q ?? ''],
    queryFn: async ({ signal }) => {
      const { response } = await api.GET('/apps/{appId}/entities/{entity}', {
        params: { ...entityOf(appId, entity), query: { ...viewQuery(view), limit: 0, count: 'true' } },
        signal,
      });
      return Number(response.headers.get('x-total-count') ?? 0);
    },
  });
}

/** One page of the view's records: the query the grid runs for each page it shows. */
export function recordsPageQuery(appId: string, entity: string, view: RecordsView, page: number) {
  return {
    queryKey: [...databaseKeys.records(appId, entity), 'page', view.sort, view.q ?? '', page],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      answer<EntityRecordView[]>(
        api.GET('/apps/{appId}/entities/{entity}', {
          params: {
            ...entityOf(appId, entity),
            query: { ...viewQuery(view), limit: PAGE_ROWS, skip: page * PAGE_ROWS },
          },
          signal,
        }),
      ),
    staleTime: 30_000,
  };
}

/**
 * Downloads every record as CSV (streamed by the server, newest first); `onProgress` hears the
 * share received so far (0..1, from the rows counted against X-Total-Count).
 */
export async function exportRecords(
  appId: string,
  entity: string,
  onProgress: (share: number) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  const { response } = await api.GET('/apps/{appId}/entities/{entity}/export', {
    params: entityOf(appId, entity),
    headers: { Accept: 'text/csv' },
    parseAs: 'stream',
    signal,
  });
  const total = Number(response.headers.get('x-total-count') ?? 0);
  const reader = response.body?.getReader();
  if (!reader) return new Blob([await response.text()], { type: 'text/csv;charset=utf-8' });
  const parts: Uint8Array[] = [];
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    for (const byte of value) if (byte === 10) lines++;
    // Lines, not records (a cell may hold a newline): a share that may run ahead is capped below 1.
    if (total > 0) onProgress(Math.min(0.99, Math.max(0, lines - 1) / total));
  }
  onProgress(1);
  return new Blob(parts as BlobPart[], { type: 'text/csv;charset=utf-8' });
}

/**
 * The entity's sort indexes (features/entities/sort-indexes.ts on the server), followed every
 * second while one is being built.
 */
export function useSortIndexes(appId: string, entity: string) {
  return useQuery({
    queryKey: databaseKeys.sortIndexes(appId, entity),
    queryFn: ({ signal }) =>
      answer<SortIndexesResponse>(
        api.GET('/apps/{appId}/entities/{entity}/sort-indexes', { params: entityOf(appId, entity), signal }),
      ),
    refetchInterval: (query) =>
      query.state.data?.indexes.some((index) => index.state === 'building') ? 1000 : false,
  });
}

export const sortIndexesApi = {
  build: (appId: string, entity: string, field: string) =>
    answer<{ field: string }>(
      api.POST('/apps/{appId}/entities/{entity}/sort-indexes', {
        params: entityOf(appId, entity),
        body: { field },
      }),
    ),
  drop: (appId: string, entity: string, field: string, scope: 'all' | 'creator') =>
    answer<void>(
      api.DELETE('/apps/{appId}/entities/{entity}/sort-indexes/{field}', {
        params: { path: { appId, entity, field }, query: { scope } },
      }),
    ),
};

export const recordsApi = {
  create: (appId: string, entity: string, data: Record<string, unknown>) =>
    answer<EntityRecordView>(
      api.POST('/apps/{appId}/entities/{entity}', { params: entityOf(appId, entity), body: data }),
    ),
  update: (appId: string, entity: string, id: string, patch: Record<string, unknown>) =>
    answer<EntityRecordView>(
      api.PATCH('/apps/{appId}/entities/{entity}/{id}', {
        params: { path: { appId, entity, id } },
        body: patch,
      }),
    ),
  delete: (appId: string, entity: string, id: string) =>
    answer<void>(
      api.DELETE('/apps/{appId}/entities/{entity}/{id}', { params: { path: { appId, entity, id } } }),
    ),
  bulkCreate: (appId: string, entity: string, rows: Record<string, unknown>[]) =>
    answer<EntityRecordView[]>(
      api.POST('/apps/{appId}/entities/{entity}/bulk', { params: entityOf(appId, entity), body: rows }),
    ),
  addColumn: (appId: string, entity: string, request: AddColumnRequest) =>
    answer<AddColumnResponse>(
      api.POST('/apps/{appId}/entities/{entity}/columns', { params: entityOf(appId, entity), body: request }),
    ),
  generateMapping: (request: CsvMappingRequest) =>
    answer<CsvMappingResponse>(api.POST('/csv/generateMapping', { body: request })),
  /** The app SDK's UploadFile integration (answer carries file_url). */
  uploadImage: (appId: string, file: File) =>
    answer<{ file_url: string }>(
      api.POST('/apps/{appId}/integrations/upload', {
        params: { path: { appId } },
        body: { file },
        bodySerializer: formData,
      }),
    ),
};
