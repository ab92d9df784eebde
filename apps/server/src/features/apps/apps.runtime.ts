import { promises as dns } from 'node:dns';
import path from 'node:path';
import type { Config } from '../../config.ts';
import type { AppDeps, TxtResolver } from '../../platform/app-deps.ts';
import { defineArea } from '../../platform/areas.ts';
import { JwtKeys } from '../../platform/auth/jwt.ts';
import type { Database, Db } from '../../platform/db/database.ts';
import type { Llm } from '../../platform/llm/index.ts';
import type { Logger } from '../../platform/logger.ts';
import { type Compiler, createCompiler } from '../compile/compiler.ts';
import { createVendorBundles, type VendorBundles } from '../compile/vendor/vendor-bundles.ts';
import type { FunctionsRuntime } from '../functions/functions.runtime.ts';
import { createNpmLocksRepo, type NpmLocksRepo } from '../npm/npm-locks.repo.ts';
import { createNpmPackages, type NpmPackages, npmCacheDir } from '../npm/npm-packages.ts';
import { createPreviewTokens, type PreviewTokens } from '../preview/preview-token.ts';
import { createReplyDrafts, type ReplyDrafts } from '../preview/reply-drafts.ts';
import { createVersionBuilds, type VersionBuilds } from '../preview/version-builds.ts';
import type { ToolsRuntime } from '../tools/tools.runtime.ts';
import { type AppsRepo, createAppsRepo } from './apps.repo.ts';
import { createDomainsRepo, type DomainsRepo } from './domains.repo.ts';
import { createVersionsRepo, type VersionsRepo } from './versions.repo.ts';

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

/**
 * The settings the apps services read: the apps domain (published addresses), the platform's origins
 * (reserved hosts), the admin lists (builder panels restricted to admins). The server's config itself
 * (the preview origin in it is filled in once the preview listener is bound).
 */
export type AppsConfig = Pick<Config, 'apps' | 'publicUrl' | 'preview'> & {
  auth: Pick<Config['auth'], 'adminEmails' | 'templateAdminEmails'>;
};

/** What the apps, preview and published-app routes share: one per composition root (createServices). */
export interface AppsRuntime {
  config: AppsConfig;
  database: Database;
  db: Db;
  /** The AI layer: names of apps created from a prompt. */
  llm: Llm;
  logger: Logger;
  /** The tools area, built after this one: an app's PATCH saves its tools list through it. */
  tools(): ToolsRuntime;
  /** The functions area, built after this one: deployments follow their files when files move. */
  functions(): FunctionsRuntime;
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

/** The areas built after this one that the apps services call into (createServices hands them over). */
export type LaterAreas = Pick<AppsRuntime, 'tools' | 'functions'>;

export function createAppsRuntime(deps: AppDeps, later: LaterAreas): AppsRuntime {
  const { config, database } = deps;
  const db = database.db;
  const versions = createVersionsRepo(db);
  const compiler = createCompiler();
  const npm = createNpmPackages({
    cacheDir: npmCacheDir(config.dataDir),
    registryUrl: config.npm.registryUrl,
  });
  const npmLocks = createNpmLocksRepo(db);
  const drafts = createReplyDrafts({ db, versions });
  return {
    config,
    database,
    db,
    llm: deps.llm,
    logger: deps.logger,
    tools: later.tools,
    functions: later.functions,
    apps: createAppsRepo(db),
    versions,
    domains: createDomainsRepo(db),
    compiler,
    vendor: createVendorBundles({ cacheDir: path.join(config.dataDir, 'cache', 'preview-vendor') }),
    npm,
    npmLocks,
    builds: createVersionBuilds(compiler, versions, { npm, locks: npmLocks }, drafts),
    drafts,
    previewTokens: createPreviewTokens(new JwtKeys(database, config.auth.jwtSecret)),
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
