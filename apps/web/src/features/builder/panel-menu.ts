import type { AppTypeName } from '@atelier/shared';

/** The side panel entries (spec 2 §2 "Side panel menu by app type"). */
export type PanelId =
  | 'texts'
  | 'branding'
  | 'fields'
  | 'results'
  | 'cta'
  | 'dataSources'
  | 'settings'
  | 'tools'
  | 'chat'
  | 'details'
  | 'database';

export interface PanelEntry {
  id: PanelId;
  label: string;
}

export interface MenuViewer {
  isAdmin: boolean;
  /** The builder's plan id (lite … moon). */
  plan: string;
}

const MOON_AND_ABOVE = new Set(['moon']);

/** The menu of an app type for this builder, in the spec's order. */
export function panelMenuFor(type: AppTypeName, viewer: MenuViewer): PanelEntry[] {
  switch (type) {
    case 'AI_TOOL':
    case 'AI_APP': {
      const noun = type === 'AI_TOOL' ? 'Tool' : 'App';
      return [
        { id: 'texts', label: `${noun} texts` },
        { id: 'branding', label: 'App branding' },
        { id: 'fields', label: 'Custom fields' },
        { id: 'results', label: 'Results layout' },
        { id: 'cta', label: 'Call to action' },
        { id: 'dataSources', label: 'Data sources' },
        { id: 'settings', label: `${noun} settings` },
      ];
    }
    case 'GEN_APP': {
      const entries: PanelEntry[] = [
        { id: 'texts', label: 'App texts' },
        { id: 'branding', label: 'App branding' },
        { id: 'tools', label: 'App tools' },
      ];
      if (viewer.isAdmin) entries.push({ id: 'chat', label: 'App chat' });
      if (viewer.isAdmin || MOON_AND_ABOVE.has(viewer.plan))
        entries.push({ id: 'settings', label: 'App settings' });
      return entries;
    }
    case 'SPACE_APP':
      return [
        { id: 'details', label: 'App details' },
        { id: 'database', label: 'Database' },
        { id: 'settings', label: 'App settings' },
      ];
    case 'CHAT':
      return [{ id: 'dataSources', label: 'Data sources' }];
  }
}
