import type { AppSummary, AppTypeName } from '@atelier/shared';
import { isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import { type PanelContext, sidePanelEntries } from './panel-registry.tsx';
import { AppDetailsPanel } from './panels/app-details-panel.tsx';
import { DatabaseEntryPanel } from './panels/database-entry-panel.tsx';

const builder = { isAdmin: false, plan: 'lite' };
// The side panel lists exactly these entries (no other filter), each with the panel it opens.
const labels = (...args: Parameters<typeof sidePanelEntries>) =>
  sidePanelEntries(...args).map((entry) => entry.label);

describe('side panel menu by app type (spec 2 §2)', () => {
  it('single tool', () => {
    expect(labels('AI_TOOL', builder)).toEqual([
      'Tool texts',
      'App branding',
      'Custom fields',
      'Results layout',
      'Call to action',
      'Data sources',
      'Tool settings',
    ]);
  });

  it('generated app: chat for admins, settings for admins and moon', () => {
    expect(labels('GEN_APP', builder)).toEqual(['App texts', 'App branding', 'App tools']);
    expect(labels('GEN_APP', { isAdmin: false, plan: 'moon' })).toEqual([
      'App texts',
      'App branding',
      'App tools',
      'App settings',
    ]);
    expect(labels('GEN_APP', { isAdmin: true, plan: 'lite' })).toEqual([
      'App texts',
      'App branding',
      'App tools',
      'App chat',
      'App settings',
    ]);
  });

  it('space app and chat mode', () => {
    expect(labels('SPACE_APP', builder)).toEqual(['App details', 'Database', 'App settings']);
    expect(labels('CHAT', builder)).toEqual(['Data sources']);
  });

  it('every listed entry opens its panel: the space app gets App details and Database (issue 23 #2)', () => {
    const app = {
      id: 'app-1',
      type: 'SPACE_APP',
      style: {},
      settings: {},
      builder: {},
    } as unknown as AppSummary;
    const context: PanelContext = { app, viewer: builder, save: () => undefined };
    const [details, database] = sidePanelEntries('SPACE_APP', builder).map((entry) => entry.render(context));
    expect(isValidElement(details) && details.type).toBe(AppDetailsPanel);
    expect(isValidElement(database) && database.type).toBe(DatabaseEntryPanel);
    for (const type of ['AI_TOOL', 'AI_APP', 'GEN_APP', 'SPACE_APP', 'CHAT'] satisfies AppTypeName[]) {
      for (const entry of sidePanelEntries(type, { isAdmin: true, plan: 'moon' })) {
        expect(isValidElement(entry.render({ ...context, app: { ...app, type } })), entry.id).toBe(true);
      }
    }
  });
});
