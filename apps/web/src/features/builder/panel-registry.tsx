import type { AppSummary, AppTypeName } from '@atelier/shared';
import type { ReactNode } from 'react';
import { DataSourcesSection } from '../data-sources/components/data-sources-section.tsx';
import { ToolsPanel } from '../tools/components/tools-panel.tsx';
import { type MenuViewer, type PanelEntry, type PanelId, panelMenuFor } from './panel-menu.ts';
import { AppDetailsPanel } from './panels/app-details-panel.tsx';
import { BrandingPanel } from './panels/branding-panel.tsx';
import { ChatActivationPanel } from './panels/chat-activation-panel.tsx';
import { CtaPanel } from './panels/cta-panel.tsx';
import { DatabaseEntryPanel } from './panels/database-entry-panel.tsx';
import { FieldsPanel } from './panels/fields-panel.tsx';
import { ResultsPanel } from './panels/results-panel.tsx';
import { SettingsPanel } from './panels/settings-panel.tsx';
import { TextsPanel } from './panels/texts-panel.tsx';
import type { SavePatch } from './save-queue.ts';

export interface PanelContext {
  app: AppSummary;
  viewer: MenuViewer;
  save: (patch: SavePatch) => void;
  /** Sends the waiting edits at once (a panel whose next call needs them saved). */
  flush?: () => Promise<void>;
}

/**
 * Every side panel entry's panel. A mapped type over PanelId: an entry the menu can list without a
 * panel here does not compile, so the menu never hides (or shows) a panel that is not built.
 */
export const PANELS: { readonly [Id in PanelId]: (context: PanelContext) => ReactNode } = {
  texts: ({ app, save }) => <TextsPanel app={app} save={save} />,
  branding: ({ app, save, viewer }) => <BrandingPanel app={app} save={save} isAdmin={viewer.isAdmin} />,
  fields: ({ app, save, viewer }) => (
    <FieldsPanel app={app} save={save} plan={viewer.plan} isAdmin={viewer.isAdmin} />
  ),
  results: ({ app, save }) => <ResultsPanel app={app} save={save} />,
  cta: ({ app, save }) => <CtaPanel app={app} save={save} />,
  dataSources: ({ app }) => <DataSourcesSection appId={app.id} />,
  settings: ({ app, save, flush, viewer }) => (
    <SettingsPanel
      app={app}
      save={save}
      flush={flush}
      isAdmin={viewer.isAdmin}
      isLite={viewer.plan === 'lite'}
    />
  ),
  tools: ({ app }) => <ToolsPanel appId={app.id} />,
  chat: ({ app }) => <ChatActivationPanel app={app} />,
  details: ({ app, save }) => <AppDetailsPanel app={app} save={save} />,
  database: ({ app }) => <DatabaseEntryPanel app={app} />,
};

/** The side panel's entries for this app and builder, each with its panel: the menu as shown. */
export function sidePanelEntries(
  type: AppTypeName,
  viewer: MenuViewer,
): (PanelEntry & { render: (context: PanelContext) => ReactNode })[] {
  return panelMenuFor(type, viewer).map((entry) => ({ ...entry, render: PANELS[entry.id] }));
}
