import type { VersionsRepo } from '../apps/versions.repo.ts';
import type { CompileResult, Compiler } from '../compile/compiler.ts';
import { LruCache } from '../compile/lru.ts';

export interface VersionBuild {
  appId: string;
  versionId: string;
  contentHash: string;
  result: CompileResult;
}

/**
 * Compiled app versions, by version. A version's tree never changes, so its build is cached under
 * its content hash; the compiler caches too, but needs the files, and this cache answers the
 * document, script and stylesheet requests of one page load without reading the files again.
 * Only a cache: any instance rebuilds a version it has not seen from the database.
 */
export class VersionBuilds {
  private readonly byHash = new LruCache<string, CompileResult>(32);

  constructor(
    private readonly compiler: Compiler,
    private readonly versions: VersionsRepo,
  ) {}

  /**
   * Compiles a version of an app, or undefined when the app has no such version. The caller has
   * checked that the request may see it (a preview token, or the app's published version).
   */
  async build(appId: string, versionId: string): Promise<VersionBuild | undefined> {
    const row = await this.versions.unsafeFindVersionRow(appId, versionId);
    if (!row) return undefined;
    const cached = this.byHash.get(row.contentHash);
    if (cached) return { appId, versionId, contentHash: row.contentHash, result: cached };
    const loaded = await this.versions.unsafeLoadVersion(appId, versionId);
    if (!loaded) return undefined;
    const result = await this.compiler.compile(loaded.files, { versionHash: row.contentHash });
    this.byHash.set(row.contentHash, result);
    return { appId, versionId, contentHash: row.contentHash, result };
  }
}
