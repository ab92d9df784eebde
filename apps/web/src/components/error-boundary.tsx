import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundRoute } from '../routes/not-found.tsx';
import { Button } from './ui/button.tsx';

/** What every crash shows instead of a blank page. */
export function ErrorFallback({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <div
      role="alert"
      className={
        fullPage
          ? 'flex min-h-dvh items-center justify-center bg-background px-4 text-foreground'
          : 'flex justify-center px-4 py-24'
      }
    >
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <h1 className="font-semibold text-2xl tracking-tight">Something went wrong</h1>
        <p className="text-muted-foreground">
          This page ran into an unexpected error. Reloading usually helps; if it keeps happening, try again
          later.
        </p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    </div>
  );
}

/** `errorElement` of the router: unknown routes get the not-found page, anything else the fallback. */
export function RouteErrorBoundary({ fullPage = false }: { fullPage?: boolean }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  return <ErrorFallback fullPage={fullPage} />;
}

interface AppErrorBoundaryState {
  hasError: boolean;
}

/** Last line of defence around the whole app (providers, router) for errors React cannot route. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, AppErrorBoundaryState> {
  override state: AppErrorBoundaryState = { hasError: false };

  static getDerivedStateFromError(): AppErrorBoundaryState {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unhandled error in the web app', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.hasError) return <ErrorFallback fullPage />;
    return this.props.children;
  }
}
