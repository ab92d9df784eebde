import type { AppSummary } from '@atelier/shared';
import { ChevronRightIcon, PanelLeftIcon } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import type { PanelId } from '../panel-menu.ts';
import { sidePanelEntries } from '../panel-registry.tsx';
import type { SavePatch } from '../save-queue.ts';
import { isSidebarShortcut, readSidebarOpen, sidebarCookie } from '../sidebar-state.ts';

export interface SidePanelProps {
  app: AppSummary;
  viewer: { isAdmin: boolean; plan: string };
  save: (patch: SavePatch) => void;
  /** Sends what is waiting at once. */
  flush?: () => Promise<void>;
  pending: boolean;
}

/**
 * The builder's side panel (spec 2 §2): the menu of the app type, each panel with Done back to the
 * menu. Ctrl/Cmd+B collapses it to a 3rem icon rail; the state is kept in a cookie for 7 days.
 * Width 16rem (18rem below the 1024 px desktop breakpoint; the full width on a phone, where it is a tab).
 */
export function SidePanel({ app, viewer, save, flush, pending }: SidePanelProps) {
  const [open, setOpen] = useState(() => readSidebarOpen(document.cookie));
  const [active, setActive] = useState<PanelId | null>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      setOpen((value) => {
        writeSidebarCookie(!value);
        return !value;
      });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const toggle = () => {
    writeSidebarCookie(!open);
    setOpen(!open);
  };

  if (!open) {
    return (
      <div data-state="collapsed" className="flex h-full w-12 flex-col items-center py-2">
        <Button variant="ghost" size="icon" aria-label="Open side panel (Ctrl+B)" onClick={toggle}>
          <PanelLeftIcon aria-hidden="true" />
        </Button>
      </div>
    );
  }

  const entries = sidePanelEntries(app.type, viewer);
  const current = entries.find((entry) => entry.id === active);
  const body: ReactNode = current ? current.render({ app, viewer, save, flush }) : null;

  return (
    <div data-state="expanded" className="flex h-full w-full flex-col md:w-[18rem] lg:w-64">
      <div className="flex h-10 shrink-0 items-center justify-between gap-2 border-border border-b px-3">
        <span className="font-medium text-sm">{current ? current.label : 'Build'}</span>
        <div className="flex items-center gap-1">
          <span aria-live="polite" className="text-muted-foreground text-xs">
            {pending ? 'Saving…' : 'Saved'}
          </span>
          <Button variant="ghost" size="icon" aria-label="Close side panel (Ctrl+B)" onClick={toggle}>
            <PanelLeftIcon aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-3">
        {current ? (
          <div className="flex flex-col gap-4">
            {body}
            <Button onClick={() => setActive(null)} className="self-end">
              Done
            </Button>
          </div>
        ) : (
          <nav aria-label="Side panel">
            <ul className="flex flex-col gap-1">
              {entries.map((entry) => (
                <li key={entry.id}>
                  <button
                    type="button"
                    onClick={() => setActive(entry.id)}
                    className="flex w-full items-center justify-between rounded-md px-2 py-2 text-left text-sm hover:bg-accent"
                  >
                    {entry.label}
                    <ChevronRightIcon aria-hidden="true" className="size-4 text-muted-foreground" />
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </div>
  );
}

/** Keeps the sidebar state for 7 days (spec 3 §2); the Cookie Store API is not in every browser yet. */
function writeSidebarCookie(open: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain client cookie the spec asks for, read back on load
  document.cookie = sidebarCookie(open);
}
