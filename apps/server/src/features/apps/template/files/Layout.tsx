import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Toaster } from '@/components/ui/sonner';
import { cn } from '@/lib/utils';

/** The app's title. The name shown: App texts → Header, else the app's name (the builder's side panel), else this. */
const APP_TITLE = 'My App';
const APP_NAME = import.meta.env.VITE_APP_NAME || APP_TITLE;
const LOGO_URL = import.meta.env.VITE_APP_LOGO_URL;

const NAV_ITEMS = [{ to: '/', label: 'Home' }];

export default function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen bg-background text-foreground">
      <header className="sticky top-0 z-10 border-b bg-background/80 backdrop-blur">
        <div className="mx-auto flex min-h-16 max-w-5xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
          <NavLink to="/" className="flex items-center gap-2 font-semibold tracking-tight">
            {LOGO_URL ? (
              <img src={LOGO_URL} alt="" className="size-8 rounded-lg object-cover" />
            ) : (
              <span className="inline-flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                <Sparkles className="size-4" />
              </span>
            )}
            {APP_NAME}
          </NavLink>
          <nav className="flex flex-wrap items-center gap-1">
            {NAV_ITEMS.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.to === '/'}
                className={({ isActive }) =>
                  cn(
                    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
                    isActive ? 'bg-muted text-foreground' : 'text-muted-foreground hover:text-foreground',
                  )
                }
              >
                {item.label}
              </NavLink>
            ))}
          </nav>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">{children}</main>
      <Toaster position="bottom-right" />
    </div>
  );
}
