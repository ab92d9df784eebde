import { createBrowserRouter } from 'react-router';
import { AppShell } from './components/app-shell.tsx';
import { RouteErrorBoundary } from './components/error-boundary.tsx';
import { AdminLlmRoute } from './routes/admin-llm.tsx';
import { AnalyticsAppRoute } from './routes/analytics-app.tsx';
import { AppCodeRoute } from './routes/app-code.tsx';
import { AppDataRoute } from './routes/app-data.tsx';
import { AppDatabaseRoute } from './routes/app-database.tsx';
import { AppFunctionsRoute } from './routes/app-functions.tsx';
import { AppMembershipsRoute } from './routes/app-memberships.tsx';
import { AuthHandlerRoute } from './routes/auth-handler.tsx';
import { AuthVerifyEmailRoute } from './routes/auth-verify-email.tsx';
import { BillingTestCheckoutRoute } from './routes/billing-test-checkout.tsx';
import { BuilderRoute } from './routes/builder.tsx';
import { BuilderToolRoute } from './routes/builder-tool.tsx';
import { BuilderToolsRoute } from './routes/builder-tools.tsx';
import { ClaimAppRoute } from './routes/claim-app.tsx';
import { DevOutboxRoute } from './routes/dev-outbox.tsx';
import { ErrorUnauthorizedRoute } from './routes/error-unauthorized.tsx';
import { HomeRoute } from './routes/home.tsx';
import { JoinPlanRoute } from './routes/joinplan.tsx';
import { LandingRoute } from './routes/landing.tsx';
import { LoginRoute } from './routes/login.tsx';
import { LogoutRoute } from './routes/logout.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';
import { SettingsRoute } from './routes/settings.tsx';
import { SignupRoute } from './routes/signup.tsx';
import { ToolRoute } from './routes/tool.tsx';

export const router = createBrowserRouter([
  // The builder fills the window: no site header or footer.
  { path: '/build/app/:appId', element: <BuilderRoute />, errorElement: <RouteErrorBoundary fullPage /> },
  {
    path: '/build/app/:appId/tools',
    element: <BuilderToolsRoute />,
    errorElement: <RouteErrorBoundary fullPage />,
  },
  {
    path: '/build/app/:appId/tool/:toolId',
    element: <BuilderToolRoute />,
    errorElement: <RouteErrorBoundary fullPage />,
  },
  // A live tool's public page carries the app's branding, not the site's header.
  { path: '/tool/:path', element: <ToolRoute />, errorElement: <RouteErrorBoundary fullPage /> },
  // {appBase}/tool/{toolPath}: the server hands this path of a published app to the web app.
  {
    path: '/app/:appId/tool/:toolPath',
    element: <ToolRoute />,
    errorElement: <RouteErrorBoundary fullPage />,
  },
  {
    path: '/build/app/:appId/database',
    element: <AppDatabaseRoute />,
    errorElement: <RouteErrorBoundary fullPage />,
  },
  {
    path: '/build/app/:appId/code',
    element: <AppCodeRoute />,
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
          { index: true, element: <LandingRoute /> },
          { path: 'apps/:appId/data', element: <AppDataRoute /> },
          { path: 'apps/:appId/functions', element: <AppFunctionsRoute /> },
          { path: 'login', element: <LoginRoute /> },
          { path: 'signup', element: <SignupRoute /> },
          { path: 'home', element: <HomeRoute /> },
          { path: 'auth/verifyEmail', element: <AuthVerifyEmailRoute /> },
          { path: 'auth/handler', element: <AuthHandlerRoute /> },
          { path: 'logout', element: <LogoutRoute /> },
          { path: 'settings', element: <SettingsRoute /> },
          { path: 'admin/llm', element: <AdminLlmRoute /> },
          { path: 'error/unauthorized', element: <ErrorUnauthorizedRoute /> },
          { path: 'dev/outbox', element: <DevOutboxRoute /> },
          { path: 'joinplan', element: <JoinPlanRoute /> },
          { path: 'billing/test-checkout/:saleId', element: <BillingTestCheckoutRoute /> },
          { path: 'apps/:appId/memberships', element: <AppMembershipsRoute /> },
          { path: 'analytics/app/:appId', element: <AnalyticsAppRoute /> },
          { path: 'claim/app/:appId', element: <ClaimAppRoute /> },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
]);
