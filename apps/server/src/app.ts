import path from 'node:path';
import { Hono } from 'hono';
import { accountsRoutes, createAccountsContext } from './features/accounts/accounts.module.ts';
import { analyticsRoutes } from './features/analytics/analytics.routes.ts';
import { appHostsModule, appsModule, publishedAppsModule, sdkCors } from './features/apps/apps.module.ts';
import { appsRuntime } from './features/apps/apps.runtime.ts';
import { base44Module } from './features/base44/base44.module.ts';
import { base44ImportRoutes } from './features/base44-import/import.routes.ts';
import { builderRoutes } from './features/builder/builder.routes.ts';
import { chatActivationRoutes } from './features/builder/chat-activation.routes.ts';
import { settingsAccessRoutes } from './features/builder/settings-access.routes.ts';
import { chatModule } from './features/chat/chat.module.ts';
import { claimsRoutes } from './features/claims/claims.routes.ts';
import { codeEditorModule } from './features/code-editor/code-editor.routes.ts';
import { codeValidationModule } from './features/code-editor/validation.routes.ts';
import { dataSourcesModule } from './features/data-sources/data-sources.module.ts';
import { docsRoutes } from './features/docs/docs.routes.ts';
import { csvMappingRoutes } from './features/entities/csv-mapping.ts';
import { entitiesModule } from './features/entities/entities.module.ts';
import { functionsModule } from './features/functions/functions.module.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { llmAdminRoutes, llmRoutes } from './features/llm/llm.routes.ts';
import { npmRoutes } from './features/npm/npm.routes.ts';
import { plansModule } from './features/plans/plans.module.ts';
import { createPreviewActors } from './features/preview/preview-actors.ts';
import { previewCredentialRoutes } from './features/preview/preview-credential.routes.ts';
import { supabaseModule } from './features/supabase/supabase.module.ts';
import { toolsModule } from './features/tools/tools.module.ts';
import { uploadsRoutes } from './features/uploads/uploads.routes.ts';
import type { AppDeps } from './platform/app-deps.ts';
import { authContext, csrfGuard } from './platform/auth/middleware.ts';
import { createAuthRuntime } from './platform/auth/runtime.ts';
import { bodyLimits } from './platform/http/body-limits.ts';
import type { AppEnv } from './platform/http/env.ts';
import { apiNotFound, errorHandler, notFoundHandler } from './platform/http/error-handler.ts';
import { jsonBody } from './platform/http/json-body.ts';
import { createRouter } from './platform/http/openapi.ts';
import { rateLimit } from './platform/http/rate-limit.ts';
import { requestContext } from './platform/http/request-context.ts';
import { POLICY, routePolicy } from './platform/http/route-policy.ts';
import { baseSecurityHeaders, webAppSecurityHeaders } from './platform/http/security-headers.ts';
import { mountWebApp } from './platform/http/web-app.ts';
import { httpMetrics, metricsRoutes } from './platform/metrics/http-metrics.ts';
import { createMetrics } from './platform/metrics/metrics.ts';
import { findRepoRoot } from './platform/paths.ts';

export type { AppDeps } from './platform/app-deps.ts';

/**
 * Builds the HTTP application from the feature routers, on services made by `createServices`
 * (services.ts, which calls it). Testable in-process with `app.request()`. What is per application
 * (the auth runtime's caches, the rate limiters, the metrics) is made here; the areas are shared.
 */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.onError(errorHandler);
  app.notFound(notFoundHandler);
  app.use('*', requestContext(deps.logger));
  const metrics = deps.metrics ?? createMetrics({ database: deps.database });
  deps.llm.onUsage((row) => metrics.observeLlmUsage(row));
  app.use('*', httpMetrics(metrics));
  app.use('*', baseSecurityHeaders(deps.config));
  app.use('*', appHostsModule(deps));
  app.use('*', webAppSecurityHeaders(deps.config));
  app.use('/api/*', sdkCors);
  const auth = createAuthRuntime(deps.config, deps.database, deps.bus);
  auth.previewActors = createPreviewActors(deps);
  const accounts = createAccountsContext(deps, auth);
  app.use('/api/*', rateLimit({ database: deps.database, auth, limits: deps.config.rateLimits }));
  app.use('*', bodyLimits());
  app.use('/api/*', jsonBody);
  app.use('*', authContext(auth));
  app.use('/api/*', csrfGuard);

  const api = createRouter();
  api.route('/', healthRoutes(deps.database, deps.drain));
  api.route('/', llmRoutes(deps.llm));
  api.route('/', llmAdminRoutes(deps.llm));
  api.route('/', dataSourcesModule(deps));
  api.route('/', accountsRoutes(deps, accounts));
  api.route('/', base44ImportRoutes(deps));
  api.route('/', appsModule(deps));
  // Features built on the apps area (its repositories, compiler and preview tokens).
  const apps = appsRuntime(deps);
  api.route('/', claimsRoutes(apps));
  api.route('/', chatActivationRoutes(apps));
  api.route('/', settingsAccessRoutes(apps));
  api.route('/', analyticsRoutes(apps));
  api.route('/', npmRoutes(apps));
  api.route('/', previewCredentialRoutes(apps));
  api.route('/', toolsModule(deps));
  api.route('/', entitiesModule(deps));
  api.route('/', csvMappingRoutes(deps.llm));
  api.route('/', plansModule(deps));
  api.route('/', chatModule(deps));
  api.route('/', builderRoutes(deps));
  api.route('/', uploadsRoutes(deps));
  api.route('/', codeEditorModule(deps));
  api.route('/', codeValidationModule(deps));
  api.route('/', functionsModule(deps));

  // Before Atelier's routes: the Base44 SDK's calls on paths both use (features/base44/protocol.ts).
  app.route('/api', base44Module(deps, accounts));
  app.route('/api', supabaseModule(deps, accounts));
  app.route('/api', api);
  app.route('/', metricsRoutes(metrics, deps.config.metricsToken, deps.config.auth.trustProxy));
  app.route('/api', docsRoutes(api));
  app.all('/api/*', routePolicy(POLICY.api), apiNotFound);

  app.route('/', publishedAppsModule(deps));
  mountWebApp(app, deps.config.webDistDir ?? path.join(findRepoRoot(), 'apps/web/dist'));
  return app;
}

export type App = ReturnType<typeof createApp>;
