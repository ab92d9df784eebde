import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppShell } from './components/app-shell.tsx';
import { RouteErrorBoundary } from './components/error-boundary.tsx';

/**
 * A page loaded when its route is first visited: each route is its own chunk, so the landing,
 * sign-in and sign-up pages never download the builder, the code editor or the charts
 * (`npm run check:bundle` keeps them under budget).
 */
function page<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return async () => ({ Component: (await load())[name] });
}

/** Shown while the first page's code loads (the page itself is lazy): an empty, busy screen. */
function PageLoading() {
  return <div aria-busy="true" className="min-h-dvh" />;
}

const routes: RouteObject[] = [
  // The builder fills the window: no site header or footer.
  {
    path: '/build/app/:appId',
    lazy: page(() => import('./routes/builder.tsx'), 'BuilderRoute'),
    errorElement: <RouteErrorBoundary fullPage />,
  },
  {
    path: '/build/app/:appId/tools',
    lazy: page(() => import('./routes/builder-tools.tsx'), 'BuilderToolsRoute'),
    errorElement: <RouteErrorBoundary fullPage />,
  },
  {
    path: '/build/app/:appId/tool/:toolId',
    lazy: page(() => import('./routes/builder-tool.tsx'), 'BuilderToolRoute'),
    errorElement: <RouteErrorBoundary fullPage />,
  },
  // A live tool's public page carries the app's branding, not the site's header.
  {
    path: '/tool/:path',
    lazy: page(() => import('./routes/tool.tsx'), 'ToolRoute'),
    errorElement: <RouteErrorBoundary fullPage />,
  },
  // {appBase}/tool/{toolPath}: the server hands this path of a published app to the web app.
  {
    path: '/app/:appId/tool/:toolPath',
    lazy: page(() => import('./routes/tool.tsx'), 'ToolRoute'),
    errorElement: <RouteErrorBoundary fullPage />,
  },
  {
    path: '/build/app/:appId/database',
    lazy: page(() => import('./routes/app-database.tsx'), 'AppDatabaseRoute'),
    errorElement: <RouteErrorBoundary fullPage />,
  },
  {
    path: '/build/app/:appId/code',
    lazy: page(() => import('./routes/app-code.tsx'), 'AppCodeRoute'),
    errorElement: <RouteErrorBoundary fullPage />,
  },
  {
    path: '/',
    element: <AppShell />,
    // Used only if the shell itself fails; page errors are caught below, inside the shell.
    errorElement: <RouteErrorBoundary fullPage />,
    children: [
      {
        errorElement: <RouteErrorBoundary />,
        children: [
          { index: true, lazy: page(() => import('./routes/landing.tsx'), 'LandingRoute') },
          { path: 'apps/:appId/data', lazy: page(() => import('./routes/app-data.tsx'), 'AppDataRoute') },
          {
            path: 'apps/:appId/import-report',
            lazy: page(() => import('./routes/app-import-report.tsx'), 'AppImportReportRoute'),
          },
          {
            path: 'apps/:appId/functions',
            lazy: page(() => import('./routes/app-functions.tsx'), 'AppFunctionsRoute'),
          },
          { path: 'login', lazy: page(() => import('./routes/login.tsx'), 'LoginRoute') },
          { path: 'signup', lazy: page(() => import('./routes/signup.tsx'), 'SignupRoute') },
          { path: 'home', lazy: page(() => import('./routes/home.tsx'), 'HomeRoute') },
          {
            path: 'auth/verifyEmail',
            lazy: page(() => import('./routes/auth-verify-email.tsx'), 'AuthVerifyEmailRoute'),
          },
          { path: 'auth/handler', lazy: page(() => import('./routes/auth-handler.tsx'), 'AuthHandlerRoute') },
          { path: 'logout', lazy: page(() => import('./routes/logout.tsx'), 'LogoutRoute') },
          { path: 'settings', lazy: page(() => import('./routes/settings.tsx'), 'SettingsRoute') },
          { path: 'admin/llm', lazy: page(() => import('./routes/admin-llm.tsx'), 'AdminLlmRoute') },
          { path: 'admin/users', lazy: page(() => import('./routes/admin-users.tsx'), 'AdminUsersRoute') },
          {
            path: 'admin/apps/:appId/chat',
            lazy: page(() => import('./routes/admin-app-chat.tsx'), 'AdminAppChatRoute'),
          },
          {
            path: 'error/unauthorized',
            lazy: page(() => import('./routes/error-unauthorized.tsx'), 'ErrorUnauthorizedRoute'),
          },
          { path: 'dev/outbox', lazy: page(() => import('./routes/dev-outbox.tsx'), 'DevOutboxRoute') },
          { path: 'joinplan', lazy: page(() => import('./routes/joinplan.tsx'), 'JoinPlanRoute') },
          {
            path: 'billing/test-checkout/:saleId',
            lazy: page(() => import('./routes/billing-test-checkout.tsx'), 'BillingTestCheckoutRoute'),
          },
          {
            path: 'apps/:appId/memberships',
            lazy: page(() => import('./routes/app-memberships.tsx'), 'AppMembershipsRoute'),
          },
          {
            path: 'analytics/app/:appId',
            lazy: page(() => import('./routes/analytics-app.tsx'), 'AnalyticsAppRoute'),
          },
          { path: 'claim/app/:appId', lazy: page(() => import('./routes/claim-app.tsx'), 'ClaimAppRoute') },
          { path: '*', lazy: page(() => import('./routes/not-found.tsx'), 'NotFoundRoute') },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(
  routes.map((route) => ({ ...route, HydrateFallback: PageLoading }) as RouteObject),
);
