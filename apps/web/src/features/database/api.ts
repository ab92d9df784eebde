import type {
  AddColumnRequest,
  AddColumnResponse,
  CsvMappingRequest,
  CsvMappingResponse,
  EntitiesListResponse,
  EntityRecordView,
} from '@atelier/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';

/** TanStack Query keys and calls of the database panel (the entity API, spec 2 §7). */
export const databaseKeys = {
  all: ['database'] as const,
  entities: (appId: string) => [...databaseKeys.all, appId, 'entities'] as const,
  records: (appId: string, entity: string) => [...databaseKeys.all, appId, 'records', entity] as const,
};

const enc = encodeURIComponent;
const entityPath = (appId: string, entity: string, ...rest: string[]) =>
  ['/api/apps', enc(appId), 'entities', enc(entity), ...rest.map(enc)].join('/');

/** Most rows the panel loads at once. */
export const PANEL_ROW_LIMIT = 10_000;

/** The entities of the current version; `versionId` (the app's current version) refetches them when it moves. */
export function useEntities(appId: string, versionId?: string | null) {
  return useQuery({
    queryKey: [...databaseKeys.entities(appId), versionId ?? null],
    queryFn: ({ signal }) => apiFetch<EntitiesListResponse>(`/api/apps/${enc(appId)}/entities`, { signal }),
  });
}

/** The records of an entity, newest first (spec 2 §7: sorted by createdAt descending). */
export function useRecords(appId: string, entity: string | undefined) {
  return useQuery({
    queryKey: databaseKeys.records(appId, entity ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<EntityRecordView[]>(
        `${entityPath(appId, entity ?? '')}?sort=-createdAt&limit=${PANEL_ROW_LIMIT}`,
        {
          signal,
        },
      ),
    enabled: Boolean(entity),
  });
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
