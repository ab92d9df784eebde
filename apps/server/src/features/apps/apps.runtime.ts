import { promises as dns } from 'node:dns';
import path from 'node:path';
import type { AppDeps, TxtResolver } from '../../platform/app-deps.ts';
import { defineArea } from '../../platform/areas.ts';
import { JwtKeys } from '../../platform/auth/jwt.ts';
import { type Compiler, createCompiler } from '../compile/compiler.ts';
import { createVendorBundles, type VendorBundles } from '../compile/vendor/vendor-bundles.ts';
import { NpmLocksRepo } from '../npm/npm-locks.repo.ts';
import { NpmPackages, npmCacheDir } from '../npm/npm-packages.ts';
import { PreviewTokens } from '../preview/preview-token.ts';
import { ReplyDrafts } from '../preview/reply-drafts.ts';
import { VersionBuilds } from '../preview/version-builds.ts';
import { AppsRepo } from './apps.repo.ts';
import { DomainsRepo } from './domains.repo.ts';
import { VersionsRepo } from './versions.repo.ts';

export type { AppsOptions, TxtResolver } from '../../platform/app-deps.ts';

/** The origins the apps area works with (read per request: the preview origin is known once it listens). */
export interface AppOrigins {
  /** The main server: API, web app, `/app/{appId}` (`PUBLIC_URL`'s origin). */
  public: string;
  /** The preview listener (`PREVIEW_ORIGIN`). */
  preview: string;
  /** Pages allowed to frame the preview: the builder (and Vite's dev server outside production). */
  builders: string[];
  /** Development without PUBLIC_URL/PREVIEW_ORIGIN: the preview follows the builder's host name. */
  followHost: boolean;
}

/** What the apps, preview and published-app routes share: one per composition root (createServices). */
export interface AppsRuntime {
  /** What the apps services read beside the area: settings, the database, the AI layer (app names), the log. */
  deps: Pick<AppDeps, 'config' | 'database' | 'llm' | 'logger' | 'areas'>;
  apps: AppsRepo;
  versions: VersionsRepo;
  domains: DomainsRepo;
  compiler: Compiler;
  vendor: VendorBundles;
  /** npm packages on demand (features/npm): installs, bundles and the per-app pins. */
  npm: NpmPackages;
  npmLocks: NpmLocksRepo;
  builds: VersionBuilds;
  /** A running chat reply's files so far, previewable before its version is committed (issue 21 §8). */
  drafts: ReplyDrafts;
  previewTokens: PreviewTokens;
  resolveTxt: TxtResolver;
  origins(): AppOrigins;
  /** Stops the compiler's esbuild contexts (createServices' close). */
  dispose(): Promise<void>;
}

/**
 * The apps area (built once by createServices): `createApp` (API and published apps) and
 * `createPreviewApp` (the preview listener) share it, and with it the compiler and its caches.
 */
export const appsRuntime = defineArea<AppsRuntime>('apps');

export function createAppsRuntime(deps: AppDeps): AppsRuntime {
  const { config, database } = deps;
  const db = database.db;
  const versions = new VersionsRepo(db);
  const compiler = createCompiler();
  const npm = new NpmPackages({ cacheDir: npmCacheDir(config.dataDir), registryUrl: config.npm.registryUrl });
  const npmLocks = new NpmLocksRepo(db);
  const drafts = new ReplyDrafts({ db, versions });
  return {
    deps,
    apps: new AppsRepo(db),
    versions,
    domains: new DomainsRepo(db),
    compiler,
    vendor: createVendorBundles({ cacheDir: path.join(config.dataDir, 'cache', 'preview-vendor') }),
    npm,
    npmLocks,
    builds: new VersionBuilds(compiler, versions, { npm, locks: npmLocks }, drafts),
    drafts,
    previewTokens: new PreviewTokens(new JwtKeys(database, config.auth.jwtSecret)),
    resolveTxt: deps.apps?.resolveTxt ?? ((name) => dns.resolveTxt(name)),
    origins() {
      const publicOrigin = new URL(config.publicUrl).origin;
      const builders = [publicOrigin];
      if (config.nodeEnv !== 'production') builders.push('http://localhost:5173', 'http://127.0.0.1:5173');
      return {
        public: publicOrigin,
        preview: new URL(config.preview.origin).origin,
        builders,
        followHost: config.preview.followHost,
      };
    },
    dispose: () => compiler.dispose(),
  };
}
