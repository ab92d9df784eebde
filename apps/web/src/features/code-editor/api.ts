import type {
  AppPackagesResponse,
  AppSummary,
  CompareResponse,
  CurrentFilesResponse,
  DeleteFileResponse,
  FileHistoryResponse,
  FileReferencesResponse,
  MergeRequest,
  MergeResponse,
  RemoveAppPackageResponse,
  RenameFileResponse,
  RepairRequest,
  RepairResult,
  UpdateFileResponse,
  ValidateRequest,
  ValidationResult,
  VersionsListResponse,
} from '@atelier/shared';
import { apiFetch } from '../../lib/api-client.ts';

const enc = encodeURIComponent;

export const codeEditorKeys = {
  files: (appId: string) => ['apps', appId, 'code-files'] as const,
  versions: (appId: string) => ['apps', appId, 'code-versions'] as const,
  packages: (appId: string, versionId: string | null) => ['apps', appId, 'packages', versionId] as const,
  apps: () => ['apps', 'list', 'for-compare'] as const,
  compare: (appId: string, query: CompareTarget) => ['apps', appId, 'compare', query] as const,
};

/** What the diff compares: two versions of this app, or this app with another app of the builder. */
export type CompareTarget =
  | { kind: 'versions'; fromVersionId: string; toVersionId: string }
  | { kind: 'app'; otherAppId: string };

const compareQuery = (target: CompareTarget) =>
  target.kind === 'app'
    ? `otherAppId=${enc(target.otherAppId)}`
    : `fromVersionId=${enc(target.fromVersionId)}&toVersionId=${enc(target.toVersionId)}`;

export const codeEditorApi = {
  files: (appId: string, signal?: AbortSignal) =>
    apiFetch<CurrentFilesResponse>(`/api/apps/${enc(appId)}/files`, { signal }),
  /** A new file at `path` (files/update with a path and no id creates it). */
  create: (appId: string, path: string) =>
    apiFetch<UpdateFileResponse>(`/api/apps/${enc(appId)}/files/update`, {
      method: 'POST',
      body: { file: { path, content: '' } },
    }),
  save: (appId: string, file: { id: string; content: string }) =>
    apiFetch<UpdateFileResponse>(`/api/apps/${enc(appId)}/files/update`, { method: 'POST', body: { file } }),
  /** Moves the file and rewrites the imports that named it, in one version. */
  rename: (appId: string, fileId: string, path: string) =>
    apiFetch<RenameFileResponse>(`/api/apps/${enc(appId)}/files/rename`, {
      method: 'POST',
      body: { fileId, path },
    }),
  references: (appId: string, fileId: string) =>
    apiFetch<FileReferencesResponse>(`/api/apps/${enc(appId)}/files/${enc(fileId)}/references`),
  remove: (appId: string, fileId: string, referencesToUpdate: { path: string; content: string }[]) =>
    apiFetch<DeleteFileResponse>(`/api/apps/${enc(appId)}/files/delete`, {
      method: 'POST',
      body: { fileId, referencesToUpdate },
    }),
  packages: (appId: string, signal?: AbortSignal) =>
    apiFetch<AppPackagesResponse>(`/api/apps/${enc(appId)}/packages`, { signal }),
  removePackage: (appId: string, name: string) =>
    apiFetch<RemoveAppPackageResponse>(`/api/apps/${enc(appId)}/packages/remove`, {
      method: 'POST',
      body: { name },
    }),
  versions: (appId: string, signal?: AbortSignal) =>
    apiFetch<VersionsListResponse>(`/api/apps/${enc(appId)}/versions?limit=50`, { signal }),
  apps: (signal?: AbortSignal) => apiFetch<{ apps: AppSummary[] }>('/api/apps', { signal }),
  compare: (appId: string, target: CompareTarget, signal?: AbortSignal) =>
    apiFetch<CompareResponse>(`/api/apps/${enc(appId)}/compare?${compareQuery(target)}`, { signal }),
  merge: (appId: string, body: MergeRequest) =>
    apiFetch<MergeResponse>(`/api/apps/${enc(appId)}/merge`, { method: 'POST', body }),
  validate: (appId: string, versionId: string, body: ValidateRequest) =>
    apiFetch<ValidationResult>(`/api/apps/${enc(appId)}/versions/${enc(versionId)}/validate`, {
      method: 'POST',
      body,
    }),
  /** A repair's candidate becomes current (409 once the app changed since the run started). */
  applyRepair: (appId: string, versionId: string, expectedCurrentVersionId: string | null) =>
    apiFetch<{ versionId: string }>(`/api/apps/${enc(appId)}/versions/${enc(versionId)}/apply-repair`, {
      method: 'POST',
      body: { expectedCurrentVersionId },
    }),
  repair: (appId: string, versionId: string, body: RepairRequest) =>
    apiFetch<RepairResult>(`/api/apps/${enc(appId)}/versions/${enc(versionId)}/repair`, {
      method: 'POST',
      body,
    }),
};

export const fileHistory = (appId: string, fileId: string, signal?: AbortSignal) =>
  apiFetch<FileHistoryResponse>(`/api/apps/${enc(appId)}/files/${enc(fileId)}/history`, { signal });
