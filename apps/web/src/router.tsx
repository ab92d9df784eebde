import { createBrowserRouter } from 'react-router';
import { AppShell } from './components/app-shell.tsx';
import { RouteErrorBoundary } from './components/error-boundary.tsx';
import { AppDataRoute } from './routes/app-data.tsx';
import { LandingRoute } from './routes/landing.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';

export const router = createBrowserRouter([
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
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
]);
