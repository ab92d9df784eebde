import { CHAT_ACTIVATION_MESSAGES, chatToggleLabel } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { optimisticStatus, settleChatToggle } from './chat-activation.ts';

describe('chat assistant toggle', () => {
  it('flips at once', () => {
    expect(optimisticStatus(true)).toBe('active');
    expect(optimisticStatus(false)).toBe('draft');
  });

  it('keeps the new status and says so when the server agrees', () => {
    expect(settleChatToggle('draft', true, true)).toEqual({
      status: 'active',
      toast: { kind: 'success', message: 'Chat assistant activated successfully' },
    });
    expect(settleChatToggle('active', false, true)).toEqual({
      status: 'draft',
      toast: { kind: 'success', message: 'Chat assistant deactivated successfully' },
    });
  });

  it('rolls back to the previous status on a failed call, with the spec message', () => {
    expect(settleChatToggle('draft', true, false)).toEqual({
      status: 'draft',
      toast: { kind: 'error', message: 'Failed to activate chat assistant' },
    });
    expect(settleChatToggle('active', false, false)).toEqual({
      status: 'active',
      toast: { kind: 'error', message: CHAT_ACTIVATION_MESSAGES.deactivateFailed },
    });
  });

  it('labels the toggle Activate chat or Activated', () => {
    expect(chatToggleLabel(false)).toBe('Activate chat');
    expect(chatToggleLabel(true)).toBe('Activated');
  });
});
