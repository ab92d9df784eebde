import { createHash } from 'node:crypto';
import { APP_MESSAGES, appFilesProblems } from '@atelier/shared';
import { AppError } from '../../platform/errors.ts';

/** A file of an app version: a stable id (kept across versions while the file exists), its path and content. */
export interface TreeFile {
  id: string;
  path: string;
  content: string;
}

/**
 * One change to a file tree. `upsert` with an `id` updates that file (and renames it when `path`
 * differs); without an `id` it updates the file at `path`, or creates it there. `delete` removes the
 * file with that `id` (or at that `path`).
 */
export type FileChange =
  | { op: 'upsert'; id?: string | undefined; path?: string | undefined; content: string }
  | { op: 'delete'; id?: string | undefined; path?: string | undefined };

export interface AppliedChanges {
  files: TreeFile[];
  /** The files written by upserts, each as that change wrote it (in the order of the changes). */
  written: TreeFile[];
  deleted: TreeFile[];
}

const fileNotFound = () => new AppError('not_found', APP_MESSAGES.fileNotFound);

/** Applies changes in order to a tree (which is not modified). Throws 404 / 400 AppErrors for bad changes. */
export function applyFileChanges(
  base: readonly TreeFile[],
  changes: readonly FileChange[],
  newId: () => string,
): AppliedChanges {
  const files = base.map((file) => ({ ...file }));
  const written: TreeFile[] = [];
  const deleted: TreeFile[] = [];
  const find = (change: { id?: string | undefined; path?: string | undefined }) =>
    change.id !== undefined
      ? files.findIndex((file) => file.id === change.id)
      : files.findIndex((file) => file.path === change.path);

  for (const change of changes) {
    if (change.op === 'delete') {
      if (change.id === undefined && change.path === undefined) throw fileNotFound();
      const index = find(change);
      if (index < 0) throw fileNotFound();
      deleted.push(...files.splice(index, 1));
      continue;
    }
    if (change.id !== undefined) {
      const index = find(change);
      if (index < 0) throw fileNotFound();
      const file = files[index] as TreeFile;
      const path = change.path ?? file.path;
      if (path !== file.path && files.some((other) => other.path === path)) {
        throw new AppError('bad_request', APP_MESSAGES.fileExists(path));
      }
      file.path = path;
      file.content = change.content;
      written.push({ ...file });
      continue;
    }
    if (change.path === undefined) throw new AppError('bad_request', APP_MESSAGES.filePathRequired);
    const existing = files.find((file) => file.path === change.path);
    if (existing) {
      existing.content = change.content;
      written.push({ ...existing });
    } else {
      const created = { id: newId(), path: change.path, content: change.content };
      files.push(created);
      written.push({ ...created });
    }
  }
  return { files, written, deleted };
}

/**
 * Refuses a tree that breaks the path rules or the limits (file count, total size, size per file)
 * with 400 `app_files_rejected`; the details list every problem with its file.
 */
export function assertAcceptableTree(files: readonly TreeFile[]): void {
  const problems = appFilesProblems(files);
  if (problems.length === 0) return;
  throw new AppError('app_files_rejected', (problems[0] as { message: string }).message, {
    problems: problems.map((problem) => ({ path: problem.path ?? null, message: problem.message })),
  });
}

/** SHA-256 (hex) of one file's content: its key in `app_file_blobs`. */
export const blobHash = (content: string) => createHash('sha256').update(content, 'utf8').digest('hex');

/** Files sorted by path (the order versions list them in). */
export const byPath = <F extends { path: string }>(files: readonly F[]): F[] =>
  [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
