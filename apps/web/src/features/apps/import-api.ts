import type { Base44ImportReport, Base44ImportResponse } from '@atelier/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../lib/api.ts';
import { ApiError, NETWORK_ERROR_STATUS, toApiError } from '../../lib/api-client.ts';
import { GENERIC_ERROR_MESSAGE } from '../../lib/constants.ts';
import { queryKeys } from './api.ts';

/** Upload progress of the export: bytes sent, then the server's work (translation, entities, data). */
export type ImportProgress = { stage: 'uploading'; fraction: number } | { stage: 'importing' };

/**
 * Sends an exported Base44 app's zip, or the https Git URL of its repository (the server downloads
 * it), to `POST /api/apps/import/base44`. XMLHttpRequest, not fetch: only it reports upload
 * progress. Rejects with an ApiError like the API client.
 */
export function uploadBase44Export(
  source: { file: File } | { url: string },
  onProgress: (progress: ImportProgress) => void,
): Promise<Base44ImportResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/apps/import/base44');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ stage: 'uploading', fraction: event.loaded / event.total });
    };
    xhr.upload.onload = () => onProgress({ stage: 'importing' });
    xhr.onerror = () =>
      reject(
        new ApiError({ code: 'network_error', message: GENERIC_ERROR_MESSAGE, status: NETWORK_ERROR_STATUS }),
      );
    xhr.onload = async () => {
      const response = new Response(xhr.responseText, { status: xhr.status });
      if (!response.ok) return reject(await toApiError(response));
      try {
        resolve(JSON.parse(xhr.responseText) as Base44ImportResponse);
      } catch {
        reject(
          new ApiError({ code: 'invalid_response', message: GENERIC_ERROR_MESSAGE, status: xhr.status }),
        );
      }
    };
    const form = new FormData();
    if ('file' in source) form.set('file', source.file);
    else form.set('url', source.url);
    xhr.send(form);
  });
}

export const importReportKey = (appId: string) => [...queryKeys.app(appId), 'import-report'] as const;

/** The stored report of the import an app was made from. */
export function useImportReport(appId: string) {
  return useQuery({
    queryKey: importReportKey(appId),
    queryFn: ({ signal }) =>
      answer<Base44ImportReport>(
        api.GET('/apps/{appId}/import-report', { params: { path: { appId } }, signal }),
      ),
    retry: false,
  });
}

/** After an import: the new app in the caches (the home list, the app, its report). */
export function useRememberImport() {
  const client = useQueryClient();
  return (answer: Base44ImportResponse) => {
    client.setQueryData(queryKeys.app(answer.app.id), answer.app);
    client.setQueryData(importReportKey(answer.app.id), answer.report);
    void client.invalidateQueries({ queryKey: queryKeys.list() });
  };
}
