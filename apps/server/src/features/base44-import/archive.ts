import fs from 'node:fs/promises';
import path from 'node:path';
import yauzl from 'yauzl';
import { editorCopyAsExport } from './editor-copy.ts';

/** The files of an export, by path relative to its root (forward slashes). */
export type ExportTree = Map<string, Buffer>;

/** Bounds on what an uploaded export may unpack to (zip bombs, huge repositories). */
export const EXPORT_LIMITS = {
  /**
   * Size of an uploaded zip or a Git host's download, streamed to a temporary file of which only the
   * kept entries are read: a repository's zip is mostly native projects, media and assets the import
   * leaves out (QZero's is 167 MB, 2.3 MB of it src/).
   */
  uploadBytes: 200 * 1024 * 1024,
  /** Entries of the zip or directory looked at (folders included; only source files are read). */
  entries: 20_000,
  /**
   * Entries under folders never read (`node_modules`, a committed Python virtualenv: Quotation-App's
   * zip has 30,595 entries, 30,387 of them in two `venv`s): only their names are listed, not counted
   * against `entries`, up to this many.
   */
  skippedEntries: 200_000,
  /** One file, unpacked. */
  fileBytes: 5 * 1024 * 1024,
  /** All kept files together, unpacked. */
  totalBytes: 40 * 1024 * 1024,
} as const;

export class ExportArchiveError extends Error {}

/** Folders never read: dependencies (a Python backend's virtualenv too), build output, VCS data. */
const SKIPPED_DIR =
  /(^|\/)(node_modules|\.git|dist|build|\.next|\.vercel|coverage|\.?venv|site-packages|__pycache__)(\/|$)/;
/** What the import reads; images, fonts and the like are left out (they would not fit an app's file limits). */
const KEPT_FILE = /\.(jsx?|tsx?|mjs|cjs|json|jsonc|css|html|csv|md|txt|sql)$/i;

/** The environment files Vite's production build reads (vite-env.ts). */
const VITE_ENV_FILE = /(^|\/)\.env(\.local|\.production|\.production\.local)?$/;

export const keptExportPath = (file: string) =>
  !SKIPPED_DIR.test(file) && (KEPT_FILE.test(file) || VITE_ENV_FILE.test(file));

/**
 * Reads a zip file (an upload or a Git host's download received to disk) with yauzl: entry count,
 * per-file and total unpacked sizes bounded (yauzl checks each entry's real size against the one it
 * declares), paths that are absolute or leave the archive refused by yauzl's name validation. Only
 * `keptExportPath` files are unpacked.
 */
export function readExportZipFile(file: string): Promise<ExportTree> {
  return readArchive((callback) =>
    yauzl.open(file, { lazyEntries: true, strictFileNames: true, autoClose: false }, callback),
  );
}

async function readArchive(
  open: (callback: (error: Error | null, file: yauzl.ZipFile) => void) => void,
): Promise<ExportTree> {
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    open((error, file) =>
      error ? reject(new ExportArchiveError(`Not a readable zip: ${error.message}`)) : resolve(file),
    ),
  );
  const tree: ExportTree = new Map();
  let entries = 0;
  let skipped = 0;
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const fail = (error: Error) => {
        reject(error instanceof ExportArchiveError ? error : new ExportArchiveError(error.message));
      };
      archive.on('error', fail);
      archive.on('end', () => resolve());
      archive.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName;
        if (SKIPPED_DIR.test(name)) {
          if (++skipped <= EXPORT_LIMITS.skippedEntries) return archive.readEntry();
          return fail(
            new ExportArchiveError(
              `The zip has more than ${EXPORT_LIMITS.skippedEntries} entries in folders the import does not read.`,
            ),
          );
        }
        if (++entries > EXPORT_LIMITS.entries) {
          return fail(new ExportArchiveError(`The zip has more than ${EXPORT_LIMITS.entries} entries.`));
        }
        if (name.endsWith('/') || !keptExportPath(name)) return archive.readEntry();
        if (entry.uncompressedSize > EXPORT_LIMITS.fileBytes) return archive.readEntry();
        total += entry.uncompressedSize;
        if (total > EXPORT_LIMITS.totalBytes) {
          return fail(new ExportArchiveError('The zip unpacks to more than the import accepts.'));
        }
        archive.openReadStream(entry, (error, stream) => {
          if (error) return fail(error);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', fail);
          stream.on('end', () => {
            tree.set(name, Buffer.concat(chunks));
            archive.readEntry();
          });
        });
      });
      archive.readEntry();
    });
  } finally {
    archive.close();
  }
  return exportRootOf(stripCommonRoot(tree));
}

/** Reads an export from a directory (the CLI), with the zip's limits; symbolic links are not followed. */
export async function readExportDir(dir: string): Promise<ExportTree> {
  const tree: ExportTree = new Map();
  let entries = 0;
  let total = 0;
  async function walk(relative: string): Promise<void> {
    for (const dirent of await fs.readdir(path.join(dir, relative), { withFileTypes: true })) {
      if (++entries > EXPORT_LIMITS.entries) {
        throw new ExportArchiveError(`The folder has more than ${EXPORT_LIMITS.entries} entries.`);
      }
      const child = relative ? `${relative}/${dirent.name}` : dirent.name;
      if (dirent.isDirectory()) {
        if (!SKIPPED_DIR.test(`${child}/`)) await walk(child);
      } else if (dirent.isFile() && keptExportPath(child)) {
        const stat = await fs.stat(path.join(dir, child));
        if (stat.size > EXPORT_LIMITS.fileBytes) continue;
        total += stat.size;
        if (total > EXPORT_LIMITS.totalBytes)
          throw new ExportArchiveError('The folder is larger than the import accepts.');
        tree.set(child, await fs.readFile(path.join(dir, child)));
      }
    }
  }
  await walk('');
  return exportRootOf(stripCommonRoot(tree));
}

/** A zip of a repository usually holds one folder (`app-main/…`): the export's root is inside it. */
function stripCommonRoot(tree: ExportTree): ExportTree {
  let current = tree;
  for (;;) {
    const tops = new Set([...current.keys()].map((key) => key.split('/')[0]));
    const [top] = tops;
    if (tops.size !== 1 || top === undefined || [...current.keys()].some((key) => !key.includes('/'))) {
      return current;
    }
    if (current.has('package.json') || current.has('src')) return current;
    current = new Map([...current].map(([key, value]) => [key.slice(top.length + 1), value]));
  }
}

const ENTRY = /^(?:(.+)\/)?src\/(?:main|App)\.[jt]sx?$/;

/**
 * Repositories that keep the export in a folder (`frontend/`, `my-app-686b2c24 (1)/`) besides
 * other things: when the root has no `src/main.jsx` or `src/App.jsx`, the shallowest folder (at
 * most three levels down) that has one is the export's root. A tree with none that holds code
 * copied out of Base44's editor (`Pages/`, `Layout.js`, …) is put in the export's shape.
 */
export function exportRootOf(tree: ExportTree): ExportTree {
  const roots = [...tree.keys()].flatMap((key) => {
    const match = ENTRY.exec(key);
    return match ? [match[1] ?? ''] : [];
  });
  if (roots.includes('')) return tree;
  const [root] = roots
    .filter((dir) => dir.split('/').length <= 3)
    .sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
  if (root === undefined) return editorCopyAsExport(tree) ?? tree;
  const prefix = `${root}/`;
  return new Map(
    [...tree]
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, value]) => [key.slice(prefix.length), value]),
  );
}
