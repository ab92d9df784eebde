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
import { answer, api } from '../../lib/api.ts';

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
    ? { otherAppId: target.otherAppId }
    : { fromVersionId: target.fromVersionId, toVersionId: target.toVersionId };

const app = (appId: string) => ({ params: { path: { appId } } });
const version = (appId: string, versionId: string) => ({ path: { appId, versionId } });

/** Typed by the server's contracts (lib/api.ts): the answers must fit the shared types the editor uses. */
export const codeEditorApi = {
  files: (appId: string, signal?: AbortSignal) =>
    answer<CurrentFilesResponse>(api.GET('/apps/{appId}/files', { ...app(appId), signal })),
  /** A new file at `path` (files/update with a path and no id creates it). */
  create: (appId: string, path: string) =>
    answer<UpdateFileResponse>(
      api.POST('/apps/{appId}/files/update', { ...app(appId), body: { file: { path, content: '' } } }),
    ),
  save: (appId: string, file: { id: string; content: string }) =>
    answer<UpdateFileResponse>(api.POST('/apps/{appId}/files/update', { ...app(appId), body: { file } })),
  /** Moves the file and rewrites the imports that named it, in one version. */
  rename: (appId: string, fileId: string, path: string) =>
    answer<RenameFileResponse>(
      api.POST('/apps/{appId}/files/rename', { ...app(appId), body: { fileId, path } }),
    ),
  references: (appId: string, fileId: string) =>
    answer<FileReferencesResponse>(
      api.GET('/apps/{appId}/files/{fileId}/references', { params: { path: { appId, fileId } } }),
    ),
  remove: (appId: string, fileId: string, referencesToUpdate: { path: string; content: string }[]) =>
    answer<DeleteFileResponse>(
      api.POST('/apps/{appId}/files/delete', { ...app(appId), body: { fileId, referencesToUpdate } }),
    ),
  packages: (appId: string, signal?: AbortSignal) =>
    answer<AppPackagesResponse>(api.GET('/apps/{appId}/packages', { ...app(appId), signal })),
  removePackage: (appId: string, name: string) =>
    answer<RemoveAppPackageResponse>(
      api.POST('/apps/{appId}/packages/remove', { ...app(appId), body: { name } }),
    ),
  versions: (appId: string, signal?: AbortSignal) =>
    answer<VersionsListResponse>(
      api.GET('/apps/{appId}/versions', { params: { path: { appId }, query: { limit: 50 } }, signal }),
    ),
  apps: (signal?: AbortSignal) => answer<{ apps: AppSummary[] }>(api.GET('/apps', { signal })),
  compare: (appId: string, target: CompareTarget, signal?: AbortSignal) =>
    answer<CompareResponse>(
      api.GET('/apps/{appId}/compare', { params: { path: { appId }, query: compareQuery(target) }, signal }),
    ),
  merge: (appId: string, body: MergeRequest) =>
    answer<MergeResponse>(api.POST('/apps/{appId}/merge', { ...app(appId), body })),
  validate: (appId: string, versionId: string, body: ValidateRequest) =>
    answer<ValidationResult>(
      api.POST('/apps/{appId}/versions/{versionId}/validate', { params: version(appId, versionId), body }),
    ),
  /** A repair's candidate becomes current (409 once the app changed since the run started). */
  applyRepair: (appId: string, versionId: string, expectedCurrentVersionId: string | null) =>
    answer<{ versionId: string }>(
      api.POST('/apps/{appId}/versions/{versionId}/apply-repair', {
        params: version(appId, versionId),
        body: { expectedCurrentVersionId },
      }),
    ),
  repair: (appId: string, versionId: string, body: RepairRequest) =>
    answer<RepairResult>(
      api.POST('/apps/{appId}/versions/{versionId}/repair', { params: { path: { appId, versionId } }, body }),
    ),
};

export const fileHistory = (appId: string, fileId: string, signal?: AbortSignal) =>
  answer<FileHistoryResponse>(
    api.GET('/apps/{appId}/files/{fileId}/history', { params: { path: { appId, fileId } }, signal }),
  );
