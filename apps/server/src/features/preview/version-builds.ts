import type { AppFile } from '@atelier/shared';
import type { VersionsRepo } from '../apps/versions.repo.ts';
import type { CompileResult, Compiler } from '../compile/compiler.ts';
import { LruCache } from '../compile/lru.ts';
import type { NpmLocksRepo } from '../npm/npm-locks.repo.ts';
import type { NpmPackages } from '../npm/npm-packages.ts';
import { isDraftId, type ReplyDrafts } from './reply-drafts.ts';

export interface VersionBuild {
  appId: string;
  versionId: string;
  contentHash: string;
  result: CompileResult;
  /** On-demand npm packages the page imports: specifier → bundle key (`/preview-npm/{key}.js`). */
  npmImports: Record<string, string>;
}

export interface VersionBuildsNpm {
  npm: NpmPackages;
  locks: NpmLocksRepo;
}

/**
 * Compiled app versions, by version. A version's tree never changes, so its build is cached under
 * its content hash; the compiler caches too, but needs the files, and this cache answers the
 * document, script and stylesheet requests of one page load without reading the files again.
 * Only a cache: any instance rebuilds a version it has not seen from the database.
 */
export function createVersionBuilds(
  compiler: Compiler,
  versions: VersionsRepo,
  packages?: VersionBuildsNpm,
  drafts?: ReplyDrafts,
) {
  const byHash = new LruCache<string, CompileResult>(32);

  /** The npm imports of an app's version, by app and content hash (pins are per app); successes only. */
  const npmByApp = new LruCache<string, Record<string, string>>(64);

  async function compile(
    appId: string,
    versionId: string,
    contentHash: string,
    load: () => Promise<readonly AppFile[] | undefined>,
  ): Promise<VersionBuild | undefined> {
    const cached = byHash.get(contentHash);
    const npmCached = npmByApp.get(`${appId}:${contentHash}`);
    if (cached && (!cached.ok || npmCached)) {
      return { appId, versionId, contentHash, result: cached, npmImports: npmCached ?? {} };
    }
    const files = await load();
    if (!files) return undefined;
    const result = cached ?? (await compiler.compile(files, { versionHash: contentHash }));
    byHash.set(contentHash, result);
    if (!result.ok || !packages) return { appId, versionId, contentHash, result, npmImports: {} };
    // npm packages on demand: installed and bundled after the app compiled (failures are not cached:
    // a registry that was unreachable may answer on the next load).
    const npm = await packages.npm.appImports(appId, files, result.js, packages.locks);
    if (!npm.ok) {
      const failed: CompileResult = {
        ok: false,
        code: 'compile_error',
        diagnostics: npm.diagnostics,
        hash: contentHash,
        timings: result.timings,
      };
      return { appId, versionId, contentHash, result: failed, npmImports: {} };
    }
    npmByApp.set(`${appId}:${contentHash}`, npm.imports);
    return { appId, versionId, contentHash, result, npmImports: npm.imports };
  }

  return {
    /**
     * Compiles a version of an app, or undefined when the app has no such version. The caller has
     * checked that the request may see it (a preview token, or the app's published version).
     */
    async build(appId: string, versionId: string): Promise<VersionBuild | undefined> {
      if (isDraftId(versionId)) {
        // A running reply's files so far (reply-drafts.ts): built like a version, never stored.
        const draft = await drafts?.find(appId, versionId);
        return draft && compile(appId, versionId, draft.contentHash, async () => draft.files);
      }
      const row = await versions.unsafeFindVersionRow(appId, versionId);
      if (!row) return undefined;
      return compile(appId, versionId, row.contentHash, async () => {
        const loaded = await versions.unsafeLoadVersion(appId, versionId);
        return loaded?.files;
      });
    },
  };
}

export type VersionBuilds = ReturnType<typeof createVersionBuilds>;
