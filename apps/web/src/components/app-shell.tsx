import { Link, Outlet } from 'react-router';
import { AccountMenu } from '../features/auth/components/account-menu.tsx';
import { PlanDialogHost } from '../features/plans/components/plan-dialog-host.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { Button } from './ui/button.tsx';

/** Top bar, page content and footer shared by the builder-facing pages. */
export function AppShell() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:outline-2 focus:outline-ring"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-border border-b bg-background/90 backdrop-blur">
        <div className="mx-auto flex h-14 w-full max-w-6xl items-center justify-between gap-4 px-4">
          <Link
            to="/"
            className="flex items-center gap-2 rounded-md font-semibold text-[0.9375rem] tracking-tight focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <LogoMark />
            Atelier
          </Link>
          <nav aria-label="Main" className="flex items-center gap-1">
            <Button variant="ghost" size="sm" asChild>
              <Link to="/joinplan">Plans</Link>
            </Button>
            <AccountMenu />
            <ThemeToggle />
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        <Outlet />
      </main>
      <PlanDialogHost />
      <footer className="border-border border-t">
        <div className="mx-auto flex h-12 w-full max-w-6xl items-center justify-between gap-4 px-4 text-muted-foreground text-xs">
          <span>Atelier</span>
          <a
            href="/api/docs"
            className="rounded-sm hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            API reference
          </a>
        </div>
      </footer>
    </div>
  );
}

function LogoMark() {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className="size-6">
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path
        d="M10 23 16 9l6 14M12.6 18h6.8"
        fill="none"
        stroke="white"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
