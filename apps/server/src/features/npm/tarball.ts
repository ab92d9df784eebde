import { createHash } from 'node:crypto';
import path from 'node:path';
import zlib from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import { NPM_LIMITS, NPM_MESSAGES, NpmPackageError } from './npm-limits.ts';

/** True when `data` hashes to the `sha512-…` integrity (SRI form) the registry published. */
export function matchesIntegrity(data: Buffer, integrity: string): boolean {
  const expected = integrity
    .split(/\s+/)
    .find((part) => part.startsWith('sha512-'))
    ?.slice('sha512-'.length);
  if (!expected) return false;
  return createHash('sha512').update(data).digest('base64') === expected;
}

export interface UnpackedFile {
  /** Path inside the package (the tarball's top folder, `package/`, removed). */
  path: string;
  data: Buffer;
}

/** The file that marks an installed package as a native addon whose native files were left out. */
export const NATIVE_MARKER = '.atelier-native-addon';

const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile']);

/**
 * Reads a package tarball (in memory: the files, not the whole tar), within the limits: decompressed size, file count, unpacked
 * size. Only regular files are kept (links, devices and the like are dropped), paths are relative
 * and never leave the package. A native addon's native files (binding.gyp, `.node`) are left out and
 * NATIVE_MARKER put in their place: the app may not name such a package, but one below a package it
 * names (dprint-node below @react-three/xr, used only by tooling) is installed without them.
 * Nothing is executed or written here.
 */
export async function readTarball(packageName: string, id: string, gz: Buffer): Promise<UnpackedFile[]> {
  const files: UnpackedFile[] = [];
  let count = 0;
  let bytes = 0;
  let problem: NpmPackageError | undefined;
  let native = false;
  const parser = new Parser({ strict: true });
  parser.on('entry', (entry: ReadEntry) => {
    const relative = packagePath(entry.path);
    if (problem || !FILE_TYPES.has(entry.type) || relative === null) {
      entry.resume();
      return;
    }
    count++;
    bytes += entry.size;
    if (count > NPM_LIMITS.maxFiles)
      problem ??= new NpmPackageError(packageName, NPM_MESSAGES.tooManyFiles(id, count));
    if (bytes > NPM_LIMITS.maxUnpackedBytes)
      problem ??= new NpmPackageError(packageName, NPM_MESSAGES.unpackedTooLarge(id));
    const nativeFile = relative === 'binding.gyp' || relative.endsWith('.node');
    if (nativeFile) native = true;
    // Past a limit nothing more is kept (the package is refused); a native file is left out.
    if (problem || nativeFile) {
      entry.resume();
      return;
    }
    const chunks: Buffer[] = [];
    entry.on('data', (chunk: Buffer) => chunks.push(chunk));
    entry.on('end', () => files.push({ path: relative, data: Buffer.concat(chunks) }));
  });
  // The tar stream is parsed as it is decompressed (never held whole: the files are), bounded by
  // the unpacked limit; headers take 512 bytes per entry (plus long-name records) beyond the files.
  const maxTarBytes = NPM_LIMITS.maxUnpackedBytes + (NPM_LIMITS.maxFiles + 64) * 1536;
  await new Promise<void>((resolve, reject) => {
    const gunzip = zlib.createGunzip();
    let tarBytes = 0;
    const fail = (error: NpmPackageError) => {
      gunzip.destroy();
      reject(error);
    };
    gunzip.on('data', (chunk: Buffer) => {
      tarBytes += chunk.length;
      if (tarBytes > maxTarBytes) fail(new NpmPackageError(packageName, NPM_MESSAGES.unpackedTooLarge(id)));
      else parser.write(chunk);
    });
    gunzip.on('end', () => parser.end());
    gunzip.on('error', () =>
      fail(new NpmPackageError(packageName, NPM_MESSAGES.badTarball(id, 'not a gzip file'))),
    );
    parser.on('error', (error: Error) =>
      fail(new NpmPackageError(packageName, NPM_MESSAGES.badTarball(id, error.message))),
    );
    parser.on('end', resolve);
    gunzip.end(gz);
  });
  if (problem) throw problem;
  const manifest = files.find((file) => file.path === 'package.json');
  if (!manifest) throw new NpmPackageError(packageName, NPM_MESSAGES.badTarball(id, 'no package.json'));
  try {
    if ((JSON.parse(manifest.data.toString('utf8')) as { gypfile?: boolean }).gypfile === true) native = true;
  } catch {
    throw new NpmPackageError(packageName, NPM_MESSAGES.badTarball(id, 'package.json is not JSON'));
  }
  if (native) files.push({ path: NATIVE_MARKER, data: Buffer.alloc(0) });
  return files;
}

/** `package/lib/a.js` → `lib/a.js`; null for a path that is empty or would leave the package. */
function packagePath(entryPath: string): string | null {
  const withoutTop = entryPath.replace(/\\/g, '/').split('/').slice(1).join('/');
  if (!withoutTop || withoutTop.startsWith('/')) return null;
  const normal = path.posix.normalize(withoutTop);
  if (normal === '.' || normal.startsWith('../') || normal === '..' || normal.includes('\0')) return null;
  return normal;
}
