import { type ReactNode, useState } from 'react';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';

export interface BuilderLayoutProps {
  /** The top bar: app name and status, actions (publish …). */
  topBar: ReactNode;
  /** Left of the main area: the side panel and chat, when the builder has them. */
  sidePanel?: ReactNode;
  /** The side panel's width classes from `md` up (default 22rem); the builder panels size themselves (`w-auto`). */
  sidePanelClassName?: string;
  /** Next to the side panel: the chat (features/chat), when it is open. */
  chat?: ReactNode;
  /** The main area's name on a phone's tab (default "Preview"). */
  mainLabel?: string;
  /** The main area: the live preview (or the code editor, the database …). */
  children: ReactNode;
}

type Pane = 'build' | 'chat' | 'main';

/**
 * The builder's frame (DESIGN.md "Layout"): a top bar over an optional side panel and the main
 * area, filling the window. Features plug into the slots. On a phone (below `md`) the side panel,
 * the chat and the main area are tabs (Build / Chat / Preview), one at a time and full width; the
 * hidden ones stay mounted, so a reply keeps streaming and the preview keeps its route.
 */
export function BuilderLayout({
  topBar,
  sidePanel,
  sidePanelClassName = 'md:w-[22rem]',
  chat,
  mainLabel = 'Preview',
  children,
}: BuilderLayoutProps) {
  const panes: { id: Pane; label: string }[] = [
    ...(sidePanel ? [{ id: 'build' as const, label: 'Build' }] : []),
    ...(chat ? [{ id: 'chat' as const, label: 'Chat' }] : []),
    { id: 'main', label: mainLabel },
  ];
  const [chosen, setChosen] = useState<Pane>(chat ? 'chat' : 'main');
  const active = panes.some((pane) => pane.id === chosen) ? chosen : 'main';
  const shown = (pane: Pane) => (active === pane ? 'flex w-full' : 'hidden');
  return (
    <div className="flex h-dvh flex-col bg-background text-[0.875rem]">
      <header className="flex h-12 shrink-0 items-center gap-3 border-border border-b px-3">{topBar}</header>
      {panes.length > 1 && (
        <div
          role="tablist"
          aria-label="Builder sections"
          className="flex shrink-0 border-border border-b md:hidden"
        >
          {panes.map((pane) => (
            <button
              key={pane.id}
              type="button"
              role="tab"
              aria-selected={active === pane.id}
              onClick={() => setChosen(pane.id)}
              className={cn(
                'flex-1 border-b-2 px-3 py-2 font-medium text-sm',
                active === pane.id
                  ? 'border-primary text-foreground'
                  : 'border-transparent text-muted-foreground hover:text-foreground',
              )}
            >
              {pane.label}
            </button>
          ))}
        </div>
      )}
      <div className="flex min-h-0 flex-1">
        {sidePanel && (
          <aside
            className={cn(
              'shrink-0 flex-col border-border md:flex md:border-r',
              shown('build'),
              sidePanelClassName,
            )}
          >
            {sidePanel}
          </aside>
        )}
        {chat && (
          <aside
            className={cn('shrink-0 flex-col border-border md:flex md:w-[24rem] md:border-r', shown('chat'))}
          >
            {chat}
          </aside>
        )}
        <main
          id="main"
          className={cn('relative min-w-0 flex-1 md:block', active === 'main' ? 'block' : 'hidden')}
        >
          {children}
        </main>
      </div>
    </div>
  );
}

/**
 * The builder's frame while the app loads, shaped like it (the top bar's height and border, a side
 * column from `md` up, the main area), so nothing jumps when the content arrives (issue 23 #25).
 */
export function BuilderLayoutSkeleton({ side = true }: { side?: boolean }) {
  return (
    <div className="flex h-dvh flex-col bg-background" aria-busy="true">
      <div className="flex h-12 shrink-0 items-center gap-3 border-border border-b px-3">
        <Skeleton className="size-7" />
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-5 w-14" />
        <Skeleton className="ml-auto h-8 w-24" />
        <Skeleton className="h-8 w-20" />
      </div>
      <div className="flex min-h-0 flex-1">
        {side ? (
          <div className="hidden w-[24rem] shrink-0 flex-col gap-3 border-border border-r p-3 md:flex">
            <Skeleton className="h-12 w-3/4 self-end" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : null}
        <div className="min-w-0 flex-1 p-3">
          <Skeleton className="h-full w-full" />
        </div>
      </div>
    </div>
  );
}
