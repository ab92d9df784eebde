import { describe, expect, it } from 'vitest';
import { panelMenuFor } from './panel-menu.ts';

const builder = { isAdmin: false, plan: 'lite' };
const labels = (...args: Parameters<typeof panelMenuFor>) =>
  panelMenuFor(...args).map((entry) => entry.label);

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
});
