import type { AppDeps } from '../../app.ts';
import { createRouter } from '../../platform/http/openapi.ts';
import { customDomainHost, publishedRoutes } from '../preview/published.routes.ts';
import { appsRoutes } from './apps.routes.ts';
import { appsRuntime } from './apps.runtime.ts';
import { domainsRoutes } from './domains.routes.ts';
import { versionsRoutes } from './versions.routes.ts';

export { createPreviewApp } from '../preview/preview.app.ts';
export type { AppsOptions } from './apps.runtime.ts';
export { disposeAppsRuntime } from './apps.runtime.ts';
export { sdkCors } from './sdk-cors.ts';

/** The API routes of apps, versions, files, publishing, preview links and domains (on the `api` router). */
export function appsModule(deps: AppDeps) {
  const runtime = appsRuntime(deps);
  return createRouter()
    .route('/', appsRoutes(runtime))
    .route('/', versionsRoutes(runtime))
    .route('/', domainsRoutes(runtime));
}

/** `/app/{appId}`, its assets and the vendor modules on the main origin (mounted before the web app). */
export const publishedAppsModule = (deps: AppDeps) => publishedRoutes(appsRuntime(deps));

/** Serves verified custom domains (mounted first: such a host sees nothing else of the platform). */
export const customDomainsModule = (deps: AppDeps) => customDomainHost(appsRuntime(deps));
