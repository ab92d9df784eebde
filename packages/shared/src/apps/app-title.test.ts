import { describe, expect, it } from 'vitest';
import { appTitle } from './app-title.ts';

describe('appTitle', () => {
  it("is a generated app's header when set, else its name", () => {
    expect(appTitle({ type: 'GEN_APP', name: 'Recipe Planner', header: 'My Recipes' })).toBe('My Recipes');
    expect(appTitle({ type: 'GEN_APP', name: 'Recipe Planner', header: '  ' })).toBe('Recipe Planner');
    expect(appTitle({ type: 'GEN_APP', name: 'Recipe Planner', header: null })).toBe('Recipe Planner');
  });

  it("keeps a tool's name: its header is the form's heading", () => {
    expect(appTitle({ type: 'AI_TOOL', name: 'Cover Letter', header: 'Write a cover letter' })).toBe(
      'Cover Letter',
    );
  });

  it('never answers an empty name', () => {
    expect(appTitle({ name: ' ', header: '' })).toBe('My App');
  });
});
