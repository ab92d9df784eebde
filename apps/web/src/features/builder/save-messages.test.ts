import { BUILDER_MESSAGES } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { failedAreaMessage } from './save-messages.ts';

describe('save failure messages', () => {
  it('names the area that failed', () => {
    expect(failedAreaMessage({ style: { styleName: 'dark' } })).toBe('Failed to save app style');
    expect(failedAreaMessage({ settings: { dailyUserLimit: 3 } })).toBe('Failed to save app settings');
    expect(failedAreaMessage({ tools: [] })).toBe('Failed to save tool');
    expect(failedAreaMessage({ header: 'x' })).toBe('Failed to save app');
    expect(BUILDER_MESSAGES.saveFailed).toBe(
      'Failed saving app, your changes might be lost. Please try again or contact us',
    );
    expect(BUILDER_MESSAGES.unsavedChanges).toBe('You have unsaved changes! Are you sure you want to leave?');
  });
});
