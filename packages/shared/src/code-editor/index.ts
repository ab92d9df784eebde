import type { AppFile } from '../app-files/index.ts';

/** The code editor's visible texts (spec 1 §8, spec 3 §8). */
export const CODE_EDITOR_MESSAGES = {
  loadFailed: 'Could not load code. Please try again.',
  saveFailed: 'Failed to save file',
  deleteFailed: 'Failed to delete file',
  deleted: (name: string) => `Deleted ${name}`,
  historyFailed: 'Failed to load file version history',
  noVersions: 'No versions found for this app',
  adminOnly: 'Only admins can edit code',
  findInFiles: 'Find in files',
  downloadCode: 'Download Code',
  largeFile: 'Over 500 lines',
  readOnly: 'Read-only',
  /** Refusal of a write to a read-only file (spec 1 §5 "only for files that are not read-only"; the spec words no message). */
  readOnlyFile: (path: string) => `${path} is read-only and cannot be edited or deleted`,
  noFilesToMerge: 'No files to merge (only additions and modifications are supported)',
  noChangesToMerge: 'No changes to merge',
  merged: (n: number) => `Successfully merged ${n} files in a single version`,
  mergedAndDeployed: (n: number, f: number) =>
    `Successfully merged ${n} files in a single version and deployed ${f} function(s)`,
  functionsFailed: (n: number) => `${n} function(s) failed to deploy`,
  mergeFailed: 'Failed to merge changes',
} as const;

/** Autosave debounce and how long "saved" shows before the status returns to idle (spec 1 §4, §9). */
export const AUTOSAVE_DEBOUNCE_MS = 1000;
export const SAVED_STATUS_MS = 2000;

export type EditorSaveStatus = 'idle' | 'saving' | 'saved' | 'error';

// The token estimate shown to admins is `estimateTokens` (length / 4) of constants/chat.ts.

export interface FindInFilesMatch {
  path: string;
  /** 1-based line. */
  line: number;
  /** 1-based column of the match. */
  column: number;
  text: string;
}

/** Case-insensitive search across the tree: every matching line, in path order. */
export function findInFiles(
  files: readonly Pick<AppFile, 'path' | 'content'>[],
  query: string,
  limit = 200,
): FindInFilesMatch[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const matches: FindInFilesMatch[] = [];
  const sorted = [...files].sort((a, b) => a.path.localeCompare(b.path));
  for (const file of sorted) {
    const lines = file.content.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const text = lines[i] ?? '';
      const at = text.toLowerCase().indexOf(needle);
      if (at === -1) continue;
      matches.push({ path: file.path, line: i + 1, column: at + 1, text: text.trim().slice(0, 200) });
      if (matches.length >= limit) return matches;
    }
  }
  return matches;
}

/** The path an import specifier names (`./`, `../`, `@/`), relative to the importing file, as written (no extension added); null for a package import or one above the root. */
export function resolveSpecifier(fromPath: string, specifier: string): string | null {
  let parts: string[];
  if (specifier.startsWith('@/')) parts = specifier.slice(2).split('/');
  else if (specifier.startsWith('.')) {
    parts = fromPath.split('/').slice(0, -1);
    for (const segment of specifier.split('/')) {
      if (segment === '.' || segment === '') continue;
      if (segment === '..') {
        if (parts.length === 0) return null;
        parts.pop();
      } else parts.push(segment);
    }
  } else return null;
  return parts.join('/');
}

const stripExtension = (path: string) => path.replace(/\.(tsx|ts|jsx|js|json|css)$/, '');
const IMPORT_LINE = /^\s*import\s+(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"];?\s*$/;

export interface FileReference {
  path: string;
  /** The importing file with the import lines of the deleted file removed. */
  content: string;
  /** The import lines that were removed. */
  removedLines: string[];
}

/**
 * The files that import `targetPath` (relative `./`, `../` or `@/` specifiers, with or without
 * extension), each with the importing lines removed: the `referencesToUpdate` of a delete.
 */
export function findFileReferences(
  files: readonly Pick<AppFile, 'path' | 'content'>[],
  targetPath: string,
): FileReference[] {
  const target = stripExtension(targetPath);
  const references: FileReference[] = [];
  for (const file of files) {
    if (file.path === targetPath) continue;
    const lines = file.content.split('\n');
    const removed: string[] = [];
    const kept = lines.filter((line) => {
      const match = IMPORT_LINE.exec(line);
      const specifier = match?.[1];
      if (!specifier) return true;
      const resolved = resolveSpecifier(file.path, specifier);
      if (resolved !== null && stripExtension(resolved) === target) {
        removed.push(line);
        return false;
      }
      return true;
    });
    if (removed.length > 0)
      references.push({ path: file.path, content: kept.join('\n'), removedLines: removed });
  }
  return references.sort((a, b) => a.path.localeCompare(b.path));
}

/** Every module specifier of a file: `from '…'`, `import '…'` and `import('…')`. */
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(?\s*)(['"])([^'"\n]+)\2/g;

/** The specifier that names `target` from `fromPath`, in the form of `original` (`@/…` or relative). */
function specifierFor(fromPath: string, target: string, original: string): string {
  if (original.startsWith('@/')) return `@/${target}`;
  const from = fromPath.split('/').slice(0, -1);
  const to = target.split('/');
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  const rest = to.slice(common).join('/');
  const ups = from.length - common;
  return ups === 0 ? `./${rest}` : `${'../'.repeat(ups)}${rest}`;
}

export interface ImportUpdate {
  path: string;
  /** The file with its specifiers rewritten. */
  content: string;
  /** How many specifiers changed. */
  changed: number;
}

/**
 * The files whose imports change when the file at `fromPath` moves to `toPath`: every `./`, `../`
 * or `@/` specifier that named it now names the new path (same style; with an extension only where
 * it had one), and the moved file's own relative imports still name the files they named. The
 * moved file is listed under its old path.
 */
export function renameImports(
  files: readonly Pick<AppFile, 'path' | 'content'>[],
  fromPath: string,
  toPath: string,
): ImportUpdate[] {
  const moved = stripExtension(fromPath);
  const updates: ImportUpdate[] = [];
  for (const file of files) {
    const self = file.path === fromPath;
    let changed = 0;
    const content = file.content.replace(SPECIFIER, (whole, lead: string, quote: string, spec: string) => {
      const resolved = resolveSpecifier(file.path, spec);
      if (resolved === null) return whole;
      let target: string | null = null;
      if (stripExtension(resolved) === moved)
        target = resolved === fromPath ? toPath : stripExtension(toPath);
      else if (self && !spec.startsWith('@/')) target = resolved;
      if (target === null) return whole;
      const next = specifierFor(self ? toPath : file.path, target, spec);
      if (next === spec) return whole;
      changed++;
      return `${lead}${quote}${next}${quote}`;
    });
    if (changed > 0) updates.push({ path: file.path, content, changed });
  }
  return updates.sort((a, b) => a.path.localeCompare(b.path));
}

export type FileChangeKind = 'added' | 'modified' | 'deleted';

export interface FileDiffEntry {
  path: string;
  kind: FileChangeKind;
  /** Content on the base side ('' when added). */
  before: string;
  /** Content on the compared side ('' when deleted). */
  after: string;
}

const KIND_ORDER: Record<FileChangeKind, number> = { added: 0, modified: 1, deleted: 2 };

/** Changes from `base` to `compared` by path: added → modified → deleted, then by path; unchanged files hidden. */
export function diffFileTrees(
  base: readonly Pick<AppFile, 'path' | 'content'>[],
  compared: readonly Pick<AppFile, 'path' | 'content'>[],
): FileDiffEntry[] {
  const before = new Map(base.map((f) => [f.path, f.content]));
  const after = new Map(compared.map((f) => [f.path, f.content]));
  const entries: FileDiffEntry[] = [];
  for (const [path, content] of after) {
    const old = before.get(path);
    if (old === undefined) entries.push({ path, kind: 'added', before: '', after: content });
    else if (old !== content) entries.push({ path, kind: 'modified', before: old, after: content });
  }
  for (const [path, content] of before) {
    if (!after.has(path)) entries.push({ path, kind: 'deleted', before: content, after: '' });
  }
  return entries.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.path.localeCompare(b.path));
}

export * from './diff.ts';
export * from './validation.ts';
