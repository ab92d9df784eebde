import type { AppDeps } from '../../platform/app-deps.ts';
import { createRouter } from '../../platform/http/openapi.ts';
import { analyticsRoutes } from '../analytics/analytics.routes.ts';
import { chatActivationRoutes } from '../builder/chat-activation.routes.ts';
import { settingsAccessRoutes } from '../builder/settings-access.routes.ts';
import { claimsRoutes } from '../claims/claims.routes.ts';
import { npmRoutes } from '../npm/npm.routes.ts';
import { previewCredentialRoutes } from '../preview/preview-credential.routes.ts';
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
 * The API routes of apps, versions, files, publishing, preview links and domains, with claiming,
 * chat assistant activation and analytics (on the `api` router).
 */
export function appsModule(deps: Pick<AppDeps, 'areas'>) {
  const runtime = appsRuntime(deps);
  return createRouter()
    .route('/', appsRoutes(runtime))
    .route('/', adminAppsRoutes(runtime))
    .route('/', versionsRoutes(runtime))
    .route('/', domainsRoutes(runtime))
    .route('/', claimsRoutes(runtime))
    .route('/', chatActivationRoutes(runtime))
    .route('/', settingsAccessRoutes(runtime))
    .route('/', analyticsRoutes(runtime))
    .route('/', npmRoutes(runtime))
    .route('/', previewCredentialRoutes(runtime));
}

/** `/app/{appId}` (a redirect to the app's origin) and the vendor modules on the main origin (mounted before the web app). */
export const publishedAppsModule = (deps: Pick<AppDeps, 'areas'>) => publishedRoutes(appsRuntime(deps));

/**
 * Serves published apps on their own hosts, `{slug}.{APPS_DOMAIN}` and verified custom domains
 * (mounted first: such a host sees nothing else of the platform).
 */
export const appHostsModule = (deps: Pick<AppDeps, 'areas'>) => appHosts(appsRuntime(deps));
