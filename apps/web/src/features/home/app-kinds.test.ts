import { describe, expect, it } from 'vitest';
import { appNameFromPrompt, appTypeOfKind } from './app-kinds.ts';

describe('home prompt', () => {
  it('creates the app type of each kind', () => {
    expect(appTypeOfKind('single_tool')).toBe('AI_TOOL');
    expect(appTypeOfKind('generated_app')).toBe('GEN_APP');
    expect(appTypeOfKind('space_app')).toBe('SPACE_APP');
    expect(appTypeOfKind('chat')).toBe('CHAT');
  });

  it('names the app after the first line of the prompt, at most 60 characters', () => {
    expect(appNameFromPrompt('  A recipe planner\nwith tags')).toBe('A recipe planner');
    const long = appNameFromPrompt('x'.repeat(80));
    expect(long).toHaveLength(60);
    expect(long.endsWith('…')).toBe(true);
    expect(appNameFromPrompt('   ')).toBe('Untitled app');
  });
});
