import { appPathProblem } from '@atelier/shared';

/** Why `path` cannot be a new file's path (New file, Rename), or null: empty, taken, or against the path rules. */
export function newPathProblem(path: string, existingPaths: readonly string[]): string | null {
  if (path === '') return 'Give the file a path';
  if (existingPaths.includes(path)) return 'A file with this path already exists';
  return appPathProblem(path);
}
