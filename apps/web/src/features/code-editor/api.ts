import type {
  CurrentFilesResponse,
  DeleteFileResponse,
  FileHistoryResponse,
  FileReferencesResponse,
  UpdateFileResponse,
} from '@atelier/shared';
import { apiFetch } from '../../lib/api-client.ts';

const enc = encodeURIComponent;

export const codeEditorKeys = {
  files: (appId: string) => ['apps', appId, 'code-files'] as const,
};

export const codeEditorApi = {
  files: (appId: string, signal?: AbortSignal) =>
    apiFetch<CurrentFilesResponse>(`/api/apps/${enc(appId)}/files`, { signal }),
  save: (appId: string, file: { id: string; content: string }) =>
    apiFetch<UpdateFileResponse>(`/api/apps/${enc(appId)}/files/update`, { method: 'POST', body: { file } }),
  references: (appId: string, fileId: string) =>
    apiFetch<FileReferencesResponse>(`/api/apps/${enc(appId)}/files/${enc(fileId)}/references`),
  remove: (appId: string, fileId: string, referencesToUpdate: { path: string; content: string }[]) =>
    apiFetch<DeleteFileResponse>(`/api/apps/${enc(appId)}/files/delete`, {
      method: 'POST',
      body: { fileId, referencesToUpdate },
    }),
};

export const fileHistory = (appId: string, fileId: string, signal?: AbortSignal) =>
  apiFetch<FileHistoryResponse>(`/api/apps/${enc(appId)}/files/${enc(fileId)}/history`, { signal });
