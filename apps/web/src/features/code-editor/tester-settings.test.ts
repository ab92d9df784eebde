import {
  CODE_EDITOR_MESSAGES,
  DEFAULT_CUSTOM_REPAIR_MODEL,
  VALIDATION_TESTER_STORAGE,
} from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { mergeableItems, mergeSuccessMessage } from './merge-messages.ts';
import { readTesterSettings, writeTesterSettings } from './tester-settings.ts';

const memoryStore = () => {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
};

describe('validation tester settings', () => {
  it('starts at 2 iterations and the Gemini flash preview as the custom model', () => {
    expect(readTesterSettings(memoryStore())).toEqual({
      iterations: 2,
      customModel: DEFAULT_CUSTOM_REPAIR_MODEL,
      defaultModel: '',
    });
    expect(DEFAULT_CUSTOM_REPAIR_MODEL).toMatch(/gemini.*flash.*preview/);
  });

  it('keeps the clamped iterations and the chosen models in local storage', () => {
    const store = memoryStore();
    const stored = writeTesterSettings(store, {
      iterations: 8,
      customModel: 'x/model',
      defaultModel: 'gpt-4o',
    });
    expect(stored.iterations).toBe(5);
    expect(store.data.get(VALIDATION_TESTER_STORAGE.iterations)).toBe('5');
    expect(readTesterSettings(store)).toEqual({
      iterations: 5,
      customModel: 'x/model',
      defaultModel: 'gpt-4o',
    });
    store.setItem(VALIDATION_TESTER_STORAGE.iterations, '0');
    expect(readTesterSettings(store).iterations).toBe(1);
  });
});

describe('merge messages', () => {
  it('says how many files were merged, and the deployed functions when there were any', () => {
    expect(mergeSuccessMessage({ filesCount: 3, deployedFunctionsCount: 0 })).toBe(
      'Successfully merged 3 files in a single version',
    );
    expect(mergeSuccessMessage({ filesCount: 2, deployedFunctionsCount: 1 })).toBe(
      'Successfully merged 2 files in a single version and deployed 1 function(s)',
    );
    expect(CODE_EDITOR_MESSAGES.functionsFailed(2)).toBe('2 function(s) failed to deploy');
    expect(CODE_EDITOR_MESSAGES.mergeFailed).toBe('Failed to merge changes');
  });

  it('offers only added and modified files', () => {
    const item = (path: string, status: 'added' | 'modified' | 'deleted') => ({
      path,
      status,
      oldCode: '',
      newCode: '',
    });
    expect(
      mergeableItems([item('a', 'added'), item('b', 'modified'), item('c', 'deleted')]).map((i) => i.path),
    ).toEqual(['a', 'b']);
  });
});
