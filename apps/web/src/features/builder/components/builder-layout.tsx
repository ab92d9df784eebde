import type { ReactNode } from 'react';

export interface BuilderLayoutProps {
  /** The top bar: app name and status, actions (publish …). */
  topBar: ReactNode;
  /** Left of the main area: the side panel and chat, when the builder has them. */
  sidePanel?: ReactNode;
  /** The side panel's width classes (default 22rem); the builder panels size themselves (`w-auto`). */
  sidePanelClassName?: string;
  /** Next to the side panel: the chat (features/chat), when it is open. */
  chat?: ReactNode;
  /** The main area: the live preview (or the code editor, the database …). */
  children: ReactNode;
}

/**
 * The builder's frame (DESIGN.md "Layout"): a top bar over an optional side panel and the main
 * area, filling the window. Features plug into the slots.
 */
export function BuilderLayout({
  topBar,
  sidePanel,
  sidePanelClassName = 'w-[22rem]',
  chat,
  children,
}: BuilderLayoutProps) {
  return (
    <div className="flex h-dvh flex-col bg-background text-[0.875rem]">
      <header className="flex h-12 shrink-0 items-center gap-3 border-border border-b px-3">{topBar}</header>
      <div className="flex min-h-0 flex-1">
        {sidePanel && (
          <aside className={`flex shrink-0 flex-col border-border border-r ${sidePanelClassName}`}>
            {sidePanel}
          </aside>
        )}
        {chat && <aside className="flex w-[24rem] shrink-0 flex-col border-border border-r">{chat}</aside>}
        <main id="main" className="relative min-w-0 flex-1">
          {children}
        </main>
      </div>
    </div>
  );
}
