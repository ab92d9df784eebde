import { z } from 'zod';
import { appVersionSchema } from './apps.ts';

/** One package an app's package.json names (the builder's Packages section). */
export const appPackageSchema = z
  .object({
    name: z.string(),
    /** The version or range package.json gives. */
    range: z.string(),
    /** The exact version pinned for this app (resolved at its first build); null before that. */
    version: z.string().nullable(),
    /** Part of the built-in set (served pre-bundled whatever the range): never downloaded. */
    builtIn: z.boolean(),
  })
  .meta({ id: 'AppPackage' });
export type AppPackage = z.infer<typeof appPackageSchema>;

/** `GET /api/apps/{appId}/packages`: the packages of the app's current version. */
export const appPackagesResponseSchema = z
  .object({
    packages: z.array(appPackageSchema),
    /** package.json's problem when it cannot be read (then `packages` is empty). */
    problem: z.string().nullable(),
  })
  .meta({ id: 'AppPackages' });
export type AppPackagesResponse = z.infer<typeof appPackagesResponseSchema>;

/** `POST /api/apps/{appId}/packages/remove`: removes a package from package.json (one new version). */
export const removeAppPackageRequestSchema = z
  .object({ name: z.string().min(1).max(214) })
  .meta({ id: 'RemoveAppPackageRequest' });
export type RemoveAppPackageRequest = z.infer<typeof removeAppPackageRequestSchema>;

export const removeAppPackageResponseSchema = z
  .object({ packages: z.array(appPackageSchema), version: appVersionSchema })
  .meta({ id: 'RemoveAppPackageResponse' });
export type RemoveAppPackageResponse = z.infer<typeof removeAppPackageResponseSchema>;

export const APP_PACKAGE_MESSAGES = {
  notNamed: (name: string) => `package.json does not name "${name}".`,
  removed: (name: string) => `Removed the npm package ${name}`,
} as const;
