import type { AppDeps } from '../../platform/app-deps.ts';
import { createRouter } from '../../platform/http/openapi.ts';
import { appHosts, publishedRoutes } from '../preview/published.routes.ts';
import { adminAppsRoutes } from './admin-apps.routes.ts';
import { appsRoutes } from './apps.routes.ts';
import { appsRuntime } from './apps.runtime.ts';
import { domainsRoutes } from './domains.routes.ts';
import { versionsRoutes } from './versions.routes.ts';

export { createPreviewApp } from '../preview/preview.app.ts';
export type { AppsOptions } from './apps.runtime.ts';
export { sdkCors } from './sdk-cors.ts';

/**
 * The API routes of apps, versions, files, publishing and domains (on the `api` router). The other
 * features built on the apps area (claims, analytics, npm, preview links, the builder's settings)
 * are mounted by app.ts beside it.
 */
export function appsModule(deps: Pick<AppDeps, 'areas'>) {
  const runtime = appsRuntime(deps);
  return createRouter()
    .route('/', appsRoutes(runtime))
    .route('/', adminAppsRoutes(runtime))
    .route('/', versionsRoutes(runtime))
    .route('/', domainsRoutes(runtime));
}

/** `/app/{appId}` (a redirect to the app's origin) and the vendor modules on the main origin (mounted before the web app). */
export const publishedAppsModule = (deps: Pick<AppDeps, 'areas'>) => publishedRoutes(appsRuntime(deps));

/**
 * Serves published apps on their own hosts, `{slug}.{APPS_DOMAIN}` and verified custom domains
 * (mounted first: such a host sees nothing else of the platform).
 */
export const appHostsModule = (deps: Pick<AppDeps, 'areas'>) => appHosts(appsRuntime(deps));
