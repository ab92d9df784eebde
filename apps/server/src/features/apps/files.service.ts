import {
  APP_MESSAGES,
  CODE_EDITOR_MESSAGES,
  type DeleteFileRequest,
  type DeleteFileResponse,
  fileName,
  isReadOnlyFile,
  type RenameFileRequest,
  type RenameFileResponse,
  renameImports,
  type UpdateFileRequest,
  type UpdateFileResponse,
} from '@atelier/shared';
import { AppError, notFound } from '../../platform/errors.ts';
import { type FileMove, followFunctionFiles } from '../functions/file-moves.ts';
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
): Promise<{ id: string; path: string }[]> {
  const { files } = await runtime.versions.getCurrent(actor, appId);
  for (const target of touched) {
    const current = target.id === undefined ? undefined : files.find((f) => f.id === target.id);
    const path = [current?.path, target.path].find((p) => p !== undefined && isReadOnlyFile(p));
    if (path) throw new AppError('forbidden', CODE_EDITOR_MESSAGES.readOnlyFile(path));
  }
  return files;
}

/** A function file renamed or deleted takes its deployment along (features/functions/file-moves.ts). */
const followFunctions = (runtime: AppsRuntime, appId: string, moves: FileMove[]) =>
  followFunctionFiles(runtime.functions(), appId, moves);

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
  const before = await refuseReadOnly(runtime, actor, appId, [file]);
  const result = await runtime.versions.createVersion(actor, appId, {
    changes: [{ op: 'upsert', id: file.id, path: file.path, content: file.content }],
    messageId: request.messageId,
    userRequest: request.userRequest,
    description: request.description ?? (({ written }) => `Edited ${written[0]?.path ?? 'a file'}`),
  });
  const written = result.written[0] ?? result.files.find((f) => f.id === file.id || f.path === file.path);
  // An update with the id of a file and another path renames it.
  const was = file.id === undefined ? undefined : before.find((f) => f.id === file.id)?.path;
  if (was && written && written.path !== was)
    await followFunctions(runtime, appId, [{ from: was, to: written.path }]);
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
  if (deleted) await followFunctions(runtime, appId, [{ from: deleted.path, to: null }]);
  return { deleted: { id: request.fileId, path: deleted?.path ?? '' }, version: result.version };
}

/**
 * `POST /api/apps/{appId}/files/rename`: the file moves to `path` and every import that named it
 * (and its own relative imports) is rewritten, in one version made from the current one: if the app
 * changed meanwhile the write is refused (409) rather than overwriting the newer importers.
 */
export async function renameFile(
  runtime: AppsRuntime,
  actor: AppActor,
  appId: string,
  request: RenameFileRequest,
): Promise<RenameFileResponse> {
  const current = await runtime.versions.getCurrent(actor, appId);
  const file = current.files.find((f) => f.id === request.fileId);
  if (!file) throw notFound(APP_MESSAGES.fileNotFound);
  const to = request.path;
  if (current.files.some((f) => f.path === to))
    throw new AppError('bad_request', APP_MESSAGES.fileExists(to));
  const updates = renameImports(current.files, file.path, to);
  const touched = [file.path, to, ...updates.map((u) => u.path)].find(isReadOnlyFile);
  if (touched) throw new AppError('forbidden', CODE_EDITOR_MESSAGES.readOnlyFile(touched));
  const contents = new Map(updates.map((u) => [u.path, u.content]));
  const result = await runtime.versions.createVersion(actor, appId, {
    files: current.files.map((f) => ({
      id: f.id,
      path: f.id === file.id ? to : f.path,
      content: contents.get(f.path) ?? f.content,
    })),
    baseVersionId: current.version?.id ?? null,
    description: `Renamed ${file.path} to ${to}`,
  });
  await followFunctions(runtime, appId, [{ from: file.path, to }]);
  const renamed = result.files.find((f) => f.id === file.id) ?? {
    id: file.id,
    path: to,
    content: file.content,
  };
  return {
    file: renamed,
    updatedImports: updates.map((u) => u.path).filter((path) => path !== file.path),
    version: result.version,
  };
}
