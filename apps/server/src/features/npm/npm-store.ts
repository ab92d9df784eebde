import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { NPM_LIMITS, NPM_MESSAGES, NpmPackageError } from './npm-limits.ts';
import type { RegistryClient } from './registry.ts';
import { packageId, type ResolvedPackage, type ResolvedTree } from './resolve-tree.ts';
import { matchesIntegrity, NATIVE_MARKER, readTarball } from './tarball.ts';

/**
 * The shared, content-addressed package cache under `DATA_DIR/cache/npm`:
 *
 *   content/{sha512 hex}/…          one unpacked tarball, named by its integrity (shared by every app)
 *   links/{hash}/node_modules/{dep} symlinks giving one package of a tree the dependency versions it
 *                                   resolved to (the bundler resolves its imports from there)
 *   bundles/{key}.js, {key}.json    ES module bundles and their export lists (see npm-bundle.ts)
 *
 * A package is written to a temporary folder and renamed into place, so a crash never leaves half
 * a package; one download of a given package runs at a time, and at most `NPM_LIMITS.concurrency`
 * downloads run at once.
 */
export function createNpmStore(cacheDir: string, registry: RegistryClient) {
  const installing = new Map<string, Promise<string>>();
  const slots = new Limiter(NPM_LIMITS.concurrency);

  function linkTargets(tree: ResolvedTree, pkg: ResolvedPackage): [string, string][] {
    return Object.entries(pkg.dependencies).map(([name, version]) => {
      const dep = tree.packages[packageId(name, version)]!;
      return [name, npmStore.contentDir(dep)];
    });
  }

  function writeLinks(tree: ResolvedTree, pkg: ResolvedPackage): void {
    const dir = npmStore.linkDir(tree, pkg);
    if (fs.existsSync(path.join(dir, '.complete'))) return;
    const tmp = path.join(cacheDir, 'tmp', randomUUID());
    for (const [name, target] of [[pkg.name, npmStore.contentDir(pkg)], ...linkTargets(tree, pkg)] as const) {
      const link = path.join(tmp, 'node_modules', name);
      fs.mkdirSync(path.dirname(link), { recursive: true });
      fs.symlinkSync(target, link, 'dir');
    }
    fs.writeFileSync(path.join(tmp, '.complete'), '');
    moveIntoPlace(tmp, dir);
  }

  function installPackage(rootName: string, pkg: ResolvedPackage, signal?: AbortSignal): Promise<string> {
    const dir = npmStore.contentDir(pkg);
    if (fs.existsSync(path.join(dir, '.complete'))) return Promise.resolve(dir);
    let pending = installing.get(dir);
    if (!pending) {
      pending = slots.run(() => download(rootName, pkg, dir, signal)).finally(() => installing.delete(dir));
      installing.set(dir, pending);
    }
    return pending;
  }

  async function download(rootName: string, pkg: ResolvedPackage, dir: string, signal?: AbortSignal) {
    if (signal?.aborted) throw new NpmPackageError(rootName, NPM_MESSAGES.timedOut);
    const id = packageId(pkg.name, pkg.version);
    const wrap = (error: unknown) =>
      error instanceof NpmPackageError && error.packageName !== rootName
        ? new NpmPackageError(
            rootName,
            `its dependency ${error.message.replace(/^Cannot use the npm package /, '')}`,
          )
        : error;
    try {
      const data = await registry.tarball(id, pkg.tarball);
      if (!matchesIntegrity(data, pkg.integrity))
        throw new NpmPackageError(pkg.name, NPM_MESSAGES.integrityMismatch(id));
      const files = await readTarball(pkg.name, id, data);
      const tmp = path.join(cacheDir, 'tmp', randomUUID());
      for (const file of files) {
        const target = path.join(tmp, file.path);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, file.data, { mode: 0o644 });
      }
      fs.writeFileSync(path.join(tmp, '.complete'), '');
      moveIntoPlace(tmp, dir);
      return dir;
    } catch (error) {
      throw wrap(error);
    }
  }

  const npmStore = {
    cacheDir,

    /** The folder a package unpacks to (whether or not it is there yet). */
    contentDir(pkg: Pick<ResolvedPackage, 'integrity'>): string {
      const hex = Buffer.from(pkg.integrity.slice('sha512-'.length), 'base64').toString('hex');
      return path.join(cacheDir, 'content', hex.slice(0, 2), hex);
    },

    /** The folder whose `node_modules` holds a package itself and the dependency versions of its tree. */
    linkDir(tree: ResolvedTree, pkg: ResolvedPackage): string {
      const entries = [[pkg.name, npmStore.contentDir(pkg)], ...linkTargets(tree, pkg)].sort();
      const hash = createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 32);
      return path.join(cacheDir, 'links', hash);
    },

    /** Downloads, checks and unpacks every package of a tree that is not in the cache yet, and links them. */
    async install(rootName: string, tree: ResolvedTree, signal?: AbortSignal): Promise<void> {
      const packages = Object.values(tree.packages);
      await Promise.all(packages.map((pkg) => installPackage(rootName, pkg, signal)));
      // The package the app names may not be a native addon (one below it is kept, without its binaries).
      const root = tree.packages[tree.root]!;
      if (fs.existsSync(path.join(npmStore.contentDir(root), NATIVE_MARKER)))
        throw new NpmPackageError(root.name, NPM_MESSAGES.nativeAddon(tree.root));
      for (const pkg of packages) writeLinks(tree, pkg);
    },
  };
  return npmStore;
}

export type NpmStore = ReturnType<typeof createNpmStore>;

/** Renames a finished temporary folder into place; when another writer got there first, keeps theirs. */
function moveIntoPlace(tmp: string, dir: string): void {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  try {
    fs.renameSync(tmp, dir);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') {
      fs.rmSync(tmp, { recursive: true, force: true });
      throw error;
    }
    if (fs.existsSync(path.join(dir, '.complete'))) {
      fs.rmSync(tmp, { recursive: true, force: true });
      return;
    }
    // A leftover of an interrupted write: replace it.
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(tmp, dir);
  }
}

/** At most `size` tasks at once; the others wait in order. */
export class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}
