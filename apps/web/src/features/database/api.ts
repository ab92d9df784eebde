import type {
  AddColumnRequest,
  AddColumnResponse,
  CsvMappingRequest,
  CsvMappingResponse,
  EntitiesListResponse,
  EntityRecordView,
} from '@atelier/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch, apiResponse } from '../../lib/api-client.ts';

/** TanStack Query keys and calls of the database panel (the entity API, spec 2 §7). */
export const databaseKeys = {
  all: ['database'] as const,
  entities: (appId: string) => [...databaseKeys.all, appId, 'entities'] as const,
  records: (appId: string, entity: string) => [...databaseKeys.all, appId, 'records', entity] as const,
};

const enc = encodeURIComponent;
export const entityPath = (appId: string, entity: string, ...rest: string[]) =>
  ['/api/apps', enc(appId), 'entities', enc(entity), ...rest.map(enc)].join('/');

/** The entities of the current version; `versionId` (the app's current version) refetches them when it moves. */
export function useEntities(appId: string, versionId?: string | null) {
  return useQuery({
    queryKey: [...databaseKeys.entities(appId), versionId ?? null],
    queryFn: ({ signal }) => apiFetch<EntitiesListResponse>(`/api/apps/${enc(appId)}/entities`, { signal }),
  });
}

/** Rows per page the grid loads as it scrolls. */
export const PAGE_ROWS = 100;

/** What the grid shows: the server's order (`field` or `-field`) and filter (`q`, JSON). */
export interface RecordsView {
  sort: string;
  q: string | undefined;
}

const viewParams = (view: RecordsView, extra: Record<string, string>) => {
  const params = new URLSearchParams({ sort: view.sort, ...extra });
  if (view.q) params.set('q', view.q);
  return params;
};

/** How many records match the view (all of them, not the loaded pages). */
export function useRecordCount(appId: string, entity: string, view: RecordsView) {
  return useQuery({
    queryKey: [...databaseKeys.records(appId, entity), 'count', view.q ?? ''],
    queryFn: async ({ signal }) => {
      const params = viewParams(view, { limit: '0', count: 'true' });
      const response = await apiResponse(`${entityPath(appId, entity)}?${params}`, { signal });
      return Number(response.headers.get('x-total-count') ?? 0);
    },
  });
}

/** One page of the view's records: the query the grid runs for each page it shows. */
export function recordsPageQuery(appId: string, entity: string, view: RecordsView, page: number) {
  return {
    queryKey: [...databaseKeys.records(appId, entity), 'page', view.sort, view.q ?? '', page],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiFetch<EntityRecordView[]>(
        `${entityPath(appId, entity)}?${viewParams(view, { limit: String(PAGE_ROWS), skip: String(page * PAGE_ROWS) })}`,
        { signal },
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
  const response = await apiResponse(entityPath(appId, entity, 'export'), {
    signal,
    headers: { Accept: 'text/csv' },
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

export const recordsApi = {
  create: (appId: string, entity: string, data: Record<string, unknown>) =>
    apiFetch<EntityRecordView>(entityPath(appId, entity), { method: 'POST', body: data }),
  update: (appId: string, entity: string, id: string, patch: Record<string, unknown>) =>
    apiFetch<EntityRecordView>(entityPath(appId, entity, id), { method: 'PATCH', body: patch }),
  delete: (appId: string, entity: string, id: string) =>
    apiFetch<void>(entityPath(appId, entity, id), { method: 'DELETE' }),
  bulkCreate: (appId: string, entity: string, rows: Record<string, unknown>[]) =>
    apiFetch<EntityRecordView[]>(entityPath(appId, entity, 'bulk'), { method: 'POST', body: rows }),
  addColumn: (appId: string, entity: string, request: AddColumnRequest) =>
    apiFetch<AddColumnResponse>(entityPath(appId, entity, 'columns'), { method: 'POST', body: request }),
  generateMapping: (request: CsvMappingRequest) =>
    apiFetch<CsvMappingResponse>('/api/csv/generateMapping', { method: 'POST', body: request }),
  /** The app SDK's UploadFile integration (answer carries file_url). */
  uploadImage: (appId: string, file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return apiFetch<{ file_url: string }>(`/api/apps/${enc(appId)}/integrations/upload`, {
      method: 'POST',
      body: form,
    });
  },
};
