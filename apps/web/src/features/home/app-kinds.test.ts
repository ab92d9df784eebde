import { describe, expect, it } from 'vitest';
import { appTypeOfKind } from './app-kinds.ts';

describe('home prompt', () => {
  it('creates the app type of each kind', () => {
    expect(appTypeOfKind('single_tool')).toBe('AI_TOOL');
    expect(appTypeOfKind('generated_app')).toBe('GEN_APP');
    expect(appTypeOfKind('space_app')).toBe('SPACE_APP');
    expect(appTypeOfKind('chat')).toBe('CHAT');
  });
});
