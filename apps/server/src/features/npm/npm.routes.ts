import {
  APP_PACKAGE_MESSAGES,
  type AppPackage,
  appIdParamSchema,
  appPackagesResponseSchema,
  PACKAGE_MANIFEST_PATH,
  parsePackageManifest,
  removeAppPackageRequestSchema,
  removeAppPackageResponseSchema,
  withoutManifestPackage,
} from '@atelier/shared';
import { builderOf, requireBuilder } from '../../platform/auth/middleware.ts';
import { AppError } from '../../platform/errors.ts';
import {
  builderErrors,
  createRouter,
  defineRoute,
  errorContent,
  jsonBody,
  jsonContent,
} from '../../platform/http/openapi.ts';
import { POLICY } from '../../platform/http/route-policy.ts';
import type { AppActor } from '../apps/apps.repo.ts';
import type { AppsRuntime } from '../apps/apps.runtime.ts';
import { findApp } from '../apps/apps.service.ts';
import { builtInPinsOf } from '../compile/vendor/built-in-pins.ts';
import { builtInPackageNames } from './npm-packages.ts';

const tags = ['app packages'];

const listRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/apps/{appId}/packages',
  tags,
  summary:
    "The npm packages the app's package.json names, with the versions pinned for it (after building the current version)",
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema },
  responses: { 200: jsonContent(appPackagesResponseSchema, 'The packages'), ...builderErrors },
});

const removeRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/apps/{appId}/packages/remove',
  tags,
  summary: 'Remove a package from package.json (one new version) and forget its pin',
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema, ...jsonBody(removeAppPackageRequestSchema) },
  responses: {
    200: jsonContent(removeAppPackageResponseSchema, 'The packages left and the new version'),
    400: errorContent('package.json does not name the package, or cannot be read'),
    ...builderErrors,
  },
});

/** The builder's Packages section (README of this feature). */
export function npmRoutes(runtime: AppsRuntime) {
  return createRouter()
    .openapi(listRoute, async (c) => {
      const { appId } = c.req.valid('param');
      const actor = builderOf(c);
      const app = await findApp(runtime, actor, appId);
      const manifest = await currentManifest(runtime, actor, appId);
      if (!manifest.ok) return c.json({ packages: [], problem: manifest.message }, 200);
      // The current version's build resolves and pins what it imports (shared with the preview's).
      if (app.currentVersionId) await runtime.builds.build(appId, app.currentVersionId);
      return c.json({ packages: await describe(runtime, appId, manifest.packages), problem: null }, 200);
    })
    .openapi(removeRoute, async (c) => {
      const { appId } = c.req.valid('param');
      const { name } = c.req.valid('json');
      const actor = builderOf(c);
      await findApp(runtime, actor, appId);
      const { files } = await runtime.versions.getCurrent(actor, appId);
      const content = files.find((file) => file.path === PACKAGE_MANIFEST_PATH)?.content;
      const manifest = parsePackageManifest(content);
      if (!manifest.ok) throw new AppError('validation_error', manifest.message);
      if (!manifest.packages.some((pkg) => pkg.name === name)) {
        throw new AppError('validation_error', APP_PACKAGE_MESSAGES.notNamed(name));
      }
      const result = await runtime.versions.createVersion(actor, appId, {
        changes: [
          { op: 'upsert', path: PACKAGE_MANIFEST_PATH, content: withoutManifestPackage(content, name) },
        ],
        description: APP_PACKAGE_MESSAGES.removed(name),
      });
      await runtime.npmLocks.remove(appId, name);
      const left = manifest.packages.filter((pkg) => pkg.name !== name);
      return c.json({ packages: await describe(runtime, appId, left), version: result.version }, 200);
    });
}

async function currentManifest(runtime: AppsRuntime, actor: AppActor, appId: string) {
  const { files } = await runtime.versions.getCurrent(actor, appId);
  return parsePackageManifest(files.find((file) => file.path === PACKAGE_MANIFEST_PATH)?.content);
}

async function describe(
  runtime: AppsRuntime,
  appId: string,
  packages: readonly { name: string; range: string }[],
): Promise<AppPackage[]> {
  const locks = new Map((await runtime.npmLocks.list(appId)).map((lock) => [lock.name, lock]));
  const builtIn = builtInPackageNames();
  // A package of the set asked for at a version the set's does not fit is installed on demand instead.
  const pins = builtInPinsOf(packages);
  return packages.map((pkg) => {
    const lock = locks.get(pkg.name);
    const pinned = lock && lock.range === pkg.range ? lock.tree.root.slice(pkg.name.length + 1) : null;
    const served = builtIn.has(pkg.name) && pins.get(pkg.name)?.kind !== 'on-demand';
    return { name: pkg.name, range: pkg.range, version: pinned, builtIn: served };
  });
}
