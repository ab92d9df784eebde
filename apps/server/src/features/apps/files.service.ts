import {
  CODE_EDITOR_MESSAGES,
  type DeleteFileRequest,
  type DeleteFileResponse,
  fileName,
  isReadOnlyFile,
  type UpdateFileRequest,
  type UpdateFileResponse,
} from '@atelier/shared';
import { AppError } from '../../platform/errors.ts';
import type { AppActor } from './apps.repo.ts';
import type { AppsRuntime } from './apps.runtime.ts';
import type { FileChange } from './file-tree.ts';

/**
 * Code editing is "only for files that are not read-only" (spec 1 §5; entities are read-only JSON,
 * §2): the user's files/update and files/delete may neither touch a read-only file (by id or path)
 * nor write one (a rename or a reference onto a read-only path). 403 with the path, nothing written.
 */
async function refuseReadOnly(
  runtime: AppsRuntime,
  actor: AppActor,
  appId: string,
  touched: readonly { id?: string | undefined; path?: string | undefined }[],
): Promise<void> {
  const { files } = await runtime.versions.getCurrent(actor, appId);
  for (const target of touched) {
    const current = target.id === undefined ? undefined : files.find((f) => f.id === target.id);
    const path = [current?.path, target.path].find((p) => p !== undefined && isReadOnlyFile(p));
    if (path) throw new AppError('forbidden', CODE_EDITOR_MESSAGES.readOnlyFile(path));
  }
}

/**
 * `POST /api/apps/{appId}/files/update` (spec 1 §7): updates the file with `file.id` (renaming it
 * when `file.path` differs), or, without an id, the file at `file.path`, creating it when there is
 * none. One new version.
 */
export async function updateFile(
  runtime: AppsRuntime,
  actor: AppActor,
  appId: string,
  request: UpdateFileRequest,
): Promise<UpdateFileResponse> {
  const { file } = request;
  await refuseReadOnly(runtime, actor, appId, [file]);
  const result = await runtime.versions.createVersion(actor, appId, {
    changes: [{ op: 'upsert', id: file.id, path: file.path, content: file.content }],
    messageId: request.messageId,
    userRequest: request.userRequest,
    description: request.description ?? (({ written }) => `Edited ${written[0]?.path ?? 'a file'}`),
  });
  const written = result.written[0] ?? result.files.find((f) => f.id === file.id || f.path === file.path);
  return {
    file: written ?? { id: file.id ?? '', path: file.path ?? '', content: file.content },
    version: result.version,
  };
}

/**
 * `POST /api/apps/{appId}/files/delete` (spec 1 §7): deletes the file and writes the files that
 * referenced it, all in one version, or nothing at all.
 */
export async function deleteFile(
  runtime: AppsRuntime,
  actor: AppActor,
  appId: string,
  request: DeleteFileRequest,
): Promise<DeleteFileResponse> {
  await refuseReadOnly(runtime, actor, appId, [
    { id: request.fileId },
    ...(request.referencesToUpdate ?? []),
  ]);
  const changes: FileChange[] = [
    { op: 'delete', id: request.fileId },
    ...(request.referencesToUpdate ?? []).map(
      (reference): FileChange => ({ op: 'upsert', path: reference.path, content: reference.content }),
    ),
  ];
  const result = await runtime.versions.createVersion(actor, appId, {
    changes,
    messageId: request.messageId,
    userRequest: request.userRequest,
    description:
      request.description ?? (({ deleted }) => `Deleted ${fileName(deleted[0]?.path ?? 'a file')}`),
  });
  const deleted = result.deleted[0];
  return { deleted: { id: request.fileId, path: deleted?.path ?? '' }, version: result.version };
}
